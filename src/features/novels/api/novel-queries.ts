// Query options for novels: every key starts with 'novels', so a novel never shares a cache entry with a work of
// the same id.

import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import type { Cursor } from '../../../api/cursor.ts'
import { api } from '../../../lib/api.ts'
import type {
  BookmarkListParams,
  BookmarkTagParams,
  FeedParams,
  NovelRankingMode,
  RankingParams,
  RecommendedNovelParams,
  SearchNovelParams,
} from '../../../lib/api-client.ts'
import { nextCursor } from '../../../lib/next-cursor.ts'

const all = () => ['novels'] as const

export const novelQueries = {
  all,

  detail: (novelId: number) =>
    queryOptions({
      queryKey: [...all(), 'detail', novelId] as const,
      queryFn: ({ signal }) => api.novelDetail(novelId, { signal }),
    }),

  /** The text in novel markup with its embedded images and works, and the series neighbours. */
  text: (novelId: number) =>
    queryOptions({
      queryKey: [...all(), 'text', novelId] as const,
      queryFn: ({ signal }) => api.novelText(novelId, { signal }),
    }),

  search: (params: SearchNovelParams) =>
    infiniteQueryOptions({
      queryKey: [...all(), 'search', params] as const,
      queryFn: ({ pageParam, signal }) => api.searchNovels(params, pageParam, { signal }),
      initialPageParam: undefined as Cursor | undefined,
      getNextPageParam: nextCursor,
    }),

  ranking: (params: RankingParams<NovelRankingMode> = {}) =>
    infiniteQueryOptions({
      queryKey: [...all(), 'ranking', params] as const,
      queryFn: ({ pageParam, signal }) => api.novelRanking(params, pageParam, { signal }),
      initialPageParam: undefined as Cursor | undefined,
      getNextPageParam: nextCursor,
    }),

  recommended: (params: RecommendedNovelParams = {}) =>
    infiniteQueryOptions({
      queryKey: [...all(), 'recommended', params] as const,
      queryFn: ({ pageParam, signal }) => api.recommendedNovels(params, pageParam, { signal }),
      initialPageParam: undefined as Cursor | undefined,
      getNextPageParam: nextCursor,
    }),

  /** New novels of the users the signed-in viewer follows, newest first (needs a session). */
  following: (params: FeedParams = {}) =>
    infiniteQueryOptions({
      queryKey: [...all(), 'following', params] as const,
      queryFn: ({ pageParam, signal }) => api.followNovels(params, pageParam, { signal }),
      initialPageParam: undefined as Cursor | undefined,
      getNextPageParam: nextCursor,
    }),

  /** The newest novels of everyone. */
  newest: () =>
    infiniteQueryOptions({
      queryKey: [...all(), 'newest'] as const,
      queryFn: ({ pageParam, signal }) => api.newNovels({}, pageParam, { signal }),
      initialPageParam: undefined as Cursor | undefined,
      getNextPageParam: nextCursor,
    }),

  /** A novel series (`lastOrder` cursor): its detail, first and latest novel ride on every page. */
  series: (seriesId: number) =>
    infiniteQueryOptions({
      queryKey: [...all(), 'series', seriesId] as const,
      queryFn: ({ pageParam, signal }) => api.novelSeries({ seriesId }, pageParam, { signal }),
      initialPageParam: undefined as Cursor | undefined,
      getNextPageParam: nextCursor,
    }),

  byUser: (userId: number) =>
    infiniteQueryOptions({
      queryKey: [...all(), 'user', userId] as const,
      queryFn: ({ pageParam, signal }) => api.userNovels({ userId }, pageParam, { signal }),
      initialPageParam: undefined as Cursor | undefined,
      getNextPageParam: nextCursor,
    }),

  bookmarks: (params: BookmarkListParams) =>
    infiniteQueryOptions({
      queryKey: [...all(), 'bookmarks', params] as const,
      queryFn: ({ pageParam, signal }) => api.userNovelBookmarks(params, pageParam, { signal }),
      initialPageParam: undefined as Cursor | undefined,
      getNextPageParam: nextCursor,
    }),

  bookmarkTags: (params: BookmarkTagParams) =>
    infiniteQueryOptions({
      queryKey: [...all(), 'bookmark-tags', params] as const,
      queryFn: ({ pageParam, signal }) => api.userBookmarkTags('novel', params, pageParam, { signal }),
      initialPageParam: undefined as Cursor | undefined,
      getNextPageParam: nextCursor,
    }),

  /** The signed-in caller's bookmark of a novel (needs a session). */
  bookmarkDetail: (novelId: number) =>
    queryOptions({
      queryKey: [...all(), 'bookmark-detail', novelId] as const,
      queryFn: ({ signal }) => api.bookmarkDetail('novel', novelId, { signal }),
    }),
}
