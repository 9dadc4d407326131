import Database from 'better-sqlite3'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { loadConfig } from './config.ts'
import type { Logger } from './log.ts'
import { catalogueFile } from './catalogue.ts'
import { createServices } from './server.ts'
import { SCHEMA_VERSION } from './data/schema.ts'
import { dayOf, dayStart } from './services/days.ts'

// The demo catalogue's day and schema across starts (DESIGN.md §2.4 "Time"): a first start dates it from the day
// it runs, later starts keep that day whatever the clock or CATALOGUE_NOW say; a catalogue of an older schema is
// migrated in place, or made again when it is a generated one the migration cannot bring up.

const D = dayOf(Date.parse('2027-03-10T00:00:00+09:00') / 1000)
const at =
  (day: number, hour = 15) =>
  () =>
    dayStart(day) + hour * 3600

let dataDir: string
let lines: string[]
const log: Logger = { info: (m) => void lines.push(m), error: (m) => void lines.push(m), debug: () => {} }
const config = (env: Record<string, string> = {}) =>
  loadConfig({ DATA_DIR: dataDir, CATALOGUE_SIZE: '600,120,40', LOG_LEVEL: 'silent', ...env })

/** Starts the services on DATA_DIR with the clock at `clock`; returns the catalogue's day and meta, then closes. */
function start(clock: () => number, env: Record<string, string> = {}) {
  const services = createServices(config(env), log, clock)
  try {
    return {
      day: dayOf(services.catalogueNow),
      latest: services.store.latestActivityDay('illust'),
      meta: services.store.meta(),
    }
  } finally {
    services.store.close()
  }
}

beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'easel-catalogue-'))
  lines = []
})
afterEach(() => rmSync(dataDir, { recursive: true, force: true }))

describe('the catalogue’s day', () => {
  it('is the JST day of the first start, kept by later starts on other days', () => {
    // 15:00 JST on D; its "today" is D's start, its latest ranking D − 1
    const first = start(at(D))
    expect(first.day).toBe(D)
    expect(Number(first.meta.now)).toBe(dayStart(D))
    expect(first.latest).toBe(D - 1)

    lines = []
    const later = start(at(D + 40), { CATALOGUE_NOW: '2026-01-01' })
    expect(later.day).toBe(D)
    expect(later.meta.now).toBe(first.meta.now)
    expect(lines.some((l) => l.startsWith('generating'))).toBe(false)
    // a CATALOGUE_NOW the file does not have is pointed out, not applied
    expect(lines).toContain('the catalogue on disk was made with other settings; delete it to regenerate')
  })

  it('is CATALOGUE_NOW when set, as unix seconds or as a day', () => {
    expect(start(at(D), { CATALOGUE_NOW: '2026-11-01' }).day).toBe(dayOf(1793458800))
    rmSync(catalogueFile(dataDir))
    expect(start(at(D), { CATALOGUE_NOW: String(dayStart(D - 5)) }).day).toBe(D - 5)
    expect(() => config({ CATALOGUE_NOW: 'yesterday' })).toThrow(/CATALOGUE_NOW/)
    expect(() => config({ CATALOGUE_NOW: '2026-02-30' })).toThrow(/CATALOGUE_NOW/)
  })
})

describe('the catalogue’s schema version', () => {
  const sql = (statements: string) => {
    const db = new Database(catalogueFile(dataDir))
    db.exec(statements)
    db.close()
  }

  it('is recorded in the file', () => {
    expect(start(at(D)).meta.schema_version).toBe(String(SCHEMA_VERSION))
  })

  it('older: the file is migrated in place, keeping its day and what was written to it', () => {
    start(at(D))
    // a schema-1 file: no AI-show setting, no comments, no library tables, no recorded version
    sql(`ALTER TABLE users DROP COLUMN show_ai; DROP TABLE comments; DROP TABLE work_files; DROP TABLE library_works;
      DROP TABLE library_skipped; DROP TABLE library_novels; DROP TABLE novel_files; DROP TABLE library_rankings;
      DROP TABLE library_bookmarks; DROP TABLE user_files;
      DELETE FROM meta WHERE key = 'schema_version'; INSERT INTO meta VALUES ('written', 'kept')`)
    lines = []
    const again = start(at(D + 3))
    expect(again.meta.schema_version).toBe(String(SCHEMA_VERSION))
    expect(again.meta.written).toBe('kept')
    expect(again.day).toBe(D)
    expect(lines).toContain(`migrated the catalogue from schema version 1 to ${SCHEMA_VERSION}`)
    expect(lines.some((l) => l.startsWith('generating'))).toBe(false)
  })

  it('one version older (no library novel tables): migrated in place, and the service starts on it', () => {
    start(at(D))
    sql(`DROP TABLE library_novels; DROP TABLE novel_files; DROP TABLE library_rankings; DROP TABLE user_files;
      DROP TABLE library_bookmarks; ALTER TABLE library_works DROP COLUMN series_order;
      UPDATE meta SET value = '${SCHEMA_VERSION - 1}' WHERE key = 'schema_version'`)
    lines = []
    const again = start(at(D + 3))
    expect(again.meta.schema_version).toBe(String(SCHEMA_VERSION))
    expect(again.day).toBe(D)
    expect(lines).toContain(`migrated the catalogue from schema version ${SCHEMA_VERSION - 1} to ${SCHEMA_VERSION}`)
  })

  it('older and beyond the migration: the demo catalogue is made again, on the clock’s day, with one line said', () => {
    start(at(D))
    sql(`ALTER TABLE works DROP COLUMN male_share;
      UPDATE meta SET value = '${SCHEMA_VERSION - 1}' WHERE key = 'schema_version'`)
    lines = []
    const again = start(at(D + 3))
    expect(again.meta.schema_version).toBe(String(SCHEMA_VERSION))
    expect(again.day).toBe(D + 3)
    expect(lines.filter((l) => l.startsWith('regenerating the demo catalogue'))).toEqual([
      `regenerating the demo catalogue: it has schema version ${SCHEMA_VERSION - 1}, this code has ${SCHEMA_VERSION} and cannot migrate it`,
    ])
    const db = new Database(catalogueFile(dataDir), { readonly: true })
    expect(
      db.prepare('SELECT COUNT(*) AS n FROM pragma_table_info(?) WHERE name = ?').get('works', 'male_share'),
    ).toEqual({ n: 1 })
    db.close()
  })

  it('beyond the migration and not generated: the start fails and says why, and the file stays', () => {
    start(at(D))
    sql(`ALTER TABLE works DROP COLUMN male_share; DELETE FROM meta WHERE key = 'generator_version'`)
    expect(() => start(at(D + 3))).toThrow(/cannot migrate it \(it lacks works\.male_share\)/)
    expect(existsSync(catalogueFile(dataDir))).toBe(true)
  })

  it('current: kept as it is', () => {
    start(at(D))
    lines = []
    expect(start(at(D + 3)).day).toBe(D)
    expect(lines.some((l) => /generating|migrated/.test(l))).toBe(false)
  })
})
