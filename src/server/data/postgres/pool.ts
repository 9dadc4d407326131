import pg from 'pg'
import type { Logger } from '../../log.ts'

// The service's connection pool to PostgreSQL (DATABASE_URL). Counts and ids come back as JavaScript numbers, as
// SQLite's do: the catalogue's int8 columns (ids, timestamps, counters) stay far below 2^53, and a value that does
// not is refused loudly rather than rounded.

function int8(v: string): number {
  const n = Number(v)
  if (!Number.isSafeInteger(n)) throw new Error(`int8 ${v} is past JavaScript's safe integers`)
  return n
}

const numberTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === pg.types.builtins.INT8
      ? int8
      : oid === pg.types.builtins.NUMERIC
        ? Number
        : pg.types.getTypeParser(oid, format as 'text')) as pg.CustomTypesConfig['getTypeParser'],
}

export interface PgPoolOptions {
  /** connections at most (the service's concurrency on this instance) */
  max?: number
  application_name?: string
  /** ms after which the server cancels a statement (PostgreSQL's statement_timeout); unset: never */
  statement_timeout?: number
  /** where a lost idle connection is reported (a database restart, a failover, an administrator's terminate) */
  log?: Pick<Logger, 'error'>
}

/** A pool over `url` whose int8 and numeric columns read as numbers. */
export function openPgPool(url: string, opts: PgPoolOptions = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? 16,
    application_name: opts.application_name ?? 'easel',
    types: numberTypes,
    // The service's statements are short; PostgreSQL's JIT compiles those whose estimated cost is high (a search
    // over a million works), which took 80–110 ms of a 40 ms search in the million-work bench.
    options: '-c jit=off',
    ...(opts.statement_timeout ? { statement_timeout: opts.statement_timeout } : {}),
  })
  // An idle connection the server ends is an 'error' on the pool, which drops that connection and opens another when
  // one is next needed; unheard, the event would be an uncaught exception and end the whole service.
  pool.on('error', (err) => opts.log?.error('PostgreSQL: an idle connection was lost', { error: err.message }))
  return pool
}

/** The rows of one parameterized statement. */
export async function rows<T extends pg.QueryResultRow>(
  db: pg.Pool | pg.ClientBase,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  return (await db.query<T>(sql, params)).rows
}

/** The first row of one parameterized statement, or undefined. */
export async function row<T extends pg.QueryResultRow>(
  db: pg.Pool | pg.ClientBase,
  sql: string,
  params: unknown[] = [],
): Promise<T | undefined> {
  return (await db.query<T>(sql, params)).rows[0]
}

/** Runs `fn` in one transaction on one connection of the pool: committed if it resolves, rolled back if it throws. */
export async function transaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect()
  try {
    await client.query('BEGIN')
    const out = await fn(client)
    await client.query('COMMIT')
    return out
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {})
    throw err
  } finally {
    client.release()
  }
}
