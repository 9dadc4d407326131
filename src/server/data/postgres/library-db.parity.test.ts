import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import type pg from 'pg'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importLibrary } from '../../library/import.ts'
import { galleryAvatarSidecar, gallerySidecar } from '../../testing/gallery-dl-archive.ts'
import { writeLibraryFixture } from '../../testing/library-fixture.ts'
import { writeGalleryDlNovel } from '../../testing/novel-archives.ts'
import { usePostgres } from '../../testing/postgres.ts'
import { settle } from '../../testing/parity-compare.ts'
import type { LibraryDb } from '../library-db.ts'
import type { UserFileRecord, UserFileRole } from '../library-user-files.ts'
import { createEmptyCatalogue, type LibraryNovelRecord, type LibraryWorkRecord } from '../library-writer.ts'
import { sqliteLibraryDb } from '../sqlite-library-db.ts'
import { createEmptyPgLibrary, pgLibraryDb } from './library-db.ts'
import { CATALOGUE_TABLES } from './migrations.ts'
import { migratePostgres } from './migrate.ts'
import { openPgPool } from './pool.ts'

// The library import's writes give the same catalogue on both engines: every LibraryDb call made on an empty SQLite
// library catalogue and on an empty PostgreSQL one answers alike and leaves every table with the same rows, and so does
// the importer over each (a gallery-dl archive imported, rescanned unchanged, changed and rescanned).

const pgTest = usePostgres()
let dir: string

/** One empty library catalogue on each engine, and their LibraryDb. */
interface Pair {
  db: Database.Database
  pool: pg.Pool
  sqlite: LibraryDb
  pg: LibraryDb
}
const pairs: Pair[] = []

async function emptyPair(name: string): Promise<Pair> {
  const file = path.join(dir, `${name}.db`)
  createEmptyCatalogue(file, { catalogue_kind: 'library' })
  const db = new Database(file)
  const pool = openPgPool(await pgTest.createDatabase(name), { max: 4 })
  await migratePostgres(pool)
  expect(await createEmptyPgLibrary(pool)).toBe(true)
  const pair = { db, pool, sqlite: sqliteLibraryDb(db), pg: pgLibraryDb(pool) }
  pairs.push(pair)
  return pair
}

const byJson = (a: unknown, b: unknown) => {
  const x = JSON.stringify(a)
  const y = JSON.stringify(b)
  return x < y ? -1 : x > y ? 1 : 0
}

/** Every catalogue table's rows, column by column in SQLite's order, sorted; on each engine. */
async function tables(p: Pair) {
  const lite: Record<string, unknown[][]> = {}
  const pg: Record<string, unknown[][]> = {}
  for (const table of CATALOGUE_TABLES) {
    const columns = (
      p.db.prepare('SELECT name FROM pragma_table_info(?) ORDER BY cid').all(table) as { name: string }[]
    )
      .map((c) => `"${c.name}"`)
      .join(', ')
    lite[table] = (p.db.prepare(`SELECT ${columns} FROM ${table}`).raw().all() as unknown[][]).sort(byJson)
    pg[table] = (
      await p.pool.query<unknown[]>({ text: `SELECT ${columns} FROM ${table}`, rowMode: 'array' })
    ).rows.sort(byJson)
  }
  return { lite, pg }
}

/**
 * Both engines' tables hold the same rows. One difference is expected, and only until finishSeries: a novel in a
 * series with no recorded place is last, at its column's largest integer, which is 2^53 - 1 on SQLite and 2^31 - 1 on
 * PostgreSQL (library-db.ts); SQLite's is read as PostgreSQL's.
 */
async function expectSameTables(p: Pair, label: string) {
  const { lite, pg } = await tables(p)
  const seriesOrder = (
    p.db.prepare('SELECT cid FROM pragma_table_info(?) WHERE name = ?').get('novels', 'series_order') as { cid: number }
  ).cid
  for (const r of lite.novels!) if (r[seriesOrder] === Number.MAX_SAFE_INTEGER) r[seriesOrder] = 2 ** 31 - 1
  for (const table of CATALOGUE_TABLES) expect(pg[table], `${label}: ${table}`).toEqual(lite[table])
  return lite
}

