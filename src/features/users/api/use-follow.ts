import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api.ts'
import { applyFollow, holdsUser } from '../lib/follow-patch.ts'

const isInfinite = (data: unknown) =>
  typeof data === 'object' && data !== null && 'pages' in data && 'pageParams' in data

/**
 * Follows or unfollows a user, optimistically: every cached copy of the user flips at once (applyFollow), and flips
 * back when the request fails. One user's follows and unfollows run one after another (the mutation's scope), so a
 * quick double tap ends in the state of the last tap.
 */
export function useFollow(userId: number) {
  const client = useQueryClient()
  return useMutation({
    scope: { id: `follow-${userId}` },
    mutationFn: (follow: boolean) => (follow ? api.follow(userId) : api.unfollow(userId)),
    onMutate: async (follow) => {
      // A read of the user already under way (the profile, a work's detail) would land after this and undo it. Lists
      // keep loading: cancelling a next page would stall them.
      await client.cancelQueries({
        predicate: (query) =>
          query.state.fetchStatus === 'fetching' &&
          !isInfinite(query.state.data) &&
          holdsUser(query.state.data, userId),
      })
      applyFollow(client, userId, follow)
    },
    // Again once the service has it: a read that was not yet cached when this began (a detail still showing a list's
    // copy) may have landed since with the old state.
    onSuccess: (_result, follow) => applyFollow(client, userId, follow),
    onError: (_error, follow) => applyFollow(client, userId, !follow),
  })
}
