import { realpathSync } from 'node:fs'
import Database from 'better-sqlite3'
import pg from 'pg'
import { migratePostgres } from './postgres/migrate.ts'
import { CATALOGUE_TABLES } from './postgres/migrations.ts'
import { SCHEMA_VERSION } from './schema.ts'
import { missingSchema, recordedSchemaVersion } from './schema-version.ts'

// `npm run db:copy`: moves a catalogue (the demo's or an imported library) from its SQLite file into a PostgreSQL
// database, then proves the copy: per table, the rows in each and an order-independent checksum of their contents
// computed the same way over both sides.
//
// - Batches: rows are read from SQLite in primary-key order with .iterate() (never the whole table in memory) and
//   written ~1,000 at a time (fewer when the rows are large) with one INSERT … SELECT FROM unnest(arrays) each, which
//   costs one parameter per column however many rows.
// - Resumable: each batch commits together with its table's row in db_copy_progress (the last primary key copied),
//   so a copy killed at any point loses nothing committed and a rerun continues after that key, with no row twice. A
//   finished copy run again copies nothing and changes nothing.
// - Consistent: the source is read in one read transaction, a snapshot (a catalogue in WAL mode keeps serving
//   meanwhile); a rerun after an interruption reads a new one, and the checksums show if the source changed between.
// - Identity columns' sequences are set past the largest id copied (and past SQLite's AUTOINCREMENT high-water mark,
//   so a deleted comment's or session's id is never given again).

/** The target's record of a copy under way, per table (not part of the catalogue; dropped by nothing). */
const PROGRESS_SQL = `CREATE TABLE IF NOT EXISTS db_copy_progress (
  table_name text PRIMARY KEY,
  source text NOT NULL,
  last_key text,
  rows_copied bigint NOT NULL,
  done boolean NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
)`

export interface CopyOptions {
  /** most rows per INSERT (default 1,000) */
  batchRows?: number
  /** most bytes of text per INSERT, roughly (default 4 MiB: a batch of long novels stays small) */
  batchBytes?: number
  /** empty the target's catalogue tables and its progress first (a new copy over an old one) */
  fresh?: boolean
  /** progress lines */
  log?: (line: string) => void
}

export interface TableCheck {
  table: string
  sourceRows: number
  targetRows: number
  sourceChecksum: string
  targetChecksum: string
  equal: boolean
}

export interface CopyReport {
  tables: (TableCheck & { copied: number })[]
  /** rows this run inserted */
  copied: number
  /** copying (without the checks) and in all */
  copyMs: number
  ms: number
  equal: boolean
}

const q = (name: string) => pg.escapeIdentifier(name)

/** int8 as BigInt (exact, as SQLite's safe integers), everything else as node-postgres reads it. */
const exactTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === pg.types.builtins.INT8
      ? (v: string) => BigInt(v)
      : pg.types.getTypeParser(oid, format as 'text')) as pg.CustomTypesConfig['getTypeParser'],
}

interface Column {
  name: string
  /** the PostgreSQL type, for the unnest casts */
  type: string
  /** position in the primary key (1-based), 0 if not in it */
  pk: number
}

/** Opens the source read-only and checks it has this code's schema (an older file upgrades when the service opens it). */
export function openSource(file: string): Database.Database {
  const lite = new Database(file, { readonly: true, fileMustExist: true })
  const version = recordedSchemaVersion(lite)
  const missing = missingSchema(lite)
  if (version !== SCHEMA_VERSION || missing.length > 0) {
    lite.close()
    throw new Error(
      `${file} has catalogue schema ${version}${missing.length ? ` and lacks ${missing.join(', ')}` : ''}; this Easel copies schema ${SCHEMA_VERSION}: start the service on it once (it upgrades in place), then copy`,
    )
  }
  lite.defaultSafeIntegers(true)
  return lite
}

export function sourceTables(lite: Database.Database): string[] {
  const tables = (
    lite.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as {
      name: string
    }[]
  ).map((t) => t.name)
  const unknown = tables.filter((t) => !CATALOGUE_TABLES.includes(t))
  if (unknown.length > 0) throw new Error(`the source has tables the PostgreSQL schema lacks: ${unknown.join(', ')}`)
  return CATALOGUE_TABLES.filter((t) => tables.includes(t))
}

