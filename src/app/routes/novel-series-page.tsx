import { useInfiniteQuery } from '@tanstack/react-query'
import { useParams } from 'react-router'
import { ErrorState, NotFoundState } from '../../components/states.tsx'
import { novelQueries } from '../../features/novels/api/novel-queries.ts'
import { InfiniteNovelList } from '../../features/novels/components/infinite-novel-list.tsx'
import { NovelSeriesHeader, NovelSeriesHeaderSkeleton } from '../../features/novels/components/novel-series-header.tsx'
import { NovelListSkeleton } from '../../features/novels/components/novel-list-skeleton.tsx'
import { NotFoundError } from '../../lib/api-error.ts'
import { useT } from '../../lib/i18n/i18n.ts'
import { parseId } from '../../api/parse-id.ts'
import { useListFreshness } from '../../lib/use-infinite-list.ts'
import { useDocumentTitle } from '../../lib/use-document-title.ts'
import { preloadNovelPage } from '../preload.ts'
import '../../lib/i18n/messages/en/series.ts'

/** `/novel/series/:id`: a novel series, its header from the first page, then its novels in order (`last_order`). */
export function Component() {
  const { id } = useParams()
  const seriesId = parseId(id)
  if (seriesId === undefined) return <NotFoundState what="series" />
  return <NovelSeriesPage key={seriesId} seriesId={seriesId} />
}

function NovelSeriesPage({ seriesId }: { seriesId: number }) {
  const t = useT()
  const query = novelQueries.series(seriesId)
  // The same query the list below pages through: the header reads its first page. Same cache rules as the list, so
  // Back never refetches the pages under the restored scroll position.
  const { data, error, isPending, refetch } = useInfiniteQuery({ ...query, ...useListFreshness() })
  const first = data?.pages[0]
  useDocumentTitle(first?.novelSeriesDetail.title ?? (error ? t('series.novelSeries') : null))

  if (error instanceof NotFoundError) return <NotFoundState what="series" />
  if (isPending)
    return (
      <>
        <NovelSeriesHeaderSkeleton />
        <NovelListSkeleton label={t('series.novelsLoading')} />
      </>
    )
  if (!first) return <ErrorState error={error} onRetry={() => void refetch()} />

  const detail = first.novelSeriesDetail
  return (
    <>
      <NovelSeriesHeader detail={detail} first={first.novelSeriesFirstNovel} latest={first.novelSeriesLatestNovel} />
      <h2 className="sr-only">{t('series.novelsHeading')}</h2>
      <InfiniteNovelList
        onCardIntent={preloadNovelPage}
        query={query}
        listKey={`novel-series:${seriesId}`}
        label={t('series.novelsLabel', { title: detail.title })}
        emptyMessage={t('series.novelsEmpty')}
        numbering="order"
        showSeries={false}
      />
    </>
  )
}
