import { useInfiniteQuery } from '@tanstack/react-query'
import type { Novel, NovelSeriesPage, Series } from '../../../api/model.ts'
import { SERIES_NAV_STALE_MS, SeriesNav, useSeriesPlace } from '../../../components/series-nav.tsx'
import { useT } from '../../../lib/i18n/i18n.ts'
import { paths } from '../../../lib/paths.ts'
import { novelQueries } from '../api/novel-queries.ts'
import '../../../lib/i18n/messages/en/novels.ts'
import '../../../lib/i18n/messages/en/reader.ts'

const novelsOf = (page: NovelSeriesPage) => page.novels
const countOf = (page: NovelSeriesPage) => page.novelSeriesDetail.contentCount

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
  const query = useInfiniteQuery({ ...novelQueries.series(series.id), staleTime: SERIES_NAV_STALE_MS })
  const { index, total } = useSeriesPlace(query, novelId, novelsOf, countOf)
  const title = (n: Novel) => n.title || t('novels.untitled')

  return (
    <SeriesNav
      label={t('reader.series.label')}
      name={t('reader.series.name')}
      series={{ title: series.title, href: paths.novelSeries(series.id) }}
      position={index >= 0 && total ? t('reader.series.position', { index: index + 1, total }) : null}
      prev={prev ? { href: paths.novel(prev.id), text: t('reader.series.prev', { title: title(prev) }) } : null}
      next={next ? { href: paths.novel(next.id), text: t('reader.series.next', { title: title(next) }) } : null}
    />
  )
}