export async function columnsOf(lite: Database.Database, client: pg.ClientBase, table: string): Promise<Column[]> {
  const lcols = lite.prepare('SELECT name, pk FROM pragma_table_info(?) ORDER BY cid').all(table) as {
    name: string
    pk: bigint
  }[]
  const { rows } = await client.query<{ name: string; type: string }>(
    `SELECT attname AS name, format_type(atttypid, atttypmod) AS type FROM pg_attribute
      WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped`,
    [table],
  )
  const types = new Map(rows.map((r) => [r.name, r.type]))
  const columns = lcols.map((c) => {
    const type = types.get(c.name)
    if (!type) throw new Error(`PostgreSQL's ${table} has no column ${c.name}`)
    return { name: c.name, type, pk: Number(c.pk) }
  })
  if (types.size !== columns.length)
    throw new Error(`PostgreSQL's ${table} has columns the source lacks: ${[...types.keys()].join(', ')}`)
  if (!columns.some((c) => c.pk > 0)) throw new Error(`${table} has no primary key to copy it in order by`)
  return columns
}

// A key as stored in db_copy_progress: JSON of [kind, text] pairs, so a 64-bit integer survives exactly.
const encodeKey = (values: unknown[]) =>
  JSON.stringify(values.map((v) => (typeof v === 'bigint' ? ['i', v.toString()] : ['s', v])))
const decodeKey = (text: string): unknown[] =>
  (JSON.parse(text) as [string, string][]).map(([kind, v]) => (kind === 'i' ? BigInt(v) : v))

interface Progress {
  table_name: string
  source: string
  last_key: string | null
  rows_copied: bigint
  done: boolean
}

/** Copies one table from where its progress says, batch by batch; returns the rows it inserted. */
async function copyTable(
  lite: Database.Database,
  client: pg.ClientBase,
  table: string,
  columns: Column[],
  source: string,
  progress: Progress | undefined,
  opts: Required<Pick<CopyOptions, 'batchRows' | 'batchBytes'>>,
): Promise<number> {
  const key = columns.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk)
  const keyAt = key.map((k) => columns.indexOf(k))
  const keyList = key.map((k) => q(k.name)).join(', ')
  const after = progress?.last_key ? decodeKey(progress.last_key) : undefined
  const select = lite
    .prepare(
      `SELECT ${columns.map((c) => q(c.name)).join(', ')} FROM ${q(table)}` +
        (after ? ` WHERE (${keyList}) > (${key.map(() => '?').join(', ')})` : '') +
        ` ORDER BY ${keyList}`,
    )
    .raw(true)
  const insert =
    `INSERT INTO ${q(table)} (${columns.map((c) => q(c.name)).join(', ')}) ` +
    `SELECT * FROM unnest(${columns.map((c, i) => `$${i + 1}::${c.type}[]`).join(', ')})`
  let copiedBefore = Number(progress?.rows_copied ?? 0)
  let copied = 0

  const save = async (lastKey: unknown[] | undefined, rows: number, done: boolean) =>
    client.query(
      `INSERT INTO db_copy_progress (table_name, source, last_key, rows_copied, done) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (table_name) DO UPDATE SET last_key = EXCLUDED.last_key, rows_copied = EXCLUDED.rows_copied,
         done = EXCLUDED.done, updated_at = now()`,
      [table, source, lastKey ? encodeKey(lastKey) : (progress?.last_key ?? null), rows, done],
    )

  let batch: unknown[][] = columns.map(() => [])
  let rows = 0
  let bytes = 0
  let last: unknown[] | undefined
  // One batch in flight while the next is read: node-postgres sends a client's queries in order, so the batch's
  // transaction runs on the server while this process reads SQLite (each has a core of its own).
  let inFlight: Promise<void> = Promise.resolve()
  const flush = async () => {
    await inFlight
    if (rows === 0) return
    const columnsOfBatch = batch
    const n = rows
    const lastKey = last!
    batch = columns.map(() => [])
    rows = 0
    bytes = 0
    const from = progress?.last_key ?? '(start)'
    inFlight = (async () => {
      await client.query('BEGIN')
      try {
        await client.query(insert, columnsOfBatch)
        await save(lastKey, copiedBefore + n, false)
        await client.query('COMMIT')
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined)
        throw new Error(`copying ${table} after key ${from}: ${(err as Error).message}`, { cause: err })
      }
      copiedBefore += n
      copied += n
      progress = {
        table_name: table,
        source,
        last_key: encodeKey(lastKey),
        rows_copied: BigInt(copiedBefore),
        done: false,
      }
    })()
    // a failure is thrown by the next flush's await; until then it must not count as unhandled
    inFlight.catch(() => undefined)
  }

  for (const row of select.iterate(...(after ?? [])) as Iterable<unknown[]>) {
    for (let i = 0; i < row.length; i++) {
      const v = row[i]
      batch[i]!.push(v)
      bytes += typeof v === 'string' ? v.length : 8
    }
    rows++
    last = keyAt.map((i) => row[i])
    if (rows >= opts.batchRows || bytes >= opts.batchBytes) await flush()
  }
  await flush()
  await inFlight
  await save(undefined, copiedBefore, true)
  return copied
}

