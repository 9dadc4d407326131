import type Database from 'better-sqlite3'
import {
  commentsSql,
  invitesSql,
  libraryNovelsSql,
  librarySql,
  moderationSql,
  refreshTokenDeviceColumns,
  refreshTokensSql,
  uploadsSql,
  userRoleColumn,
} from './schema.ts'

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
  // schema 3: refresh tokens get an id (the session access tokens name). The signed-in keep their refresh tokens;
  // their access tokens, of the old format, are refused and renewed with them.
  const tokenColumns = (db.prepare('PRAGMA table_info(refresh_tokens)').all() as { name: string }[]).map((c) => c.name)
  if (tokenColumns.length === 0) db.exec(refreshTokensSql)
  else if (!tokenColumns.includes('id'))
    db.transaction(() => {
      db.exec('ALTER TABLE refresh_tokens RENAME TO refresh_tokens_v2')
      db.exec(refreshTokensSql)
      db.exec(`INSERT INTO refresh_tokens (token_hash, user_id, expires_ts)
        SELECT token_hash, user_id, expires_ts FROM refresh_tokens_v2`)
      db.exec('DROP TABLE refresh_tokens_v2')
    })()
  // schema 6: what the list of signed-in devices shows of a session (a session from before is of unknown age and client)
  const sessionColumns = (db.prepare('PRAGMA table_info(refresh_tokens)').all() as { name: string }[]).map(
    (c) => c.name,
  )
  db.transaction(() => {
    for (const column of refreshTokenDeviceColumns)
      if (!sessionColumns.includes(column.split(' ')[0]!)) db.exec(`ALTER TABLE refresh_tokens ADD COLUMN ${column}`)
  })()
  // schema 4: the library tables (an older catalogue has imported nothing: they start empty)
  // schema 7: roles (the demo account and a library's owner are its admins) and invites
  if (!userColumns.includes('role'))
    db.transaction(() => {
      db.exec(`ALTER TABLE users ADD COLUMN ${userRoleColumn}`)
      if (db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'").get())
        db.exec(`UPDATE users SET role = 'admin'
          WHERE account IN (SELECT value FROM meta WHERE key IN ('owner_account', 'demo_account'))`)
    })()
  const hasInvites = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'invites'").get()
  if (!hasInvites) db.exec(invitesSql)
  // schema 8: members' uploads
  const hasUploads = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'uploads'").get()
  if (!hasUploads) db.exec(uploadsSql)
  // schema 9: moderation (holds, reports, the audit log)
  const hasModeration = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'audit_log'").get()
  if (!hasModeration) db.exec(moderationSql)
  const hasLibrary = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'library_works'").get()
  if (!hasLibrary) db.transaction(() => db.exec(librarySql))()
  // schema 5: imported novels, rankings and users' files (an older catalogue has imported none)
  const hasNovels = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'library_novels'").get()
  if (!hasNovels) db.transaction(() => db.exec(libraryNovelsSql))()
  // schema 5: the series position an archive recorded (a schema-4 catalogue's works were ordered by date)
  const libraryWorkColumns = (db.prepare('PRAGMA table_info(library_works)').all() as { name: string }[]).map(
    (c) => c.name,
  )
  if (!libraryWorkColumns.includes('series_order')) db.exec('ALTER TABLE library_works ADD COLUMN series_order INTEGER')
}
