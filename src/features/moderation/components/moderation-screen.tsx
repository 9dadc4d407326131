import { useInfiniteQuery, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query'
import { useMemo, type ReactNode } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Button, buttonClass } from '../../../components/button.tsx'
import { Skeleton } from '../../../components/skeleton.tsx'
import { ErrorState } from '../../../components/states.tsx'
import { LinkTabs } from '../../../components/tabs.tsx'
import { accountQuery } from '../../../lib/account-query.ts'
import { formatDate, formatRelative } from '../../../lib/format.ts'
import { useT, type MessageKey } from '../../../lib/i18n/i18n.ts'
import { richText } from '../../../lib/i18n/rich.tsx'
import type {
  AuditEntry,
  Held,
  ModerationTarget,
  Report,
  ReportState,
  UserRef,
} from '../../../lib/moderation-client.ts'
import { moderationApi } from '../../../lib/moderation-api.ts'
import { moderationHref, type ModerationTab } from '../../../lib/moderation-paths.ts'
import { paths } from '../../../lib/paths.ts'
import { useDocumentTitle } from '../../../lib/use-document-title.ts'
import { useSession } from '../../../lib/use-session.ts'
import { useSignInHref } from '../../../lib/sign-in-href.ts'
import { moderationQueries } from '../api/moderation-queries.ts'
import { REASON_LABELS } from '../report-labels.ts'
import { ModerateButton, ModerateDelete } from './moderate-button.tsx'
import '../../../lib/i18n/messages/en/common.ts'
import '../../../lib/i18n/messages/en/moderation.ts'
import '../../../lib/i18n/messages/en/report.ts'

const KIND_LABELS = {
  illust: 'moderation.target.illust',
  novel: 'moderation.target.novel',
  comment: 'moderation.target.comment',
  user: 'moderation.target.user',
} as const satisfies Record<ModerationTarget['kind'], MessageKey>

const ACTION_LABELS = {
  hide: 'moderation.log.actions.hide',
  unhide: 'moderation.log.actions.unhide',
  delete: 'moderation.log.actions.delete',
  suspend: 'moderation.log.actions.suspend',
  unsuspend: 'moderation.log.actions.unsuspend',
  make_admin: 'moderation.log.actions.make_admin',
  make_member: 'moderation.log.actions.make_member',
  dismiss: 'moderation.log.actions.dismiss',
} as const satisfies Record<AuditEntry['action'], MessageKey>

const OUTCOMES: Readonly<Record<string, MessageKey>> = {
  dismiss: 'moderation.reports.outcomes.dismiss',
  hide: 'moderation.reports.outcomes.hide',
  delete: 'moderation.reports.outcomes.delete',
  suspend: 'moderation.reports.outcomes.suspend',
}

const SECTIONS = {
  reports: 'moderation.screen.reports',
  held: 'moderation.screen.held',
  log: 'moderation.screen.log',
} as const satisfies Record<ModerationTab, MessageKey>

/** After an admin's action: the screen's lists, and the cached works, novels, comments and users (`itemKeys`). */
function useRefresh(itemKeys: readonly QueryKey[]) {
  const client = useQueryClient()
  return () => {
    void client.invalidateQueries({ queryKey: moderationQueries.all() })
    for (const queryKey of itemKeys) void client.invalidateQueries({ queryKey })
  }
}

/** Where a target is seen: a work or a novel, a comment's work or novel, an account's profile (none once deleted). */
function targetHref(target: ModerationTarget): string | null {
  if (!target.exists) return null
  if (target.kind === 'illust') return paths.artwork(target.id)
  if (target.kind === 'novel') return paths.novel(target.id)
  if (target.kind === 'user') return paths.user(target.id)
  if (!target.on) return null
  return target.on.kind === 'illust' ? paths.artwork(target.on.id) : paths.novel(target.on.id)
}