/** Sets each identity column's sequence past the largest id copied and SQLite's AUTOINCREMENT high-water mark. */
async function setSequences(lite: Database.Database, client: pg.ClientBase, tables: string[]) {
  const hasSequences = lite.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'").get()
  const highWater = new Map(
    hasSequences
      ? (lite.prepare('SELECT name, seq FROM sqlite_sequence').all() as { name: string; seq: bigint }[]).map((r) => [
          r.name,
          r.seq,
        ])
      : [],
  )
  const { rows } = await client.query<{ table: string; column: string; sequence: string }>(
    `SELECT c.relname AS table, a.attname AS column, pg_get_serial_sequence(quote_ident(c.relname), a.attname) AS sequence
       FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
      WHERE c.relname = ANY($1) AND a.attidentity <> '' AND c.relnamespace = current_schema()::regnamespace`,
    [tables],
  )
  for (const r of rows) {
    const max = (await client.query<{ max: bigint | null }>(`SELECT max(${q(r.column)}) AS max FROM ${q(r.table)}`))
      .rows[0]!.max
    const high = [max ?? 0n, highWater.get(r.table) ?? 0n].reduce((a, b) => (a > b ? a : b))
    // setval(…, n, true): the next id is n + 1; an empty table starts at 1
    if (high > 0n) await client.query('SELECT setval($1, $2, true)', [r.sequence, high.toString()])
    else await client.query('SELECT setval($1, 1, false)', [r.sequence])
  }
}

/**
 * An order-independent digest of a table's rows: per row a 64-bit hash of its canonical form, summed (each 32-bit
 * half mod 2³²) over the rows. A sum, not a xor: a row copied twice changes it. Canonical: integers in decimal
 * whichever engine or type gave them (SQLite's safe integers, PostgreSQL's int4 numbers and int8 BigInts), text as its
 * UTF-16 code units with its length, NULL as itself; each value tagged with its kind. The hash is computed here in
 * JavaScript (two different mixes, murmur3's and FNV-1a's, each finished by murmur3's fmix): it catches a copy's
 * errors, not someone forging rows, and is ten times as fast as a crypto hash per row (which made the check slower
 * than the copy).
 */
export class RowDigest {
  rows = 0
  private hi = 0
  private lo = 0

  add(row: readonly unknown[]) {
    ha = 0x9e3779b9
    hb = 0x811c9dc5
    for (const v of row) {
      if (v === null || v === undefined)
        unit(0x4e) // N
      else if (typeof v === 'string')
        text(0x53, v) // S
      else if (typeof v === 'bigint' || typeof v === 'number')
        text(0x49, v.toString()) // I
      else if (Buffer.isBuffer(v))
        text(0x42, v.toString('hex')) // B
      else throw new Error(`a value of type ${typeof v} in a row`)
    }
    this.hi = (this.hi + fmix(ha ^ row.length)) >>> 0
    this.lo = (this.lo + fmix(hb)) >>> 0
    this.rows++
  }

  hex() {
    return this.hi.toString(16).padStart(8, '0') + this.lo.toString(16).padStart(8, '0')
  }
}

// the row hash's two lanes, as module state: closures made per row cost more than the hashing
let ha = 0
let hb = 0

