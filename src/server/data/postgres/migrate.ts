import { createHash } from 'node:crypto'
import pg from 'pg'
import { MIGRATIONS, type Migration } from './migrations.ts'

// Brings a PostgreSQL database to this code's schema: the migrations of migrations.ts not yet recorded in
// schema_migrations, in order, each in its own transaction. Every transaction first takes one advisory lock, so
// instances starting at once over one database apply each migration once: the others wait, then find it recorded.
// Running it again on a migrated database changes nothing.

/** The advisory lock key (any fixed bigint; "Easel" in ASCII) that serializes migrations across processes. */
export const MIGRATION_LOCK_KEY = 0x45_61_73_65_6cn

export const migrationChecksum = (m: Migration) => createHash('sha256').update(m.sql).digest('hex')

export interface MigrateResult {
  /** versions this call applied (empty when the database was up to date) */
  applied: number[]
  /** the schema version the database has now */
  version: number
  /** what works but not as well as it could (the database's locale) */
  warnings: string[]
}

type Queryable = pg.ClientBase

async function inTransaction<T>(client: Queryable, fn: () => Promise<T>): Promise<T> {
  await client.query('BEGIN')
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY.toString()])
    const result = await fn()
    await client.query('COMMIT')
    return result
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw err
  }
}

interface Recorded {
  version: number
  name: string
  checksum: string
}

/** Migrates the database `target` (a connection string, a pool or a connected client) to `migrations`' last version. */
export async function migratePostgres(
  target: string | pg.Pool | pg.ClientBase,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<MigrateResult> {
  if (typeof target === 'string') {
    const client = new pg.Client({ connectionString: target })
    await client.connect()
    try {
      return await migratePostgres(client, migrations)
    } finally {
      await client.end()
    }
  }
  if (target instanceof pg.Pool) {
    const client = await target.connect()
    try {
      return await migratePostgres(client, migrations)
    } finally {
      client.release()
    }
  }
  const client = target
  const recorded = await inTransaction(client, async () => {
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`)
    return (await client.query<Recorded>('SELECT version, name, checksum FROM schema_migrations ORDER BY version')).rows
  })
  checkRecorded(recorded, migrations)

  const done = new Set(recorded.map((r) => r.version))
  const applied: number[] = []
  for (const m of migrations) {
    if (done.has(m.version)) continue
    await inTransaction(client, async () => {
      // another instance may have applied it while this one waited for the lock
      const again = await client.query('SELECT 1 FROM schema_migrations WHERE version = $1', [m.version])
      if (again.rowCount) return
      try {
        await client.query(m.sql)
      } catch (err) {
        throw new Error(`PostgreSQL migration ${m.version} (${m.name}) failed: ${(err as Error).message}`, {
          cause: err,
        })
      }
      await client.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [
        m.version,
        m.name,
        migrationChecksum(m),
      ])
      applied.push(m.version)
    })
  }
  return { applied, version: migrations.at(-1)?.version ?? 0, warnings: await localeWarnings(client) }
}

/** Refuses a database whose record disagrees with this code: made by a newer Easel, or with a migration since edited. */
function checkRecorded(recorded: Recorded[], migrations: readonly Migration[]) {
  const known = new Map(migrations.map((m) => [m.version, m]))
  for (const r of recorded) {
    const m = known.get(r.version)
    if (!m)
      throw new Error(
        `the database has PostgreSQL schema migration ${r.version} (${r.name}), which this Easel does not know: it was made by a newer Easel`,
      )
    if (migrationChecksum(m) !== r.checksum)
      throw new Error(
        `PostgreSQL schema migration ${r.version} (${r.name}) differs from the one applied to this database: a released migration must never change`,
      )
  }
}

async function localeWarnings(client: Queryable): Promise<string[]> {
  const { rows } = await client.query<{ ctype: string }>(
    'SELECT datctype AS ctype FROM pg_database WHERE datname = current_database()',
  )
  const ctype = rows[0]?.ctype ?? ''
  return /utf-?8/i.test(ctype)
    ? []
    : [
        `the database's LC_CTYPE is "${ctype}", not a UTF-8 locale: partial matching of Japanese tags and titles cannot use the trigram indexes (it still works, by a scan). Create the database with LC_CTYPE 'C.UTF-8' (see the README).`,
      ]
}
