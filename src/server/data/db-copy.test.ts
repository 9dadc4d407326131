import { spawn } from 'node:child_process'
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SIZES } from '../config.ts'
import { generateCatalogue } from '../generator/generate.ts'
import { TEST_CATALOGUE_NOW } from '../testing/global-setup.ts'
import { importFullLibraryFixture } from '../testing/full-library-fixture.ts'
import { usePostgres } from '../testing/postgres.ts'
import { copySqliteToPostgres, RowDigest, type CopyReport } from './db-copy.ts'
import { copyPostgresToSqlite } from './db-copy-to-sqlite.ts'
import { CatalogueStore } from './store.ts'

// db:copy from SQLite into a throwaway PostgreSQL: a small demo catalogue and an imported library arrive whole (rows
// and checksums equal per table, sequences past the ids), a rerun changes nothing, a copy killed mid-way and run
// again ends equal with no row twice, and a target that differs is reported with a failing exit code.

const db = usePostgres()
let dir: string
let demo: string
let library: string
/** a tiny demo catalogue (a few thousand rows) for the runs of the CLI */
let tiny: string

async function query<T extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query<T>(sql, params)).rows
  } finally {
    await client.end()
  }
}

/** The CLI as a process (npm run db:copy), with its output and exit code. */
function cli(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('src/server/data/db-copy-cli.ts'), ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr.on('data', (d: Buffer) => (out += d.toString()))
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, out })),
  )
  return { child, done }
}

const sourceCounts = (file: string) => {
  const lite = new Database(file, { readonly: true })
  const tables = lite
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .all() as { name: string }[]
  const counts = Object.fromEntries(
    tables.map(({ name }) => [name, (lite.prepare(`SELECT count(*) AS n FROM "${name}"`).get() as { n: number }).n]),
  )
  lite.close()
  return counts
}

function expectWhole(report: CopyReport, file: string) {
  const counts = sourceCounts(file)
  expect(report.tables.map((t) => t.table).sort()).toEqual(Object.keys(counts).sort())
  for (const t of report.tables) {
    expect(t.sourceRows, t.table).toBe(counts[t.table])
    expect(t.targetRows, t.table).toBe(t.sourceRows)
    expect(t.targetChecksum, t.table).toBe(t.sourceChecksum)
  }
  expect(report.equal).toBe(true)
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'easel-db-copy-'))
  demo = path.join(dir, 'catalogue.db')
  generateCatalogue(demo, {
    seed: 20261101,
    ...SIZES.small!,
    demoPassword: 'demo',
    now: TEST_CATALOGUE_NOW,
  })
  tiny = path.join(dir, 'tiny.db')
  generateCatalogue(tiny, { seed: 7, works: 60, novels: 12, users: 8, demoPassword: 'demo', now: TEST_CATALOGUE_NOW })
  // a deleted comment: its id (the highest) must never be given again
  const lite = new Database(demo)
  lite.prepare('DELETE FROM comments WHERE id = (SELECT max(id) FROM comments)').run()
  lite.close()

  library = (await importFullLibraryFixture(dir)).file
})

afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('db:copy from SQLite to PostgreSQL', () => {
  it('copies a demo catalogue whole: every table equal in rows and checksum; new ids follow the highest ever given', async () => {
    const url = await db.createDatabase()
    const report = await copySqliteToPostgres(demo, url)
    console.log(
      `db:copy of the small demo catalogue: ${report.copied} rows in ${(report.copyMs / 1000).toFixed(1)} s, checked in ${((report.ms - report.copyMs) / 1000).toFixed(1)} s`,
    )
    expectWhole(report, demo)
    expect(report.copied).toBe(report.tables.reduce((n, t) => n + t.sourceRows, 0))
    expect(report.tables.find((t) => t.table === 'work_activity')!.sourceRows).toBeGreaterThan(10_000)

    const lite = new Database(demo, { readonly: true })
    const highWater = (lite.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'comments'").get() as { seq: number })
      .seq
    const maxTag = (lite.prepare('SELECT max(id) AS id FROM tags').get() as { id: number }).id
    lite.close()
    const [comment] = await query<{ id: string }>(
      url,
      "INSERT INTO comments (kind, item_id, user_id, body, created_ts) VALUES ('illust', 1, 1, 'new', 0) RETURNING id",
    )
    expect(Number(comment!.id)).toBe(highWater + 1)
    const [tag] = await query<{ id: string }>(url, "INSERT INTO tags (name) VALUES ('a new tag') RETURNING id")
    expect(Number(tag!.id)).toBe(maxTag + 1)
    // The copy comes with planner statistics: every copied table analyzed, none left to autovacuum's time.
    const unanalyzed = await query<{ relname: string }>(
      url,
      'SELECT relname FROM pg_stat_user_tables WHERE relname = ANY($1) AND last_analyze IS NULL',
      [report.tables.map((t) => t.table)],
    )
    expect(unanalyzed).toEqual([])
  })

  it('copies an imported library whole, its library tables included', async () => {
    const url = await db.createDatabase()
    const report = await copySqliteToPostgres(library, url)
    expectWhole(report, library)
    const filled = report.tables.filter((t) => t.sourceRows > 0).map((t) => t.table)
    expect(filled).toEqual(
      expect.arrayContaining([
        'works',
        'work_files',
        'library_works',
        'library_skipped',
        'library_novels',
        'novel_files',
        'novel_texts',
        'library_rankings',
        'library_bookmarks',
        'illust_bookmarks',
        'user_files',
      ]),
    )
  })

  it('changes nothing when run again on a finished copy', async () => {
    const url = await db.createDatabase()
    const first = await copySqliteToPostgres(library, url)
    const progress = await query(url, 'SELECT * FROM db_copy_progress ORDER BY table_name')
    const again = await copySqliteToPostgres(library, url)
    expect(again.copied).toBe(0)
    expect(again.tables.map((t) => [t.table, t.targetRows, t.targetChecksum])).toEqual(
      first.tables.map((t) => [t.table, t.targetRows, t.targetChecksum]),
    )
    expect(await query(url, 'SELECT * FROM db_copy_progress ORDER BY table_name')).toEqual(progress)
  })

  it('refuses a target that holds rows it did not copy, or a copy of another catalogue, unless told --fresh', async () => {
    const url = await db.createDatabase()
    await copySqliteToPostgres(library, url)
    await expect(copySqliteToPostgres(tiny, url)).rejects.toThrow(/holds a copy from .*library\.db/)
    const fresh = await copySqliteToPostgres(tiny, url, { fresh: true })
    expectWhole(fresh, tiny)

    const other = await db.createDatabase()
    await copySqliteToPostgres(library, other)
    await query(other, 'DELETE FROM db_copy_progress')
    await expect(copySqliteToPostgres(library, other)).rejects.toThrow(/has rows db:copy did not put there/)
  })

  it('killed mid-way (kill -9) and run again, ends equal with no row twice', async () => {
    const url = await db.createDatabase()
    const source = path.join(dir, 'killed.db')
    copyFileSync(tiny, source)
    const run = cli(['--from', `sqlite:${source}`, '--to', url, '--batch-rows', '20'])
    // kill it once a few batches have committed
    let copied = 0
    const deadline = Date.now() + 60_000 // the CLI starts slowly on a loaded machine
    while (copied < 200 && Date.now() < deadline && run.child.exitCode === null) {
      await new Promise((r) => setTimeout(r, 25))
      const rows = await query<{ n: string | null }>(url, 'SELECT sum(rows_copied) AS n FROM db_copy_progress').catch(
        () => [{ n: null }],
      )
      copied = Number(rows[0]?.n ?? 0)
    }
    run.child.kill('SIGKILL')
    const killed = await run.done
    expect(killed.signal).toBe('SIGKILL')
    const [{ n: done }] = (await query<{ n: string }>(
      url,
      'SELECT count(*) AS n FROM db_copy_progress WHERE done',
    )) as [{ n: string }]
    expect(copied).toBeGreaterThanOrEqual(200)
    console.log(`killed after ${copied} rows (${done} tables done)`)
    expect(Number(done)).toBeLessThan(Object.keys(sourceCounts(source)).length) // it was cut off

    // What the killed run committed (each batch commits with its progress row): the rerun copies exactly the rest,
    // whether the kill fell inside a table (a "resumed after" line) or between two.
    const [{ n: committed }] = (await query<{ n: string }>(
      url,
      'SELECT sum(rows_copied) AS n FROM db_copy_progress',
    )) as [{ n: string }]
    const total = Object.values(sourceCounts(source)).reduce((a, b) => a + b, 0)
    const rerun = await cli(['--from', `sqlite:${source}`, '--to', url]).done
    const rerunCopied = [...rerun.out.matchAll(/^\w+: copied ([\d,]+) rows/gm)].reduce(
      (sum, m) => sum + Number(m[1]!.replaceAll(',', '')),
      0,
    )
    expect(Number(committed)).toBeGreaterThanOrEqual(200)
    expect(rerunCopied).toBe(total - Number(committed))
    expect(rerun.out).toContain('every table equal (34 tables)')
    expect(rerun.code).toBe(0)
    const counts = sourceCounts(source)
    for (const [table, n] of Object.entries(counts)) {
      const [row] = await query<{ n: string }>(url, `SELECT count(*) AS n FROM "${table}"`)
      expect(Number(row!.n), table).toBe(n)
    }
  }, 120_000)

  it('reports a target that differs from the source, and exits 1', async () => {
    const url = await db.createDatabase()
    await copySqliteToPostgres(library, url)
    await query(url, "UPDATE works SET title = title || '!' WHERE id = (SELECT min(id) FROM works)")
    const run = await cli(['--from', `sqlite:${library}`, '--to', url]).done
    expect(run.code).toBe(1)
    expect(run.out).toMatch(/^works .* MISMATCH$/m)
    expect(run.out).toContain('MISMATCH in works')
  }, 60_000)
})

describe('db:copy from PostgreSQL back to SQLite', () => {
  it('makes a new SQLite file equal to the original, table by table, that the service opens', async () => {
    const url = await db.createDatabase()
    await copySqliteToPostgres(library, url)
    const back = path.join(dir, 'back.db')
    const report = await copyPostgresToSqlite(url, back)
    expect(report.equal).toBe(true)
    expectWhole(report, library)
    const original = await copySqliteToPostgres(library, await db.createDatabase())
    expect(report.tables.map((t) => [t.table, t.targetChecksum])).toEqual(
      original.tables.map((t) => [t.table, t.sourceChecksum]),
    )
    const store = new CatalogueStore(back)
    try {
      expect(store.userByAccount('owner')).toBeTruthy()
    } finally {
      store.close()
    }
    await expect(copyPostgresToSqlite(url, back)).rejects.toThrow(/exists/)
  })
})

describe('the rows digest', () => {
  const digest = (rows: unknown[][]) => {
    const d = new RowDigest()
    for (const r of rows) d.add(r)
    return d.hex()
  }

  it('is the same in any order and whichever way an integer was read', () => {
    expect(
      digest([
        [1n, 'a', null],
        [2, 'b', 'c'],
      ]),
    ).toBe(
      digest([
        [2n, 'b', 'c'],
        [1, 'a', null],
      ]),
    )
  })

  it('tells apart a row twice, a changed value, NULL from empty text, and values moved across columns', () => {
    const base = digest([[1, 'ab', 'c']])
    expect(
      digest([
        [1, 'ab', 'c'],
        [1, 'ab', 'c'],
      ]),
    ).not.toBe(base)
    expect(digest([[1, 'ab', 'd']])).not.toBe(base)
    expect(digest([[1, 'a', 'bc']])).not.toBe(base)
    expect(digest([[1, '', null]])).not.toBe(digest([[1, null, '']]))
    expect(digest([['1', 'ab', 'c']])).not.toBe(base)
  })
})
