import { useInfiniteQuery, type InfiniteData, type QueryKey, type UseInfiniteQueryOptions } from '@tanstack/react-query'
import { useMemo } from 'react'
import { Link } from 'react-router'
import type { Novel } from '../api/model.ts'
import { LoadMore } from '../components/load-more.tsx'
import { Skeleton } from '../components/skeleton.tsx'
import { EmptyState, ErrorState } from '../components/states.tsx'
import { applyFilters } from '../lib/filter-engine.ts'
import { paths } from '../lib/paths.ts'
import { useSettings } from '../lib/settings.ts'

interface NovelListPage {
  novels: Novel[]
  nextUrl: string | null
}

/**
 * A plain list of novels (cover, title, author, length) linking to each novel, through the same content filters
 * as the work grid. Minimal on purpose: the novel views are their own piece of work.
 */
export function NovelTeaserList<TPage extends NovelListPage, TKey extends QueryKey, TPageParam>({
  query,
  label,
  emptyMessage = 'No novels here yet.',
}: {
  query: UseInfiniteQueryOptions<TPage, Error, InfiniteData<TPage, unknown>, TKey, TPageParam>
  label: string
  emptyMessage?: string
}) {
  const { filters } = useSettings()
  const {
    data,
    error,
    isPending,
    isError,
    refetch,
    hasNextPage,
    isFetchingNextPage,
    fetchNextPage,
    isFetchNextPageError,
  } = useInfiniteQuery(query)
  const novels = useMemo(() => {
    const seen = new Set<number>()
    return (data?.pages ?? []).flatMap((p) => p.novels).filter((n) => !seen.has(n.id) && seen.add(n.id))
  }, [data])
  const { visible, hiddenCount } = useMemo(() => applyFilters(novels, filters), [novels, filters])

  if (isPending)
    return (
      <div role="status" className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        <span className="sr-only">Loading {label}…</span>
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-28" />
        ))}
      </div>
    )
  if (isError && !data) return <ErrorState error={error} onRetry={() => void refetch()} />

  return (
    <section aria-label={label}>
      {hiddenCount > 0 && (
        <p className="mb-3 text-sm text-muted">
          {hiddenCount} hidden by your filters.{' '}
          <Link className="text-accent underline" to={paths.settings()}>
            Change filters
          </Link>
        </p>
      )}
      {visible.length === 0 && !hasNextPage ? (
        <EmptyState title={emptyMessage} />
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4">
          {visible.map(({ item: novel, blurred }) => (
            <li key={novel.id}>
              <Link
                to={paths.novel(novel.id)}
                className="flex gap-3 rounded-xl border border-line bg-surface p-3 hover:border-accent"
              >
                <img
                  src={novel.imageUrls.medium}
                  alt=""
                  width={72}
                  height={100}
                  loading="lazy"
                  decoding="async"
                  className={`h-[100px] w-[72px] shrink-0 rounded-md bg-line object-cover ${blurred ? 'blur-md' : ''}`}
                />
                <span className="min-w-0">
                  <span className="line-clamp-2 font-semibold">{novel.title || 'Untitled'}</span>
                  <span className="mt-1 block truncate text-sm text-muted">{novel.user.name}</span>
                  <span className="mt-1 block text-xs text-muted">
                    {novel.textLength.toLocaleString()} characters
                    {novel.xRestrict > 0 && <> · {novel.xRestrict === 2 ? 'R-18G' : 'R-18'}</>}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <LoadMore
        hasNextPage={hasNextPage}
        isFetchingNextPage={isFetchingNextPage}
        fetchNextPage={fetchNextPage}
        failed={isFetchNextPageError}
      />
    </section>
  )
}