function unit(c: number) {
  let k = Math.imul(c, 0xcc9e2d51)
  k = (k << 15) | (k >>> 17)
  ha ^= Math.imul(k, 0x1b873593)
  ha = (ha << 13) | (ha >>> 19)
  ha = (Math.imul(ha, 5) + 0xe6546b64) | 0
  hb = Math.imul(hb ^ c, 0x01000193)
}

function text(tag: number, s: string) {
  unit(tag)
  for (let i = 0; i < s.length; i++) unit(s.charCodeAt(i))
  unit(s.length & 0xffff)
  unit(s.length >>> 16)
}

/** murmur3's finalizer: every input bit affects every output bit. */
function fmix(h: number) {
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}

/** Rows and digest of a SQLite table, streamed. */
export function digestSqlite(lite: Database.Database, table: string, columns: string[]): RowDigest {
  const d = new RowDigest()
  const rows = lite
    .prepare(`SELECT ${columns.map(q).join(', ')} FROM ${q(table)}`)
    .raw(true)
    .safeIntegers(true)
  for (const row of rows.iterate() as Iterable<unknown[]>) d.add(row)
  return d
}

/**
 * Reads a PostgreSQL table through a cursor in fetches of about 4 MiB, handing each fetch's rows (arrays, in
 * `columns` order) to `each`. In a read-only snapshot of its own, or in the caller's transaction (`inTransaction`).
 */
export async function readPostgres(
  client: pg.ClientBase,
  table: string,
  columns: string[],
  each: (rows: unknown[][]) => void,
  opts: { inTransaction?: boolean } = {},
): Promise<void> {
  if (!opts.inTransaction) await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY')
  try {
    await client.query(`DECLARE rows NO SCROLL CURSOR FOR SELECT ${columns.map(q).join(', ')} FROM ${q(table)}`)
    let n = 1000
    for (;;) {
      const { rows } = await client.query<unknown[]>({ text: `FETCH ${n} FROM rows`, rowMode: 'array' })
      each(rows)
      if (rows.length < n) break
      let bytes = 0
      for (const row of rows) for (const v of row) bytes += typeof v === 'string' ? v.length : 8
      // as many rows next time as make about 4 MiB, given these
      n = Math.max(10, Math.min(10_000, Math.round((n * 4 * 1024 * 1024) / Math.max(1, bytes))))
    }
    await client.query('CLOSE rows')
  } finally {
    if (!opts.inTransaction) await client.query('COMMIT')
  }
}

/** Rows and digest of a PostgreSQL table, streamed. */
export async function digestPostgres(client: pg.ClientBase, table: string, columns: string[]): Promise<RowDigest> {
  const d = new RowDigest()
  await readPostgres(client, table, columns, (rows) => {
    for (const row of rows) d.add(row)
  })
  return d
}

/** Connects to PostgreSQL with int8 read exactly (BigInt), as the copy and its checks need. */
export async function connectExact(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, types: exactTypes, application_name: 'easel db:copy' })
  await client.connect()
  return client
}

/** Compares every table of the source with the target: rows and digests. */
export async function compareTables(lite: Database.Database, client: pg.ClientBase): Promise<TableCheck[]> {
  const checks: TableCheck[] = []
  for (const table of sourceTables(lite)) {
    const columns = (await columnsOf(lite, client, table)).map((c) => c.name)
    const s = digestSqlite(lite, table, columns)
    const t = await digestPostgres(client, table, columns)
    checks.push({
      table,
      sourceRows: s.rows,
      targetRows: t.rows,
      sourceChecksum: s.hex(),
      targetChecksum: t.hex(),
      equal: s.rows === t.rows && s.hex() === t.hex(),
    })
  }
  return checks
}

