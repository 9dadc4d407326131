import { serve } from '@hono/node-server'
import type { Server } from 'node:http'
import type { Config } from './config.ts'
import { createLogger, type Logger } from './log.ts'
import type { Services } from './context.ts'
import { Lru } from './lru.ts'
import { openCatalogue, servedCatalogueFile, tokenSecret } from './catalogue.ts'
import { cacheChangeOf, changedAnything } from './library/import.ts'
import {
  libraryScans,
  pgLibraryTarget,
  prepareLibrary,
  preparePgLibrary,
  sqliteLibraryTarget,
  watchServedLibrary,
} from './library/library-catalogue.ts'
import { TokenSigner } from './auth/tokens.ts'
import { createApp } from './app.ts'
import { PostingService, scheduleCleanUp } from './services/posting.ts'
import { openStorage } from './storage/storage-url.ts'
import { ITEM_CACHE_MAX_BYTES, ItemJsonCache } from './wire/item-cache.ts'
import { ImageRowCache } from './images/repository-catalogue.ts'
import { NovelTextCache } from './services/novel-texts.ts'
import { CallerStates } from './wire/caller-state.ts'
import { SessionCache } from './auth/sessions.ts'
import { errorBody } from './http/errors.ts'
import { connectionCap, guardConnections } from './http/connection-guard.ts'
import { catalogueNowOf } from './calendar.ts'
import { InlineSearches } from './search/search-job.ts'
import { sqliteRepositories } from './data/sqlite-repositories.ts'
import { createDomain } from './services/domain.ts'
import type { Caches } from './services/caches.ts'
import { applyChange, LocalCacheBus, type CacheBus } from './services/cache-bus.ts'
import { PgCacheBus } from './data/postgres/cache-bus.ts'
import { SearchPool } from './search/search-pool.ts'
import type pg from 'pg'
import type { CatalogueStore } from './data/store.ts'
import type { Repositories } from './data/repositories.ts'
import type { Searches } from './search/search-job.ts'
import { catalogueAnswers } from './data/health-check.ts'
import { pgRepositories } from './data/postgres/repositories/index.ts'
import { openPostgresCatalogue } from './data/postgres/open-catalogue.ts'
import { PgSearches } from './search/pg-search.ts'
import { Lifecycle } from './http/health.ts'
import { drainServer } from './http/drain.ts'

/**
 * Searches of one client (an account, or an address when anonymous) that may wait or run at once: one running and two
 * waiting, with one worker. A person's gallery has one search in flight, two when they type on; more is a script.
 */
const SEARCHES_PER_CLIENT = 3

const MB = 1024 * 1024

/** The services over SQLite, whose store is theirs. */
export type SqliteServices = Services & { store: CatalogueStore }

/**
 * `nowS`: the real clock (tests may set it to another day). The SQLite catalogue under DATA_DIR. `bus`: where writes
 * tell the caches what changed (services/cache-bus.ts): this process's alone by default.
 */
export function createServices(
  config: Config,
  log: Logger,
  nowS: () => number = () => Math.floor(Date.now() / 1000),
  bus: CacheBus = new LocalCacheBus(),
): SqliteServices {
  const store = openCatalogue(config, log, nowS)
  const searches =
    config.search.workers > 0
      ? new SearchPool({
          file: servedCatalogueFile(config),
          ...config.search,
          perClient: SEARCHES_PER_CLIENT,
          log,
        })
      : new InlineSearches(store)
  const services = assembleServices(config, nowS, bus, {
    repos: sqliteRepositories(store),
    meta: store.meta(),
    searches,
    probe: () => catalogueAnswers(store.db),
    closeCatalogue: async () => store.close(),
  })
  const sqlite: SqliteServices = Object.assign(services, { store })
  sqlite.library = libraryScans(config, sqliteLibraryTarget(store), sqlite, log)
  return sqlite
}

/**
 * The services over a PostgreSQL catalogue already migrated and seeded (data/postgres/open-catalogue.ts): `pool`
 * serves the API's queries; searches run on a pool of their own (search/pg-search.ts). `meta`: the catalogue's.
 * `bus`: where writes tell the caches what changed; openServices gives the one over the same database
 * (data/postgres/cache-bus.ts), which keeps every instance's caches right (this process's alone by default: a test's).
 */
