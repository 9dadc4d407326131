import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import pg from 'pg'
import { afterAll, beforeAll, inject } from 'vitest'
import { copySqliteToPostgres } from '../data/db-copy.ts'
import { openPgPool } from '../data/postgres/pool.ts'
import { pgRepositories } from '../data/postgres/repositories/index.ts'
import type { Repositories } from '../data/repositories.ts'
import { sqliteRepositories } from '../data/sqlite-repositories.ts'
import { CatalogueStore } from '../data/store.ts'
import { usePostgres } from './postgres.ts'

// One catalogue on both engines, for tests that ask both the same question and expect the same answer: the unit
// tests' demo catalogue (a copy of it, so a test may write) and its db:copy into a throwaway PostgreSQL cluster.

export interface BothEngines {
  readonly sqlite: Repositories
  readonly pg: Repositories
  /** the SQLite side's store, for what the repositories do not cover (fixtures, counts) */
  readonly store: CatalogueStore
  readonly pool: pg.Pool
}

export interface BothEnginesOptions {
  /** changes to the catalogue before it is copied (so both engines hold them): test users' settings, library rows */
  prepare?: (db: Database.Database) => void
}

/** Call at the top level of a test file; read the engines inside tests. */
export function useBothEngines(opts: BothEnginesOptions = {}): BothEngines {
  const db = usePostgres()
  let dir: string | undefined
  let store: CatalogueStore | undefined
  let pool: pg.Pool | undefined
  let both: { sqlite: Repositories; pg: Repositories } | undefined
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'easel-parity-'))
    const file = path.join(dir, 'catalogue.db')
    copyFileSync(inject('catalogueFile'), file)
    if (opts.prepare) {
      const lite = new Database(file)
      try {
        opts.prepare(lite)
      } finally {
        lite.close()
      }
    }
    const report = await copySqliteToPostgres(file, db.url)
    if (!report.equal) throw new Error('db:copy of the test catalogue is not equal')
    // planner statistics now, as autovacuum would gather them a little later: without them PostgreSQL plans a fresh
    // copy's joins blind (trending tags took 1.7 s a query instead of tens of ms)
    {
      const client = new pg.Client({ connectionString: db.url })
      await client.connect()
      await client.query('ANALYZE').finally(() => client.end())
    }
    store = new CatalogueStore(file)
    pool = openPgPool(db.url, { max: 4 })
    both = { sqlite: sqliteRepositories(store), pg: pgRepositories(pool) }
  }, 120_000)
  afterAll(async () => {
    await pool?.end()
    store?.close()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })
  const need = <T>(v: T | undefined): T => {
    if (v === undefined) throw new Error('useBothEngines(): set up in beforeAll; read it inside a test')
    return v
  }
  return {
    get sqlite() {
      return need(both).sqlite
    },
    get pg() {
      return need(both).pg
    },
    get store() {
      return need(store)
    },
    get pool() {
      return need(pool)
    },
  }
}
