import { spawnSync } from 'node:child_process'
import path from 'node:path'
import Database from 'better-sqlite3'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { postgresBinDir, usePostgres } from '../../testing/postgres.ts'
import { schemaSql } from '../schema.ts'
import { migratePostgres } from './migrate.ts'
import { CATALOGUE_TABLES, MIGRATIONS } from './migrations.ts'

// The PostgreSQL schema's migrations on a throwaway cluster: from an empty database to the SQLite schema's mirror,
// once only (twice, or several instances at once), and refusing a database they do not describe.

const db = usePostgres()

async function query<T extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query<T>(sql, params)).rows
  } finally {
    await client.end()
  }
}

/** The schema as pg_dump prints it, and schema_migrations' rows (applied_at included: a re-applied one would differ). */
async function dump(url: string) {
  const r = spawnSync(path.join(postgresBinDir(), 'pg_dump'), ['--schema-only', '--no-owner', url], {
    encoding: 'utf8',
  })
  if (r.status !== 0) throw new Error(r.stderr)
  // pg_dump 15.14+ brackets the dump with a random \restrict key
  const schema = r.stdout.replace(/^\\(un)?restrict .*$/gm, '')
  return { schema, recorded: await query(url, 'SELECT * FROM schema_migrations ORDER BY version') }
}

/**
 * The indexes the migrations after the first (the SQLite schema's mirror) make for PostgreSQL's own queries: those
 * the SQLite schema has no index of that name for (a later table's indexes, as the uploads', mirror SQLite's).
 */
const POSTGRES_ONLY_INDEXES = MIGRATIONS.slice(1)
  .flatMap((m) => [...m.sql.matchAll(/CREATE INDEX (\w+)/g)].map((x) => x[1]!))
  .filter((name) => !new RegExp(`CREATE INDEX ${name} `).test(schemaSql))

/** Each table's columns (name, nullability), primary key and other indexes, as today's SQLite schema makes them. */
function sqliteShape() {
  const lite = new Database(':memory:')
  lite.exec(schemaSql)
  const shape: Record<string, unknown> = {}
  for (const table of CATALOGUE_TABLES) {
    const cols = lite.prepare('SELECT name, "notnull", pk FROM pragma_table_info(?) ORDER BY cid').all(table) as {
      name: string
      notnull: number
      pk: number
    }[]
    // CREATE INDEX ('c') and UNIQUE ('u') indexes; the primary key is `key`
    const indexes = lite
      .prepare(`SELECT name, "unique" FROM pragma_index_list(?) WHERE origin IN ('c', 'u')`)
      .all(table) as { name: string; unique: number }[]
    shape[table] = {
      columns: cols.map((c) => `${c.name}${c.notnull || c.pk ? ' not null' : ''}`),
      key: cols
        .filter((c) => c.pk)
        .sort((a, b) => a.pk - b.pk)
        .map((c) => c.name),
      indexes: indexes
        .map(
          (i) =>
            (i.unique ? 'unique ' : '') +
            (lite.prepare('SELECT name FROM pragma_index_info(?) ORDER BY seqno').all(i.name) as { name: string }[])
              .map((c) => c.name)
              .join(','),
        )
        .sort(),
    }
  }
  lite.close()
  return shape
}

async function postgresShape(url: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const query = async <T extends pg.QueryResultRow>(_: string, sql: string, params: unknown[]) =>
    (await client.query<T>(sql, params)).rows
  const shape: Record<string, unknown> = {}
  for (const table of CATALOGUE_TABLES) {
    const cols = await query<{ name: string; notnull: boolean }>(
      url,
      `SELECT attname AS name, attnotnull AS notnull FROM pg_attribute
        WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped ORDER BY attnum`,
      [table],
    )
    const key = await query<{ cols: string }>(
      url,
      `SELECT string_agg(a.attname, ',' ORDER BY k.i) AS cols FROM pg_constraint c
        CROSS JOIN unnest(c.conkey) WITH ORDINALITY AS k(attnum, i)
        JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum
        WHERE c.conrelid = $1::regclass AND c.contype = 'p'`,
      [table],
    )
    // the b-tree indexes other than the primary key's and those later migrations add for PostgreSQL's own queries
    // (the trigram indexes, the social writes' lookups: no SQLite counterpart)
    const indexes = await query<{ cols: string }>(
      url,
      `SELECT CASE WHEN x.indisunique THEN 'unique ' ELSE '' END || string_agg(a.attname, ',' ORDER BY k.i) AS cols
        FROM pg_index x
        JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_am am ON am.oid = i.relam
        CROSS JOIN unnest(x.indkey) WITH ORDINALITY AS k(attnum, i)
        JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.attnum
        WHERE x.indrelid = $1::regclass AND NOT x.indisprimary AND am.amname = 'btree' AND i.relname <> ALL($2::text[])
        GROUP BY x.indexrelid, x.indisunique`,
      [table, POSTGRES_ONLY_INDEXES],
    )
    shape[table] = {
      columns: cols.map((c) => `${c.name}${c.notnull ? ' not null' : ''}`),
      key: key[0]?.cols.split(',') ?? [],
      indexes: indexes.map((i) => i.cols).sort(),
    }
  }
  await client.end()
  return shape
}

