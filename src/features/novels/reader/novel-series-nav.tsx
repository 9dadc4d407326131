import { useInfiniteQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { Link } from 'react-router'
import type { Novel, Series } from '../../../api/model.ts'
import { paths } from '../../../lib/paths.ts'
import { useLoadPagesUntil } from '../../../lib/use-load-pages-until.ts'
import { novelQueries } from '../api/novel-queries.ts'

/** Series pages hold 30 novels: looking further than this for the novel's place is not worth the requests. */
const MAX_SERIES_PAGES = 4

/** "Series: title · #3 of 75", with the novels before and after it (from the novel text's series neighbours). */
export function NovelSeriesNav({
  novelId,
  series,
  prev,
  next,
}: {
  novelId: number
  series: Series
  prev: Novel | null
  next: Novel | null
}) {
  const query = useInfiniteQuery({ ...novelQueries.series(series.id), staleTime: 5 * 60_000 })
  const items = useMemo(() => query.data?.pages.flatMap((p) => p.novels) ?? [], [query.data])
  const index = items.findIndex((n) => n.id === novelId)
  useLoadPagesUntil(query, index >= 0, MAX_SERIES_PAGES)

  const total = query.data?.pages[0]?.novelSeriesDetail.contentCount

  return (
    <nav aria-label="Series" className="flex flex-col gap-2 rounded-lg border border-line p-3" data-series-nav>
      <p className="text-sm">
        <span className="text-muted">Series: </span>
        <Link to={paths.novelSeries(series.id)} className="font-medium text-accent hover:underline">
          {series.title}
        </Link>
        {index >= 0 && total ? (
          <span className="text-muted" data-series-position>
            {' '}
            · #{index + 1} of {total}
          </span>
        ) : null}
      </p>
      {(prev || next) && (
        <div className="flex flex-wrap justify-between gap-2 text-sm">
          {prev ? (
            <Link
              to={paths.novel(prev.id)}
              rel="prev"
              className="inline-flex min-h-11 items-center hover:underline"
              data-series-link="prev"
            >
              ← Previous: {prev.title || 'Untitled'}
            </Link>
          ) : (
            <span />
          )}
          {next && (
            <Link
              to={paths.novel(next.id)}
              rel="next"
              className="inline-flex min-h-11 items-center text-right hover:underline"
              data-series-link="next"
            >
              Next: {next.title || 'Untitled'} →
            </Link>
          )}
        </div>
      )}
    </nav>
  )
}
