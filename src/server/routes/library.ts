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

export function libraryRoutes(app: Hono<AppEnv>, { domain, library }: Services) {
  const ownerOnly = (c: AppContext, what: string) => {
    if (!c.get('caller').owner) throw forbidden(`Only the owner of this library can ${what}.`)
  }

  on(app, 'libraryStatus', async (c) => {
    if (!(await domain.library.hasOwner())) return sendJson(c, { library: null })
    ownerOnly(c, 'see its status')
    const last = await domain.library.lastScan()
    if (!last) return sendJson(c, { library: null })
    return sendJson(c, { library: { ...last, scan: library?.status() ?? NO_SCAN } })
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
