import type { Caller, CatalogueStore, Kind, SearchQuery } from '../data/store.ts'
import type { SqlFragment } from './compile.ts'
import type { QueryNode } from './query.ts'

// A search as data, so the same store code runs it in the request's thread or in a search worker (search-pool.ts):
// a job holds only plain values (structured-cloneable), and runSearchJob is the one place that turns it into a call.

export type SearchJob =
  /** works or novels: store.search */
  | { op: 'items'; kind: Kind; query: SearchQuery; caller: Caller; offset: number; limit: number }
  /**
   * users: `match` is the query compiled for SQLite (over social.userTermMatcher, run by social.searchUsers); `expr`
   * the parsed query, which PostgreSQL compiles in its own SQL (search/pg-search.ts)
   */
  | { op: 'users'; match: SqlFragment; expr: QueryNode; offset: number; limit: number }

/** Runs one job on a store (the service's own connection, or a worker's read-only one): the hits' ids. */
export function runSearchJob(store: CatalogueStore, job: SearchJob): number[] {
  switch (job.op) {
    case 'items':
      return store.search(job.kind, job.query, job.caller, job.offset, job.limit)
    case 'users':
      return store.social.searchUsers(job.match, job.offset, job.limit)
  }
}

/**
 * Where searches run. `client` names who asks (an account or an address), so a pool can share its capacity fairly;
 * a refusal (busy, too slow) is an ApiError the routes let through to the client.
 */
export interface Searches {
  run(job: SearchJob, client: string): Promise<number[]>
  /** Gets ready for the first search (a pool starts its workers), so that search does not wait for it. */
  warm(): void
  close(): Promise<void>
}

/**
 * Searches on the request's own thread: for an in-process app (tests) and SEARCH_WORKERS=0. The job still goes
 * through runSearchJob, so both paths run the same SQL.
 */
export class InlineSearches implements Searches {
  constructor(private readonly store: CatalogueStore) {}

  run(job: SearchJob): Promise<number[]> {
    try {
      return Promise.resolve(runSearchJob(this.store, job))
    } catch (err) {
      return Promise.reject(err as Error)
    }
  }

  warm() {}

  close() {
    return Promise.resolve()
  }
}
