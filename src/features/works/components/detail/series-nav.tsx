import { useInfiniteQuery } from '@tanstack/react-query'
import type { Illust, IllustSeriesPage } from '../../../../api/model.ts'
import { SERIES_NAV_STALE_MS, SeriesNav, useSeriesPlace } from '../../../../components/series-nav.tsx'
import { useT } from '../../../../lib/i18n/i18n.ts'
import { paths } from '../../../../lib/paths.ts'
import { workQueries } from '../../api/work-queries.ts'
import '../../../../lib/i18n/messages/en/artwork.ts'
import '../../../../lib/i18n/messages/en/works.ts'

const worksOf = (page: IllustSeriesPage) => page.illusts
const countOf = (page: IllustSeriesPage) => page.illustSeriesDetail.seriesWorkCount

/** The series the work belongs to, with the works before and after it in the series when they are at hand. */
export function WorkSeriesNav({ work }: { work: Illust }) {
  const t = useT()
  const series = work.series
  const query = useInfiniteQuery({
    ...workQueries.series(series?.id ?? 0),
    enabled: !!series,
    staleTime: SERIES_NAV_STALE_MS,
  })
  const { items, index, total } = useSeriesPlace(query, work.id, worksOf, countOf)

  if (!series) return null
  const prev = index > 0 ? items[index - 1] : undefined
  // The next one may sit on the next page: only shown when loaded.
  const next = index >= 0 ? items[index + 1] : undefined
  const title = (w: Illust) => w.title || t('works.untitled')

  return (
    <SeriesNav
      label={t('artwork.series.label')}
      name={t('artwork.series.name')}
      series={{ title: series.title, href: paths.illustSeries(work.user.id, series.id) }}
      position={index >= 0 && total ? t('artwork.series.position', { index: index + 1, total }) : null}
      prev={prev ? { href: paths.artwork(prev.id), text: t('artwork.series.prev', { title: title(prev) }) } : null}
      next={next ? { href: paths.artwork(next.id), text: t('artwork.series.next', { title: title(next) }) } : null}
    />
  )
}
