import Database from 'better-sqlite3'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { migrate } from './migrate.ts'

const dir = mkdtempSync(path.join(os.tmpdir(), 'easel-migrate-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

it('brings a schema-1 catalogue to schema 2 (AI-show setting, comments), keeping its rows, and is idempotent', () => {
  const db = new Database(path.join(dir, 'old.db'))
  db.exec(`CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
    CREATE TABLE works (id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL, created_ts INTEGER NOT NULL,
      total_comments INTEGER NOT NULL);
    CREATE TABLE novels (id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL, created_ts INTEGER NOT NULL,
      total_comments INTEGER NOT NULL);
    INSERT INTO users VALUES (1, 'a'), (2, 'b');
    INSERT INTO works VALUES (1, 1, 0, 7);
    INSERT INTO novels VALUES (1, 2, 0, 3);`)
  migrate(db)
  migrate(db)
  expect(db.prepare('SELECT id, show_ai FROM users ORDER BY id').all()).toEqual([
    { id: 1, show_ai: 1 },
    { id: 2, show_ai: 1 },
  ])
  // comments arrive empty, and the counters agree with them
  expect(db.prepare('SELECT COUNT(*) AS n FROM comments').get()).toEqual({ n: 0 })
  expect(db.prepare('SELECT total_comments FROM works').all()).toEqual([{ total_comments: 0 }])
  expect(db.prepare('SELECT total_comments FROM novels').all()).toEqual([{ total_comments: 0 }])
  db.close()
})

it('brings schema-2 refresh tokens to schema 3 (a session id each), keeping every signed-in token', () => {
  const db = new Database(path.join(dir, 'tokens.db'))
  db.exec(`CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT NOT NULL, show_ai INTEGER NOT NULL DEFAULT 1);
    CREATE TABLE works (id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL, created_ts INTEGER NOT NULL,
      total_comments INTEGER NOT NULL);
    CREATE TABLE novels (id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL, created_ts INTEGER NOT NULL,
      total_comments INTEGER NOT NULL);
    CREATE TABLE refresh_tokens (token_hash TEXT PRIMARY KEY, user_id INTEGER NOT NULL, expires_ts INTEGER NOT NULL)
      WITHOUT ROWID;
    INSERT INTO refresh_tokens VALUES ('hash-a', 1, 100), ('hash-b', 1, 200), ('hash-c', 2, 300);`)
  migrate(db)
  migrate(db)
  const rows = db
    .prepare('SELECT id, token_hash, user_id, expires_ts FROM refresh_tokens ORDER BY token_hash')
    .all() as {
    id: number
  }[]
  expect(rows.map(({ id: _, ...r }) => r)).toEqual([
    { token_hash: 'hash-a', user_id: 1, expires_ts: 100 },
    { token_hash: 'hash-b', user_id: 1, expires_ts: 200 },
    { token_hash: 'hash-c', user_id: 2, expires_ts: 300 },
  ])
  expect(new Set(rows.map((r) => r.id)).size).toBe(3)
  // A revoked session's id is never handed out again (its access tokens would come back to life).
  const maxId = Math.max(...rows.map((r) => r.id))
  db.prepare("DELETE FROM refresh_tokens WHERE token_hash = 'hash-c'").run()
  const next = db
    .prepare("INSERT INTO refresh_tokens (token_hash, user_id, expires_ts) VALUES ('hash-d', 2, 400)")
    .run()
  expect(Number(next.lastInsertRowid)).toBeGreaterThan(maxId)
  db.close()
})

it('brings a schema-3 catalogue to schema 5 (the library tables, empty), keeping its rows, and is idempotent', () => {
  const db = new Database(path.join(dir, 'library.db'))
  db.exec(`CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT NOT NULL, show_ai INTEGER NOT NULL DEFAULT 1);
    CREATE TABLE works (id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL, created_ts INTEGER NOT NULL,
      total_comments INTEGER NOT NULL);
    CREATE TABLE novels (id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL, created_ts INTEGER NOT NULL,
      total_comments INTEGER NOT NULL);
    INSERT INTO works VALUES (5, 1, 0, 0);`)
  migrate(db)
  migrate(db)
  for (const table of [
    'library_works',
    'work_files',
    'library_skipped',
    'library_novels',
    'novel_files',
    'library_rankings',
    'user_files',
  ])
    expect(db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get(), table).toEqual({ n: 0 })
  expect(db.prepare('SELECT id FROM works').all()).toEqual([{ id: 5 }])
  db.close()
})

it("gives a schema-4 library catalogue's imported works their recorded series position (none yet: by date)", () => {
  const db = new Database(path.join(dir, 'library4.db'))
  db.exec(`CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT NOT NULL, show_ai INTEGER NOT NULL DEFAULT 1);
    CREATE TABLE works (id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL, created_ts INTEGER NOT NULL,
      total_comments INTEGER NOT NULL);
    CREATE TABLE novels (id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL, created_ts INTEGER NOT NULL,
      total_comments INTEGER NOT NULL);
    CREATE TABLE library_works (work_id INTEGER PRIMARY KEY, root TEXT NOT NULL, fingerprint TEXT NOT NULL,
      imported_ts INTEGER NOT NULL);
    INSERT INTO library_works VALUES (5, '/lib', 'f', 1);`)
  migrate(db)
  migrate(db)
  expect(db.prepare('SELECT work_id, series_order FROM library_works').all()).toEqual([
    { work_id: 5, series_order: null },
  ])
  db.close()
})

it('gives schema-5 sessions what the list of signed-in devices shows (unknown for them: 0 and empty), keeping them', () => {
  const db = new Database(path.join(dir, 'sessions5.db'))
  db.exec(`CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT NOT NULL, show_ai INTEGER NOT NULL DEFAULT 1);
    CREATE TABLE works (id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL, created_ts INTEGER NOT NULL,
      total_comments INTEGER NOT NULL);
    CREATE TABLE novels (id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL, created_ts INTEGER NOT NULL,
      total_comments INTEGER NOT NULL);
    CREATE TABLE refresh_tokens (id INTEGER PRIMARY KEY AUTOINCREMENT, token_hash TEXT NOT NULL UNIQUE,
      user_id INTEGER NOT NULL, expires_ts INTEGER NOT NULL);
    INSERT INTO refresh_tokens (token_hash, user_id, expires_ts) VALUES ('hash-a', 1, 100), ('hash-b', 2, 200);`)
  migrate(db)
  migrate(db)
  expect(db.prepare('SELECT * FROM refresh_tokens ORDER BY id').all()).toEqual([
    { id: 1, token_hash: 'hash-a', user_id: 1, expires_ts: 100, created_ts: 0, used_ts: 0, client: '' },
    { id: 2, token_hash: 'hash-b', user_id: 2, expires_ts: 200, created_ts: 0, used_ts: 0, client: '' },
  ])
  db.close()
})

it('gives schema-6 accounts their roles (the demo account and a library owner admins, the rest members) and invites', () => {
  const db = new Database(path.join(dir, 'accounts6.db'))
  db.exec(`CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
    CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT NOT NULL, account TEXT NOT NULL UNIQUE,
      show_ai INTEGER NOT NULL DEFAULT 1);
    CREATE TABLE works (id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL, created_ts INTEGER NOT NULL,
      total_comments INTEGER NOT NULL);
    CREATE TABLE novels (id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL, created_ts INTEGER NOT NULL,
      total_comments INTEGER NOT NULL);
    INSERT INTO meta (key, value) VALUES ('demo_account', 'demo'), ('owner_account', 'owner');
    INSERT INTO users (id, name, account) VALUES (1, 'Demo', 'demo'), (2, 'Someone', 'someone'), (3, 'Owner', 'owner');`)
  migrate(db)
  migrate(db)
  expect(db.prepare('SELECT account, role FROM users ORDER BY id').all()).toEqual([
    { account: 'demo', role: 'admin' },
    { account: 'someone', role: 'member' },
    { account: 'owner', role: 'admin' },
  ])
  expect(db.prepare('SELECT COUNT(*) AS n FROM invites').get()).toEqual({ n: 0 })
  db.close()
})
