// The one cache patcher of following: a user's `isFollowed` sits in every copy of the user the cache holds (the
// profile, the authors of works and novels in any list or detail, user previews), whatever the query's shape.

import type { QueryClient } from '@tanstack/react-query'
import { rewriteObjects } from '../../../lib/rewrite-objects.ts'
import { userQueries } from '../api/user-queries.ts'

/** Sets `isFollowed` on every copy of user `userId` inside `data` (authors of works and novels, details, previews). */
export function patchUserFollowed<T>(data: T, userId: number, isFollowed: boolean): T {
  return rewriteObjects(data, (obj) => {
    // A user object: an id, a name and profile images (works and novels have no profileImageUrls of their own).
    if (obj.id !== userId || typeof obj.profileImageUrls !== 'object' || !('account' in obj)) return obj
    return obj.isFollowed === isFollowed ? obj : { ...obj, isFollowed }
  }) as T
}

/**
 * After following or unfollowing: every cached copy of the user, under any key (works, novels, users), shows the new
 * state at once, and follow lists are refetched when next shown.
 */
export function applyFollow(client: QueryClient, userId: number, isFollowed: boolean): void {
  client.setQueriesData({ queryKey: [] }, (data: unknown) =>
    data === undefined ? data : patchUserFollowed(data, userId, isFollowed),
  )
  void client.invalidateQueries({ queryKey: [...userQueries.all(), 'following'], refetchType: 'none' })
}

/** Whether a query's data holds user `userId` (patching it would change it). */
export const holdsUser = (data: unknown, userId: number) =>
  data !== undefined && patchUserFollowed(data, userId, true) !== patchUserFollowed(data, userId, false)