function Pill({ children, tone = 'muted' }: { children: ReactNode; tone?: 'muted' | 'danger' }) {
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-semibold ${
        tone === 'danger' ? 'bg-danger/10 text-danger' : 'bg-line/60 text-ink'
      }`}
    >
      {children}
    </span>
  )
}

/** A line with an account and a time in it (`<user>@{account}</user> <time>{when}</time>`). */
function Dated({ message, user, iso }: { message: MessageKey; user?: UserRef | null; iso: string }) {
  return (
    <span className="block">
      {richText(
        message,
        {
          user: (text) =>
            user ? (
              <Link
                className="inline-flex min-h-11 items-center text-accent underline sm:min-h-0"
                to={paths.user(user.id)}
              >
                {text}
              </Link>
            ) : (
              text
            ),
          time: (text) => (
            <time dateTime={iso} title={formatDate(iso, { time: true })}>
              {text}
            </time>
          ),
        },
        { account: user?.account ?? '', when: formatRelative(iso) },
      )}
    </span>
  )
}

/** What an entry is about: its kind, its title (a link while it exists), whether it is held or gone, and whose. */
function TargetSummary({ target }: { target: ModerationTarget }) {
  const t = useT()
  const href = targetHref(target)
  const label = target.label || (target.kind === 'user' ? `#${target.id}` : t('moderation.untitled'))
  const author = target.kind === 'user' ? null : target.user
  return (
    <div className="min-w-0 space-y-1">
      <p className="flex flex-wrap items-center gap-2">
        <Pill>{t(KIND_LABELS[target.kind])}</Pill>
        {href ? (
          <Link
            to={href}
            className="inline-flex min-h-11 min-w-0 items-center font-semibold break-words text-accent underline sm:min-h-0"
            data-content
          >
            {label}
          </Link>
        ) : (
          <span className="min-w-0 font-semibold break-words" data-content>
            {label}
          </span>
        )}
        {!target.exists && <Pill tone="danger">{t('moderation.target.deleted')}</Pill>}
        {target.exists && target.held && (
          <Pill tone="danger">
            {target.kind === 'user' ? t('moderation.target.suspended') : t('moderation.target.hidden')}
          </Pill>
        )}
      </p>
      {author && (
        <p className="text-sm text-muted">
          {richText(
            'moderation.target.by',
            {
              user: (text) => (
                <Link
                  className="inline-flex min-h-11 items-center text-accent underline sm:min-h-0"
                  to={paths.user(author.id)}
                >
                  {text}
                </Link>
              ),
            },
            { account: author.account },
          )}
        </p>
      )}
    </div>
  )
}

/** The actions on an open report: hide or delete what it names, suspend its author, or dismiss it. */
function ReportActions({ report, onDone }: { report: Report; onDone: () => void }) {
  const t = useT()
  const { target } = report
  const kind = target.kind === 'user' ? null : target.kind
  const label = target.label || t('moderation.untitled')
  const author = target.user
  return (
    <div className="flex flex-wrap gap-2">
      {kind && target.exists && !target.held && (
        <ModerateButton
          action="hide"
          target={{ label }}
          run={(note) => moderationApi.moderateItem({ kind, targetId: target.id, action: 'hide', note })}
          onDone={onDone}
        />
      )}
      {kind && target.exists && (
        <ModerateDelete
          title={t('moderation.item.deleteTitle', { label })}
          text={t('moderation.item.deleteText')}
          run={(note) => moderationApi.moderateItem({ kind, targetId: target.id, action: 'delete', note })}
          onDeleted={onDone}
        />
      )}
      {author && (
        <ModerateButton
          action="suspend"
          target={{ name: author.name || author.account }}
          open={t('moderation.reports.suspendAuthor')}
          run={(note) => moderationApi.moderateUser(author.id, 'suspend', note)}
          onDone={onDone}
        />
      )}
      <ModerateButton action="dismiss" run={(note) => moderationApi.dismissReport(report.id, note)} onDone={onDone} />
    </div>
  )
}

function ReportCard({ report, onDone }: { report: Report; onDone: () => void }) {
  const t = useT()
  const outcome = report.resolution ? OUTCOMES[report.resolution] : undefined
  return (
    <li>
      <article
        aria-label={t('moderation.reports.report', { id: report.id })}
        className="space-y-3 rounded-xl border border-line p-4"
      >
        <TargetSummary target={report.target} />
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_minmax(0,1fr)]">
          <dt className="font-medium">{t('moderation.reports.reason')}</dt>
          <dd>{t(REASON_LABELS[report.reason])}</dd>
          {report.note && (
            <>
              <dt className="font-medium">{t('moderation.reports.note')}</dt>
              <dd className="break-words whitespace-pre-wrap" data-content>
                {report.note}
              </dd>
            </>
          )}
          {report.closedAt && report.resolution && (
            <>
              <dt className="font-medium">{t('moderation.reports.outcome')}</dt>
              <dd>{outcome ? t(outcome) : report.resolution}</dd>
            </>
          )}
        </dl>
        <div className="text-sm text-muted">
          <Dated
            message={report.reporter ? 'moderation.reports.reportedBy' : 'moderation.reports.reportedByGone'}
            user={report.reporter}
            iso={report.createdAt}
          />
          {report.closedAt && (
            <Dated
              message={report.closedBy ? 'moderation.reports.closedBy' : 'moderation.reports.closedAt'}
              user={report.closedBy}
              iso={report.closedAt}
            />
          )}
        </div>
        {!report.closedAt && <ReportActions report={report} onDone={onDone} />}
      </article>
    </li>
  )
}

