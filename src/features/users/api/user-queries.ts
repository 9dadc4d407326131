// Query options for users. A user's works and novels are lists of works and novels, so they live in
// workQueries.byUser / novelQueries.byUser, under those kinds.

import { infiniteQueryOptions } from '@tanstack/react-query'
import type { Cursor } from '../../../api/cursor.ts'
import { api } from '../../../lib/api.ts'
import type { UserFollowingParams } from '../../../lib/api-client.ts'
import { nextCursor } from '../../../lib/next-cursor.ts'
import { userDetailQuery, usersKey } from '../../../lib/user-detail-query.ts'

const all = usersKey

export const userQueries = {
  all,

  /** In src/lib: the settings' profile form reads (and refreshes) the reader's own detail under the same key. */
  detail: userDetailQuery,

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
