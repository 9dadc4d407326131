import path from 'node:path'
import { DEFAULT_MAX_CONNECTIONS } from './http/connection-guard.ts'
import { parseTrustProxy, type TrustProxy } from './http/origin.ts'
import { parseStorageUrl, type StorageConfig } from './storage/storage-url.ts'
import { tokenSecretSetting } from './auth/service-secret.ts'
import { REGISTRATION_MODES } from '../api/account-endpoints.ts'
import { SIGN_UP_LIMITS } from './auth/sign-in-guard.ts'

// Every setting comes from the environment and has a working default (DESIGN.md §2.7).

export interface CatalogueSize {
  works: number
  novels: number
  users: number
}

export interface Config {
  port: number
  host: string
  dataDir: string
  /**
   * LIBRARY_DIR: a downloader's archive to serve instead of the demo (src/server/library/); its catalogue is
   * DATA_DIR/library.db. undefined: the demo catalogue.
   */
  libraryDir: string | undefined
  /**
   * the library catalogue's one account (OWNER_USERNAME, OWNER_PASSWORD; no password: one is generated and logged), and
   * which pixiv account's bookmarks in the archive are its own (OWNER_PIXIV_ID; unset: library/lists.ts's rule)
   */
  owner: { username: string; password: string | undefined; pixivId?: number }
  /** origin for next_url (and image URLs unless imageOrigin is set); undefined: from the request (http/origin.ts) */
  publicUrl: string | undefined
  /** origin of every image URL (IMAGE_ORIGIN); undefined: the API's origin */
  imageOrigin: string | undefined
  /** origin of the placeholder images at s.pximg.net's paths (STATIC_ORIGIN); undefined: the image origin */
  staticOrigin: string | undefined
  /** which peers' Forwarded / X-Forwarded-* headers count (TRUST_PROXY) */
  trustProxy: TrustProxy
  staticDir: string
  seed: number
  size: CatalogueSize
  demoPassword: string
  /**
   * MAX_CONNECTIONS: open connections past which those without a whole request are closed, oldest first
   * (http/connection-guard.ts); never more than three quarters of the process's file-descriptor limit
   */
  maxConnections: number
  /**
   * REGISTRATION: how new accounts come in until an admin sets it in the gallery (open, invite, closed; default
   * invite: only with an admin's invite link). The first account of a catalogue with none is made whatever it says.
   */
  registration: 'open' | 'invite' | 'closed'
  /**
   * UPLOAD_CLEANUP_AFTER (seconds, default a day): how long an uploaded page no work names is kept for its uploader to
   * post, and how old a stored page without any row must be before the clean-up deletes it (a write cut short).
   */
  uploadCleanupAfterS: number
  /** requests per second per caller, and the burst allowed; null: no limit */
  rateLimit: { perSecond: number; burst: number } | null
  /** SIGNUP_LIMIT: sign-up attempts per address per hour (each costs a password hash); 0: no limit */
  signUpsPerHour: number
  logLevel: 'silent' | 'error' | 'info' | 'debug'
  /**
   * CATALOGUE_NOW: pins the "today" (unix seconds) of a catalogue generated from now on; undefined: the start of the
   * current JST day at generation. A running service takes its catalogue's own day from the file (its meta `now`).
   */
  catalogueNow: number | undefined
  /** CATALOGUE_HOSTILE=all: a first start generates the XSS-corpus catalogue (for the reliability suite) */
  hostileCorpus: boolean
  /**
   * STORAGE_URL: where rendered images and copied originals live (storage/storage-url.ts); unset: DATA_DIR itself.
   * LIBRARY_DIR's files are served in place, whatever this says.
   */
  storage: StorageConfig
  /** IMAGE_CACHE_MAX: bytes of rendered images kept on disk (least recently used files go first) */
  imageCacheMax: number
  /** IMAGE_RENDER_QUEUE: renders that may wait beyond the running ones; past that, 503 with Retry-After */
  imageRenderQueue: number
  /** IMAGE_RENDERS_PER_CLIENT: uncached renders one client IP may have queued or running at once; 0: no limit */
  imageRendersPerClient: number
  /**
   * Searches that miss the cache run in `workers` threads (SEARCH_WORKERS; 0: on the request's thread), at most
   * `queue` waiting or running (SEARCH_QUEUE), each stopped after `timeoutMs` (SEARCH_TIMEOUT_MS).
   */
  search: { workers: number; queue: number; timeoutMs: number }
  /**
   * SHUTDOWN_TIMEOUT_MS: on SIGTERM or SIGINT, how long requests in progress (and a library scan) may take to finish
   * before their connections are cut and the service stops anyway
   */
  shutdownTimeoutMs: number
  /**
   * DATABASE_URL (postgres://…): serve the catalogue from PostgreSQL (migrated and, when empty, seeded with the demo
   * catalogue at start-up); undefined: the embedded SQLite catalogue under DATA_DIR
   */
  databaseUrl: string | undefined
  /** DATABASE_POOL_SIZE: connections to PostgreSQL one instance keeps at most for the API (searches have their own) */
  databasePoolSize: number
  /**
   * TOKEN_SECRET: the key access tokens and signed image URLs are made with (auth/service-secret.ts), the same for
   * every instance; undefined: one made once and kept in DATA_DIR (one instance only)
   */
  tokenSecret: Buffer | undefined
}

