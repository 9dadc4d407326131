import type Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import type { Repositories } from '../../repositories.ts'
import type { Caller } from '../../store.ts'
import { useBothEngines } from '../../../testing/repository-parity.ts'

// The works, novels, tags, series and catalogue repositories over a library catalogue answer alike on both engines:
// the demo catalogue made a library (meta catalogue_kind, an owner account) with imported files, recorded rankings,
// scan figures and skipped files in its library tables, copied to PostgreSQL. The owner sees every work of the
// archive (the visibility rule's library part), the imported files come back in page order (a manga's pages of
// different types, a missing page left a hole), and the tag suggestions start again, on both, when an import bumps
// meta items_version.

const ROOTS = ['/lib/a', '/lib/b', '/lib/none']

const sample = { owner: 0, other: 0, works: [] as number[], novels: [] as number[], ugoira: 0 }

const all = <T>(db: Database.Database, sql: string, ...params: unknown[]) => db.prepare(sql).all(...params) as T[]

const both = useBothEngines({
  prepare(db) {
    // the owner: an author of mypixiv-only and private works
    sample.owner = all<{ id: number }>(
      db,
      'SELECT user_id AS id FROM works WHERE restrict != 0 GROUP BY user_id ORDER BY COUNT(*) DESC, user_id LIMIT 1',
    )[0]!.id
    sample.other = all<{ id: number }>(
      db,
      'SELECT id FROM users WHERE id NOT IN (1, ?) ORDER BY id LIMIT 1',
      sample.owner,
    )[0]!.id
    const account = all<{ account: string }>(db, 'SELECT account FROM users WHERE id = ?', sample.owner)[0]!.account
    const meta = db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)')
    meta.run('catalogue_kind', 'library')
    meta.run('owner_account', account)
    meta.run('items_version', '1')
    sample.works = all<{ id: number }>(db, 'SELECT id FROM works ORDER BY id LIMIT 12').map((r) => r.id)
    sample.ugoira = all<{ id: number }>(db, "SELECT id FROM works WHERE type = 'ugoira' ORDER BY id LIMIT 1")[0]!.id
    sample.novels = all<{ id: number }>(db, 'SELECT id FROM novels ORDER BY id LIMIT 6').map((r) => r.id)
    const file = db.prepare(
      `INSERT INTO work_files (work_id, page, path, kind, width, height, ext, bytes, mtime_ms)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    sample.works.forEach((id, i) => {
      // pages of mixed types, given out of order; every third work lacks its page 1
      for (const page of [2, 0, 1]) {
        if (page === 1 && i % 3 === 0) continue
        file.run(
          id,
          page,
          `/lib/a/${id}_p${page}`,
          'image',
          100 + page,
          200,
          page % 2 ? 'png' : 'jpg',
          1000 + i,
          1_700_000_000_000 + i,
        )
      }
    })
    file.run(
      sample.ugoira,
      0,
      `/lib/b/${sample.ugoira}.webm`,
      'ugoira-video',
      320,
      240,
      'webm',
      5000,
      1_700_000_000_000,
    )
    file.run(
      sample.works[1],
      9,
      `/lib/b/${sample.works[1]}.zip`,
      'ugoira-zip',
      320,
      240,
      'zip',
      5000,
      1_700_000_000_000,
    )
    const novelFile = db.prepare(
      `INSERT INTO novel_files (novel_id, role, image_id, path, width, height, ext, bytes, mtime_ms)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    sample.novels.forEach((id, i) => {
      novelFile.run(id, 'image', 30 + i, `/lib/a/n${id}_30`, 10, 10, 'png', 10, 1)
      novelFile.run(id, 'cover', 0, `/lib/a/n${id}_cover`, 10, 20, 'jpg', 20, 2)
      novelFile.run(id, 'image', 7, `/lib/a/n${id}_7`, 10, 10, 'gif', 10, 1)
    })
    sample.works.forEach((id, i) =>
      db
        .prepare(
          'INSERT INTO library_works (work_id, root, fingerprint, imported_ts, series_order) VALUES (?, ?, ?, ?, ?)',
        )
        .run(id, ROOTS[i % 2], `f${id}`, 1_700_000_000, null),
    )
    sample.novels.forEach((id, i) =>
      db
        .prepare(
          'INSERT INTO library_novels (novel_id, root, fingerprint, imported_ts, series_order) VALUES (?, ?, ?, ?, ?)',
        )
        .run(id, ROOTS[i % 2], `f${id}`, 1_700_000_000, i),
    )
    // byte order: upper case before lower, ASCII before Japanese
    for (const p of ['b/x.jpg', 'B/y.jpg', 'a/z.json', 'あ/1.png', 'a/Z.json', 'a/_.json'])
      db.prepare('INSERT INTO library_skipped (root, path, reason) VALUES (?, ?, ?)').run('/lib/a', p, `bad ${p}`)
    const rank = db.prepare(
      'INSERT INTO library_rankings (kind, mode, day, rank, item_id, root) VALUES (?, ?, ?, ?, ?, ?)',
    )
    for (const [kind, ids] of [
      ['illust', sample.works],
      ['novel', sample.novels],
    ] as const)
      for (const mode of ['day', 'week_r18'])
        for (const day of [20000, 20003, 20010])
          // ranks given out of order, so the answer's order is the ranks'
          [...ids]
            .reverse()
            .forEach((id, i) => rank.run(kind, mode, day, ids.length - i, id, day === 20010 ? '/lib/b' : '/lib/a'))
  },
})

