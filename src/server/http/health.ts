// /healthz and /readyz, for a load balancer or an orchestrator (README, "Health checks and shutdown"). Outside the
// API's path spaces: no token, no rate limit (a probe every second from each balancer must never be refused), and
// registered before the gallery, so the SPA's index.html never answers them.

import type { Hono } from 'hono'
import type { AppEnv } from '../context.ts'
import { HEALTH_PATHS } from '../../api/service-paths.ts'

/**
 * Where the service is in its life. `starting` until the server listens with its start-up work done (generation, the
 * library's start-up scan: both happen before it listens, so a balancer sees "refused" then, not a 503), `ready`
 * while it serves, `stopping` from the first shutdown signal on.
 */
export type Phase = 'starting' | 'ready' | 'stopping'

export class Lifecycle {
  constructor(private current: Phase = 'starting') {}

  get phase(): Phase {
    return this.current
  }

  ready() {
    if (this.current === 'starting') this.current = 'ready'
  }

  stopping() {
    this.current = 'stopping'
  }
}

/** Why the service is not ready: the JSON of a 503 from /readyz. */
export interface NotReady {
  status: 'unavailable'
  reason: 'starting' | 'shutting_down' | 'database' | 'storage'
  message?: string
}

/** A database that does not answer a trivial query within this long is as good as down. */
const PROBE_TIMEOUT_MS = 2000

/**
 * `probe`: a trivial query through the catalogue's own connection (throws, or rejects, when the database cannot
 * answer). Synchronous on SQLite; an asynchronous engine's is bounded by PROBE_TIMEOUT_MS. `storageProbe`: a cheap
 * look-up in the images' storage (a bucket out of reach makes every copied original and cached render unservable),
 * bounded the same way.
 */
export function healthRoutes(
  app: Hono<AppEnv>,
  lifecycle: Lifecycle,
  probe: () => unknown,
  probeTimeoutMs = PROBE_TIMEOUT_MS,
  storageProbe?: () => Promise<unknown>,
) {
  app.get(HEALTH_PATHS.live, (c) => {
    c.header('Cache-Control', 'no-store')
    return c.json({ status: 'ok' })
  })
  app.get(HEALTH_PATHS.ready, async (c) => {
    c.header('Cache-Control', 'no-store')
    const notReady =
      (await readiness(lifecycle, probe, probeTimeoutMs)) ??
      (storageProbe && (await readiness(lifecycle, storageProbe, probeTimeoutMs, 'storage')))
    return notReady ? c.json(notReady, 503) : c.json({ status: 'ready' })
  })
}

async function readiness(
  lifecycle: Lifecycle,
  probe: () => unknown,
  timeoutMs: number,
  reason: 'database' | 'storage' = 'database',
): Promise<NotReady | undefined> {
  const notServing = (): NotReady | undefined =>
    lifecycle.phase === 'ready'
      ? undefined
      : { status: 'unavailable', reason: lifecycle.phase === 'stopping' ? 'shutting_down' : 'starting' }
  const before = notServing()
  if (before) return before
  let timer: NodeJS.Timeout | undefined
  try {
    const answer = probe()
    // SQLite's probe has answered already; an asynchronous engine's gets `timeoutMs`
    if (answer instanceof Promise)
      await Promise.race([
        answer,
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs)
        }),
      ])
  } catch (err) {
    return { status: 'unavailable', reason, message: err instanceof Error ? err.message : String(err) }
  } finally {
    clearTimeout(timer)
  }
  // shutdown may have begun while an asynchronous probe was out
  return notServing()
}
