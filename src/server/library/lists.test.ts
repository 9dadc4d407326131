import { mkdirSync, mkdtempSync, rmSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config.ts'
import { createLogger } from '../log.ts'
import { createServices, startServer } from '../server.ts'
import { createApp } from '../app.ts'
import { openLibraryCatalogue } from './library-catalogue.ts'
import { importLibrary, type ImportOptions } from './import.ts'
import { sqliteLibraryDb } from '../data/sqlite-library-db.ts'

// The lists an archive's records make: gallery-dl's bookmark folders become the owner's bookmarks (public or private,
// with their tags, newest first), its ranking folders that day's ranking, its series folders the series' order, and an
// info.json the metadata of the files it names. Built here in gallery-dl's format; served through the App API.

const ARTIST = { id: 77, name: 'Fixture Artist', account: 'fixture_artist' }
const ME = { id: '9', name: 'Me', account: 'me_on_pixiv' } // the login response's user: a string id
const OTHER = { id: 10, name: 'Someone', account: 'someone' }

function sidecar(id: number, num: number, extra: Record<string, unknown> = {}) {
  return {
    id,
    title: `work ${id}`,
    type: 'illust',
    caption: '',
    restrict: 0,
    user: { ...ARTIST, profile_image_urls: {}, is_followed: false },
    tags: ['風景'],
    tools: [],
    create_date: `2025-03-${String(id % 28 || 1).padStart(2, '0')}T12:00:00+09:00`,
    page_count: 1,
    width: 20,
    height: 20,
    x_restrict: 0,
    series: null,
    total_view: 1,
    total_bookmarks: 1,
    illust_ai_type: 1,
    illust_book_style: 0,
    is_bookmarked: false,
    num,
    category: 'pixiv',
    subcategory: 'artworks',
    ...extra,
  }
}

let dir: string
let lib: string
let png: Buffer
/** The clock of the fake downloads: each file written a second after the one before. */
let clock = 1_790_000_000
const put = (rel: string, data: string | Uint8Array) => {
  const file = path.join(lib, rel)
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, data)
  clock += 1
  utimesSync(file, clock, clock)
}
const putWork = (rel: string, meta: object) => {
  put(rel, png)
  put(`${rel}.json`, JSON.stringify(meta, null, 4))
}
/** A work downloaded by a bookmark run of `user`'s bookmarks into `folder`. */
const bookmarked = (folder: string, id: number, user: object, extra: Record<string, unknown> = {}) =>
  putWork(
    `${folder}/${id}_p0.png`,
    sidecar(id, 0, { subcategory: 'bookmark', user_bookmark: user, is_bookmarked: true, ...extra }),
  )

async function open(opts: ImportOptions = {}) {
  const dataDir = path.join(dir, 'data')
  const store = openLibraryCatalogue({ dataDir, owner: { username: 'owner', password: 'pw' } }, createLogger('silent'))
  const report = await importLibrary(sqliteLibraryDb(store.db), lib, opts)
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMIT: '0' }),
    search: { workers: 0, queue: 4, timeoutMs: 2000 },
  }
  store.close()
  const log = createLogger('silent')
  const services = createServices({ ...config, libraryDir: lib }, log)
  const app = createApp(services, log)
  const req = (p: string, init?: RequestInit) => Promise.resolve(app.request(new URL(p, 'http://easel.test'), init))
  const token = await req('/auth/token', {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'password', username: 'owner', password: 'pw' }),
  }).then(async (r) => ((await r.json()) as { access_token: string; user: { id: string } }).access_token)
  const headers = { authorization: `Bearer ${token}` }
  const get = async <T = any>(p: string): Promise<T> => {
    const res = await req(p, { headers })
    expect(res.status, p).toBe(200)
    return (await res.json()) as T
  }
  const post = (p: string, body: Record<string, string>) =>
    req(p, { method: 'POST', headers, body: new URLSearchParams(body) })
  const ids = async (p: string) => ((await get<{ illusts: { id: number }[] }>(p)).illusts ?? []).map((w) => w.id)
  return { report, services, get, post, ids, close: () => services.store.close() }
}