/** What undoes a hold: Lift suspension for an account, Unhide for a work, a novel or a comment. */
function Release({ target, onDone }: { target: ModerationTarget; onDone: () => void }) {
  const t = useT()
  if (target.kind === 'user') {
    const name = target.label || target.user?.name || `#${target.id}`
    return (
      <ModerateButton
        action="unsuspend"
        target={{ name }}
        run={(note) => moderationApi.moderateUser(target.id, 'unsuspend', note)}
        onDone={onDone}
      />
    )
  }
  if (!target.exists) return null
  const kind = target.kind
  return (
    <ModerateButton
      action="unhide"
      target={{ label: target.label || t('moderation.untitled') }}
      run={(note) => moderationApi.moderateItem({ kind, targetId: target.id, action: 'unhide', note })}
      onDone={onDone}
    />
  )
}

function HeldRow({ held, onDone }: { held: Held; onDone: () => void }) {
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 rounded-xl border border-line p-4">
      <div className="min-w-0 flex-1 space-y-1">
        <TargetSummary target={held.target} />
        <p className="text-sm text-muted">
          <Dated message="moderation.held.since" iso={held.heldAt} />
        </p>
      </div>
      <Release target={held.target} onDone={onDone} />
    </li>
  )
}

function LogRow({ entry }: { entry: AuditEntry }) {
  const t = useT()
  return (
    <li className="space-y-2 rounded-xl border border-line p-4">
      <p className="text-sm font-semibold">{t(ACTION_LABELS[entry.action])}</p>
      <TargetSummary target={entry.target} />
      {entry.note && (
        <dl className="text-sm">
          <dt className="font-medium">{t('moderation.reports.note')}</dt>
          <dd className="break-words whitespace-pre-wrap" data-content>
            {entry.note}
          </dd>
        </dl>
      )}
      <p className="text-sm text-muted">
        <Dated
          message={entry.admin ? 'moderation.log.by' : 'moderation.log.byGone'}
          user={entry.admin}
          iso={entry.createdAt}
        />
      </p>
    </li>
  )
}

/** What PagedList reads of an infinite query. */
interface PagedQuery {
  isPending: boolean
  isError: boolean
  error: unknown
  refetch: () => unknown
  hasNextPage: boolean
  isFetchingNextPage: boolean
  isFetchNextPageError: boolean
  fetchNextPage: () => unknown
}

/**
 * One of the screen's paged lists: loading, failure, empty, then its items and a button for the next page (one fetch
 * at a time). A button rather than loading on scroll: an admin works through a page before asking for the next.
 */
function PagedList({
  query,
  items,
  label,
  empty,
  children,
}: {
  query: PagedQuery
  items: readonly unknown[]
  label: string
  empty: string
  children: ReactNode
}) {
  const t = useT()
  if (query.isPending) return <Skeleton className="h-40" />
  if (query.isError && items.length === 0)
    return <ErrorState compact error={query.error} onRetry={() => void query.refetch()} />
  if (items.length === 0) return <p className="py-6 text-sm text-muted">{empty}</p>
  return (
    <>
      <ul aria-label={label} className="space-y-3">
        {children}
      </ul>
      {query.hasNextPage && (
        <div className="flex flex-wrap items-center justify-center gap-3 py-4">
          {query.isFetchNextPageError && (
            <p role="alert" className="text-sm text-danger">
              {t('moderation.failed')}
            </p>
          )}
          <Button
            disabled={query.isFetchingNextPage}
            onClick={() => !query.isFetchingNextPage && void query.fetchNextPage()}
          >
            {query.isFetchingNextPage ? t('moderation.loadingMore') : t('common.loadMore')}
          </Button>
        </div>
      )}
    </>
  )
}

function ReportList({ state, itemKeys }: { state: ReportState; itemKeys: readonly QueryKey[] }) {
  const t = useT()
  const refresh = useRefresh(itemKeys)
  const query = useInfiniteQuery(moderationQueries.reports(state))
  const reports = useMemo(() => query.data?.pages.flatMap((p) => p.reports) ?? [], [query.data])
  return (
    <div className="space-y-4">
      <LinkTabs
        label={t('moderation.screen.states')}
        tabs={(['open', 'closed'] as const).map((s) => ({
          href: moderationHref({ state: s }),
          label: s === 'open' ? t('moderation.screen.open') : t('moderation.screen.closed'),
          current: s === state,
        }))}
      />
      <PagedList
        query={query}
        items={reports}
        label={t('moderation.reports.list')}
        empty={state === 'open' ? t('moderation.reports.emptyOpen') : t('moderation.reports.emptyClosed')}
      >
        {reports.map((report) => (
          <ReportCard key={report.id} report={report} onDone={refresh} />
        ))}
      </PagedList>
    </div>
  )
}

