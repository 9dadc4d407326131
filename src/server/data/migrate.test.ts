import Database from 'better-sqlite3'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { migrate } from './migrate.ts'

const dir = mkdtempSync(path.join(os.tmpdir(), 'easel-migrate-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

it('adds the AI-show setting to a schema-1 catalogue, keeping its rows, and is idempotent', () => {
  const db = new Database(path.join(dir, 'old.db'))
  db.exec(`CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
    CREATE TABLE works (id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL, created_ts INTEGER NOT NULL);
    CREATE TABLE novels (id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL, created_ts INTEGER NOT NULL);
    INSERT INTO users VALUES (1, 'a'), (2, 'b');`)
  migrate(db)
  migrate(db)
  expect(db.prepare('SELECT id, show_ai FROM users ORDER BY id').all()).toEqual([
    { id: 1, show_ai: 1 },
    { id: 2, show_ai: 1 },
  ])
  db.close()
})
