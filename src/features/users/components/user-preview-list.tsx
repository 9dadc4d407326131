import { useInfiniteQuery, type InfiniteData, type QueryKey, type UseInfiniteQueryOptions } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { Cursor } from '../../../api/cursor.ts'
import type { UserPreviewPage } from '../../../api/model.ts'
import { LoadMore } from '../../../components/load-more.tsx'
import { Skeleton } from '../../../components/skeleton.tsx'
import { EmptyState, ErrorState } from '../../../components/states.tsx'
import { useSession } from '../../../lib/use-session.ts'
import { FollowButton } from './follow-button.tsx'
import { UserPreviewCard } from './user-preview-card.tsx'
import { useT } from '../../../lib/i18n/i18n.ts'
import '../../../lib/i18n/messages/en/common.ts'

/**
 * A paged list of users with a few recent works each (following, followers, my pixiv, user search), with a Follow
 * toggle on everyone but the viewer when signed in. The next page loads as the end nears.
 */
export function UserPreviewList<TKey extends QueryKey>({
  query: options,
  label,
  emptyTitle,
}: {
  query: UseInfiniteQueryOptions<UserPreviewPage, Error, InfiniteData<UserPreviewPage>, TKey, Cursor | undefined>
  /** The list's accessible name. */
  label: string
  emptyTitle: string
}) {
  const t = useT()
  const current = useSession()
  const query = useInfiniteQuery(options)
  const previews = useMemo(() => {
    const seen = new Set<number>()
    return (query.data?.pages ?? [])
      .flatMap((p) => p.userPreviews)
      .filter((p) => !seen.has(p.user.id) && seen.add(p.user.id))
  }, [query.data])

  return (
    <>
      {query.isPending ? (
        <div role="status" className="space-y-3">
          <span className="sr-only">{t('common.loadingEllipsis')}</span>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-28" />
          ))}
        </div>
      ) : query.isError && !query.data ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : previews.length === 0 ? (
        <EmptyState title={emptyTitle} />
      ) : (
        <ul aria-label={label} className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4">
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
    </>
  )
}
