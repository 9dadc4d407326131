import type { Context } from 'hono'
import type { Config } from './config.ts'
import type { Caller, CatalogueStore } from './data/store.ts'
import type { TokenSigner } from './auth/tokens.ts'
import type { View } from './wire/view.ts'
import type { ItemJsonCache } from './wire/item-cache.ts'
import type { CallerStates } from './wire/caller-state.ts'
import type { Searches } from './search/search-job.ts'
import type { SessionCache } from './auth/sessions.ts'
import type { LibraryScans } from './library/scans.ts'
import type { Lru } from './lru.ts'

/** What every route module gets: the store, the configuration, the token signer and the clock. */
export interface Services {
  store: CatalogueStore
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
  caches: {
    ranking: Lru<number[]>
    recommend: Lru<number[]>
    trending: Lru<unknown>
    /** search hits (ids), per query and caller, for a short while */
    search: Lru<{ ids: number[]; until: number }>
    items: ItemJsonCache
    /** signed-in callers' rows and relations, and the versions that key caches of answers depending on them */
    callers: CallerStates
    /** which sessions (refresh tokens) are alive: the check on the session every access token names */
    sessions: SessionCache
    /** bookmark list pages (ids), keyed by list, cursor, caller and both accounts' versions */
    bookmarkPages: Lru<number[]>
  }
}

export interface AppEnv {
  /** `origin`: of the API's own URLs (next_url); image URLs are the view's (`view.imageUrl`, http/origin.ts) */
  Variables: { caller: Caller; view: View; origin: string }
}

export type AppContext = Context<AppEnv>
