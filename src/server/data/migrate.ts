import type Database from 'better-sqlite3'

// Brings a catalogue made by an older Easel up to the current schema in place, so an upgrade keeps the bookmarks,
// follows and mutes already written to it. Each step checks for itself and runs at most once.

export function migrate(db: Database.Database) {
  const userColumns = (db.prepare('PRAGMA table_info(users)').all() as { name: string }[]).map((c) => c.name)
  // schema 2: the account's AI-show setting
  if (!userColumns.includes('show_ai')) db.exec('ALTER TABLE users ADD COLUMN show_ai INTEGER NOT NULL DEFAULT 1')
  db.exec(`CREATE INDEX IF NOT EXISTS works_user_created ON works (user_id, created_ts);
    CREATE INDEX IF NOT EXISTS novels_user_created ON novels (user_id, created_ts)`)
}
