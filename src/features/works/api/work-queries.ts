// Query options for works (illustrations, manga, ugoira): every key starts with 'works', so a work never shares a
// cache entry with a novel of the same id, and `queryClient.setQueriesData({ queryKey: workQueries.all() })`
// reaches every cached work list and detail (e.g. to flip `isBookmarked` optimistically).

import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import type { Cursor } from '../../../api/cursor.ts'
import { api } from '../../../lib/api.ts'
import type {
  BookmarkListParams,
  BookmarkTagParams,
  FeedParams,
  IllustRankingMode,
  NewIllustParams,
  RankingParams,
  RecommendedIllustParams,
  SearchIllustParams,
  UserIllustParams,
} from '../../../lib/api-client.ts'
import { nextCursor } from '../../../lib/next-cursor.ts'

const all = () => ['works'] as const

export const workQueries = {
  all,

  detail: (illustId: number) =>
    queryOptions({
      queryKey: [...all(), 'detail', illustId] as const,
      queryFn: ({ signal }) => api.illustDetail(illustId, { signal }),
    }),

  search: (params: SearchIllustParams) =>
    infiniteQueryOptions({
      queryKey: [...all(), 'search', params] as const,
      queryFn: ({ pageParam, signal }) => api.searchIllusts(params, pageParam, { signal }),
      initialPageParam: undefined as Cursor | undefined,
      getNextPageParam: nextCursor,
    }),

  ranking: (params: RankingParams<IllustRankingMode> = {}) =>
    infiniteQueryOptions({
      queryKey: [...all(), 'ranking', params] as const,
      queryFn: ({ pageParam, signal }) => api.ranking(params, pageParam, { signal }),
      initialPageParam: undefined as Cursor | undefined,
      getNextPageParam: nextCursor,
    }),

  recommended: (params: RecommendedIllustParams = {}) =>
    infiniteQueryOptions({
      queryKey: [...all(), 'recommended', params] as const,
      queryFn: ({ pageParam, signal }) => api.recommendedIllusts(params, pageParam, { signal }),
      initialPageParam: undefined as Cursor | undefined,
      getNextPageParam: nextCursor,
    }),

  /** New works of the users the signed-in viewer follows, newest first (needs a session). */
  following: (params: FeedParams = {}) =>
    infiniteQueryOptions({
      queryKey: [...all(), 'following', params] as const,
      queryFn: ({ pageParam, signal }) => api.followIllusts(params, pageParam, { signal }),
      initialPageParam: undefined as Cursor | undefined,
      getNextPageParam: nextCursor,
    }),

  /** The newest works of everyone. */
  newest: (params: NewIllustParams = {}) =>
    infiniteQueryOptions({
      queryKey: [...all(), 'newest', params] as const,
      queryFn: ({ pageParam, signal }) => api.newIllusts(params, pageParam, { signal }),
      initialPageParam: undefined as Cursor | undefined,
      getNextPageParam: nextCursor,
    }),

  related: (illustId: number) =>
    infiniteQueryOptions({
      queryKey: [...all(), 'related', illustId] as const,
      queryFn: ({ pageParam, signal }) => api.related({ illustId }, pageParam, { signal }),
      initialPageParam: undefined as Cursor | undefined,
      getNextPageParam: nextCursor,
    }),

  /** An illustration/manga series: its detail and first work ride on every page. */
  series: (seriesId: number) =>
    infiniteQueryOptions({
      queryKey: [...all(), 'series', seriesId] as const,
      queryFn: ({ pageParam, signal }) => api.illustSeries({ seriesId }, pageParam, { signal }),
      initialPageParam: undefined as Cursor | undefined,
      getNextPageParam: nextCursor,
    }),

  /** A user's works; `type` absent: illustrations and manga together. The user rides on every page. */
  byUser: (params: UserIllustParams) =>
    infiniteQueryOptions({
      queryKey: [...all(), 'user', params] as const,
      queryFn: ({ pageParam, signal }) => api.userIllusts(params, pageParam, { signal }),
      initialPageParam: undefined as Cursor | undefined,
      getNextPageParam: nextCursor,
    }),

  bookmarks: (params: BookmarkListParams) =>
    infiniteQueryOptions({
      queryKey: [...all(), 'bookmarks', params] as const,
      queryFn: ({ pageParam, signal }) => api.userIllustBookmarks(params, pageParam, { signal }),
      initialPageParam: undefined as Cursor | undefined,
      getNextPageParam: nextCursor,
    }),

  bookmarkTags: (params: BookmarkTagParams) =>
    infiniteQueryOptions({
      queryKey: [...all(), 'bookmark-tags', params] as const,
      queryFn: ({ pageParam, signal }) => api.userBookmarkTags('illust', params, pageParam, { signal }),
      initialPageParam: undefined as Cursor | undefined,
      getNextPageParam: nextCursor,
    }),

  /** The signed-in caller's bookmark of a work (needs a session). */
  bookmarkDetail: (illustId: number) =>
    queryOptions({
      queryKey: [...all(), 'bookmark-detail', illustId] as const,
      queryFn: ({ signal }) => api.bookmarkDetail('illust', illustId, { signal }),
    }),

  ugoira: (illustId: number) =>
    queryOptions({
      queryKey: [...all(), 'ugoira', illustId] as const,
      queryFn: ({ signal }) => api.ugoiraMetadata(illustId, { signal }),
    }),
}
