import type { Hono } from 'hono'
import type { AppEnv, Services } from '../services.ts'
import { on } from '../http/endpoint.ts'
import { forbidden } from '../http/errors.ts'
import { sendJson } from './common.ts'

// Easel's own endpoint for the owner's library page: what the last scan of the library folder did, the imported works
// per type, and the files it left out with why (library/import.ts keeps them). Only the owner may read it: the paths
// are of their disk. The demo catalogue has no library: `library: null`.

export function libraryRoutes(app: Hono<AppEnv>, { store }: Services) {
  on(app, 'libraryStatus', (c) => {
    const meta = store.meta()
    if (!meta.owner_account) return sendJson(c, { library: null })
    if (!c.var.caller.owner) throw forbidden('Only the owner of this library can see its status.')
    const last = meta.library_last_scan ? (JSON.parse(meta.library_last_scan) as { root: string; at: number }) : null
    if (!last) return sendJson(c, { library: null })
    const { root, ...scan } = last
    return sendJson(c, {
      library: {
        root,
        last_scan: scan,
        counts: store.library.counts(root),
        skipped: store.library.skipped(root),
      },
    })
  })
}
