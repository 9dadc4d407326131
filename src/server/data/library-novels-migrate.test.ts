import Database from 'better-sqlite3'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { libraryNovelsSql, schemaSql } from './schema.ts'
import { missingSchema, upgradeSchema } from './schema-version.ts'

const dir = mkdtempSync(path.join(os.tmpdir(), 'easel-migrate-novels-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

it('gives a schema-5 library made before novels recorded their series order the column, keeping its rows', () => {
  const db = new Database(path.join(dir, 'library.db'))
  // this code's schema with library_novels as schema 5 first made it
  db.exec(
    schemaSql.replace(libraryNovelsSql, '').concat(libraryNovelsSql.replace(',\n  series_order INTEGER\n);', '\n);')),
  )
  db.exec("INSERT INTO meta VALUES ('schema_version', '5')")
  db.exec("INSERT INTO library_novels VALUES (7, '/lib', 'f', 1)")
  expect(missingSchema(db)).toEqual(['library_novels.series_order'])
  expect(upgradeSchema(db)).toEqual({ from: 5, missing: [] })
  expect(db.prepare('SELECT novel_id, series_order FROM library_novels').all()).toEqual([
    { novel_id: 7, series_order: null },
  ])
  db.close()
})
