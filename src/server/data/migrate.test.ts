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
