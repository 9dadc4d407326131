import { useInfiniteQuery } from '@tanstack/react-query'
import { useParams } from 'react-router'
import { ErrorState, NotFoundState } from '../../components/states.tsx'
import { SeriesHeader, SeriesHeaderSkeleton } from '../../features/series/components/series-header.tsx'
import { workQueries } from '../../features/works/api/work-queries.ts'
import { NotFoundError } from '../../lib/api-error.ts'
import { useT } from '../../lib/i18n/i18n.ts'
import { parseId } from '../../api/parse-id.ts'
import { useDocumentTitle } from '../../lib/use-document-title.ts'
import { WorkList } from '../work-list.tsx'
import '../../lib/i18n/messages/en/series.ts'

/** `/user/:uid/series/:sid`: an illustration/manga series, its header from the first page, then its works. */
export function Component() {
  const { sid } = useParams()
  const seriesId = parseId(sid)
  if (seriesId === undefined) return <NotFoundState what="series" />
  return <SeriesPage seriesId={seriesId} />
}

function SeriesPage({ seriesId }: { seriesId: number }) {
  const t = useT()
  const query = workQueries.series(seriesId)
  const { data, error, isPending, refetch } = useInfiniteQuery(query)
  const first = data?.pages[0]
  useDocumentTitle(first?.illustSeriesDetail.title ?? null)

  if (error instanceof NotFoundError) return <NotFoundState what="series" />
  if (isPending) return <SeriesHeaderSkeleton />
  if (!first) return <ErrorState error={error} onRetry={() => void refetch()} />

  return (
    <>
      <SeriesHeader detail={first.illustSeriesDetail} firstWorkId={first.illustSeriesFirstIllust?.id} />
      <WorkList
        query={query}
        listKey={`series:${seriesId}`}
        label={t('series.worksLabel', { title: first.illustSeriesDetail.title })}
        emptyMessage={t('series.worksEmpty')}
      />
    </>
  )
}
