import { useInfiniteQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { Link } from 'react-router'
import type { Novel, Series } from '../../../api/model.ts'
import { useT } from '../../../lib/i18n/i18n.ts'
import { paths } from '../../../lib/paths.ts'
import { useLoadPagesUntil } from '../../../lib/use-load-pages-until.ts'
import { novelQueries } from '../api/novel-queries.ts'
import '../../../lib/i18n/messages/en/novels.ts'
import '../../../lib/i18n/messages/en/reader.ts'

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
  const t = useT()
  const query = useInfiniteQuery({ ...novelQueries.series(series.id), staleTime: 5 * 60_000 })
  const items = useMemo(() => query.data?.pages.flatMap((p) => p.novels) ?? [], [query.data])
  const index = items.findIndex((n) => n.id === novelId)
  useLoadPagesUntil(query, index >= 0, MAX_SERIES_PAGES)

  const total = query.data?.pages[0]?.novelSeriesDetail.contentCount

  return (
    <nav
      aria-label={t('reader.series.label')}
      className="flex flex-col gap-2 rounded-lg border border-line p-3"
      data-series-nav
    >
      <p className="text-sm">
        <span className="text-muted">{t('reader.series.name')}</span>
        <Link to={paths.novelSeries(series.id)} className="font-medium text-accent hover:underline">
          {series.title}
        </Link>
        {index >= 0 && total ? (
          <span className="text-muted" data-series-position>
            {' '}
            · {t('reader.series.position', { index: index + 1, total })}
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
              ← {t('reader.series.prev', { title: prev.title || t('novels.untitled') })}
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
              {t('reader.series.next', { title: next.title || t('novels.untitled') })} →
            </Link>
          )}
        </div>
      )}
    </nav>
  )
}
