import type Database from 'better-sqlite3'
import { commentsSql } from './schema.ts'

// Brings a catalogue made by an older Easel up to the current schema in place, so an upgrade keeps the bookmarks,
// follows and mutes already written to it. Each step checks for itself and runs at most once.

export function migrate(db: Database.Database) {
  const userColumns = (db.prepare('PRAGMA table_info(users)').all() as { name: string }[]).map((c) => c.name)
  // schema 2: the account's AI-show setting
  if (!userColumns.includes('show_ai')) db.exec('ALTER TABLE users ADD COLUMN show_ai INTEGER NOT NULL DEFAULT 1')
  // schema 2: comments. An older catalogue has counts but no rows: it starts with none, and counters that agree.
  const hasComments = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'comments'").get()
  if (!hasComments)
    db.transaction(() => {
      db.exec(commentsSql)
      db.exec('UPDATE works SET total_comments = 0; UPDATE novels SET total_comments = 0')
    })()
  db.exec(`CREATE INDEX IF NOT EXISTS works_user_created ON works (user_id, created_ts);
    CREATE INDEX IF NOT EXISTS novels_user_created ON novels (user_id, created_ts)`)
}
