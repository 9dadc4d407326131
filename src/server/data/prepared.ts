import type Database from 'better-sqlite3'
import type { Statement } from 'better-sqlite3'

/**
 * A statement per distinct SQL text, prepared on first use and kept: what every query module of this folder calls its
 * SQL through. Dynamic SQL is only ever built from fixed fragments, never from input (values are bound).
 */
export function preparedOnce(db: Database.Database): (sql: string) => Statement {
  const statements = new Map<string, Statement>()
  return (sql) => {
    let s = statements.get(sql)
    if (!s) statements.set(sql, (s = db.prepare(sql)))
    return s
  }
}
