import { useInfiniteQuery } from '@tanstack/react-query'
import { latestRankingDate } from '../../features/ranking/ranking-date.ts'
import { workQueries } from '../../features/works/api/work-queries.ts'
import { useT } from '../../lib/i18n/i18n.ts'
import { useListFreshness } from '../../lib/use-infinite-list.ts'
import { novelRankingModule } from '../novel-ranking-chunk.ts'
import {
  RankingFrame,
  rankingListLabel,
  useRankingBody,
  type RankingBodyProps,
} from '../../features/ranking/components/ranking-frame.tsx'
import { rankingQueryParams } from '../../features/ranking/ranking-query.ts'
import { WorkList } from '../work-list.tsx'
import '../../lib/i18n/messages/en/ranking.ts'

/**
 * `/ranking?mode=&date=`: the ranking of a mode on a day (the latest when no date); `?kind=novel` ranks novels, with
 * the novel ranking's own modes.
 */
export function Component() {
  const props = useRankingBody()
  return props.view.kind === 'novel' ? <NovelRanking {...props} /> : <WorkRanking {...props} />
}

function WorkRanking({ view, search, xRestrict, signedIn }: RankingBodyProps) {
  const t = useT()
  const params = rankingQueryParams(search, xRestrict)
  // The latest ranking's first page names the latest day; it is the list itself when no date is chosen (hence the
  // list's cache rules).
  const latestWorks = useInfiniteQuery({
    ...workQueries.ranking({ mode: params?.mode ?? 'day' }),
    ...useListFreshness(),
    enabled: params !== null,
  })
  const first = latestWorks.data?.pages[0]
  return (
    <RankingFrame view={view} latest={first && latestRankingDate(first)} signedIn={signedIn}>
      {params && (
        <WorkList
          key={`${params.mode}:${params.date ?? ''}`}
          query={workQueries.ranking(params)}
          listKey={`ranking:${params.mode}:${params.date ?? 'latest'}`}
          label={rankingListLabel(view)}
          emptyMessage={t('ranking.worksEmpty')}
        />
      )}
    </RankingFrame>
  )
}

function NovelRanking(props: RankingBodyProps) {
  const Loaded = novelRankingModule.use()?.NovelRanking
  return Loaded ? (
    <Loaded {...props} />
  ) : (
    <RankingFrame view={props.view} latest={undefined} signedIn={props.signedIn} />
  )
}
