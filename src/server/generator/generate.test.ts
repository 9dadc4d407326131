import Database from 'better-sqlite3'
import { scryptSync } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_SIZE, generateCatalogue, jstDay, LONG_NOVEL_SERIES_ID, type GenerateOptions } from './generate.ts'
import { HOSTILE_SNIPPETS } from '../../api/hostile.ts'
import { SCHEMA_VERSION } from '../data/schema.ts'

const NOW = 1793458800 // 2026-11-01T00:00:00+09:00
const base = { seed: 42, demoPassword: 'demo-pass', now: NOW }
const SMALL = { ...base, works: 600, novels: 120, users: 40 }
const MEDIUM = { ...base, works: 3000, novels: 300, users: 100 }

let dir: string
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'easel-gen-'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const gen = (name: string, opts: GenerateOptions) => {
  const file = path.join(dir, name)
  const summary = generateCatalogue(file, opts)
  return { file, summary }
}

type Db = Database.Database
const all = <T>(db: Db, sql: string, ...p: unknown[]) => db.prepare(sql).all(...p) as T[]
const one = <T>(db: Db, sql: string, ...p: unknown[]) => db.prepare(sql).get(...p) as T
const values = (db: Db, sql: string) => all<{ v: number | string }>(db, sql).map((r) => r.v)

describe('determinism', () => {
  it(
    'gives byte-identical files for the same options and different bytes for another seed',
    { timeout: 60_000 },
    () => {
      const a = readFileSync(gen('a.db', SMALL).file)
      const b = readFileSync(gen('b.db', SMALL).file)
      const c = readFileSync(gen('c.db', { ...SMALL, seed: 43 }).file)
      expect(a.length).toBeGreaterThan(0)
      expect(a.equals(b)).toBe(true)
      expect(a.equals(c)).toBe(false)
    },
  )
})

describe('the calendar', () => {
  // DESIGN.md §2.4 "Time": every date is placed relative to the catalogue's "today", so a catalogue made a day later
  // is the same catalogue a day later: each timestamp one day on, each activity day one on, everything else equal.
  it('shifts every date by exactly one day when made one day later', { timeout: 60_000 }, () => {
    const a = new Database(gen('day-a.db', SMALL).file, { readonly: true })
    const b = new Database(gen('day-b.db', { ...SMALL, now: NOW + 86400 }).file, { readonly: true })
    try {
      // every table but SQLite's own statistics (their samples hold index keys, dates among them)
      const TABLES =
        "SELECT name AS v FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
      const tables = values(a, TABLES) as string[]
      expect(values(b, TABLES)).toEqual(tables)
      const shifted: string[] = []
      for (const table of tables) {
        const columns = all<{ name: string; pk: number }>(a, `SELECT name, pk FROM pragma_table_info('${table}')`)
        const order = columns.map((_, i) => i + 1).join(', ')
        const rowsA = all<Record<string, unknown>>(a, `SELECT * FROM ${table} ORDER BY ${order}`)
        const rowsB = all<Record<string, unknown>>(b, `SELECT * FROM ${table} ORDER BY ${order}`)
        expect(rowsB.length, table).toBe(rowsA.length)
        for (const { name } of columns) {
          const col = `${table}.${name}`
          const before = rowsA.map((r) => r[name])
          const after = rowsB.map((r) => r[name])
          if (table === 'meta') continue
          if (name.endsWith('_ts')) expect(after, col).toEqual(before.map((v) => (v as number) + 86400))
          else if (name === 'day') expect(after, col).toEqual(before.map((v) => (v as number) + 1))
          else if (name === 'profile_date') expect(after, col).toEqual(before.map((v) => nextPathDay(v as string)))
          else {
            expect(after, col).toEqual(before)
            continue
          }
          shifted.push(col)
        }
      }
      // the dated columns are real ones (the check above is not vacuous)
      expect(shifted).toEqual(
        expect.arrayContaining([
          'works.created_ts',
          'novels.created_ts',
          'illust_bookmarks.created_ts',
          'novel_bookmarks.created_ts',
          'work_activity.day',
          'novel_activity.day',
          'users.profile_date',
        ]),
      )
      const meta = (db: Db) =>
        Object.fromEntries(all<{ key: string; value: string }>(db, 'SELECT * FROM meta').map((m) => [m.key, m.value]))
      expect(meta(b)).toEqual({ ...meta(a), now: String(NOW + 86400) })
    } finally {
      a.close()
      b.close()
    }
  })
})

