import { existsSync, renameSync, rmSync } from 'node:fs'
import Database from 'better-sqlite3'
import pg from 'pg'
import { MIGRATIONS } from './postgres/migrations.ts'
import { schemaSql } from './schema.ts'
import { compareTables, connectExact, readPostgres, type CopyReport } from './db-copy.ts'

// db:copy the other way: a PostgreSQL catalogue back into a new SQLite file (moving back to one machine, or taking a
// copy home). The whole database is read in one snapshot, written into a temp file beside the target and renamed
// into place once it is whole, so an interrupted run leaves nothing to resume: it starts again. Checked as the
// forward copy is (rows and checksums per table).

const q = (name: string) => pg.escapeIdentifier(name)

export async function copyPostgresToSqlite(
  url: string,
  file: string,
  opts: { log?: (line: string) => void } = {},
): Promise<CopyReport> {
  const started = performance.now()
  const log = opts.log ?? (() => undefined)
  if (existsSync(file)) throw new Error(`${file} exists: the copy makes a new SQLite file`)
  const client = await connectExact(url)
  const tmp = `${file}.tmp-${process.pid}`
  let lite: Database.Database | undefined
  try {
    const want = MIGRATIONS.at(-1)!.version
    const recorded = await client
      .query<{ version: number | null }>('SELECT max(version) AS version FROM schema_migrations')
      .then((r) => r.rows[0]?.version ?? null)
      .catch(() => null)
    if (recorded !== want)
      throw new Error(
        `the database has PostgreSQL schema ${recorded ?? '(none)'}, not ${want}: npm run db:migrate, then copy`,
      )
    lite = new Database(tmp)
    lite.pragma('journal_mode = WAL')
    lite.exec(schemaSql)
    lite.defaultSafeIntegers(true)
    const tables = (
      lite.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as {
        name: string
      }[]
    ).map((t) => t.name)

    let copied = 0
    const perTable = new Map<string, number>()
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY')
    for (const table of tables) {
      const t0 = performance.now()
      const columns = (
        lite.prepare('SELECT name FROM pragma_table_info(?) ORDER BY cid').all(table) as {
          name: string
        }[]
      ).map((c) => c.name)
      const insert = lite.prepare(
        `INSERT INTO ${q(table)} (${columns.map(q).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
      )
      const write = lite.transaction((rows: unknown[][]) => {
        for (const row of rows) insert.run(row)
      })
      let n = 0
      await readPostgres(
        client,
        table,
        columns,
        (rows) => {
          write(rows)
          n += rows.length
        },
        { inTransaction: true },
      )
      perTable.set(table, n)
      copied += n
      log(`${table}: copied ${n.toLocaleString('en')} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`)
    }
    // AUTOINCREMENT's high-water mark: as far as PostgreSQL's sequence went (ids of deleted rows stay used)
    const sequences = await client.query<{ table: string; last: bigint | null }>(
      `SELECT c.relname AS table, s.last_value AS last FROM pg_class c
         JOIN pg_attribute a ON a.attrelid = c.oid AND a.attidentity <> ''
         JOIN pg_sequences s ON s.schemaname = current_schema()
          AND s.sequencename = split_part(pg_get_serial_sequence(quote_ident(c.relname), a.attname), '.', 2)
        WHERE c.relname IN ('comments', 'refresh_tokens') AND c.relnamespace = current_schema()::regnamespace`,
    )
    await client.query('COMMIT')
    for (const { table, last } of sequences.rows) {
      if (last === null) continue
      const row = lite.prepare('SELECT seq FROM sqlite_sequence WHERE name = ?').get(table) as
        { seq: bigint } | undefined
      if (!row) lite.prepare('INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)').run(table, last)
      else if (row.seq < last) lite.prepare('UPDATE sqlite_sequence SET seq = ? WHERE name = ?').run(last, table)
    }
    const copyMs = performance.now() - started
    const checks = await compareTables(lite, client)
    lite.pragma('wal_checkpoint(TRUNCATE)')
    lite.close()
    lite = undefined
    renameSync(tmp, file)
    return {
      tables: checks.map((c) => ({ ...c, copied: perTable.get(c.table) ?? 0 })),
      copied,
      copyMs,
      ms: performance.now() - started,
      equal: checks.every((c) => c.equal),
    }
  } finally {
    lite?.close()
    for (const f of [tmp, `${tmp}-wal`, `${tmp}-shm`]) rmSync(f, { force: true })
    await client.end().catch(() => undefined)
  }
}
