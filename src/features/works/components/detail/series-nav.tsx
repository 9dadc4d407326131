import { useInfiniteQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { Link } from 'react-router'
import type { Illust } from '../../../../api/model.ts'
import { useT } from '../../../../lib/i18n/i18n.ts'
import { paths } from '../../../../lib/paths.ts'
import { useLoadPagesUntil } from '../../../../lib/use-load-pages-until.ts'
import { workQueries } from '../../api/work-queries.ts'
import '../../../../lib/i18n/messages/en/works.ts'

/** Series pages hold 30 works; looking further than this for the work's neighbours is not worth the requests. */
const MAX_SERIES_PAGES = 4

/** The series the work belongs to, with the works before and after it in the series when they are at hand. */
export function SeriesNav({ work }: { work: Illust }) {
  const t = useT()
  const series = work.series
  const query = useInfiniteQuery({ ...workQueries.series(series?.id ?? 0), enabled: !!series, staleTime: 5 * 60_000 })
  const items = useMemo(() => query.data?.pages.flatMap((p) => p.illusts) ?? [], [query.data])
  const index = items.findIndex((w) => w.id === work.id)
  useLoadPagesUntil(query, index >= 0, MAX_SERIES_PAGES)

  if (!series) return null
  const prev = index > 0 ? items[index - 1] : undefined
  // The next one may sit on the next page: only shown when loaded.
  const next = index >= 0 ? items[index + 1] : undefined
  const total = query.data?.pages[0]?.illustSeriesDetail.seriesWorkCount

  return (
    <nav aria-label={t('works.series.label')} className="flex flex-col gap-2 rounded-lg border border-line p-3">
      <p className="text-sm">
        <span className="text-muted">{t('works.series.name')}</span>
        <Link to={paths.illustSeries(work.user.id, series.id)} className="font-medium text-accent hover:underline">
          {series.title}
        </Link>
        {index >= 0 && total ? (
          <span className="text-muted"> · {t('works.series.position', { index: index + 1, total })}</span>
        ) : null}
      </p>
      {(prev || next) && (
        <div className="flex flex-wrap justify-between gap-2 text-sm">
          {prev ? (
            <Link to={paths.artwork(prev.id)} rel="prev" className="hover:underline">
              ← {t('works.series.prev', { title: prev.title || t('works.untitled') })}
            </Link>
          ) : (
            <span />
          )}
          {next && (
            <Link to={paths.artwork(next.id)} rel="next" className="hover:underline">
              {t('works.series.next', { title: next.title || t('works.untitled') })} →
            </Link>
          )}
        </div>
      )}
    </nav>
  )
}