function HeldList({ itemKeys }: { itemKeys: readonly QueryKey[] }) {
  const t = useT()
  const refresh = useRefresh(itemKeys)
  const query = useInfiniteQuery(moderationQueries.held())
  const held = useMemo(() => query.data?.pages.flatMap((p) => p.held) ?? [], [query.data])
  return (
    <PagedList query={query} items={held} label={t('moderation.held.list')} empty={t('moderation.held.empty')}>
      {held.map((h) => (
        <HeldRow key={`${h.target.kind}:${h.target.id}`} held={h} onDone={refresh} />
      ))}
    </PagedList>
  )
}

function LogList() {
  const t = useT()
  const query = useInfiniteQuery(moderationQueries.log())
  const entries = useMemo(() => query.data?.pages.flatMap((p) => p.entries) ?? [], [query.data])
  return (
    <PagedList query={query} items={entries} label={t('moderation.log.list')} empty={t('moderation.log.empty')}>
      {entries.map((entry) => (
        <LogRow key={entry.id} entry={entry} />
      ))}
    </PagedList>
  )
}

const tabOf = (search: URLSearchParams): ModerationTab => {
  const tab = search.get('tab')
  return tab === 'held' || tab === 'log' ? tab : 'reports'
}

/** The screen's body for an admin: its sections as tabs (links: each one a URL), and the section shown. */
function AdminBody({
  tab,
  state,
  itemKeys,
}: {
  tab: ModerationTab
  state: ReportState
  itemKeys: readonly QueryKey[]
}) {
  const t = useT()
  return (
    <>
      <LinkTabs
        label={t('moderation.screen.sections')}
        tabs={(['reports', 'held', 'log'] as const).map((name) => ({
          href: moderationHref({ tab: name }),
          label: t(SECTIONS[name]),
          current: name === tab,
        }))}
      />
      {tab === 'reports' && <ReportList key={state} state={state} itemKeys={itemKeys} />}
      {tab === 'held' && <HeldList itemKeys={itemKeys} />}
      {tab === 'log' && <LogList />}
    </>
  )
}

/**
 * The moderation screen (`/settings?view=moderation`), for admins: the reports, open or closed, each with what it
 * names and the actions on it; what is hidden or suspended now, each with its undoing; and the audit log. Every list
 * pages by its next_url. A member reads that it is the admins'; signed out, a sign-in link. `itemKeys`: the cached
 * works, novels, comments and users an action changes.
 */
export function ModerationScreen({ itemKeys }: { itemKeys: readonly QueryKey[] }) {
  const t = useT()
  const me = useSession()
  const signInHref = useSignInHref()
  const [search] = useSearchParams()
  const account = useQuery({ ...accountQuery(), enabled: !!me })
  useDocumentTitle(t('moderation.screen.title'))
  const state: ReportState = search.get('state') === 'closed' ? 'closed' : 'open'

  let body: ReactNode
  if (!me)
    body = (
      <div className="flex flex-wrap items-center gap-3">
        <p>{t('moderation.screen.signIn')}</p>
        <Link className={buttonClass('primary')} to={signInHref}>
          {t('common.signIn')}
        </Link>
      </div>
    )
  else if (account.isPending) body = <Skeleton className="h-40" />
  else if (account.isError) body = <ErrorState error={account.error} onRetry={() => void account.refetch()} />
  else if (account.data.role !== 'admin')
    body = (
      <section className="rounded-2xl border border-line p-6 text-center">
        <h2 className="text-lg font-semibold">{t('moderation.screen.onlyAdmins')}</h2>
        <p className="mt-2 text-muted">{t('moderation.screen.onlyAdminsText')}</p>
      </section>
    )
  else body = <AdminBody tab={tabOf(search)} state={state} itemKeys={itemKeys} />

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div className="space-y-2">
        <Link
          to={paths.settings()}
          className="inline-flex min-h-11 items-center text-sm text-accent underline sm:min-h-0"
        >
          {t('moderation.screen.back')}
        </Link>
        <h1 className="text-2xl font-semibold tracking-tight">{t('moderation.screen.title')}</h1>
        <p className="text-sm text-muted">{t('moderation.screen.intro')}</p>
      </div>
      {body}
    </div>
  )
}
