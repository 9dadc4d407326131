import type { Context } from 'hono'
import type { Config } from './config.ts'
import type { Caller, CatalogueStore } from './data/store.ts'
import type { TokenSigner } from './auth/tokens.ts'
import type { View } from './wire/view.ts'
import type { Searches } from './search/search-job.ts'
import type { LibraryScans } from './library/scans.ts'
import type { Repositories } from './data/repositories.ts'
import type { Caches } from './services/caches.ts'
import type { Domain } from './services/domain.ts'

/** What every route module gets: the repositories and services, the configuration, the token signer and the clock. */
export interface Services {
  /**
   * the SQLite catalogue's store, on SQLite only (DATABASE_URL unset): for what is SQLite's alone (a library's
   * import and watcher, the search workers' file). Nothing that serves a request reads it.
   */
  store?: CatalogueStore
  /** the catalogue's meta rows as they were at start-up (its "today", its owner account, its demo account) */
  meta: Record<string, string>
  /** the readiness probe's check that the catalogue answers (throws or rejects when it does not) */
  probe: () => unknown
  /** closes the catalogue's connections (the store, or the PostgreSQL pool), after the searches */
  closeCatalogue: () => Promise<void>
  config: Config
  signer: TokenSigner
  /** unix seconds, real time: token expiry, bookmark times, the last ranking day a client may ask for */
  nowS: () => number
  /** unix seconds: the catalogue's own "today" (its meta `now`), from which its demo dates were placed */
  catalogueNow: number
  /** where searches that miss the cache run: worker threads in the service, the request's thread in tests */
  searches: Searches
  /** the scans of LIBRARY_DIR (the watcher's and the owner's rescan); undefined on the demo catalogue */
  library?: LibraryScans
  /** Derived data, cleared or invalidated when what it derives from changes. */
  caches: Caches
  /** the catalogue's repositories (data/repositories.ts), over the store */
  repos: Repositories
  /** the service layer (services/): what routes call */
  domain: Domain
}

export interface AppEnv {
  /** `origin`: of the API's own URLs (next_url); image URLs are the view's (`view.imageUrl`, http/origin.ts) */
  /** `session`: the session (refresh token row) the caller's access token names; null when anonymous, or for a token
   *  from before sessions */
  Variables: { caller: Caller; view: View; origin: string; session: number | null }
}

export type AppContext = Context<AppEnv>
