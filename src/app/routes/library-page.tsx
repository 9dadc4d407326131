import { queryOptions, useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { buttonClass } from '../../components/button.tsx'
import { Skeleton } from '../../components/skeleton.tsx'
import { EmptyState, ErrorState } from '../../components/states.tsx'
import { useSession } from '../../features/auth/use-session.ts'
import { api } from '../../lib/api.ts'
import { paths } from '../../lib/paths.ts'
import { useDocumentTitle } from '../use-document-title.ts'

// The owner's library page: what the last scan of the library folder (LIBRARY_DIR) did, the works per type and the
// novels, and each file it left out with the reason, from GET /v1/easel/library. The demo catalogue has no library.

const KINDS = [
  ['illust', 'Illustrations'],
  ['manga', 'Manga'],
  ['ugoira', 'Ugoira'],
  ['novel', 'Novels'],
] as const

/** The library's status: fresh on every visit (a rescan may have run since). */
const libraryStatus = () =>
  queryOptions({ queryKey: ['library-status'], queryFn: ({ signal }) => api.libraryStatus({ signal }), staleTime: 0 })

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
  return (
    <div className="space-y-6">
      <section aria-label="Last scan" className="space-y-2 rounded-2xl border border-line bg-surface/50 p-4 sm:p-6">
        <h2 className="text-lg font-semibold">Last scan</h2>
        <p className="break-all text-muted">{library.root}</p>
        <p>
          <time dateTime={new Date(scan.at * 1000).toISOString()}>{new Date(scan.at * 1000).toLocaleString()}</time>:{' '}
          {scan.imported} imported, {scan.updated} updated, {scan.removed} removed, {scan.unchanged} unchanged,{' '}
          {scan.skipped} skipped
        </p>
      </section>
      <section aria-label="Works" className="space-y-2 rounded-2xl border border-line bg-surface/50 p-4 sm:p-6">
        <h2 className="text-lg font-semibold">Works</h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
          {KINDS.map(([key, label]) => (
            <div key={key} className="contents">
              <dt>{label}</dt>
              <dd className="tabular-nums">{library.counts[key]}</dd>
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