describe('PostgreSQL migrations', () => {
  it('make every table of the SQLite schema from an empty database, with its columns, keys and indexes', async () => {
    const result = await migratePostgres(db.url)
    expect(result.applied).toEqual(MIGRATIONS.map((m) => m.version))
    expect(result.warnings).toEqual([])
    expect(await postgresShape(db.url)).toEqual(sqliteShape())
  })

  it('give partial tag and title matching trigram indexes, which a Japanese substring search uses', async () => {
    const url = await db.createDatabase()
    await migratePostgres(url)
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      await client.query(`INSERT INTO tags (name, translated_name)
        SELECT '猫耳' || g, 'cat ears ' || g FROM generate_series(1, 2000) g`)
      await client.query('ANALYZE tags')
      await client.query('SET enable_seqscan = off')
      for (const [where, index] of [
        [`name LIKE '%猫耳1%'`, 'tags_name_trgm'],
        [`translated_name ILIKE '%EARS 12%'`, 'tags_translated_name_trgm'],
      ]) {
        const plan = (await client.query(`EXPLAIN SELECT id FROM tags WHERE ${where}`)).rows.map((r) => r['QUERY PLAN'])
        expect(plan.join('\n')).toContain(index)
      }
      const hits = await client.query(`SELECT count(*)::int AS n FROM tags WHERE translated_name ILIKE '%EARS 12%'`)
      expect(hits.rows[0].n).toBe(111) // 12, 120–129, 1200–1299
    } finally {
      await client.end()
    }
  })

  it('are a no-op the second time: the same schema, nothing applied again', async () => {
    const url = await db.createDatabase()
    await migratePostgres(url)
    const before = await dump(url)
    const again = await migratePostgres(url)
    expect(again.applied).toEqual([])
    expect(await dump(url)).toEqual(before)
    expect(before.schema).toContain('CREATE TABLE public.works')
  })

  it('apply each migration once when several instances start at once', async () => {
    const url = await db.createDatabase()
    const results = await Promise.all([1, 2, 3, 4].map(() => migratePostgres(url)))
    expect(results.flatMap((r) => r.applied).sort()).toEqual(MIGRATIONS.map((m) => m.version))
    const recorded = await query<{ version: number }>(url, 'SELECT version FROM schema_migrations ORDER BY version')
    expect(recorded.map((r) => r.version)).toEqual(MIGRATIONS.map((m) => m.version))
  })

  it('bring a database part-way up to date, applying only the migrations it lacks', async () => {
    const url = await db.createDatabase()
    expect((await migratePostgres(url, MIGRATIONS.slice(0, 1))).applied).toEqual([1])
    expect((await migratePostgres(url)).applied).toEqual(MIGRATIONS.slice(1).map((m) => m.version))
  })

  it('refuse a database made by a newer Easel, or whose applied migration has since changed', async () => {
    const url = await db.createDatabase()
    await migratePostgres(url)
    await expect(migratePostgres(url, MIGRATIONS.slice(0, 1))).rejects.toThrow(/newer Easel/)
    const edited = MIGRATIONS.map((m) => (m.version === 2 ? { ...m, sql: `${m.sql}\n-- edited` } : m))
    await expect(migratePostgres(url, edited)).rejects.toThrow(/must never change/)
  })

  it('leave nothing behind when a migration fails: its transaction rolls back and it stays pending', async () => {
    const url = await db.createDatabase()
    const broken = [...MIGRATIONS, { version: 99, name: 'broken', sql: 'CREATE TABLE half (x int); SELECT nope' }]
    await expect(migratePostgres(url, broken)).rejects.toThrow(/migration 99 \(broken\) failed/)
    expect(await query(url, "SELECT 1 FROM pg_tables WHERE tablename = 'half'")).toEqual([])
    const recorded = await query<{ version: number }>(url, 'SELECT version FROM schema_migrations ORDER BY version')
    expect(recorded.map((r) => r.version)).toEqual(MIGRATIONS.map((m) => m.version))
  })
})