/** Copies the SQLite catalogue `file` into the PostgreSQL database `url` (migrating it first), then checks the copy. */
export async function copySqliteToPostgres(file: string, url: string, opts: CopyOptions = {}): Promise<CopyReport> {
  const started = performance.now()
  const log = opts.log ?? (() => undefined)
  const batch = { batchRows: opts.batchRows ?? 1000, batchBytes: opts.batchBytes ?? 4 * 1024 * 1024 }
  if (!Number.isInteger(batch.batchRows) || batch.batchRows < 1) throw new Error('batchRows must be a whole number ≥ 1')
  const lite = openSource(file)
  const source = realpathSync(file)
  const client = await connectExact(url)
  try {
    const migrated = await migratePostgres(client)
    for (const w of migrated.warnings) log(`warning: ${w}`)
    if (migrated.applied.length > 0) log(`migrated the target to PostgreSQL schema ${migrated.version}`)
    await client.query(PROGRESS_SQL)
    // A batch's commit need not wait for its WAL to reach the disk: a server crash may lose the last batches, but
    // each batch and its progress row commit together, so it loses both and the rerun copies them again.
    await client.query('SET synchronous_commit = off')
    const tables = sourceTables(lite)
    if (opts.fresh) {
      await client.query(`TRUNCATE ${tables.map(q).join(', ')}`)
      await client.query('DELETE FROM db_copy_progress')
      log('emptied the target (--fresh)')
    }
    const progress = new Map(
      (await client.query<Progress>('SELECT * FROM db_copy_progress')).rows.map((p) => [p.table_name, p]),
    )
    const others = [...progress.values()].filter((p) => p.source !== source)
    if (others.length > 0)
      throw new Error(
        `the target holds a copy from ${others[0]!.source}, not ${source}: copy into another database, or add --fresh to empty it first`,
      )
    for (const table of tables) {
      if (progress.has(table)) continue
      const { rows } = await client.query(`SELECT 1 FROM ${q(table)} LIMIT 1`)
      if (rows.length > 0)
        throw new Error(
          `the target's ${table} has rows db:copy did not put there: copy into an empty database, or add --fresh to empty it first`,
        )
    }

    // one snapshot of the source for the whole run
    lite.exec('BEGIN')
    const copiedPerTable = new Map<string, number>()
    let copied = 0
    for (const table of tables) {
      const p = progress.get(table)
      if (p?.done) {
        copiedPerTable.set(table, 0)
        continue
      }
      const t0 = performance.now()
      const columns = await columnsOf(lite, client, table)
      const n = await copyTable(lite, client, table, columns, source, p, batch)
      copiedPerTable.set(table, n)
      copied += n
      const resumed = p ? ` (resumed after ${Number(p.rows_copied).toLocaleString('en')} rows)` : ''
      log(
        `${table}: copied ${n.toLocaleString('en')} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s${resumed}`,
      )
    }
    await setSequences(lite, client, tables)
    // Planner statistics for the copied tables: a fresh copy otherwise plans from none until autovacuum gets to it
    // (the trending tags took 1.7 s a query instead of about 50 ms).
    await client.query(`ANALYZE ${tables.map(q).join(', ')}`)
    const copyMs = performance.now() - started
    const checks = await compareTables(lite, client)
    lite.exec('COMMIT')
    return {
      tables: checks.map((c) => ({ ...c, copied: copiedPerTable.get(c.table) ?? 0 })),
      copied,
      copyMs,
      ms: performance.now() - started,
      equal: checks.every((c) => c.equal),
    }
  } finally {
    await client.end().catch(() => undefined)
    lite.close()
  }
}

/** The report as a table of lines: per table, rows and checksum on each side. */
export function reportLines(r: CopyReport): string[] {
  const head = ['table', 'copied', 'source rows', 'target rows', 'source checksum', 'target checksum', '']
  const rows = r.tables.map((t) => [
    t.table,
    t.copied.toLocaleString('en'),
    t.sourceRows.toLocaleString('en'),
    t.targetRows.toLocaleString('en'),
    t.sourceChecksum,
    t.targetChecksum,
    t.equal ? 'equal' : 'MISMATCH',
  ])
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)))
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 || i >= 4 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd()
  const total = r.tables.reduce((n, t) => n + t.sourceRows, 0)
  const mismatched = r.tables.filter((t) => !t.equal).map((t) => t.table)
  return [
    line(head),
    ...rows.map(line),
    `copied ${r.copied.toLocaleString('en')} rows in ${(r.copyMs / 1000).toFixed(1)} s` +
      (r.copied > 0 ? ` (${Math.round(r.copied / (r.copyMs / 1000)).toLocaleString('en')} rows/s)` : '') +
      `; checked ${total.toLocaleString('en')} rows in ${((r.ms - r.copyMs) / 1000).toFixed(1)} s`,
    mismatched.length === 0
      ? `every table equal (${r.tables.length} tables)`
      : `MISMATCH in ${mismatched.join(', ')}: the target differs from the source`,
  ]
}
