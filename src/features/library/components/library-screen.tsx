import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from 'react-router'
import { Button, buttonClass } from '../../../components/button.tsx'
import { Skeleton } from '../../../components/skeleton.tsx'
import { EmptyState, ErrorState } from '../../../components/states.tsx'
import { useSession } from '../../../lib/use-session.ts'
import { api } from '../../../lib/api.ts'
import { formatCount, formatDate } from '../../../lib/format.ts'
import { t as translate, useT } from '../../../lib/i18n/i18n.ts'
import { richText } from '../../../lib/i18n/rich.tsx'
import { paths } from '../../../lib/paths.ts'
import '../../../lib/i18n/messages/en/common.ts'
import '../../../lib/i18n/messages/en/library.ts'
import { useDocumentTitle } from '../../../lib/use-document-title.ts'

// The owner's library page: what the last scan of the library folder (LIBRARY_DIR) did, the works per type, and each
// file it left out with the reason, from GET /v1/easel/library; a Rescan button (POST /v1/easel/library/scan) and the
// progress of a scan while one runs, the status asked again every POLL_MS until it has ended. The demo catalogue has
// no library.

type Library = NonNullable<Awaited<ReturnType<typeof api.libraryStatus>>>

/** The kinds the importer takes, in this order; a kind not named here is shown after them by its key. */
const KIND_LABELS = {
  illust: 'common.illustrations',
  manga: 'common.manga',
  ugoira: 'common.ugoira',
  novel: 'common.novels',
} as const
const kindLabel = (key: string) => (key in KIND_LABELS ? translate(KIND_LABELS[key as keyof typeof KIND_LABELS]) : key)
const KIND_ORDER = Object.keys(KIND_LABELS)
const kindRank = (key: string) => (KIND_ORDER.includes(key) ? KIND_ORDER.indexOf(key) : KIND_ORDER.length)

/** How often the status is asked for while a scan runs (never otherwise). */
export const POLL_MS = 500

/** The library's status: fresh on every visit (a rescan may have run since), and polled while a scan runs. */
const libraryStatus = () =>
  queryOptions({
    queryKey: ['library-status'],
    queryFn: ({ signal }) => api.libraryStatus({ signal }),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.scan.running ? POLL_MS : false),
  })

/** An instant of the service's clock (Unix seconds), in the gallery's language and the viewer's time zone. */
const dateTime = (unixS: number) => {
  const iso = new Date(unixS * 1000).toISOString()
  return <time dateTime={iso}>{formatDate(iso, { time: true })}</time>
}

/** The Rescan button, and the running scan's progress: works read of those found (none found yet: still walking). */
function Rescan({ scan }: { scan: Library['scan'] }) {
  const t = useT()
  const client = useQueryClient()
  const start = useMutation({
    mutationFn: () => api.libraryScan(),
    onSuccess: ({ scan }) => {
      // the running scan's progress at once; the status is then polled until it has ended
      client.setQueryData(libraryStatus().queryKey, (old) => (old ? { ...old, scan } : old))
      if (!scan.running) void client.invalidateQueries({ queryKey: libraryStatus().queryKey })
    },
  })
  const running = scan.running
  return (
    <div className="space-y-2">
      <Button disabled={running || start.isPending} onClick={() => start.mutate()}>
        {t('library.rescan')}
      </Button>
      {/* mounted before a scan, so that screen readers announce its progress */}
      <div role="status" className="space-y-1">
        {running && (
          <>
            <p>
              {richText(
                'library.scanning',
                { since: () => (scan.started_at !== null ? dateTime(scan.started_at) : null) },
                {
                  progress:
                    scan.total > 0
                      ? t('library.progress', { done: scan.done, count: scan.total })
                      : t('library.looking'),
                },
              )}
            </p>
            <progress
              className="w-full"
              aria-label={t('library.scanProgress')}
              max={scan.total || undefined}
              value={scan.total > 0 ? scan.done : undefined}
            />
          </>
        )}
      </div>
      {!running && scan.error !== null && (
        <p role="alert" className="text-sm text-danger">
          {t('library.lastFailed', { error: scan.error })}
        </p>
      )}
      {start.isError && (
        <p role="alert" className="text-sm text-danger">
          {t('library.startFailed')}
        </p>
      )}
    </div>
  )
}

function Library() {
  const t = useT()
  const query = useQuery(libraryStatus())
  if (query.isPending) return <Skeleton className="h-40 w-full rounded-2xl" />
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />
  const library = query.data
  if (!library)
    return (
      <EmptyState title={t('library.none')}>
        {richText('library.demo', { code: (text) => <code>{text}</code> })}
      </EmptyState>
    )
  const scan = library.last_scan
  const counts = Object.entries(library.counts).sort(([a], [b]) => kindRank(a) - kindRank(b))
  return (
    <div className="space-y-6">
      <section
        aria-label={t('library.lastScan')}
        className="space-y-2 rounded-2xl border border-line bg-surface/50 p-4 sm:p-6"
      >
        <h2 className="text-lg font-semibold">{t('library.lastScan')}</h2>
        <p className="break-all text-muted">{library.root}</p>
        <p data-last-scan>
          {richText(
            'library.summary',
            { at: () => dateTime(scan.at) },
            {
              imported: scan.imported,
              updated: scan.updated,
              removed: scan.removed,
              unchanged: scan.unchanged,
              skipped: scan.skipped,
            },
          )}
        </p>
        <Rescan scan={library.scan} />
      </section>
      <section
        aria-label={t('common.works')}
        className="space-y-2 rounded-2xl border border-line bg-surface/50 p-4 sm:p-6"
      >
        <h2 className="text-lg font-semibold">{t('common.works')}</h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
          {counts.map(([key, n]) => (
            <div key={key} className="contents">
              <dt>{kindLabel(key)}</dt>
              <dd className="tabular-nums">{formatCount(n)}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section
        aria-label={t('library.skipped')}
        className="space-y-2 rounded-2xl border border-line bg-surface/50 p-4 sm:p-6"
      >
        <h2 className="text-lg font-semibold">{t('library.skipped')}</h2>
        {library.skipped.length === 0 ? (
          <p className="text-muted">{t('library.noneSkipped')}</p>
        ) : (
          <table className="w-full text-left text-sm">
            <thead>
              <tr>
                <th className="py-1 pr-4 font-semibold">{t('library.file')}</th>
                <th className="py-1 font-semibold">{t('library.why')}</th>
              </tr>
            </thead>
            <tbody>
              {library.skipped.map((s) => (
                <tr key={s.path} className="border-t border-line align-top">
                  <td className="break-all py-1 pr-4">{s.path}</td>
                  <td className="py-1">{s.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  )
}

/** `/library`: the owner's library (signed out: a way to sign in). */
export function LibraryScreen() {
  const t = useT()
  useDocumentTitle(t('library.title'))
  const signedIn = useSession() !== null
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight">{t('library.title')}</h1>
      {signedIn ? (
        <Library />
      ) : (
        <EmptyState title={t('library.signIn')}>
          <Link className={buttonClass('primary')} to={paths.login(paths.library())}>
            {t('common.signIn')}
          </Link>
        </EmptyState>
      )}
    </div>
  )
}
