import Database from 'better-sqlite3'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { loadConfig } from './config.ts'
import type { Logger } from './log.ts'
import { catalogueFile } from './catalogue.ts'
import { createServices } from './server.ts'
import { SCHEMA_VERSION } from './data/schema.ts'
import { dayOf, dayStart } from './routes/days.ts'

// The demo catalogue's day and schema across starts (DESIGN.md §2.4 "Time"): a first start dates it from the day
// it runs, later starts keep that day whatever the clock or CATALOGUE_NOW say, and a catalogue of an older schema
// is made again.

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

const setMeta = (key: string, value: string | null) => {
  const db = new Database(catalogueFile(dataDir))
  if (value === null) db.prepare('DELETE FROM meta WHERE key = ?').run(key)
  else db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(key, value)
  db.close()
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
  it('is recorded in the file', () => {
    expect(start(at(D)).meta.schema_version).toBe(String(SCHEMA_VERSION))
  })

  it('older than the code’s: the demo catalogue is made again, on the clock’s day, with one line said', () => {
    start(at(D))
    setMeta('schema_version', String(SCHEMA_VERSION - 1))
    lines = []
    const again = start(at(D + 3))
    expect(again.meta.schema_version).toBe(String(SCHEMA_VERSION))
    expect(again.day).toBe(D + 3)
    expect(lines.filter((l) => l.startsWith('regenerating the demo catalogue'))).toEqual([
      `regenerating the demo catalogue: it was made with schema version ${SCHEMA_VERSION - 1}, this code has ${SCHEMA_VERSION}`,
    ])
  })

  it('current, or a catalogue the generator did not make: kept as it is', () => {
    start(at(D))
    lines = []
    expect(start(at(D + 3)).day).toBe(D)
    setMeta('schema_version', String(SCHEMA_VERSION - 1))
    setMeta('generator_version', null)
    expect(start(at(D + 3)).day).toBe(D)
    expect(lines.some((l) => /generating/.test(l))).toBe(false)
  })
})
