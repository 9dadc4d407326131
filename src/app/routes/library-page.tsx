import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from 'react-router'
import { Button, buttonClass } from '../../components/button.tsx'
import { Skeleton } from '../../components/skeleton.tsx'
import { EmptyState, ErrorState } from '../../components/states.tsx'
import { useSession } from '../../lib/use-session.ts'
import { api } from '../../lib/api.ts'
import { paths } from '../../lib/paths.ts'
import { useDocumentTitle } from '../../lib/use-document-title.ts'

// The owner's library page: what the last scan of the library folder (LIBRARY_DIR) did, the works per type, and each
// file it left out with the reason, from GET /v1/easel/library; a Rescan button (POST /v1/easel/library/scan) and the
// progress of a scan while one runs, the status asked again every POLL_MS until it has ended. The demo catalogue has
// no library.

type Library = NonNullable<Awaited<ReturnType<typeof api.libraryStatus>>>

/** The kinds the importer takes, in this order; a kind not named here is shown after them by its key. */
const KIND_LABELS: Record<string, string> = {
  illust: 'Illustrations',
  manga: 'Manga',
  ugoira: 'Ugoira',
  novel: 'Novels',
}
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

const dateTime = (unixS: number) => {
  const d = new Date(unixS * 1000)
  return <time dateTime={d.toISOString()}>{d.toLocaleString()}</time>
}

/** The Rescan button, and the running scan's progress: works read of those found (none found yet: still walking). */
function Rescan({ scan }: { scan: Library['scan'] }) {
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
        Rescan
      </Button>
      {/* mounted before a scan, so that screen readers announce its progress */}
      <div role="status" className="space-y-1">
        {running && (
          <>
            <p>
              Scanning since {scan.started_at !== null && dateTime(scan.started_at)}:{' '}
              {scan.total > 0 ? `${scan.done} of ${scan.total} works` : 'looking for works'}
            </p>
            <progress
              className="w-full"
              aria-label="Scan progress"
              max={scan.total || undefined}
              value={scan.total > 0 ? scan.done : undefined}
            />
          </>
        )}
      </div>
      {!running && scan.error !== null && (
        <p role="alert" className="text-sm text-danger">
          The last scan failed: {scan.error}
        </p>
      )}
      {start.isError && (
        <p role="alert" className="text-sm text-danger">
          Could not start a scan. Check the connection and try again.
        </p>
      )}
    </div>
  )
}

function Library() {
  const query = useQuery(libraryStatus())
  if (query.isPending) return <Skeleton className="h-40 w-full rounded-2xl" />
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />
  const library = query.data
  if (!library)
    return (
      <EmptyState title="No library">
        This is the demo catalogue. Start Easel with <code>LIBRARY_DIR=/path/to/gallery-dl</code> to browse your own
        downloads.
      </EmptyState>
    )
  const scan = library.last_scan
  const counts = Object.entries(library.counts).sort(([a], [b]) => kindRank(a) - kindRank(b))
  return (
    <div className="space-y-6">
      <section aria-label="Last scan" className="space-y-2 rounded-2xl border border-line bg-surface/50 p-4 sm:p-6">
        <h2 className="text-lg font-semibold">Last scan</h2>
        <p className="break-all text-muted">{library.root}</p>
        <p data-last-scan>
          {dateTime(scan.at)}: {scan.imported} imported, {scan.updated} updated, {scan.removed} removed,{' '}
          {scan.unchanged} unchanged, {scan.skipped} skipped
        </p>
        <Rescan scan={library.scan} />
      </section>
      <section aria-label="Works" className="space-y-2 rounded-2xl border border-line bg-surface/50 p-4 sm:p-6">
        <h2 className="text-lg font-semibold">Works</h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
          {counts.map(([key, n]) => (
            <div key={key} className="contents">
              <dt>{KIND_LABELS[key] ?? key}</dt>
              <dd className="tabular-nums">{n}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-label="Skipped files" className="space-y-2 rounded-2xl border border-line bg-surface/50 p-4 sm:p-6">
        <h2 className="text-lg font-semibold">Skipped files</h2>
        {library.skipped.length === 0 ? (
          <p className="text-muted">None: every file was imported.</p>
        ) : (
          <table className="w-full text-left text-sm">
            <thead>
              <tr>
                <th className="py-1 pr-4 font-semibold">File</th>
                <th className="py-1 font-semibold">Why</th>
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

export function Component() {
  useDocumentTitle('Library')
  const signedIn = useSession() !== null
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight">Library</h1>
      {signedIn ? (
        <Library />
      ) : (
        <EmptyState title="Sign in to see your library">
          <Link className={buttonClass('primary')} to={paths.login(paths.library())}>
            Sign in
          </Link>
        </EmptyState>
      )}
    </div>
  )
}