export const SIZES: Record<string, CatalogueSize> = {
  default: { works: 10_000, novels: 2_000, users: 300 },
  large: { works: 200_000, novels: 20_000, users: 3_000 },
  small: { works: 2_000, novels: 400, users: 80 },
}

const int = (name: string, value: string | undefined, fallback: number, min = 0) => {
  if (value === undefined || value === '') return fallback
  const n = Number(value)
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be a whole number ≥ ${min}, not "${value}"`)
  return n
}

function parseSize(value: string | undefined): CatalogueSize {
  if (!value) return SIZES.default!
  const named = SIZES[value]
  if (named) return named
  const m = /^(\d+)(?:,(\d+),(\d+))?$/.exec(value)
  if (!m) throw new Error(`CATALOGUE_SIZE must be default, small, large or WORKS[,NOVELS,USERS], not "${value}"`)
  const works = Number(m[1])
  return {
    works,
    novels: m[2] ? Number(m[2]) : Math.ceil(works / 5),
    users: m[3] ? Number(m[3]) : Math.max(50, Math.ceil(works / 33)),
  }
}

/** An origin setting: `scheme://host[:port]` with nothing after it (a path would break "swap the origin"). */
function origin(name: string, value: string | undefined): string | undefined {
  if (!value) return undefined
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new Error(`${name} must be an origin such as https://img.example.org, not "${value}"`)
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.pathname !== '/' || url.search || url.hash)
    throw new Error(`${name} must be an http(s) origin with no path, such as https://img.example.org, not "${value}"`)
  return url.origin
}

/** A size in bytes: a whole number with an optional k, M or G suffix (powers of 1024). */
export function parseBytes(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback
  const m = /^(\d+)\s*([kKmMgG]?)[bB]?$/.exec(value.trim())
  if (!m) throw new Error(`${name} must be a number of bytes such as 500M or 2G, not "${value}"`)
  const unit = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[m[2]!.toLowerCase() as '' | 'k' | 'm' | 'g']
  return Number(m[1]) * unit
}

/** Unix seconds, or a `YYYY-MM-DD` day (its start in JST); unset or empty: undefined (follow the clock). */
function parseCatalogueNow(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const ms = Date.parse(`${value}T00:00:00+09:00`)
    if (!Number.isNaN(ms) && new Date(ms + 9 * 3600_000).toISOString().startsWith(value)) return ms / 1000
  }
  if (/^\d+$/.test(value) && Number.isSafeInteger(Number(value))) return Number(value)
  throw new Error(`CATALOGUE_NOW must be unix seconds or a YYYY-MM-DD day, not "${value}"`)
}

/** Whether `value` is a PostgreSQL connection string (postgres:// or postgresql://). */
export const isPostgresUrl = (value: string) => /^postgres(ql)?:\/\//.test(value)

