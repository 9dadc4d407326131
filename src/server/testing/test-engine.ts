import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { inject } from 'vitest'
import { postgresBinDir } from './postgres.ts'

// Which engine the test apps serve from (harness.ts): SQLite unless TEST_ENGINE=postgres, which the vitest project
// `postgres` sets (vitest.config.ts) for its run of the contract suite. That project's global setup
// (pg-global-setup.ts) starts one throwaway cluster for the run and copies the test catalogue into a template
// database once; every test app then gets a database of its own made from that template (a file copy in the
// server, tens of ms), so writes never leak between apps, as with SQLite's copied files.

export type TestEngine = 'sqlite' | 'postgres'

export const testEngine = (): TestEngine => (process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite')

/** Made by pg-global-setup.ts for a run on PostgreSQL. */
export interface PgTestCatalogue {
  /** the cluster's TCP port on 127.0.0.1 (trust auth, user postgres) */
  port: number
  /** the database holding the test catalogue's copy, to make others from */
  template: string
}

/**
 * A new database holding the test catalogue (made from the template), or with `empty` nothing at all, its URL. Synchronous (createdb), so that
 * openTestApp stays synchronous on both engines.
 */
export function newTestDatabase({ empty = false } = {}): string {
  const pg = inject('pgTestCatalogue')
  if (!pg) throw new Error('TEST_ENGINE=postgres needs the postgres project (its global setup starts the cluster)')
  const name = `t_${process.pid}_${randomBytes(4).toString('hex')}`
  const r = spawnSync(
    path.join(postgresBinDir(), 'createdb'),
    ['-h', '127.0.0.1', '-p', String(pg.port), '-U', 'postgres', '-T', empty ? 'template0' : pg.template, name],
    { encoding: 'utf8' },
  )
  if (r.status !== 0) throw new Error(`createdb ${name} failed: ${r.stderr || r.error?.message}`)
  return `postgres://postgres@127.0.0.1:${pg.port}/${name}`
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgTestCatalogue?: PgTestCatalogue
  }
}
