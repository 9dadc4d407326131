import { useInfiniteQuery } from '@tanstack/react-query'
import { Link, useNavigate, useNavigationType, useSearchParams } from 'react-router'
import { buttonClass } from '../../components/button.tsx'
import { EmptyState } from '../../components/states.tsx'
import { LinkTabs } from '../../components/tabs.tsx'
import { useSession } from '../../features/auth/use-session.ts'
import { RankingDatePicker } from '../../features/ranking/components/ranking-date-picker.tsx'
import { novelQueries } from '../../features/novels/api/novel-queries.ts'
import { latestRankingDate, rankingDateParam } from '../../features/ranking/ranking-date.ts'
import {
  novelRankingModes,
  rankingKindParam,
  rankingModes,
  resolveNovelRankingMode,
  resolveRankingMode,
  type RankingKind,
} from '../../features/ranking/ranking-modes.ts'
import { workQueries } from '../../features/works/api/work-queries.ts'
import { paths } from '../../lib/paths.ts'
import { LIST_STALE_TIME_MS } from '../../tunables.ts'
import { NovelList } from '../novel-list.tsx'
import { novelRankingQueryParams, rankingQueryParams } from '../ranking-query.ts'
import { useDocumentTitle } from '../use-document-title.ts'
import { WorkList } from '../work-list.tsx'

const formatDate = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString(undefined, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  })

/**
 * `/ranking?mode=&date=`: the ranking of a mode on a day (the latest when no date); `?kind=novel` ranks novels, with
 * the novel ranking's own modes.
 */
export function Component() {
  const [search] = useSearchParams()
  const navigate = useNavigate()
  const current = useSession()
  const xRestrict = current?.user.xRestrict ?? null
  const kind = rankingKindParam(search.get('kind'))
  const isNovel = kind === 'novel'
  const resolved = isNovel
    ? resolveNovelRankingMode(search.get('mode'), xRestrict)
    : resolveRankingMode(search.get('mode'), xRestrict)
  const workParams = isNovel ? null : rankingQueryParams(search, xRestrict)
  const novelParams = isNovel ? novelRankingQueryParams(search, xRestrict) : null
  const params = workParams ?? novelParams
  const date = rankingDateParam(search.get('date'))
  const mode = resolved.kind === 'unknown' ? undefined : resolved.info.mode

  // The latest ranking's first page names the latest day; it is the list itself when no date is chosen, so it keeps
  // the list's freshness rules (Back must not refetch the pages under the restored scroll position).
  const navigationType = useNavigationType()
  const listFreshness = { staleTime: LIST_STALE_TIME_MS, refetchOnMount: navigationType !== 'POP' }
  const latestWorks = useInfiniteQuery({
    ...workQueries.ranking({ mode: workParams?.mode ?? 'day' }),
    ...listFreshness,
    enabled: workParams !== null,
  })
  const latestNovels = useInfiniteQuery({
    ...novelQueries.ranking({ mode: novelParams?.mode ?? 'day' }),
    ...listFreshness,
    enabled: novelParams !== null,
  })
  const firstWorks = latestWorks.data?.pages[0]
  const firstNovels = latestNovels.data?.pages[0]
  const latest = isNovel
    ? firstNovels && latestRankingDate({ nextUrl: firstNovels.nextUrl, illusts: firstNovels.novels })
    : firstWorks && latestRankingDate(firstWorks)

  const title =
    resolved.kind === 'unknown'
      ? isNovel
        ? 'Novel ranking'
        : 'Ranking'
      : `${resolved.info.label} ${isNovel ? 'novel ' : ''}ranking`
  useDocumentTitle(title)

  const hrefFor = (m: string | undefined, d: string | undefined, k: RankingKind = kind) =>
    paths.ranking({ kind: k === 'novel' ? 'novel' : undefined, mode: m === 'day' ? undefined : m, date: d })
  const modes = isNovel ? novelRankingModes(xRestrict) : rankingModes(xRestrict)

  return (
    <>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          <p className="text-sm text-muted">
            {date ? formatDate(date) : latest ? `Latest: ${formatDate(latest)}` : 'Latest'}
          </p>
        </div>
        {params && (
          <RankingDatePicker
            date={date}
            latest={latest}
            hrefFor={(d) => hrefFor(mode, d)}
            onChange={(d) => void navigate(hrefFor(mode, d))}
          />
        )}
      </div>
      <LinkTabs
        label="Ranked works"
        className="mb-2"
        tabs={[
          { href: hrefFor(undefined, date, 'illust'), label: 'Illustrations and manga', current: !isNovel },
          { href: hrefFor(undefined, date, 'novel'), label: 'Novels', current: isNovel },
        ]}
      />
      <LinkTabs
        label="Ranking modes"
        className="mb-4"
        tabs={modes.map((m) => ({
          href: hrefFor(m.mode, date),
          label: m.label,
          current: m.mode === mode,
        }))}
      />
      {resolved.kind === 'unknown' && (
        <EmptyState title="There is no such ranking">
          <Link className={buttonClass('primary', 'mt-3')} to={hrefFor(undefined, undefined)}>
            See the daily ranking
          </Link>
        </EmptyState>
      )}
      {resolved.kind === 'restricted' &&
        (current ? (
          <EmptyState title="Not available">Your account’s age setting does not allow this ranking.</EmptyState>
        ) : (
          <EmptyState title="Sign in to see this ranking">
            <Link className={buttonClass('primary', 'mt-3')} to={paths.login(hrefFor(resolved.info.mode, date))}>
              Sign in
            </Link>
          </EmptyState>
        ))}
      {workParams && (
        <WorkList
          key={`${workParams.mode}:${workParams.date ?? ''}`}
          query={workQueries.ranking(workParams)}
          listKey={`ranking:${workParams.mode}:${workParams.date ?? 'latest'}`}
          label={`${title}${date ? `, ${formatDate(date)}` : ''}`}
          emptyMessage="No works ranked on this day."
        />
      )}
      {novelParams && (
        <NovelList
          key={`novel:${novelParams.mode}:${novelParams.date ?? ''}`}
          query={novelQueries.ranking(novelParams)}
          listKey={`novel-ranking:${novelParams.mode}:${novelParams.date ?? 'latest'}`}
          label={`${title}${date ? `, ${formatDate(date)}` : ''}`}
          emptyMessage="No novels ranked on this day."
          numbering="rank"
        />
      )}
    </>
  )
}