export function createPgServices(
  config: Config,
  pool: pg.Pool,
  url: string,
  meta: Record<string, string>,
  log: Logger,
  nowS: () => number = () => Math.floor(Date.now() / 1000),
  bus: CacheBus = new LocalCacheBus(),
): Services {
  const services = assembleServices(config, nowS, bus, {
    repos: pgRepositories(pool),
    meta,
    // SEARCH_WORKERS is how many searches run at once on SQLite; here, how many connections they have
    searches: new PgSearches(url, { max: Math.max(1, config.search.workers) * 2, ...config.search }),
    probe: () => pool.query('SELECT 1'),
    closeCatalogue: () => pool.end(),
  })
  services.library = libraryScans(config, pgLibraryTarget(pool), services, log)
  return services
}

/** The services of the catalogue the configuration names: PostgreSQL with DATABASE_URL, else SQLite. */
export async function openServices(
  config: Config,
  log: Logger,
  nowS: () => number = () => Math.floor(Date.now() / 1000),
): Promise<Services> {
  const url = config.databaseUrl
  if (!url) return createServices(config, log, nowS)
  const pool = await openPostgresCatalogue(config, url, log, { nowS })
  const bus = new PgCacheBus(url, { log })
  try {
    // A library is scanned before the service answers: what the archive holds is what the first answer shows. What
    // the scan changed, the instances already running forget (their own scans would find it imported, and say nothing).
    const report = await preparePgLibrary(pool, config, log)
    if (report && changedAnything(report)) {
      await bus.ready()
      await bus.publish(cacheChangeOf(report))
    }
    const meta = await pgRepositories(pool).catalogue.meta()
    return createPgServices(config, pool, url, meta, log, nowS, bus)
  } catch (err) {
    await bus.close().catch(() => undefined)
    await pool.end().catch(() => undefined)
    throw err
  }
}

interface Engine {
  repos: Repositories
  meta: Record<string, string>
  searches: Searches
  probe: () => unknown
  closeCatalogue: () => Promise<void>
}

function assembleServices(config: Config, nowS: () => number, bus: CacheBus, engine: Engine): Services {
  const { repos, searches } = engine
  const catalogueNow = catalogueNowOf(engine.meta, nowS())
  // Every cache is bounded in bytes as well as entries (README, "Limits"): about 525 MB at most in all, accounts included.
  const caches: Caches = {
    ranking: new Lru(200, { maxBytes: 16 * MB }),
    recommend: new Lru(500, { maxBytes: 32 * MB }),
    trending: new Lru(20, { maxBytes: 4 * MB }),
    search: new Lru(1000, { maxBytes: 64 * MB }),
    items: new ItemJsonCache(50_000, ITEM_CACHE_MAX_BYTES),
    callers: new CallerStates(repos),
    sessions: new SessionCache(repos.tokens),
    bookmarkPages: new Lru(2000, { maxBytes: 16 * MB }),
    images: new ImageRowCache(50_000, 32 * MB),
    texts: new NovelTextCache(5_000, 64 * MB),
    bus,
  }
  bus.subscribe((change) => applyChange(caches, change))
  return {
    ...engine,
    domain: createDomain({ repos, caches, nowS, catalogueNow, searches }),
    config,
    catalogueNow,
    // TOKEN_SECRET, the same on every instance (auth/service-secret.ts); else the one kept in DATA_DIR
    signer: new TokenSigner(config.tokenSecret ?? tokenSecret(config.dataDir)),
    nowS,
    caches,
  }
}

/**
 * Node's limits on slow clients (slowloris): complete headers within 10 s of connecting (or of the previous keep-alive
 * request), the whole request within 5 min (an uploaded page of 32 MB over a phone's slow link; other bodies are at
 * most 64 KB, and a connection that makes no progress for SOCKET_IDLE_MS is closed whatever its deadline), an idle keep-alive connection closed after 5 s;
 * checked every second (Node's default, 30 s, let a connection outlive its deadline by that much). Together with the
 * connection cap of http/connection-guard.ts.
 */
