import type { Repositories } from '../data/repositories.ts'
import type { Searches } from '../search/search-job.ts'
import type { Caches } from './caches.ts'

/** What the services are made of (services/domain.ts makes them): repositories, caches, clocks, the search runner. */
export interface ServiceDeps {
  repos: Repositories
  caches: Caches
  /** unix seconds, real time */
  nowS: () => number
  /** unix seconds: the catalogue's own "today" */
  catalogueNow: number
  searches: Searches
}