/** `YYYY/MM/DD/hh/mm/ss` (an image path's date) one day later. */
function nextPathDay(pathDate: string): string {
  const [y, mo, d, ...time] = pathDate.split('/')
  const next = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d) + 1)).toISOString().slice(0, 10)
  return [...next.split('-'), ...time].join('/')
}

/** Checks every catalogue must pass, whatever its size. */
function checkInvariants(db: Db, opts: GenerateOptions) {
  // every value of every enum occurs
  expect(values(db, 'SELECT DISTINCT type AS v FROM works ORDER BY v')).toEqual(['illust', 'manga', 'ugoira'])
  expect(values(db, 'SELECT DISTINCT x_restrict AS v FROM works ORDER BY v')).toEqual([0, 1, 2])
  expect(values(db, 'SELECT DISTINCT restrict AS v FROM works ORDER BY v')).toEqual([0, 1, 2])
  expect(values(db, 'SELECT DISTINCT ai_type AS v FROM works ORDER BY v')).toEqual([0, 1, 2])
  expect(values(db, 'SELECT DISTINCT book_style AS v FROM works ORDER BY v')).toEqual([0, 1])
  expect(values(db, 'SELECT DISTINCT sanity_level AS v FROM works ORDER BY v')).toEqual([2, 4, 6, 8])
  expect(values(db, 'SELECT DISTINCT ext AS v FROM works ORDER BY v')).toEqual(['jpg', 'png'])
  expect(values(db, 'SELECT DISTINCT x_restrict AS v FROM novels ORDER BY v')).toEqual([0, 1, 2])
  expect(values(db, 'SELECT DISTINCT restrict AS v FROM novels ORDER BY v')).toEqual([0, 1, 2])
  expect(values(db, 'SELECT DISTINCT ai_type AS v FROM novels ORDER BY v')).toEqual([0, 1, 2])
  // sanity 8 exactly for R-18/R-18G; book style only on manga
  expect(one<{ n: number }>(db, 'SELECT COUNT(*) n FROM works WHERE (sanity_level = 8) != (x_restrict >= 1)').n).toBe(0)
  expect(one<{ n: number }>(db, "SELECT COUNT(*) n FROM works WHERE book_style = 1 AND type != 'manga'").n).toBe(0)

  // pages, sizes, frames
  const manga = one<{ lo: number; hi: number }>(
    db,
    "SELECT MIN(page_count) lo, MAX(page_count) hi FROM works WHERE type = 'manga'",
  )
  expect(manga.lo).toBeGreaterThanOrEqual(2)
  expect(manga.hi).toBeLessThanOrEqual(40)
  expect(one<{ n: number }>(db, "SELECT COUNT(*) n FROM works WHERE type != 'manga' AND page_count > 6").n).toBe(0)
  const size = one<{ lo: number; hi: number }>(
    db,
    'SELECT MIN(MIN(width, height)) lo, MAX(MAX(width, height)) hi FROM works',
  )
  expect(size.lo).toBeGreaterThanOrEqual(600)
  expect(size.hi).toBeLessThanOrEqual(3000)
  for (const r of all<{ type: string; f: string | null; ext: string }>(
    db,
    'SELECT type, frame_delays_json f, ext FROM works',
  )) {
    if (r.type !== 'ugoira') {
      expect(r.f).toBeNull()
      continue
    }
    expect(r.ext).toBe('jpg')
    const delays = JSON.parse(r.f!) as number[]
    expect(delays.length).toBeGreaterThanOrEqual(8)
    expect(delays.length).toBeLessThanOrEqual(24)
    for (const d of delays) expect(d >= 40 && d <= 200).toBe(true)
  }
  for (const r of all<{ t: string }>(db, 'SELECT tools_json t FROM works'))
    expect(JSON.parse(r.t).length).toBeLessThanOrEqual(3)
  const tagCounts = all<{ n: number }>(db, 'SELECT COUNT(*) n FROM work_tags GROUP BY work_id')
  expect(tagCounts.length).toBe(opts.works)
  for (const { n } of tagCounts) expect(n >= 2 && n <= 10).toBe(true)
  expect(one<{ n: number }>(db, 'SELECT COUNT(*) n FROM works WHERE total_view <= total_bookmarks').n).toBe(0)
  expect(
    one<{ n: number }>(db, "SELECT COUNT(*) n FROM tags WHERE name = 'オリジナル' AND translated_name = 'original'").n,
  ).toBe(1)

  // series: orders 1..n ascending with creation time
  for (const [items, series] of [
    ['works', 'illust_series'],
    ['novels', 'novel_series'],
  ] as const) {
    for (const s of all<{ id: number; user_id: number }>(db, `SELECT id, user_id FROM ${series}`)) {
      const members = all<{ o: number; ts: number; u: number }>(
        db,
        `SELECT series_order o, created_ts ts, user_id u FROM ${items} WHERE series_id = ? ORDER BY series_order`,
        s.id,
      )
      expect(members.map((m) => m.o)).toEqual(members.map((_, i) => i + 1))
      for (let i = 1; i < members.length; i++) expect(members[i]!.ts).toBeGreaterThanOrEqual(members[i - 1]!.ts)
      for (const m of members) expect(m.u).toBe(s.user_id)
    }
  }
  expect(
    one<{ n: number }>(
      db,
      'SELECT MAX(c) n FROM (SELECT COUNT(*) c FROM works GROUP BY series_id HAVING series_id IS NOT NULL)',
    ).n,
  ).toBeGreaterThanOrEqual(40)
  expect(one<{ n: number }>(db, 'SELECT COUNT(*) n FROM novels WHERE series_id = ?', LONG_NOVEL_SERIES_ID).n).toBe(75)

  // novel markup: every embed is backed by data
  const works = new Map(
    all<{ id: number; page_count: number; restrict: number; x_restrict: number }>(
      db,
      'SELECT id, page_count, restrict, x_restrict FROM works',
    ).map((w) => [w.id, w]),
  )
  let embeds = 0
  for (const n of all<{ id: number; page_count: number; text: string }>(
    db,
    'SELECT n.id, n.page_count, t.text FROM novels n JOIN novel_texts t ON t.novel_id = n.id',
  )) {
    const images = new Set(values(db, `SELECT image_id AS v FROM novel_images WHERE novel_id = ${n.id}`))
    for (const m of n.text.matchAll(/\[uploadedimage:(\d+)\]/g)) expect(images.has(Number(m[1]))).toBe(true)
    for (const m of n.text.matchAll(/\[pixivimage:(\d+)(?:-(\d+))?\]/g)) {
      const w = works.get(Number(m[1]))
      expect(w).toBeDefined()
      expect(w!.restrict === 0 && w!.x_restrict === 0).toBe(true)
      if (m[2]) expect(Number(m[2]) >= 1 && Number(m[2]) <= w!.page_count).toBe(true)
      embeds++
    }
    for (const m of n.text.matchAll(/\[jump:(\d+)\]/g)) expect(Number(m[1])).toBeLessThanOrEqual(n.page_count)
  }
  expect(embeds).toBeGreaterThan(0)

  // users
  const demo = one<{ account: string; name: string; x_restrict: number; password_hash: string }>(
    db,
    'SELECT * FROM users WHERE id = 1',
  )
  expect(demo).toMatchObject({ account: 'demo', name: 'Demo', x_restrict: 2 })
  const [, n, r, p, salt, hash] = demo.password_hash.split('$')
  expect(demo.password_hash.startsWith('scrypt$16384$8$1$')).toBe(true)
  expect(
    scryptSync(opts.demoPassword, Buffer.from(salt!, 'hex'), 32, { N: Number(n), r: Number(r), p: Number(p) }).toString(
      'hex',
    ),
  ).toBe(hash)
  for (const u of all<{ account: string }>(db, 'SELECT account FROM users')) expect(u.account).toMatch(/^[a-z0-9_]+$/)
  expect(one<{ n: number }>(db, 'SELECT COUNT(DISTINCT password_hash) n FROM users').n).toBe(1)

  // bookmarks: sparse ids rising with time, after the item, of items the owner can see
  for (const kind of ['illust', 'novel'] as const) {
    const items = kind === 'illust' ? 'works' : 'novels'
    const rows = all<{ id: number; ts: number }>(db, `SELECT id, created_ts ts FROM ${kind}_bookmarks ORDER BY id`)
    expect(rows[0]!.id).toBeGreaterThan(1000)
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.ts).toBeGreaterThanOrEqual(rows[i - 1]!.ts)
    const bad = one<{ n: number }>(
      db,
      `SELECT COUNT(*) n FROM ${kind}_bookmarks b JOIN ${items} w ON w.id = b.item_id JOIN users u ON u.id = b.user_id
       WHERE b.created_ts <= w.created_ts OR b.created_ts > ${opts.now}
          OR (w.user_id != b.user_id AND (w.x_restrict > u.x_restrict OR NOT (w.restrict = 0 OR (w.restrict = 1
              AND EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = b.user_id AND f.followee_id = w.user_id)
              AND EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = w.user_id AND f.followee_id = b.user_id)))))`,
    ).n
    expect(bad).toBe(0)
  }

  // hostile captions on the fixed ids, visible to everyone
  const w7 = one<{ caption: string; restrict: number; x_restrict: number }>(db, 'SELECT * FROM works WHERE id = 7')
  const w8 = one<{ caption: string }>(db, 'SELECT caption FROM works WHERE id = 8')
  for (const s of HOSTILE_SNIPPETS) expect(w7.caption.includes(s) || w8.caption.includes(s)).toBe(true)
  expect([w7.restrict, w7.x_restrict]).toEqual([0, 0])
  const n7 = one<{ caption: string; text: string }>(
    db,
    'SELECT n.caption, t.text FROM novels n JOIN novel_texts t ON t.novel_id = n.id WHERE n.id = 7',
  )
  expect(n7.caption).toContain('<script>alert(1)</script>')
  for (const s of ['[[jumpuri:click > javascript:alert(1)]]', '<img src=x onerror=alert(1)>', '[[rb:abc', '[foo:bar]'])
    expect(n7.text).toContain(s)
  // titles stay plain text
  expect(
    one<{ n: number }>(db, "SELECT COUNT(*) n FROM works WHERE title LIKE '%<script%' OR title LIKE '%<a %'").n,
  ).toBe(0)

  // activity: only up to the day before "today", at most 61 days per item
  const lastDay = jstDay(opts.now) - 1
  expect(one<{ d: number }>(db, 'SELECT MAX(day) d FROM work_activity').d).toBe(lastDay)
  expect(
    one<{ n: number }>(db, 'SELECT MAX(c) n FROM (SELECT COUNT(*) c FROM work_activity GROUP BY work_id)').n,
  ).toBeLessThanOrEqual(61)

  const meta = Object.fromEntries(
    all<{ key: string; value: string }>(db, 'SELECT * FROM meta').map((m) => [m.key, m.value]),
  )
  expect(meta).toEqual({
    seed: String(opts.seed),
    now: String(opts.now),
    works: String(opts.works),
    novels: String(opts.novels),
    users: String(opts.users),
    generator_version: '1',
    demo_account: 'demo',
    schema_version: String(SCHEMA_VERSION),
  })
}

