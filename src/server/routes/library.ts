import type { Hono } from 'hono'
import type { AppContext, AppEnv, Services } from '../context.ts'
import { on } from '../http/endpoint.ts'
import { forbidden, notFound } from '../http/errors.ts'
import type { ScanProgress } from '../library/scans.ts'
import { sendJson } from './common.ts'

// Easel's own endpoints for the owner's library page: what the last scan of the library folder did, the imported works
// per type, the files it left out with why (library/import.ts keeps them), the scan in progress; and the page's rescan
// button. Only the owner may read or scan: the paths are of their disk, and a scan is work for the whole service. The
// demo catalogue has no library: `library: null`.

const NO_SCAN: ScanProgress = { running: false, done: 0, total: 0, started_at: null, error: null }

export function libraryRoutes(app: Hono<AppEnv>, { store, library }: Services) {
  const ownerOnly = (c: AppContext, what: string) => {
    if (!c.var.caller.owner) throw forbidden(`Only the owner of this library can ${what}.`)
  }

  on(app, 'libraryStatus', (c) => {
    const meta = store.meta()
    if (!meta.owner_account) return sendJson(c, { library: null })
    ownerOnly(c, 'see its status')
    const last = meta.library_last_scan ? (JSON.parse(meta.library_last_scan) as { root: string; at: number }) : null
    if (!last) return sendJson(c, { library: null })
    const { root, ...scan } = last
    return sendJson(c, {
      library: {
        root,
        last_scan: scan,
        counts: store.library.counts(root),
        skipped: store.library.skipped(root),
        scan: library?.status() ?? NO_SCAN,
      },
    })
  })

  // The same scan as the watcher's (library/scans.ts), started now; while one runs, a second request starts none and
  // answers with the running one's progress.
  on(app, 'libraryScan', (c) => {
    if (!library) throw notFound('This catalogue has no library folder to scan (LIBRARY_DIR is not set).')
    ownerOnly(c, 'scan it')
    const started = library.start()
    return sendJson(c, { started, scan: library.status() })
  })
}