const OWNER = 2_000_000_000
const bookmarksOf = (restrict: 'public' | 'private') =>
  `/v1/user/bookmarks/illust?user_id=${OWNER}&restrict=${restrict}`

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'easel-lists-'))
  lib = path.join(dir, 'gallery-dl')
  png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#884422' } })
    .png()
    .toBuffer()
  const u = 'pixiv/77 fixture_artist'
  for (const id of [601, 602, 603, 604, 605, 606]) putWork(`${u}/${id}_p0.png`, sidecar(id, 0))
  // my public bookmarks, newest first as gallery-dl lists them; a run with metadata-bookmark records their tags
  const mine = 'pixiv/bookmarks/9 me_on_pixiv'
  bookmarked(mine, 603, ME, { tags_bookmark: ['fav', 'blue'] })
  bookmarked(mine, 601, ME)
  bookmarked(mine, 605, ME, { tags_bookmark: [] })
  // my private bookmarks: a run into a folder named private, and one whose run added bookmark_restrict (keywords)
  bookmarked(`private/${mine}`, 602, ME, { tags_bookmark: ['secret'] })
  bookmarked(`elsewhere/${mine}`, 604, ME, { bookmark_restrict: 'private' })
  // someone else's bookmarks: their work is imported, the bookmark is not
  bookmarked('pixiv/bookmarks/10 someone', 606, OTHER, { is_bookmarked: false })
  // a ranking in the order gallery-dl wrote it (1.25: no rank recorded), and one with gallery-dl 1.26's ranks
  const day = 'pixiv/rankings/day/2026-10-30'
  for (const id of [604, 601, 603])
    putWork(
      `${day}/${id}_p0.png`,
      sidecar(id, 0, { subcategory: 'ranking', ranking: { mode: 'day', date: '2026-10-30' } }),
    )
  putWork(`pixiv/rankings/day/2026-10-29/602_p0.png`, sidecar(602, 0, { ranking: { mode: 'day', date: '2026-10-29' } }))
  const week = 'pixiv/rankings/week/2026-10-30'
  for (const [rank, id] of [
    [2, 605],
    [1, 606],
  ] as const)
    putWork(
      `${week}/${id}_p0.png`,
      sidecar(id, 0, { ranking: { mode: 'week', date: '2026-10-30', rank, type: 'all' } }),
    )
  putWork(
    'pixiv/rankings/day_manga/2026-10-30/601_p0.png',
    sidecar(601, 0, { ranking: { mode: 'day_manga', date: '2026-10-30', rank: 1, type: 'manga' } }),
  )
  // a search run: its works are works, the search itself is nothing to keep
  putWork('pixiv/search/風景/603_p0.png', sidecar(603, 0, { search: { word: '風景', sort: 'date_desc' } }))
  // a series saved by the series extractor: its fuller series record (a string id), its order against the dates
  const series = (order: number) => ({
    series: { id: '700', title: 'A Series', total: 2, canonical: 'https://www.pixiv.net/user/77/series/700' },
    num_series: order,
    subcategory: 'series',
  })
  putWork(`${u}/700 A Series/001_611_p0.png`, sidecar(611, 0, series(1)))
  putWork(`${u}/700 A Series/002_610_p0.png`, sidecar(610, 0, { ...series(2), type: 'manga', page_count: 2 }))
  putWork(`${u}/700 A Series/002_610_p1.png`, sidecar(610, 1, { ...series(2), type: 'manga', page_count: 2 }))
  // an info.json without --write-metadata: the metadata of the run's first work, whose files have no sidecars
  put('pixiv/77 fixture_artist info/620_p0.png', png)
  put('pixiv/77 fixture_artist info/620_p1.png', png)
  put('pixiv/77 fixture_artist info/621_p0.png', png)
  put('pixiv/77 fixture_artist info/info.json', JSON.stringify(sidecar(620, 0, { type: 'manga', page_count: 2 })))
  // and one beside the sidecars of its work: nothing more to import, nothing to report
  put(`${u}/info.json`, JSON.stringify(sidecar(601, 0)))
  // one of no work in its folder, and one of another site
  put('pixiv/elsewhere/info.json', JSON.stringify(sidecar(699, 0)))
  put('danbooru/info.json', JSON.stringify({ category: 'danbooru', id: 1 }))
}, 60_000)

afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe("an archive's bookmark, ranking, search and series folders", () => {
  let lib1: Awaited<ReturnType<typeof open>>
  beforeAll(async () => {
    lib1 = await open()
  })
  afterAll(() => lib1.close())

  it('imports each work once, wherever it was found, and reports what it does not import', () => {
    expect(lib1.report).toMatchObject({
      imported: 9,
      lists: { bookmarks: { added: 5, updated: 0, removed: 0 }, rankings: 3 },
    })
    const reasons = Object.fromEntries(lib1.report.skipped.map((s) => [s.path, s.reason]))
    expect(reasons).toEqual({
      'pixiv/bookmarks/10 someone/606_p0.png.json':
        "a bookmark of pixiv user 10 (someone), not imported: only the owner's (pixiv user 9) are imported; the work itself is",
      'pixiv/rankings/day_manga/2026-10-30/601_p0.png.json':
        "ranking day_manga of 2026-10-30 filtered to manga works: not imported as that day's ranking",
      'pixiv/77 fixture_artist info/621_p0.png': 'no metadata sidecar (621_p0.png.json)',
      'pixiv/elsewhere/info.json':
        "gallery-dl's info.json of work 699: no file of that work in its folder (its metadata, nothing else, is all it holds)",
      'danbooru/info.json': "gallery-dl's info.json of something other than a pixiv work: not read",
    })
  })

  it("makes the owner's pixiv bookmarks the owner's, public and private, newest first, with their tags", async () => {
    expect(await lib1.ids(bookmarksOf('public'))).toEqual([603, 601, 605])
    expect(await lib1.ids(bookmarksOf('private'))).toEqual([602, 604])
    const detail = await lib1.get('/v2/illust/bookmark/detail?illust_id=603')
    expect(detail.bookmark_detail).toMatchObject({ is_bookmarked: true, restrict: 'public' })
    const registered = (detail.bookmark_detail.tags as { name: string; is_registered: boolean }[])
      .filter((t) => t.is_registered)
      .map((t) => t.name)
    expect(registered).toEqual(['blue', 'fav'])
    const secret = await lib1.get('/v2/illust/bookmark/detail?illust_id=602')
    expect(secret.bookmark_detail).toMatchObject({ is_bookmarked: true, restrict: 'private' })
    expect((await lib1.get('/v1/illust/detail?illust_id=606')).illust.is_bookmarked).toBe(false)
  })

  it('answers a recorded ranking in its order: the latest day without a date, none for a mode it lacks', async () => {
    expect(await lib1.ids('/v1/illust/ranking?mode=day')).toEqual([604, 601, 603])
    expect(await lib1.ids('/v1/illust/ranking?mode=day&date=2026-10-30')).toEqual([604, 601, 603])
    expect(await lib1.ids('/v1/illust/ranking?mode=day&date=2026-10-29')).toEqual([602])
    // a day not recorded: the newest recorded before it, none before the first
    expect(await lib1.ids('/v1/illust/ranking?mode=day&date=2026-10-31')).toEqual([604, 601, 603])
    expect(await lib1.ids('/v1/illust/ranking?mode=day&date=2026-10-01')).toEqual([])
    expect(await lib1.ids('/v1/illust/ranking?mode=week')).toEqual([606, 605])
    expect(await lib1.ids('/v1/illust/ranking?mode=month')).toEqual([])
    expect(await lib1.ids('/v1/illust/ranking?mode=day_manga')).toEqual([])
  })

  it('orders a series by the num_series its folder recorded, under its own id and title', async () => {
    const w = (await lib1.get('/v1/illust/detail?illust_id=610')).illust
    expect(w.series).toEqual({ id: 700, title: 'A Series' })
    // 611 is the first of the series, though 610 is older
    expect(await lib1.ids('/v1/illust/series?illust_series_id=700')).toEqual([611, 610])
    expect((await lib1.get('/v1/illust/detail?illust_id=610')).illust.page_count).toBe(2)
  })

  it('imports the work an info.json describes from its sidecar-less files, pages from their names', async () => {
    const w = (await lib1.get('/v1/illust/detail?illust_id=620')).illust
    expect(w).toMatchObject({ type: 'manga', page_count: 2 })
  })
})