/** One call on SQLite, then the same on PostgreSQL: the same answer (or the same error), then the same rows. */
async function both<T>(p: Pair, label: string, call: (db: LibraryDb) => Promise<T>) {
  const lite = await settle(call(p.sqlite))
  const pg = await settle(call(p.pg))
  expect(pg, label).toEqual(lite)
  await expectSameTables(p, label)
  return lite
}

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'easel-library-db-'))
})

afterAll(async () => {
  for (const p of pairs) {
    p.db.close()
    await p.pool.end()
  }
  rmSync(dir, { recursive: true, force: true })
})

const ROOT = '/lib/a'
const NOW = 1_790_000_000
const OWNER = {
  id: 2_000_000_000,
  account: 'owner',
  name: 'owner',
  passwordHash: 'h1',
  profileDate: '2026/01/02/03/04/05',
}

function work(id: number, extra: Partial<LibraryWorkRecord> = {}): LibraryWorkRecord {
  return {
    id,
    type: 'illust',
    title: `work ${id}`,
    caption: `<b>caption</b> ${id}`,
    createdTs: 1_700_000_000 + id,
    width: 64,
    height: 48,
    sanityLevel: 2,
    xRestrict: 0,
    restrict: 0,
    aiType: 1,
    bookStyle: 0,
    totalView: 100 + id,
    totalBookmarks: 10,
    totalComments: 0,
    commentAccessControl: 0,
    tools: ['SAI'],
    frameDelays: null,
    ext: 'jpg',
    user: { id: 10, name: 'Alice', account: 'alice' },
    tags: [{ name: '風景' }],
    series: null,
    files: [0, 1].map((page) => ({
      page,
      path: `${ROOT}/10 alice/${id}_p${page}.jpg`,
      kind: 'image' as const,
      width: 64,
      height: 48,
      ext: 'jpg',
      bytes: 1000 + page,
      mtimeMs: 1_700_000_000_123.4 + page,
    })),
    ...extra,
  }
}

function novel(id: number, extra: Partial<LibraryNovelRecord> = {}): LibraryNovelRecord {
  return {
    id,
    title: `novel ${id}`,
    caption: '',
    createdTs: 1_700_100_000 + id,
    restrict: 0,
    xRestrict: 0,
    isOriginal: true,
    aiType: 1,
    text: `page one of ${id}[newpage]page two [uploadedimage:7]`,
    textLength: null,
    totalView: 5,
    totalBookmarks: 1,
    totalComments: 0,
    // PixivUtil2's pages do not record the account
    user: { id: 11, name: 'Writer' },
    tags: [
      { name: '小説', translatedName: 'novel', byAuthor: true },
      { name: 'オリジナル', byAuthor: false },
    ],
    series: null,
    seriesOrder: null,
    files: [
      {
        role: 'cover',
        imageId: 0,
        path: `${ROOT}/n/${id}_cover.jpg`,
        width: 240,
        height: 480,
        ext: 'jpg',
        bytes: 5000,
        mtimeMs: 1_700_000_000_000,
      },
      {
        role: 'image',
        imageId: 7,
        path: `${ROOT}/n/${id}_7.png`,
        width: 10,
        height: 20,
        ext: 'png',
        bytes: 300,
        mtimeMs: 1_700_000_000_500,
      },
    ],
    ...extra,
  }
}

