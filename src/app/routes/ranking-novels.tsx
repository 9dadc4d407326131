import { useInfiniteQuery } from '@tanstack/react-query'
import { novelQueries } from '../../features/novels/api/novel-queries.ts'
import { latestRankingDate } from '../../features/ranking/ranking-date.ts'
import { useT } from '../../lib/i18n/i18n.ts'
import { useListFreshness } from '../../lib/use-infinite-list.ts'
import { InfiniteNovelList } from '../../features/novels/components/infinite-novel-list.tsx'
import { preloadNovelPage } from '../preload.ts'
import {
  RankingFrame,
  rankingListLabel,
  type RankingBodyProps,
} from '../../features/ranking/components/ranking-frame.tsx'
import { novelRankingQueryParams } from '../../features/ranking/ranking-query.ts'
import '../../lib/i18n/messages/en/ranking.ts'

/** `/ranking?kind=novel`: the novel ranking of a mode on a day, numbered by rank (its own chunk). */
export function NovelRanking({ view, search, xRestrict, signedIn }: RankingBodyProps) {
  const t = useT()
  const params = novelRankingQueryParams(search, xRestrict)
  // The latest ranking's first page names the latest day; it is the list itself when no date is chosen (hence the
  // list's cache rules).
  const latestNovels = useInfiniteQuery({
    ...novelQueries.ranking({ mode: params?.mode ?? 'day' }),
    ...useListFreshness(),
    enabled: params !== null,
  })
  const first = latestNovels.data?.pages[0]
  const latest = first && latestRankingDate({ nextUrl: first.nextUrl, illusts: first.novels })
  return (
    <RankingFrame view={view} latest={latest} signedIn={signedIn}>
      {params && (
        <InfiniteNovelList
          onCardIntent={preloadNovelPage}
          key={`novel:${params.mode}:${params.date ?? ''}`}
          query={novelQueries.ranking(params)}
          listKey={`novel-ranking:${params.mode}:${params.date ?? 'latest'}`}
          label={rankingListLabel(view)}
          emptyMessage={t('ranking.novelsEmpty')}
          numbering="rank"
        />
      )}
    </RankingFrame>
  )
}
