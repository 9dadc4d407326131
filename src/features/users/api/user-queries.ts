// Query options for users. A user's works and novels are lists of works and novels, so they live in
// workQueries.byUser / novelQueries.byUser, under those kinds.

import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import type { Cursor } from '../../../api/cursor.ts'
import { api } from '../../../lib/api.ts'
import type { UserFollowingParams } from '../../../lib/api-client.ts'
import { nextCursor } from '../../../lib/next-cursor.ts'

const all = () => ['users'] as const

export const userQueries = {
  all,

  detail: (userId: number) =>
    queryOptions({
      queryKey: [...all(), 'detail', userId] as const,
      queryFn: ({ signal }) => api.userDetail(userId, { signal }),
    }),

  following: (params: UserFollowingParams) =>
    infiniteQueryOptions({
      queryKey: [...all(), 'following', params] as const,
      queryFn: ({ pageParam, signal }) => api.userFollowing(params, pageParam, { signal }),
      initialPageParam: undefined as Cursor | undefined,
      getNextPageParam: nextCursor,
    }),

  followers: (userId: number) =>
    infiniteQueryOptions({
      queryKey: [...all(), 'followers', userId] as const,
      queryFn: ({ pageParam, signal }) => api.userFollowers({ userId }, pageParam, { signal }),
      initialPageParam: undefined as Cursor | undefined,
      getNextPageParam: nextCursor,
    }),

  /** The user's my pixiv: the users they follow who follow them back. */
  mypixiv: (userId: number) =>
    infiniteQueryOptions({
      queryKey: [...all(), 'mypixiv', userId] as const,
      queryFn: ({ pageParam, signal }) => api.userMypixiv({ userId }, pageParam, { signal }),
      initialPageParam: undefined as Cursor | undefined,
      getNextPageParam: nextCursor,
    }),

  search: (word: string) =>
    infiniteQueryOptions({
      queryKey: [...all(), 'search', word] as const,
      queryFn: ({ pageParam, signal }) => api.searchUsers({ word }, pageParam, { signal }),
      initialPageParam: undefined as Cursor | undefined,
      getNextPageParam: nextCursor,
    }),
}