/** A PostgreSQL connection string, or undefined (SQLite). */
function databaseUrl(value: string | undefined): string | undefined {
  if (!value) return undefined
  if (!isPostgresUrl(value))
    throw new Error('DATABASE_URL must be a PostgreSQL connection string such as postgres://user:password@host/easel')
  return value
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const rate = env.RATE_LIMIT ?? '50'
  const perSecond = int('RATE_LIMIT', rate, 50)
  const logLevel = env.LOG_LEVEL ?? 'info'
  if (!['silent', 'error', 'info', 'debug'].includes(logLevel))
    throw new Error(`LOG_LEVEL must be silent, error, info or debug`)
  const publicUrl = env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : undefined
  const hostile = env.CATALOGUE_HOSTILE ?? ''
  if (!['', 'none', 'all'].includes(hostile)) throw new Error(`CATALOGUE_HOSTILE must be none or all, not "${hostile}"`)
  const ownerName = env.OWNER_USERNAME || 'owner'
  if (!/^[A-Za-z0-9_-]{1,32}$/.test(ownerName))
    throw new Error(`OWNER_USERNAME must be 1 to 32 letters, digits, _ or -, not "${ownerName}"`)
  const dataDir = path.resolve(env.DATA_DIR || './data')
  const registration = env.REGISTRATION || 'invite'
  if (!(REGISTRATION_MODES as readonly string[]).includes(registration))
    throw new Error(`REGISTRATION must be open, invite or closed, not "${registration}"`)
  return {
    port: int('PORT', env.PORT, 8080),
    host: env.HOST || '0.0.0.0',
    dataDir,
    libraryDir: env.LIBRARY_DIR ? path.resolve(env.LIBRARY_DIR) : undefined,
    owner: {
      username: ownerName,
      password: env.OWNER_PASSWORD || undefined,
      ...(env.OWNER_PIXIV_ID ? { pixivId: int('OWNER_PIXIV_ID', env.OWNER_PIXIV_ID, 0, 1) } : {}),
    },
    publicUrl,
    imageOrigin: origin('IMAGE_ORIGIN', env.IMAGE_ORIGIN),
    staticOrigin: origin('STATIC_ORIGIN', env.STATIC_ORIGIN),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    staticDir: path.resolve(env.STATIC_DIR || './dist'),
    seed: int('CATALOGUE_SEED', env.CATALOGUE_SEED, 20261101),
    size: parseSize(env.CATALOGUE_SIZE),
    demoPassword: env.DEMO_PASSWORD || 'demo',
    maxConnections: int('MAX_CONNECTIONS', env.MAX_CONNECTIONS, DEFAULT_MAX_CONNECTIONS, 16),
    registration: registration as Config['registration'],
    uploadCleanupAfterS: int('UPLOAD_CLEANUP_AFTER', env.UPLOAD_CLEANUP_AFTER, 86_400, 0),
    rateLimit: perSecond === 0 ? null : { perSecond, burst: int('RATE_BURST', env.RATE_BURST, perSecond * 4, 1) },
    signUpsPerHour: int('SIGNUP_LIMIT', env.SIGNUP_LIMIT, SIGN_UP_LIMITS.address),
    logLevel: logLevel as Config['logLevel'],
    catalogueNow: parseCatalogueNow(env.CATALOGUE_NOW),
    hostileCorpus: hostile === 'all',
    storage: parseStorageUrl(env.STORAGE_URL, dataDir, env),
    imageCacheMax: parseBytes('IMAGE_CACHE_MAX', env.IMAGE_CACHE_MAX, 2 * 1024 ** 3),
    imageRenderQueue: int('IMAGE_RENDER_QUEUE', env.IMAGE_RENDER_QUEUE, 32),
    imageRendersPerClient: int('IMAGE_RENDERS_PER_CLIENT', env.IMAGE_RENDERS_PER_CLIENT, 16),
    search: {
      workers: int('SEARCH_WORKERS', env.SEARCH_WORKERS, 1),
      queue: int('SEARCH_QUEUE', env.SEARCH_QUEUE, 16, 1),
      timeoutMs: int('SEARCH_TIMEOUT_MS', env.SEARCH_TIMEOUT_MS, 2000, 1),
    },
    shutdownTimeoutMs: int('SHUTDOWN_TIMEOUT_MS', env.SHUTDOWN_TIMEOUT_MS, 10_000),
    databaseUrl: databaseUrl(env.DATABASE_URL),
    databasePoolSize: int('DATABASE_POOL_SIZE', env.DATABASE_POOL_SIZE, 16, 1),
    tokenSecret: tokenSecretSetting(env),
  }
}
