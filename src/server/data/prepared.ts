import type Database from 'better-sqlite3'
import type { Statement } from 'better-sqlite3'

/**
 * How many prepared statements one module keeps. The fixed SQL of the service is a few hundred texts at most; search
 * builds a text per query shape (AND, OR, NOT and groups over up to 30 terms: more shapes than anyone will use), and
 * SQLite holds each statement's program in memory: kept forever, 3,000 shapes of 14 terms grew the process by 53 MB,
 * and on without end (RSS +213 MB after 12,000); bounded, it levels off (+68 MB after 12,000, most of it by the first
 * 3,000, then about 3 MB per 3,000). A dropped statement is finalized when the garbage collector takes it.
 */
export const MAX_STATEMENTS = 500

/** `preparedOnce`'s function, and how many statements it holds. */
export type Prepared = ((sql: string) => Statement) & { readonly size: number }

/**
 * A statement per distinct SQL text, prepared on first use and kept (the `max` most recently used): what every query
 * module of this folder calls its SQL through. Dynamic SQL is only ever built from fixed fragments, never from input
 * (values are bound).
 */
export function preparedOnce(db: Database.Database, max = MAX_STATEMENTS): Prepared {
  const statements = new Map<string, Statement>()
  const prepared = (sql: string) => {
    let s = statements.get(sql)
    if (s) {
      statements.delete(sql)
      statements.set(sql, s)
      return s
    }
    statements.set(sql, (s = db.prepare(sql)))
    if (statements.size > max) statements.delete(statements.keys().next().value!)
    return s
  }
  return Object.defineProperty(prepared, 'size', { get: () => statements.size }) as Prepared
}
