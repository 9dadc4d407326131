import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { inject } from 'vitest'
import { loadConfig, type Config } from '../config.ts'
import { createLogger } from '../log.ts'
import { createPgServices, createServices, startServer, type RunningServer } from '../server.ts'
import { createApp } from '../app.ts'
import { catalogueFile, servedCatalogueFile } from '../catalogue.ts'
import type { Services } from '../context.ts'
import { hashRefreshToken, newRefreshToken, REFRESH_TOKEN_TTL_S } from '../auth/tokens.ts'
import { CatalogueStore } from '../data/store.ts'
import { openPgPool } from '../data/postgres/pool.ts'
import { newTestDatabase, testEngine, type TestEngine } from './test-engine.ts'

export const ORIGIN = 'http://easel.test'

/**
 * The services of a test app. `store` is the SQLite catalogue the tests read their expectations from (fixtures):
 * on SQLite the one the app serves; on PostgreSQL a copy of the same catalogue the app's database was copied from,
 * which the app never reads (writes made through the app are not in it).
 */
export type TestServices = Services & { store: CatalogueStore }

export interface TestApp {
  services: TestServices
  /** the engine the app serves from (TEST_ENGINE, testing/test-engine.ts) */
  engine: TestEngine
  /** A request to the real app (in process, no socket); `path` may be absolute (a next_url). */
  fetch(path: string, init?: RequestInit & { token?: string }): Promise<Response>
  get<T = any>(path: string, token?: string): Promise<T>
  post(path: string, fields: Record<string, string> | [string, string][], token?: string): Promise<Response>
  login(account: string, password?: string): Promise<string>
  /**
   * A fixture's write to the catalogue made in SQL on `services.store` (the tests' oracle), made again in the served
   * database when that is PostgreSQL (`sql` in its dialect, `$n` parameters); nothing more on SQLite, whose store
   * the app serves.
   */
  mirror(sql: string, params?: unknown[]): Promise<void>
  /** Closes the app; resolves once its database is closed (before a test's PostgreSQL cluster may stop). */
  close(): Promise<void>
}

/**
 * The real service on its own copy of the generated default catalogue (a real SQLite file in a temp dir), driven
 * through Hono's in-process `request`. Each call gets a fresh copy, so writes never leak between test files.
 * `opts.nowS` sets the service's real clock (unix seconds), e.g. to a day long after the catalogue's.
 */
