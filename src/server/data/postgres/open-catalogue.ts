import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type pg from 'pg'
import type { Config } from '../../config.ts'
import type { Logger } from '../../log.ts'
import { startOfJstDay } from '../../calendar.ts'
import { generateCatalogue, type GenerateOptions } from '../../generator/generate.ts'
import { copySqliteToPostgres } from '../db-copy.ts'
import { migratePostgres } from './migrate.ts'
import { openPgPool } from './pool.ts'
import { createEmptyPgLibrary } from './library-db.ts'

// The service's start-up on PostgreSQL (DATABASE_URL): the pool, the migrations (each under their advisory lock, so
// instances starting at once apply each one once), and on an empty database the demo catalogue. The demo is made by
// the generator into a temporary SQLite file and moved in by db:copy, the clearly separate bulk writer of issue 16;
// a session advisory lock makes one instance seed while the others wait and then find it seeded.

/** Serializes seeding across instances ("EaselSeed" is not needed: any fixed bigint other than the migrations'). */
export const SEED_LOCK_KEY = 0x45_61_73_65_6c_53n

const SEED_DIR_PREFIX = 'easel-seed-'

/**
 * What the database holds: a whole catalogue, nothing (or a seed an earlier start left unfinished: it is made again),
 * or a db:copy left unfinished, which only that copy's rerun may finish (its source is a catalogue of its own).
 */
async function state(client: pg.ClientBase): Promise<'catalogue' | 'empty' | 'unfinished-seed'> {
  const progress = await client.query<{ t: string | null }>("SELECT to_regclass('db_copy_progress')::text AS t")
  if (progress.rows[0]?.t) {
    const unfinished = await client.query<{ source: string }>(
      'SELECT source FROM db_copy_progress WHERE NOT done LIMIT 1',
    )
    const source = unfinished.rows[0]?.source
    if (source !== undefined) {
      if (path.basename(path.dirname(source)).startsWith(SEED_DIR_PREFIX)) return 'unfinished-seed'
      throw new Error(
        `the PostgreSQL catalogue has an unfinished db:copy from ${source}: run that db:copy again to finish it before starting the service`,
      )
    }
  }
  if ((await client.query('SELECT 1 FROM meta LIMIT 1')).rowCount) return 'catalogue'
  if ((await client.query('SELECT 1 FROM works LIMIT 1')).rowCount)
    throw new Error('the PostgreSQL catalogue has works but no meta rows: it was not made by Easel or db:copy')
  return 'empty'
}

/**
 * Opens the PostgreSQL catalogue at `url`: migrated, and seeded with the demo catalogue when it has none. With
 * `library` (LIBRARY_DIR set, or `npm run import`), a library catalogue: an empty one is made instead of the demo, and
 * a demo catalogue is refused.
 */
export async function openPostgresCatalogue(
  config: Config,
  url: string,
  log: Logger,
  { nowS = () => Math.floor(Date.now() / 1000), library = config.libraryDir !== undefined } = {},
): Promise<pg.Pool> {
  const pool = openPgPool(url, { max: config.databasePoolSize, log })
  try {
    const migrated = await migratePostgres(pool)
    for (const w of migrated.warnings) log.info(`PostgreSQL: ${w}`)
    if (migrated.applied.length > 0)
      log.info(`migrated the PostgreSQL catalogue to schema ${migrated.version}`, { applied: migrated.applied })
    const client = await pool.connect()
    try {
      if ((await state(client)) !== 'catalogue') {
        await client.query('SELECT pg_advisory_lock($1)', [SEED_LOCK_KEY.toString()])
        try {
          // another instance may have seeded it while this one waited
          const now = await state(client)
          if (now !== 'catalogue' && !library) await seed(config, url, log, nowS, now === 'unfinished-seed')
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [SEED_LOCK_KEY.toString()])
        }
      }
    } finally {
      client.release()
    }
    // a library starts empty (LIBRARY_DIR is imported into it next: library-catalogue.ts preparePgLibrary), and is
    // never the demo's catalogue (which would mix generated and imported works, and the demo accounts with the owner)
    if (library && (await createEmptyPgLibrary(pool))) log.info('made an empty library catalogue in PostgreSQL')
    return pool
  } catch (err) {
    await pool.end().catch(() => undefined)
    throw err
  }
}

async function seed(config: Config, url: string, log: Logger, nowS: () => number, again: boolean) {
  const now = config.catalogueNow ?? startOfJstDay(nowS())
  const options = {
    seed: config.seed,
    ...config.size,
    demoPassword: config.demoPassword,
    now,
    hostileCorpus: config.hostileCorpus,
  }
  log.info('generating the demo catalogue into PostgreSQL (first start)', { ...config.size, seed: config.seed, now })
  const started = performance.now()
  const made = await generateThroughSqlite(url, options, again)
  log.info('catalogue ready', { ms: Math.round(performance.now() - started), rows: made.rows })
}

export interface GeneratedIntoPostgres {
  /** rows copied into PostgreSQL */
  rows: number
  generateMs: number
  copyMs: number
}

/**
 * The generator's catalogue into the PostgreSQL database at `url`: generated into a temporary SQLite file (in
 * os.tmpdir(): TMPDIR chooses its disk; a million works take 3.3 GB) and moved in by db:copy, which checks every
 * table's rows and checksum. `again`: a seed an earlier run left unfinished is started over.
 */
async function generateThroughSqlite(
  url: string,
  options: GenerateOptions,
  again: boolean,
): Promise<GeneratedIntoPostgres> {
  const dir = mkdtempSync(path.join(os.tmpdir(), SEED_DIR_PREFIX))
  const file = path.join(dir, 'catalogue.db')
  try {
    const generated = generateCatalogue(file, options)
    const report = await copySqliteToPostgres(file, url, { fresh: again })
    if (!report.equal) throw new Error('the catalogue copied into PostgreSQL differs from the generated one')
    return { rows: report.copied, generateMs: generated.ms, copyMs: report.copyMs }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * `npm run generate -- --out postgres://…`: the catalogue `options` describes, in the PostgreSQL database at `url`
 * (migrated first), which must hold none. Under the seeding lock, so a service starting on the same database waits
 * for it and then finds it made.
 */
export async function generateIntoPostgres(url: string, options: GenerateOptions): Promise<GeneratedIntoPostgres> {
  const pool = openPgPool(url, { max: 1 })
  try {
    await migratePostgres(pool)
    const client = await pool.connect()
    try {
      await client.query('SELECT pg_advisory_lock($1)', [SEED_LOCK_KEY.toString()])
      try {
        const now = await state(client)
        if (now === 'catalogue')
          throw new Error(
            'the PostgreSQL database already holds a catalogue: generate into an empty database (or drop this one first)',
          )
        return await generateThroughSqlite(url, options, now === 'unfinished-seed')
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [SEED_LOCK_KEY.toString()])
      }
    } finally {
      client.release()
    }
  } finally {
    await pool.end()
  }
}