describe('a rescan of the bookmark folders', () => {
  it("changes nothing when nothing changed, follows removed files, and keeps the owner's own bookmarks", async () => {
    let lib2 = await open()
    try {
      expect(lib2.report).toMatchObject({
        imported: 0,
        updated: 0,
        lists: { bookmarks: { added: 0, updated: 0, removed: 0 }, rankings: 0 },
      })
      // in Easel, the owner bookmarks a work the archive has not bookmarked, and re-bookmarks 601 privately
      expect((await lib2.post('/v2/illust/bookmark/add', { illust_id: '606', restrict: 'public' })).status).toBe(200)
      expect((await lib2.post('/v1/illust/bookmark/delete', { illust_id: '601' })).status).toBe(200)
      const add = await lib2.post('/v2/illust/bookmark/add', {
        illust_id: '601',
        restrict: 'private',
        'tags[]': 'mine',
      })
      expect(add.status).toBe(200)
    } finally {
      lib2.close()
    }
    // the bookmark files of 601 and 605 leave the archive; a day of the ranking too
    for (const id of [601, 605]) {
      unlinkSync(path.join(lib, `pixiv/bookmarks/9 me_on_pixiv/${id}_p0.png`))
      unlinkSync(path.join(lib, `pixiv/bookmarks/9 me_on_pixiv/${id}_p0.png.json`))
    }
    rmSync(path.join(lib, 'pixiv/rankings/day/2026-10-29'), { recursive: true })
    lib2 = await open()
    try {
      expect(lib2.report.lists).toEqual({ bookmarks: { added: 0, updated: 0, removed: 1 }, rankings: 1 })
      expect(await lib2.ids(bookmarksOf('public'))).toEqual([606, 603])
      expect(await lib2.ids(bookmarksOf('private'))).toEqual([601, 602, 604])
      expect(await lib2.ids('/v1/illust/ranking?mode=day&date=2026-10-29')).toEqual([])
    } finally {
      lib2.close()
    }
    // a later run records other bookmark tags and puts the bookmark under private: the same bookmark, changed
    const moved = 'private/pixiv/bookmarks/9 me_on_pixiv'
    rmSync(path.join(lib, 'pixiv/bookmarks/9 me_on_pixiv/603_p0.png'))
    rmSync(path.join(lib, 'pixiv/bookmarks/9 me_on_pixiv/603_p0.png.json'))
    bookmarked(moved, 603, ME, { tags_bookmark: ['fav'] })
    lib2 = await open()
    try {
      expect(lib2.report.lists).toEqual({ bookmarks: { added: 0, updated: 1, removed: 0 }, rankings: 0 })
      expect(await lib2.ids(bookmarksOf('public'))).toEqual([606])
      // it keeps its place (its id) among the private ones
      expect(await lib2.ids(bookmarksOf('private'))).toEqual([601, 603, 602, 604])
      const detail = await lib2.get('/v2/illust/bookmark/detail?illust_id=603')
      const tags = (detail.bookmark_detail.tags as { name: string; is_registered: boolean }[]).filter(
        (t) => t.is_registered,
      )
      expect(tags.map((t) => t.name)).toEqual(['fav'])
    } finally {
      lib2.close()
    }
  })

  it('takes the bookmarks of the pixiv user OWNER_PIXIV_ID names, and reports the others', async () => {
    const { owner } = loadConfig({ OWNER_PIXIV_ID: '10' })
    const lib3 = await open({ ownerPixivId: owner.pixivId })
    try {
      expect(await lib3.ids(bookmarksOf('public'))).toEqual([606])
      const reported = lib3.report.skipped.filter((s) => s.reason.startsWith('a bookmark of pixiv user 9'))
      expect(reported.length).toBe(3)
      expect(reported[0]!.reason).toMatch(/only the owner's \(pixiv user 10, OWNER_PIXIV_ID\) are imported/)
    } finally {
      lib3.close()
    }
  })
})

describe('a bookmark folder written while Easel runs', () => {
  it("appears in the owner's bookmarks within seconds, though its work was already there", async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'easel-lists-watch-'))
    const watched = path.join(root, 'gallery-dl')
    const write = (rel: string, data: string | Uint8Array) => {
      mkdirSync(path.dirname(path.join(watched, rel)), { recursive: true })
      writeFileSync(path.join(watched, rel), data)
    }
    write('pixiv/77 fixture_artist/901_p0.png', png)
    write('pixiv/77 fixture_artist/901_p0.png.json', JSON.stringify(sidecar(901, 0)))
    const config = loadConfig({
      DATA_DIR: path.join(root, 'data'),
      LIBRARY_DIR: watched,
      OWNER_PASSWORD: 'pw',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      RATE_LIMIT: '0',
      SEARCH_WORKERS: '0',
    })
    const running = await startServer(config, createLogger('silent'))
    try {
      const signIn = await fetch(`${running.url}/auth/token`, {
        method: 'POST',
        body: new URLSearchParams({ grant_type: 'password', username: 'owner', password: 'pw' }),
      })
      const { access_token } = (await signIn.json()) as { access_token: string }
      const bookmarks = async () => {
        const res = await fetch(`${running.url}${bookmarksOf('public')}`, {
          headers: { authorization: `Bearer ${access_token}` },
        })
        return ((await res.json()) as { illusts: { id: number }[] }).illusts.map((w) => w.id)
      }
      expect(await bookmarks()).toEqual([])
      // a bookmark run saves the same work again: the work is unchanged, the owner's bookmarks are not
      const meta = sidecar(901, 0, { user_bookmark: ME, is_bookmarked: true, subcategory: 'bookmark' })
      write('pixiv/bookmarks/9 me_on_pixiv/901_p0.png', png)
      write('pixiv/bookmarks/9 me_on_pixiv/901_p0.png.json', JSON.stringify(meta))
      const started = Date.now()
      let ids: number[] = []
      while (Date.now() - started < 8000 && ids.length === 0) {
        await new Promise((r) => setTimeout(r, 200))
        ids = await bookmarks()
      }
      expect(ids).toEqual([901])
    } finally {
      await running.close()
      rmSync(root, { recursive: true, force: true })
    }
  }, 30_000)
})