describe('a medium catalogue', () => {
  let db: Db
  beforeAll(() => {
    db = new Database(gen('medium.db', MEDIUM).file, { readonly: true })
  }, 60_000)
  afterAll(() => db?.close())

  it('has every value, valid embeds, visible bookmarks and the fixed hostile items', () => checkInvariants(db, MEDIUM))

  it('keeps nested profile objects', () => {
    const p = JSON.parse(one<{ j: string }>(db, 'SELECT profile_json j FROM users WHERE id = 2').j)
    expect(Object.keys(p.workspace)).toContain('tablet')
    expect(typeof p.profile_publicity.pawoo).toBe('boolean')
  })
})

describe('the default catalogue', () => {
  const opts = { ...base, seed: 20261101, ...DEFAULT_SIZE }
  let db: Db
  let ms = 0
  beforeAll(() => {
    const g = gen('default.db', opts)
    ms = g.summary.ms
    db = new Database(g.file, { readonly: true })
  }, 120_000)
  afterAll(() => db?.close())

  it('generates in well under 20 s', () => {
    expect(ms).toBeLessThan(20_000)
  })

  it('passes the invariants', () => checkInvariants(db, opts))

  it('fills every ranking mode on the latest day', () => {
    const D = jstDay(NOW) - 1
    const count = (kind: 'illust' | 'novel', days: number, where: string) => {
      const [items, act, col, tags, tagCol] =
        kind === 'illust'
          ? ['works', 'work_activity', 'work_id', 'work_tags', 'work_id']
          : ['novels', 'novel_activity', 'novel_id', 'novel_tags', 'novel_id']
      return one<{ n: number }>(
        db,
        `SELECT COUNT(DISTINCT w.id) n FROM ${act} a JOIN ${items} w ON w.id = a.${col}
         WHERE a.day BETWEEN ${D - days + 1} AND ${D} AND w.restrict = 0 AND ${where}`
          .replaceAll('@tags', tags)
          .replaceAll('@tagCol', tagCol),
      ).n
    }
    const allAges = 'w.x_restrict = 0 AND w.ai_type != 2'
    const original = `w.id IN (SELECT @tagCol FROM @tags WHERE tag_id = (SELECT id FROM tags WHERE name = 'オリジナル'))`
    const rookie = `w.user_id IN (SELECT user_id FROM works GROUP BY user_id HAVING MIN(created_ts) >= ${(D - 120) * 86400 - 9 * 3600})`
    expect(count('illust', 1, allAges)).toBeGreaterThanOrEqual(100) // day, day_male, day_female
    expect(count('illust', 7, allAges)).toBeGreaterThanOrEqual(100)
    expect(count('illust', 30, allAges)).toBeGreaterThanOrEqual(100)
    expect(count('illust', 7, `${allAges} AND ${original}`)).toBeGreaterThanOrEqual(100)
    expect(count('illust', 7, `${allAges} AND ${rookie}`)).toBeGreaterThanOrEqual(100)
    expect(count('illust', 1, `${allAges} AND w.type = 'manga'`)).toBeGreaterThanOrEqual(100)
    expect(count('illust', 1, 'w.x_restrict = 0 AND w.ai_type = 2')).toBeGreaterThanOrEqual(100)
    expect(count('illust', 1, 'w.x_restrict = 1 AND w.ai_type != 2')).toBeGreaterThanOrEqual(30)
    expect(count('illust', 7, 'w.x_restrict = 2 AND w.ai_type != 2')).toBeGreaterThanOrEqual(30)
    expect(count('novel', 1, allAges)).toBeGreaterThanOrEqual(100)
    expect(count('novel', 7, allAges)).toBeGreaterThanOrEqual(100)
  })

  it('gives the demo account bookmarks, follows and mutes to browse', () => {
    const bm = (kind: string, restrict: number) =>
      one<{ n: number }>(db, `SELECT COUNT(*) n FROM ${kind}_bookmarks WHERE user_id = 1 AND restrict = ?`, restrict).n
    expect(bm('illust', 0)).toBeGreaterThanOrEqual(200)
    expect(bm('illust', 1)).toBeGreaterThanOrEqual(200)
    expect(bm('novel', 0) + bm('novel', 1)).toBeGreaterThanOrEqual(60)
    expect(bm('novel', 1)).toBeGreaterThan(0)
    const follows = one<{ n: number; priv: number }>(
      db,
      'SELECT COUNT(*) n, SUM(restrict) priv FROM follows WHERE follower_id = 1',
    )
    expect(follows.n).toBe(40)
    expect(follows.priv).toBeGreaterThan(0)
    const mutual = one<{ n: number }>(
      db,
      'SELECT COUNT(*) n FROM follows a JOIN follows b ON b.follower_id = a.followee_id AND b.followee_id = 1 WHERE a.follower_id = 1',
    ).n
    expect(mutual).toBeGreaterThanOrEqual(10)
    expect(all(db, "SELECT * FROM mutes WHERE user_id = 1 AND kind = 'tag'")).toHaveLength(3)
    expect(all(db, "SELECT * FROM mutes WHERE user_id = 1 AND kind = 'user'")).toHaveLength(2)
  })

  it('skews tags: popular tags have hundreds of works, every tag a few', () => {
    const counts = values(
      db,
      'SELECT (SELECT COUNT(*) FROM work_tags x WHERE x.tag_id = t.id) + (SELECT COUNT(*) FROM novel_tags y WHERE y.tag_id = t.id) AS v FROM tags t',
    ) as number[]
    expect(counts.length).toBeGreaterThanOrEqual(380)
    expect(Math.min(...counts)).toBeGreaterThanOrEqual(3)
    expect(counts.filter((c) => c >= 300).length).toBeGreaterThanOrEqual(5)
    const original = one<{ n: number }>(db, 'SELECT COUNT(*) n FROM work_tags WHERE tag_id = 1').n / opts.works
    expect(original).toBeGreaterThan(0.25)
    expect(original).toBeLessThan(0.35)
  })
})
