import type { Lru } from '../lru.ts'
import type { ItemJsonCache } from '../wire/item-cache.ts'
import type { CallerStates } from '../wire/caller-state.ts'
import type { SessionCache } from '../auth/sessions.ts'
import type { CacheBus } from './cache-bus.ts'
import type { ImageRowCache } from '../images/repository-catalogue.ts'
import type { NovelTextCache } from './novel-texts.ts'

/** Derived data, cleared or invalidated when what it derives from changes (made in server.ts). */
export interface Caches {
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
  /** novels' texts, as read and as the JSON of an answer */
  texts: NovelTextCache
  /** the rows the image routes resolve paths against (works, novels, users, series covers), absent ones too */
  images: ImageRowCache
  /**
   * Where writes say what they changed (services/cache-bus.ts): applied to these caches, and to every other instance's
   * over the same database. Writes publish here rather than clearing the caches above themselves.
   */
  bus: CacheBus
}
