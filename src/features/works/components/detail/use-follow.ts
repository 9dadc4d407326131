import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../../lib/api.ts'
import { workQueries } from '../../api/work-queries.ts'
import { patchUserFollowed } from '../../lib/cache-patch.ts'

// Users' own caches (user detail, following lists) live under this prefix (src/features/users/api/user-queries.ts);
// the key is spelled out because a feature does not import another feature.
const USERS_KEY = ['users'] as const

/** Follows or unfollows a user, flipping `isFollowed` on every cached copy of the user at once; rolls back on error. */
export function useFollow(userId: number, workId: number) {
  const client = useQueryClient()

  const setEverywhere = (isFollowed: boolean) => {
    for (const queryKey of [workQueries.all(), USERS_KEY]) {
      for (const [key, data] of client.getQueriesData({ queryKey })) {
        if (data === undefined) continue
        const next = patchUserFollowed(data, userId, isFollowed)
        if (next !== data) client.setQueryData(key, next)
      }
    }
  }

  return useMutation({
    scope: { id: `follow-${userId}` },
    mutationFn: (follow: boolean) => (follow ? api.follow(userId) : api.unfollow(userId)),
    onMutate: async (follow) => {
      // A detail fetch already under way would land after this and undo the optimistic state.
      await client.cancelQueries({ queryKey: workQueries.detail(workId).queryKey })
      setEverywhere(follow)
      return { follow }
    },
    onError: (_error, follow) => setEverywhere(!follow),
  })
}
