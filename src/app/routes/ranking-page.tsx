import { useInfiniteQuery } from '@tanstack/react-query'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { buttonClass } from '../../components/button.tsx'
import { EmptyState } from '../../components/states.tsx'
import { LinkTabs } from '../../components/tabs.tsx'
import { useSession } from '../../features/auth/use-session.ts'
import { RankingDatePicker } from '../../features/ranking/components/ranking-date-picker.tsx'
import { latestRankingDate, rankingDateParam } from '../../features/ranking/ranking-date.ts'
import { rankingModes, resolveRankingMode } from '../../features/ranking/ranking-modes.ts'
import { workQueries } from '../../features/works/api/work-queries.ts'
import { paths } from '../../lib/paths.ts'
import { rankingQueryParams } from '../ranking-query.ts'
import { useDocumentTitle } from '../use-document-title.ts'
import { WorkList } from '../work-list.tsx'

const formatDate = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString(undefined, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  })

/** `/ranking?mode=&date=`: the ranking of a mode on a day (the latest when no date). */
export function Component() {
  const [search] = useSearchParams()
  const navigate = useNavigate()
  const current = useSession()
  const xRestrict = current?.user.xRestrict ?? null
  const resolved = resolveRankingMode(search.get('mode'), xRestrict)
  const params = rankingQueryParams(search, xRestrict)
  const date = rankingDateParam(search.get('date'))
  const mode = resolved.kind === 'unknown' ? undefined : resolved.info.mode

  // The latest ranking's first page names the latest day; it is the list itself when no date is chosen.
  const latestQuery = useInfiniteQuery({ ...workQueries.ranking({ mode: mode ?? 'day' }), enabled: params !== null })
  const latest = latestQuery.data ? latestRankingDate(latestQuery.data.pages[0]) : undefined

  const title = resolved.kind === 'unknown' ? 'Ranking' : `${resolved.info.label} ranking`
  useDocumentTitle(title)

  const hrefFor = (m: string | undefined, d: string | undefined) =>
    paths.ranking({ mode: m === 'day' ? undefined : m, date: d })

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
        label="Ranking modes"
        className="mb-4"
        tabs={rankingModes(xRestrict).map((m) => ({
          href: hrefFor(m.mode, date),
          label: m.label,
          current: m.mode === mode,
        }))}
      />
      {resolved.kind === 'unknown' && (
        <EmptyState title="There is no such ranking">
          <Link className={buttonClass('primary', 'mt-3')} to={paths.ranking()}>
            See the daily ranking
          </Link>
        </EmptyState>
      )}
      {resolved.kind === 'restricted' &&
        (current ? (
          <EmptyState title="Not available">Your account’s age setting does not allow this ranking.</EmptyState>
        ) : (
          <EmptyState title="Sign in to see this ranking">
            <Link
              className={buttonClass('primary', 'mt-3')}
              to={paths.login(paths.ranking({ mode: resolved.info.mode, date }))}
            >
              Sign in
            </Link>
          </EmptyState>
        ))}
      {params && (
        <WorkList
          key={`${params.mode}:${params.date ?? ''}`}
          query={workQueries.ranking(params)}
          listKey={`ranking:${params.mode}:${params.date ?? 'latest'}`}
          label={`${title}${date ? `, ${formatDate(date)}` : ''}`}
          emptyMessage="No works ranked on this day."
        />
      )}
    </>
  )
}