function canonical(v: unknown): unknown {
  const byKey = (a: [unknown, unknown], b: [unknown, unknown]) => (String(a[0]) < String(b[0]) ? -1 : 1)
  if (v instanceof Map) return [...v].map(([k, x]) => [k, canonical(x)] as [unknown, unknown]).sort(byKey)
  if (v instanceof Set) return [...v].sort()
  return v
}

let calls = 0
let nonEmpty = 0

async function same<T>(what: string, ask: (r: Repositories) => Promise<T>): Promise<T> {
  const lite = await ask(both.sqlite)
  const pg = await ask(both.pg)
  expect(canonical(pg), what).toStrictEqual(canonical(lite))
  calls++
  const size = Array.isArray(lite) ? lite.length : lite instanceof Map ? lite.size : 1
  if (lite !== undefined && size > 0) nonEmpty++
  return lite
}

const callers = (): Caller[] => [
  { id: 0, maxX: 0 },
  { id: sample.owner, maxX: 0, owner: true },
  { id: sample.owner, maxX: 2, owner: true },
  { id: sample.other, maxX: 2 },
]

describe('a library catalogue on both engines', () => {
  it("imported works' page types, videos and files, in page order", async () => {
    const ids = [...sample.works, sample.ugoira, 0, 999_999_999]
    const exts = await same('pageExts', (r) => r.works.pageExts(ids))
    expect(exts.size).toBe(sample.works.length)
    await same('pageExts none', (r) => r.works.pageExts([]))
    await same('videos', (r) => r.works.videos(ids))
    for (const id of ids) {
      await same(`ugoiraVideo ${id}`, (r) => r.works.ugoiraVideo(id))
      await same(`files ${id}`, (r) => r.works.files(id))
    }
    expect(await both.pg.works.ugoiraVideo(sample.ugoira)).toEqual({ ext: 'webm', width: 320, height: 240 })
  })

  it("imported novels' cover and images, by role and image id", async () => {
    for (const id of [...sample.novels, 0]) await same(`novel files ${id}`, (r) => r.novels.files(id))
    expect((await both.pg.novels.files(sample.novels[0]!)).map((f) => f.role)).toEqual(['cover', 'image', 'image'])
  })

  it('scan figures and skipped files per library folder, skipped ones in byte order', async () => {
    for (const root of ROOTS) {
      await same(`libraryCounts ${root}`, (r) => r.catalogue.libraryCounts(root))
      await same(`librarySkipped ${root}`, (r) => r.catalogue.librarySkipped(root))
    }
  })

  it('recorded rankings: the day on or before, and the items in rank order', async () => {
    for (const kind of ['illust', 'novel'] as const)
      for (const mode of ['day', 'week_r18', 'month']) {
        for (const before of [undefined, 19999, 20000, 20002, 20003, 20009, 20010, 30000])
          await same(`recordedRankingDay ${kind} ${mode} ${before}`, (r) =>
            r.catalogue.recordedRankingDay(kind, mode, before),
          )
        for (const day of [20000, 20003, 20010, 20001])
          await same(`recordedRanking ${kind} ${mode} ${day}`, (r) => r.catalogue.recordedRanking(kind, mode, day))
      }
  })

  it("the owner's lists hold the archive's every work; another's do not", async () => {
    for (const caller of callers()) {
      for (const kind of ['illust', 'novel'] as const) {
        const items = (r: Repositories) => (kind === 'illust' ? r.works : r.novels)
        await same(`byUser ${kind} ${caller.id}`, (r) => items(r).byUser(sample.owner, caller, undefined, 0, 1000))
        await same(`newest ${kind} ${caller.id}`, (r) =>
          items(r).newest(caller, undefined, Number.MAX_SAFE_INTEGER, 300),
        )
        await same(`followFeed ${kind} ${caller.id}`, (r) => items(r).followFeed(caller, 'all', 0, 300))
        await same(`popularCandidates ${kind} ${caller.id}`, (r) =>
          r.catalogue.popularCandidates(kind, caller, undefined, 300),
        )
      }
      for (const id of sample.works.slice(0, 3))
        await same(`related ${id} ${caller.id}`, (r) => r.works.related(id, caller, 100))
      const series = both.store.db
        .prepare('SELECT series_id AS id FROM works WHERE user_id = ? AND series_id IS NOT NULL LIMIT 2')
        .all(sample.owner) as { id: number }[]
      for (const { id } of series) {
        await same(`stats ${id} ${caller.id}`, (r) => r.series.stats('illust', id, caller))
        await same(`page ${id} ${caller.id}`, (r) => r.series.page('illust', id, caller, 0, 100))
      }
    }
    // not vacuous: the owner sees works of theirs that another does not
    const owner = await both.pg.works.byUser(sample.owner, callers()[2]!, undefined, 0, 1000)
    const other = await both.pg.works.byUser(sample.owner, callers()[3]!, undefined, 0, 1000)
    expect(owner.length).toBeGreaterThan(other.length)
  })

  it("tag suggestions start again on both engines when an import bumps the items' version", async () => {
    const word = 'zzparity'
    const ask = () =>
      Promise.all(
        callers().map((caller) =>
          same(`autocomplete ${word} ${caller.id}`, (r) => r.tags.autocomplete(word, caller, 10)),
        ),
      )
    expect((await ask()).flat()).toEqual([])
    // an import adds a tag on a public all-ages work and bumps the version, on both engines alike
    const work = (
      both.store.db.prepare('SELECT id FROM works WHERE restrict = 0 AND x_restrict = 0 ORDER BY id LIMIT 1').get() as {
        id: number
      }
    ).id
    const tagId = 900_001
    both.store.db.prepare('INSERT INTO tags (id, name, translated_name) VALUES (?, ?, NULL)').run(tagId, word)
    both.store.db.prepare('INSERT INTO work_tags (work_id, pos, tag_id) VALUES (?, 99, ?)').run(work, tagId)
    both.store.db.prepare("UPDATE meta SET value = '2' WHERE key = 'items_version'").run()
    await both.pool.query('INSERT INTO tags (id, name, translated_name) VALUES ($1, $2, NULL)', [tagId, word])
    await both.pool.query('INSERT INTO work_tags (work_id, pos, tag_id) VALUES ($1, 99, $2)', [work, tagId])
    await both.pool.query("UPDATE meta SET value = '2' WHERE key = 'items_version'")
    const after = await ask()
    expect(after.every((tags) => tags.map((t) => t.name).includes(word))).toBe(true)
  })

  it('was not vacuous', () => {
    expect(calls).toBeGreaterThan(100)
    expect(nonEmpty / calls).toBeGreaterThan(0.5)
  })
})