describe('LibraryDb on PostgreSQL does what it does on SQLite', () => {
  it('writes the same rows, call by call: owner, items, series, users files, lists, report, removals', async () => {
    const p = await emptyPair('calls')
    await expectSameTables(p, 'empty')
    // made once: a second start finds it made
    expect(await createEmptyPgLibrary(p.pool)).toBe(false)

    await both(p, 'ensureOwner', (db) => db.ensureOwner(OWNER))
    await both(p, 'ensureOwner again', (db) => db.ensureOwner({ ...OWNER, passwordHash: 'other' }))
    await both(p, 'hasAccount', async (db) => [await db.hasAccount('owner'), await db.hasAccount('nobody')])
    await both(p, 'setPassword', async (db) => [
      await db.setPassword('owner', 'h2'),
      await db.setPassword('nobody', 'x'),
    ])

    const series = { id: 500, title: 'A series' }
    await both(p, 'a work in a series, a tag listed twice', (db) =>
      db.put(
        ROOT,
        {
          kind: 'illust',
          record: work(101, {
            series,
            tags: [
              { name: '風景' },
              { name: 'blue', translatedName: 'ブルー' },
              { name: '風景', translatedName: 'landscape' },
            ],
          }),
        },
        'f101',
        NOW,
      ),
    )
    await both(p, 'an earlier work of the series, at its recorded place', (db) =>
      db.put(
        ROOT,
        {
          kind: 'illust',
          record: work(102, {
            createdTs: 1_600_000_000,
            series: { ...series, title: 'A series, renamed' },
            seriesOrder: 4,
            // a names-only list keeps the translation another sidecar recorded; a new one replaces it
            tags: [{ name: 'blue' }, { name: '風景', translatedName: null }, { name: 'new' }],
          }),
        },
        'f102',
        NOW,
      ),
    )
    await both(p, 'an ugoira', (db) =>
      db.put(
        ROOT,
        {
          kind: 'illust',
          record: work(103, {
            type: 'ugoira',
            ext: 'jpg',
            frameDelays: [100, 200, 300],
            series,
            user: { id: 12, name: 'Bob', account: 'bob' },
            files: [
              {
                page: 0,
                path: `${ROOT}/12 bob/103_p0.zip`,
                kind: 'ugoira-zip',
                width: 60,
                height: 40,
                ext: 'zip',
                bytes: 9000,
                mtimeMs: 1_700_000_000_999.6,
              },
            ],
          }),
        },
        'f103',
        NOW,
      ),
    )
    await both(p, "a work whose user's account is another's: refused, nothing written", (db) =>
      db.put(
        ROOT,
        { kind: 'illust', record: work(104, { user: { id: 13, name: 'Carol', account: 'alice' } }) },
        'f104',
        NOW,
      ),
    )
    await both(p, 'the same work again, changed (replaced whole)', (db) =>
      db.put(
        ROOT,
        { kind: 'illust', record: work(101, { title: 'retitled', series, files: work(101).files.slice(0, 1) }) },
        'f101b',
        NOW + 1,
      ),
    )
    await both(p, 'novels: a series with and without recorded places, a user without an account', async (db) => {
      await db.put(ROOT, { kind: 'novel', record: novel(201, { series: { id: 900, title: 'Novels' } }) }, 'n201', NOW)
      await db.put(
        ROOT,
        {
          kind: 'novel',
          record: novel(202, { series: { id: 900, title: 'Novels' }, seriesOrder: 5, createdTs: 1_600_000_000 }),
        },
        'n202',
        NOW,
      )
      await db.put(
        ROOT,
        {
          kind: 'novel',
          record: novel(203, {
            series: { id: 901, title: 'Alone' },
            user: { id: 11, name: 'Writer', account: 'writer' },
          }),
        },
        'n203',
        NOW,
      )
      await db.put('/lib/b', { kind: 'novel', record: novel(204, { files: [], tags: [] }) }, 'n204', NOW)
    })
    await both(p, 'finishSeries', (db) => db.finishSeries())
    await both(p, 'fingerprints', async (db) => [await db.fingerprints(ROOT), await db.fingerprints('/lib/b')])
    await both(p, 'filesOf', async (db) => [await db.filesOf(ROOT), await db.filesOf('/lib/none')])

    // a user's file as the importer read it: each one of its own size and time
    const file = (userId: number, role: UserFileRole, name: string, size: number): UserFileRecord => ({
      userId,
      role,
      path: `${ROOT}/${userId}/${name}`,
      width: size,
      height: size,
      ext: name.split('.').pop()!,
      bytes: size * 10,
      mtimeMs: 1_700_000_000_000 + size,
    })
    await both(p, 'users files', async (db) => {
      const alice = { id: 10, name: 'Alice', account: 'alice' }
      const dan = { id: 14, name: 'Dan', account: 'dan' }
      await db.userFiles.put(file(10, 'avatar', 'avatar.jpg', 170), alice, '2025/01/02/03/04/05')
      // a user with no works: made from the sidecar
      await db.userFiles.put(file(14, 'background', 'background.png', 960), dan, null)
      await db.userFiles.put(file(14, 'avatar', 'avatar.png', 171), dan, '2025/02/03/04/05/06')
      await db.userFiles.remove(14, 'background')
      await db.userFiles.setSeen(
        ROOT,
        new Map([
          ['10:avatar', 'a'],
          ['14:avatar', 'b'],
        ]),
      )
      return [await db.userFiles.seen(ROOT), await db.userFiles.seen('/lib/none'), await db.userFiles.worksOf(10)]
    })
    await both(p, "a user's file whose account is another's", (db) =>
      db.userFiles.put(file(15, 'avatar', 'avatar.jpg', 1), { id: 15, name: 'Eve', account: 'dan' }, null),
    )

    const ownerId = (await both(p, 'ownerId', (db) => db.lists.ownerId())) as { ok: number }
    expect(ownerId.ok).toBe(OWNER.id)
    await both(p, 'present', (db) => db.lists.present('illust', [101, 102, 999]))
    const mark = (itemId: number, restrict: 0 | 1, tags: string[], ts: number) => ({ itemId, restrict, tags, ts })
    await both(p, 'bookmarks made, newest first', (db) =>
      db.lists.syncBookmarks(ROOT, 'illust', OWNER.id, [
        mark(101, 0, ['fav', 'fav', 'blue'], NOW + 3),
        mark(102, 1, [], NOW + 2),
      ]),
    )
    // the owner bookmarks the ugoira in Easel: each engine's service gives the id its way (PostgreSQL's sequence)
    p.db
      .prepare('INSERT INTO illust_bookmarks (user_id, item_id, restrict, created_ts) VALUES (?, 103, 0, ?)')
      .run(OWNER.id, NOW)
    await p.pool.query(
      'INSERT INTO illust_bookmarks (user_id, item_id, restrict, created_ts) VALUES ($1, 103, 0, $2)',
      [OWNER.id, NOW],
    )
    await expectSameTables(p, "the owner's own bookmark")
    await both(p, 'bookmarks changed: one gone, one retagged, one the owner had', (db) =>
      db.lists.syncBookmarks(ROOT, 'illust', OWNER.id, [mark(103, 0, ['x'], NOW + 5), mark(102, 0, ['red'], NOW + 2)]),
    )
    await both(p, 'bookmarks added after', (db) =>
      db.lists.syncBookmarks(ROOT, 'illust', OWNER.id, [
        mark(101, 0, [], NOW + 6),
        mark(103, 0, ['x'], NOW + 5),
        mark(102, 0, ['red'], NOW + 2),
      ]),
    )
    await both(p, 'novel bookmarks', (db) =>
      db.lists.syncBookmarks(ROOT, 'novel', OWNER.id, [mark(201, 0, ['n'], NOW)]),
    )

    // mode → day → item ids in rank order
    const days = (byMode: Record<string, Record<number, number[]>>) =>
      new Map(
        Object.entries(byMode).map(([mode, byDay]) => [
          mode,
          new Map(Object.entries(byDay).map(([day, ids]) => [Number(day), ids])),
        ]),
      )
    await both(p, 'rankings made', (db) =>
      db.lists.syncRankings(
        ROOT,
        'illust',
        days({ day: { 20000: [103, 101, 102], 20001: [101] }, week: { 20000: [102] } }),
      ),
    )
    await both(p, 'rankings: one unchanged, one changed, one gone', (db) =>
      db.lists.syncRankings(ROOT, 'illust', days({ day: { 20000: [103, 101, 102], 20001: [102, 101] } })),
    )
    await both(p, 'the report and meta', async (db) => {
      await db.setSkipped(ROOT, [
        { path: 'a.jpg', reason: 'one' },
        { path: 'b.jpg', reason: 'two' },
        { path: 'a.jpg', reason: 'again' },
      ])
      await db.setSkipped('/lib/b', [{ path: 'c.jpg', reason: 'three' }])
      await db.setSkipped(ROOT, [{ path: 'd.jpg', reason: 'four' }])
      await db.bumpItemsVersion()
      await db.bumpItemsVersion()
      await db.setMeta('library_last_scan', '{"root":"/lib/a"}')
    })
    await both(p, 'removals, then series again', async (db) => {
      await db.remove('illust:102')
      await db.remove('novel:202')
      await db.remove('novel:203')
      await db.remove('illust:999')
      await db.finishSeries()
    })
    await both(
      p,
      'pathsStartingWith',
      async (db) => new Set(await db.pathsStartingWith([`${ROOT}/10 ALICE/`, '/lib/a/n/'])),
    )
  })
})