const SERVER_TIMEOUTS = {
  headersTimeout: 10_000,
  requestTimeout: 300_000,
  keepAliveTimeout: 5_000,
  connectionsCheckingInterval: 1_000,
}
const SOCKET_IDLE_MS = 60_000

export interface RunningServer {
  url: string
  services: Services
  /** open connections and the connection guard's work */
  connections(): { open: number; busy: number; closedByGuard: number }
  /**
   * Shuts down gracefully: /readyz answers 503 at once, no new connection is accepted, requests in progress and a
   * library scan get up to SHUTDOWN_TIMEOUT_MS to finish, then the watcher, the search workers and the database
   * (checkpointing its WAL) are closed. Nothing the service started is left to keep the process alive.
   */
  close(): Promise<void>
}

/** Opens (or first generates) the catalogue and serves everything on one port. */
export async function startServer(config: Config, log = createLogger(config.logLevel)): Promise<RunningServer> {
  // A library is scanned before the service opens it: what the archive holds is what the first answer shows (on
  // PostgreSQL, once its catalogue is open: openServices).
  if (!config.databaseUrl) await prepareLibrary(config, log)
  const services = await openServices(config, log)
  // other instances' changes reach this one's caches before it answers anything
  await services.caches.bus.ready()
  const lifecycle = new Lifecycle()
  const app = createApp(services, log, lifecycle)
  const server = await new Promise<Server>((resolve) => {
    const s = serve(
      { fetch: app.fetch, port: config.port, hostname: config.host, serverOptions: SERVER_TIMEOUTS },
      () => resolve(s as Server),
    ) as Server
  })
  // A client that stops reading (or sending) mid-request holds its connection only this long without progress.
  server.setTimeout(SOCKET_IDLE_MS)
  server.keepAliveTimeout = SERVER_TIMEOUTS.keepAliveTimeout
  // A client that half-closes once its request is sent still wants the answer (RFC 9112 §9.6). Node's default takes
  // the FIN for an abort and ends the connection unanswered when the answer awaits a query; with this Node's own
  // switch (kept for userland servers, though not in its types) the answer is sent, then the connection ends.
  Object.assign(server, { httpAllowHalfOpen: true })
  const guard = guardConnections(server, connectionCap(config.maxConnections))
  // Requests Node rejects before the app sees them (oversized headers, garbage) still get the error body.
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return socket.destroy()
    const status =
      err.code === 'HPE_HEADER_OVERFLOW'
        ? '431 Request Header Fields Too Large'
        : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' // headersTimeout or requestTimeout passed
          ? '408 Request Timeout'
          : '400 Bad Request'
    const body = JSON.stringify(errorBody(status.slice(4)))
    socket.end(
      `HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    )
  })
  services.searches.warm()
  // uploads no work took, and pages a crash left without their row (services/posting.ts)
  const cleanUp = scheduleCleanUp(
    new PostingService(services, openStorage(config.storage)),
    config.uploadCleanupAfterS,
    log,
  )
  // works a downloader adds to LIBRARY_DIR while the service runs
  const watcher = watchServedLibrary(config, services, log)
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host
  // Generation and the library's start-up scan are done (above): until now nothing listened.
  lifecycle.ready()
  let closing: Promise<void> | undefined
  const shutdown = async () => {
    lifecycle.stopping()
    watcher?.close()
    const timeoutMs = config.shutdownTimeoutMs
    let timer: NodeJS.Timeout | undefined
    const [{ cut }] = await Promise.all([
      drainServer(server, timeoutMs, guard),
      // a scan writes a work per transaction: one cut off at the deadline (process exit) leaves whole works only
      Promise.race([
        services.library?.stop(),
        new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs))),
      ]).finally(() => clearTimeout(timer)),
    ])
    if (cut > 0) log.error(`shutdown: ${cut} connections still busy after ${timeoutMs} ms were closed`)
    // after the requests: a search they wait for is answered, not refused
    await services.searches.close()
    await cleanUp.stop()
    await services.caches.bus.close()
    await services.closeCatalogue()
  }
  return {
    url: `http://${host}:${port}`,
    services,
    connections: () => guard.stats(),
    close: () => (closing ??= shutdown()),
  }
}
