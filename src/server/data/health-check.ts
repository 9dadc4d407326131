import type Database from 'better-sqlite3'

// The readiness probe's query (http/health.ts): the catalogue's connection is open and answers.

const statements = new WeakMap<Database.Database, Database.Statement>()

/** Runs `SELECT 1` on `db`; throws when the connection is closed or the database cannot answer. */
export function catalogueAnswers(db: Database.Database): void {
  let statement = statements.get(db)
  if (!statement) statements.set(db, (statement = db.prepare('SELECT 1')))
  statement.get()
}