/** Lets the test write the archive's files (each a second after the one before, as a download run writes them). */
function archive(root: string, jpeg: Buffer) {
  let clock = 1_790_000_000
  const write = (rel: string, data: string | Uint8Array) => {
    const file = path.join(root, rel)
    mkdirSync(path.dirname(file), { recursive: true })
    writeFileSync(file, data)
    clock += 1
    utimesSync(file, clock, clock)
  }
  return {
    write,
    /** A file and its gallery-dl sidecar. */
    put: (rel: string, meta: object, data: Uint8Array = jpeg) => {
      write(rel, data)
      write(`${rel}.json`, JSON.stringify(meta, null, 4))
    },
    remove: (rel: string) => {
      rmSync(path.join(root, rel))
      rmSync(path.join(root, `${rel}.json`))
    },
  }
}

describe('a library imported through either LibraryDb', () => {
  it('makes the same catalogue: imported, rescanned unchanged, rescanned after changes', async () => {
    const p = await emptyPair('imports')
    const root = path.join(dir, 'gallery-dl')
    await writeLibraryFixture(root)
    const colour = (background: string, size = 30) =>
      sharp({ create: { width: size, height: size, channels: 3, background } })
        .jpeg()
        .toBuffer()
    const a = archive(root, await colour('#336699'))
    const artist = 'pixiv/77 fixture_artist'
    const series = { id: 7000, title: 'A series' }
    // a series: two works by date, one at the place the series extractor recorded
    a.put(`${artist}/120000040_p0.jpg`, gallerySidecar(120_000_040, 0, { series, create_date: '2025-03-01T00:00:00Z' }))
    a.put(`${artist}/120000041_p0.jpg`, gallerySidecar(120_000_041, 0, { series, create_date: '2025-03-02T00:00:00Z' }))
    a.put(`${artist}/120000042_p0.jpg`, gallerySidecar(120_000_042, 0, { series, num_series: 5 }))
    // the owner's bookmarks (one of a work also saved from its artist), newest first, and a ranking
    const me = { id: '9', name: 'Me', account: 'me_on_pixiv' }
    const bookmark = (id: number, tags: string[]) =>
      a.put(
        `pixiv/bookmarks/9 me_on_pixiv/${id}_p0.jpg`,
        gallerySidecar(id, 0, { subcategory: 'bookmark', user_bookmark: me, is_bookmarked: true, tags_bookmark: tags }),
      )
    bookmark(120_000_050, ['お気に入り'])
    bookmark(120_000_041, ['blue', 'blue'])
    a.put(
      'pixiv/rankings/day/2025-06-01/120000051_p0.jpg',
      gallerySidecar(120_000_051, 0, { subcategory: 'ranking', ranking: { mode: 'day', date: '2025-06-01', rank: 1 } }),
    )
    const avatar = (data: Buffer) =>
      a.put(`${artist}/avatar_2025-01-02.jpg`, galleryAvatarSidecar('2025-01-02T03:04:05+09:00'), data)
    avatar(await colour('#aa0000', 20))
    const novelist = { id: 2043, name: '書き手', account: 'novelist' }
    for (const [id, order] of [
      [130_000_001, 2],
      [130_000_002, undefined],
    ] as const)
      writeGalleryDlNovel(
        root,
        {
          id,
          title: `小説 ${id}`,
          createDate: `2025-05-0${id % 10}T10:00:00+09:00`,
          user: novelist,
          text: '一頁目。\n[newpage]\n二頁目。',
          tags: [{ name: '小説', translated_name: 'novel' }],
          series: { id: 8000, title: '連作', order },
        },
        { cover: { data: await colour('#00aa00'), ext: 'jpg' } },
      )

    for (const db of [p.sqlite, p.pg]) expect(await db.ensureOwner(OWNER)).toBe(true)
    /** One scan of the archive on each engine: the same report (but its time), then the same rows. */
    const scan = async (label: string, nowS: number) => {
      const [lite, pg] = [
        await importLibrary(p.sqlite, root, { nowS: () => nowS }),
        await importLibrary(p.pg, root, { nowS: () => nowS }),
      ].map(({ ms: _, ...report }) => report)
      expect(pg, label).toEqual(lite)
      return { report: lite!, tables: await expectSameTables(p, label) }
    }
    const version = async () => [
      p.db.prepare("SELECT value FROM meta WHERE key = 'items_version'").pluck().get(),
      (await p.pool.query("SELECT value FROM meta WHERE key = 'items_version'")).rows[0]?.value,
    ]

    const first = await scan('the first import', NOW)
    expect(first.report).toMatchObject({ updated: 0, removed: 0, lists: { bookmarks: { added: 2 }, rankings: 1 } })
    // the fixture's works, the series, the bookmarked and ranked works; its avatar; its novels
    expect(first.report.imported).toBe(3 + 3 + 2 + 1 + 2)
    expect(first.tables.user_files).toHaveLength(1)
    expect(await version()).toEqual(['1', '1'])

    const again = await scan('a rescan of the unchanged archive', NOW)
    expect(again.report).toMatchObject({ imported: 0, updated: 0, removed: 0, changed: [] })
    // nothing written but the scan's own report (meta library_last_scan: its counts)
    const items = (t: Record<string, unknown[][]>) => ({
      ...t,
      meta: t.meta!.filter((r) => r[0] !== 'library_last_scan'),
    })
    expect(items(again.tables)).toEqual(items(first.tables))
    expect(await version()).toEqual(['1', '1'])

    // a sidecar edited, a work's files and a series work gone, a bookmark record gone, the avatar replaced
    const illust = `pixiv/1001 artist_1001/120000002_p0.jpg`
    const sidecar = JSON.parse(readFileSync(path.join(root, `${illust}.json`), 'utf8')) as Record<string, unknown>
    a.write(
      `${illust}.json`,
      JSON.stringify({ ...sidecar, title: 'retitled', tags: [{ name: '空', translated_name: 'sky' }] }),
    )
    for (let page = 0; page < 3; page++) a.remove(`pixiv/1000 artist_1000/120000001_p${page}.jpg`)
    a.remove(`${artist}/120000040_p0.jpg`)
    a.remove('pixiv/bookmarks/9 me_on_pixiv/120000041_p0.jpg')
    avatar(await colour('#0000aa', 24))
    const changed = await scan('a rescan after changes', NOW + 60)
    expect(changed.report).toMatchObject({ updated: 2, removed: 2, lists: { bookmarks: { removed: 1 } } })
    expect(changed.tables.works!.map((w) => w[0])).not.toContain(120_000_001)
    expect(await version()).toEqual(['2', '2'])
  })
})