export function openTestApp(
  overrides: Partial<Config> = {},
  opts: {
    nowS?: () => number
    engine?: TestEngine
    /** PostgreSQL: serve this database (e.g. a db:copy of the test catalogue) instead of a new one from the template */
    databaseUrl?: string
    /**
     * A SQLite catalogue to take instead of the test catalogue: served (a copy) on SQLite, as LIBRARY_DIR serves a
     * library's when `overrides.libraryDir` is set (no scan runs); on PostgreSQL the one `databaseUrl` was copied from,
     * whose meta the service starts with.
     */
    catalogue?: string
  } = {},
): TestApp {
  const engine = opts.engine ?? testEngine()
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'easel-test-'))
  // In-process apps search on their own thread unless SEARCH_WORKERS says otherwise (to run a suite through the pool).
  const env = {
    DATA_DIR: dataDir,
    RATE_LIMIT: '0',
    LOG_LEVEL: 'silent',
    SEARCH_WORKERS: process.env.SEARCH_WORKERS ?? '0',
  }
  const config = { ...loadConfig(env), ...overrides }
  copyFileSync(opts.catalogue ?? inject('catalogueFile'), servedCatalogueFile(config))
  const log = createLogger(config.logLevel)
  let services: TestServices
  let mirror: TestApp['mirror'] = async () => {}
  if (engine === 'postgres') {
    // a database of its own, made from the test catalogue's copy (test-engine.ts); the SQLite file beside it is the
    // tests' oracle only
    const url = opts.databaseUrl ?? newTestDatabase()
    const oracle = new CatalogueStore(catalogueFile(dataDir))
    const pool = openPgPool(url, { max: 4 })
    mirror = async (sql, params = []) => void (await pool.query(sql, params))
    const pgServices = createPgServices({ ...config, databaseUrl: url }, pool, url, oracle.meta(), log, opts.nowS)
    const closeCatalogue = pgServices.closeCatalogue
    services = Object.assign(pgServices, {
      store: oracle,
      closeCatalogue: async () => {
        await closeCatalogue()
        oracle.close()
      },
    })
  } else services = createServices(config, log, opts.nowS) as TestServices
  const app = createApp(services, log)
  const fetch = async (p: string, init: RequestInit & { token?: string } = {}) => {
    const { token, ...rest } = init
    const headers = new Headers(rest.headers)
    if (token) headers.set('authorization', `Bearer ${token}`)
    return app.request(p.startsWith('http') ? p : ORIGIN + p, { ...rest, headers })
  }
  const post = (p: string, fields: Record<string, string> | [string, string][], token?: string) =>
    fetch(p, {
      method: 'POST',
      token,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    })
  return {
    services,
    engine,
    mirror,
    fetch,
    post,
    async get<T>(p: string, token?: string) {
      const res = await fetch(p, { token })
      if (res.status !== 200) throw new Error(`GET ${p} → ${res.status} ${await res.text()}`)
      return (await res.json()) as T
    },
    async login(account, password = 'demo') {
      const res = await post('/auth/token', { grant_type: 'password', username: account, password })
      if (res.status !== 200) throw new Error(`login ${account} → ${res.status} ${await res.text()}`)
      return ((await res.json()) as { access_token: string }).access_token
    },
    close() {
      return services.searches
        .close()
        .then(() => services.closeCatalogue())
        .finally(() => rmSync(dataDir, { recursive: true, force: true }))
    },
  }
}

/**
 * An access token for the user in a new session of its own (what a sign-in gives, without the sign-in's request and
 * password hashing), issued at `issuedS`.
 */
export async function accessTokenFor(
  services: Services,
  userId: number,
  issuedS = Math.floor(Date.now() / 1000),
): Promise<string> {
  const refresh = hashRefreshToken(newRefreshToken())
  const sessionId = await services.repos.tokens.save(refresh, userId, issuedS + REFRESH_TOKEN_TTL_S, issuedS, 'test')
  return services.signer.issueAccess(userId, sessionId, issuedS)
}

/**
 * The real service listening on a free local port (HTTP through Node's server and the adapter, unlike openTestApp),
 * on its own copy of the generated default catalogue.
 */
export async function startTestServer(
  overrides: Partial<Config> = {},
  opts: { engine?: TestEngine } = {},
): Promise<RunningServer & { databaseUrl?: string }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'easel-test-'))
  copyFileSync(inject('catalogueFile'), catalogueFile(dataDir))
  const env = { DATA_DIR: dataDir, RATE_LIMIT: '0', LOG_LEVEL: 'silent', PORT: '0', HOST: '127.0.0.1' }
  // on PostgreSQL, a database of its own made from the test catalogue's copy: the start-up finds it migrated, seeded
  const databaseUrl = (opts.engine ?? testEngine()) === 'postgres' ? newTestDatabase() : undefined
  const running = await startServer({ ...loadConfig(env), databaseUrl, ...overrides })
  return {
    ...running,
    databaseUrl,
    close: () => running.close().then(() => rmSync(dataDir, { recursive: true, force: true })),
  }
}

/** Follows next_url to the end; returns every page's items and the next_urls seen. */
export async function walk<T>(
  app: TestApp,
  first: string,
  key: string,
  token?: string,
  maxPages = 400,
): Promise<{ items: T[]; pages: T[][]; urls: string[] }> {
  const pages: T[][] = []
  const urls: string[] = []
  let url: string | null = first
  while (url) {
    if (pages.length >= maxPages) throw new Error(`more than ${maxPages} pages from ${first}`)
    const body: Record<string, unknown> = await app.get(url, token)
    pages.push(body[key] as T[])
    url = body.next_url as string | null
    if (url) urls.push(url)
  }
  return { items: pages.flat(), pages, urls }
}
