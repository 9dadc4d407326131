import type { QueryClient } from '@tanstack/react-query'
import { userQueries } from '../features/users/api/user-queries.ts'
import { patchUserFollowed } from '../features/works/lib/cache-patch.ts'

/**
 * After following or unfollowing: every cached copy of the user (profile, authors of works in any list, previews)
 * shows the new state at once, and follow lists are refetched when next shown.
 */
export function applyFollow(client: QueryClient, userId: number, isFollowed: boolean) {
  client.setQueriesData({ queryKey: [] }, (data: unknown) =>
    data === undefined ? data : patchUserFollowed(data, userId, isFollowed),
  )
  void client.invalidateQueries({ queryKey: [...userQueries.all(), 'following'], refetchType: 'none' })
}
