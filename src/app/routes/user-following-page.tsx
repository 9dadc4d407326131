import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useOutletContext, useSearchParams } from 'react-router'
import { LoadMore } from '../../components/load-more.tsx'
import { Skeleton } from '../../components/skeleton.tsx'
import { EmptyState, ErrorState } from '../../components/states.tsx'
import { LinkTabs } from '../../components/tabs.tsx'
import { useSession } from '../../features/auth/use-session.ts'
import { userQueries } from '../../features/users/api/user-queries.ts'
import { FollowButton } from '../../features/users/components/follow-button.tsx'
import { UserPreviewCard } from '../../features/users/components/user-preview-card.tsx'
import { paths } from '../../lib/paths.ts'
import { applyFollow } from '../cache-updates.ts'
import type { UserOutletContext } from './user-layout.tsx'

/** `/users/:id/following` (`?restrict=private` for one's own private follows). */
export function Component() {
  const { userId, userName, isSelf } = useOutletContext<UserOutletContext>()
  const [search] = useSearchParams()
  const restrict = isSelf && search.get('restrict') === 'private' ? 'private' : 'public'
  const client = useQueryClient()
  const current = useSession()
  const query = useInfiniteQuery(userQueries.following({ userId, restrict }))
  const previews = useMemo(() => {
    const seen = new Set<number>()
    return (query.data?.pages ?? [])
      .flatMap((p) => p.userPreviews)
      .filter((p) => !seen.has(p.user.id) && seen.add(p.user.id))
  }, [query.data])

  return (
    <section aria-label={`Users ${userName} follows`}>
      {isSelf && (
        <LinkTabs
          label="Visibility"
          className="mb-4"
          tabs={[
            { href: paths.userFollowing(userId), label: 'Public', current: restrict === 'public' },
            {
              href: paths.userFollowing(userId, { restrict: 'private' }),
              label: 'Private',
              current: restrict === 'private',
            },
          ]}
        />
      )}
      {query.isPending ? (
        <div role="status" className="space-y-3">
          <span className="sr-only">Loading…</span>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-28" />
          ))}
        </div>
      ) : query.isError && !query.data ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : previews.length === 0 ? (
        <EmptyState title={isSelf ? 'You do not follow anyone here yet.' : `${userName} does not follow anyone yet.`} />
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4">
          {previews.map((preview) => (
            <li key={preview.user.id}>
              <UserPreviewCard
                preview={preview}
                actions={
                  current && current.user.id !== preview.user.id ? (
                    <FollowButton
                      userId={preview.user.id}
                      userName={preview.user.name}
                      isFollowed={preview.user.isFollowed ?? false}
                      onChange={(id, followed) => applyFollow(client, id, followed)}
                    />
                  ) : null
                }
              />
            </li>
          ))}
        </ul>
      )}
      <LoadMore
        hasNextPage={query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        fetchNextPage={query.fetchNextPage}
        failed={query.isFetchNextPageError}
      />
    </section>
  )
}
