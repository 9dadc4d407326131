import type { ReactNode } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { buttonClass } from '../../../components/button.tsx'
import { EmptyState } from '../../../components/states.tsx'
import { LinkTabs } from '../../../components/tabs.tsx'
import { RankingDatePicker } from './ranking-date-picker.tsx'
import { formatDay } from '../../../lib/format.ts'
import { t as translate, useT } from '../../../lib/i18n/i18n.ts'
import { paths } from '../../../lib/paths.ts'
import { rankingView, type RankingView } from '../ranking-query.ts'
import { useSession } from '../../../lib/use-session.ts'
import '../../../lib/i18n/messages/en/common.ts'
import '../../../lib/i18n/messages/en/ranking.ts'
import { useDocumentTitle } from '../../../lib/use-document-title.ts'

/** The list's accessible name: the ranking's title, and its day when one is chosen. */
export const rankingListLabel = (view: RankingView) =>
  view.date ? translate('ranking.listLabel', { title: view.title, date: formatDay(view.date) }) : view.title

/** What the ranking page hands the body of either kind (works here, novels in their own chunk). */
export interface RankingBodyProps {
  view: RankingView
  search: URLSearchParams
  xRestrict: number | null
  signedIn: boolean
}

/** What the URL and the session make of a ranking page: the view, and what either kind's body asks for. */
export function useRankingBody(): RankingBodyProps {
  useT() // the view's title and mode labels are in the current language
  const [search] = useSearchParams()
  const current = useSession()
  const xRestrict = current?.user.xRestrict ?? null
  return { view: rankingView(search, xRestrict), search, xRestrict, signedIn: !!current }
}

/** `hrefFor(mode, date, kind)`: the ranking URL of a mode and day (the page's defaults left out). */
function rankingHref(view: RankingView, mode: string | undefined, date: string | undefined, kind = view.kind) {
  return paths.ranking({ kind: kind === 'novel' ? 'novel' : undefined, mode: mode === 'day' ? undefined : mode, date })
}

/**
 * What every ranking shows around its list: the title and day, the date picker, the works/novels switch, the mode
 * tabs, and the states of a mode that does not exist or that the viewer may not see. `latest` is the latest ranked
 * day, once the list's first page names it.
 */
export function RankingFrame({
  view,
  latest,
  signedIn,
  children,
}: {
  view: RankingView
  latest: string | undefined
  signedIn: boolean
  children?: ReactNode
}) {
  const t = useT()
  const navigate = useNavigate()
  const { title, date, mode, resolved } = view
  useDocumentTitle(title)
  const hrefFor = (m: string | undefined, d: string | undefined, k?: RankingView['kind']) => rankingHref(view, m, d, k)

  return (
    <>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          <p className="text-sm text-muted">
            {date
              ? formatDay(date)
              : latest
                ? t('ranking.latestDay', { date: formatDay(latest) })
                : t('ranking.latest')}
          </p>
        </div>
        {resolved.kind === 'ok' && (
          <RankingDatePicker
            date={date}
            latest={latest}
            hrefFor={(d) => hrefFor(mode, d)}
            onChange={(d) => void navigate(hrefFor(mode, d))}
          />
        )}
      </div>
      <LinkTabs
        label={t('ranking.kinds')}
        className="mb-2"
        tabs={[
          {
            href: hrefFor(undefined, date, 'illust'),
            label: t('common.illustrationsAndManga'),
            current: view.kind !== 'novel',
          },
          { href: hrefFor(undefined, date, 'novel'), label: t('common.novels'), current: view.kind === 'novel' },
        ]}
      />
      <LinkTabs
        label={t('ranking.modes')}
        className="mb-4"
        tabs={view.modes.map((m) => ({ href: hrefFor(m.mode, date), label: m.label, current: m.mode === mode }))}
      />
      {resolved.kind === 'unknown' && (
        <EmptyState title={t('ranking.unknown')}>
          <Link className={buttonClass('primary', 'mt-3')} to={hrefFor(undefined, undefined)}>
            {t('ranking.seeDaily')}
          </Link>
        </EmptyState>
      )}
      {resolved.kind === 'restricted' &&
        (signedIn ? (
          <EmptyState title={t('ranking.notAvailable')}>{t('ranking.ageSetting')}</EmptyState>
        ) : (
          <EmptyState title={t('ranking.signInTitle')}>
            <Link className={buttonClass('primary', 'mt-3')} to={paths.login(hrefFor(resolved.info.mode, date))}>
              {t('common.signIn')}
            </Link>
          </EmptyState>
        ))}
      {children}
    </>
  )
}
