import { createHash } from 'node:crypto'
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { unzipSync } from 'fflate'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { loadConfig } from '../config.ts'
import { createLogger } from '../log.ts'
import { createServices, startServer } from '../server.ts'
import { createApp } from '../app.ts'
import type { Services } from '../context.ts'
import { openTestApp, type TestApp } from '../testing/harness.ts'
import {
  writePixivUtil2Archive,
  type AppIllust,
  type PixivUtil2Settings,
  type SourceWork,
  type WrittenWork,
} from '../testing/pixivutil2-archive.ts'
import { openLibraryCatalogue, prepareLibrary } from './library-catalogue.ts'
import { importLibrary, type ImportReport } from './import.ts'
import { sqliteLibraryDb } from '../data/sqlite-library-db.ts'
import { parseTxtSidecar, unMktime } from './pixivutil2.ts'
import { comparable } from '../testing/comparable-work.ts'

// Issue 15's PixivUtil2 slice: works of a demo Easel written as PixivUtil2 saves them (its db.sqlite, files by
// save_name, its .json/.txt/raw JSON sidecars, .zip.js and .ugoira ugoira; testing/pixivutil2-archive.ts) and
// imported into a library catalogue must answer /v1/illust/detail as the demo did — where the format records a field;
// where it does not, with the importer's documented default — serve every page byte for byte, give the ugoira the
// demo's frames and delays, change nothing on a second import, and leave the archive as it was.

const ORIGIN = 'http://easel.test'

interface Work extends AppIllust {
  tools: string[]
  image_urls: { square_medium: string }
}

const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex')
/** Every file (and folder) under `dir` with its checksum: what the import must leave as it was. */
const checksums = (dir: string) =>
  Object.fromEntries(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .map((e) => path.join(e.parentPath, e.name))
      .sort()
      .map((f) => [
        path.relative(dir, f),
        readdirSync(path.dirname(f), { withFileTypes: true })
          .find((e) => e.name === path.basename(f))!
          .isFile()
          ? sha(f)
          : 'folder',
      ]),
  )

let demo: TestApp
let demoToken: string
let sources: SourceWork[]
let root: string
/** each ugoira's zip's frame size */
const frameSizes = new Map<number, { width: number; height: number }>()

/** Works of the demo catalogue that cover what PixivUtil2 keeps and loses. */
function chooseWorkIds(): number[] {
  const db = new Database(inject('catalogueFile'), { readonly: true, fileMustExist: true })
  try {
    const one = (sql: string) => (db.prepare(sql).get() as { id: number } | undefined)?.id
    const ids = [
      // an ugoira with few frames
      one(`SELECT id FROM works WHERE type = 'ugoira' AND restrict = 0 AND x_restrict = 0
           ORDER BY length(frame_delays_json), id LIMIT 1`),
      // a right-to-left manga of two pages in a series
      one(`SELECT id FROM works WHERE type = 'manga' AND page_count = 2 AND book_style = 1 AND series_id IS NOT NULL
           AND restrict = 0 AND x_restrict = 0 ORDER BY id LIMIT 1`),
      // an illustration of two pages (PixivUtil2 calls it manga)
      one(`SELECT id FROM works WHERE type = 'illust' AND page_count = 2 AND restrict = 0 AND x_restrict = 0
           ORDER BY id LIMIT 1`),
      // an AI-generated work whose author tagged it AI生成 too
      one(`SELECT w.id FROM works w JOIN work_tags wt ON wt.work_id = w.id JOIN tags t ON t.id = wt.tag_id
           WHERE w.type = 'illust' AND w.page_count = 1 AND w.ai_type = 2 AND t.name = 'AI生成' AND w.restrict = 0
           ORDER BY w.id LIMIT 1`),
      // R-18G, and R-18
      one(`SELECT id FROM works WHERE type = 'illust' AND page_count = 1 AND x_restrict = 2 AND restrict = 0
           ORDER BY id LIMIT 1`),
      one(`SELECT id FROM works WHERE type = 'illust' AND page_count = 1 AND x_restrict = 1 AND restrict = 0
           AND ai_type = 1 ORDER BY id LIMIT 1`),
      // one of the demo user's own for "my pixiv" only
      one(`SELECT id FROM works WHERE user_id = 1 AND restrict = 1 AND page_count = 1 AND type = 'illust' LIMIT 1`),
    ]
    if (ids.some((id) => id === undefined)) throw new Error(`the demo catalogue lacks a kind of work: ${ids.join()}`)
    return ids as number[]
  } finally {
    db.close()
  }
}

async function fetchSource(id: number): Promise<SourceWork> {
  const { illust } = await demo.get<{ illust: Work }>(`/v1/illust/detail?illust_id=${id}`, demoToken)
  const bytes = async (url: string) => {
    const res = await demo.fetch(url)
    if (res.status !== 200) throw new Error(`GET ${url}: ${res.status}`)
    return new Uint8Array(await res.arrayBuffer())
  }
  if (illust.type === 'ugoira') {
    const { ugoira_metadata: m } = await demo.get<{
      ugoira_metadata: { zip_urls: { medium: string }; frames: { file: string; delay: number }[] }
    }>(`/v1/ugoira/metadata?illust_id=${id}`, demoToken)
    return { illust, files: [await bytes(m.zip_urls.medium.replace('600x600', '1920x1080'))], frames: m.frames }
  }
  const urls =
    illust.page_count === 1
      ? [illust.meta_single_page.original_image_url!]
      : illust.meta_pages.map((p) => p.image_urls.original)
  return { illust, files: await Promise.all(urls.map(bytes)) }
}

/** An in-process Easel serving the library at `lib` (its catalogue in `dataDir`), as `LIBRARY_DIR=… npm start`. */
async function openLibrary(dataDir: string, lib: string) {
  const config = loadConfig({
    DATA_DIR: dataDir,
    LIBRARY_DIR: lib,
    OWNER_PASSWORD: 'owner-pass',
    RATE_LIMIT: '0',
    LOG_LEVEL: 'silent',
    SEARCH_WORKERS: '0',
  })
  const log = createLogger('silent')
  const report = await prepareLibrary(config, log)
  const services: Services = createServices(config, log)
  const app = createApp(services, log)
  const fetch = (p: string, init?: RequestInit) =>
    Promise.resolve(app.request(p.startsWith('http') ? p : ORIGIN + p, init))
  const res = await fetch('/auth/token', {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'password', username: 'owner', password: 'owner-pass' }),
  })
  const { access_token: token } = (await res.json()) as { access_token: string }
  const get = async <T>(p: string) => {
    const r = await fetch(p, { headers: { authorization: `Bearer ${token}` } })
    if (r.status !== 200) throw new Error(`GET ${p}: ${r.status} ${await r.text()}`)
    return (await r.json()) as T
  }
  return { services, fetch, get, report }
}

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'easel-pixivutil2-'))
  demo = openTestApp()
  demoToken = await demo.login('demo')
  sources = []
  for (const id of chooseWorkIds()) sources.push(await fetchSource(id))
  for (const s of sources.filter((s) => s.illust.type === 'ugoira')) {
    const zip = unzipSync(s.files[0]!)
    const meta = await sharp(Buffer.from(zip[s.frames![0]!.file]!)).metadata()
    frameSizes.set(s.illust.id, { width: meta.width!, height: meta.height! })
  }
}, 120_000)

afterAll(() => {
  demo?.close()
  if (root) rmSync(root, { recursive: true, force: true })
})

/** What PixivUtil2 keeps of a work in each layout; the rest is the importer's documented default. */
type Expect = (w: Work) => ReturnType<typeof comparable>
/** Fields no PixivUtil2 source records, in every layout: tools. */
const always: Expect = (w) => ({ ...comparable(w), tools: [] })
/** Without the raw JSON: type from PixivUtil2's Image Mode, restrict/book style/sanity level by default. */
const withoutRaw: Expect = (w) => ({
  ...always(w),
  type: w.type === 'ugoira' ? 'ugoira' : w.page_count > 1 ? 'manga' : 'illust',
  restrict: 0,
  illust_book_style: 0,
  sanity_level: w.x_restrict > 0 ? 6 : 2,
})

const layouts: { name: string; settings: PixivUtil2Settings; expect: Expect }[] = [
  {
    name: 'db.sqlite, raw JSON and .txt sidecars, .zip.js and .ugoira',
    settings: {
      db: { autoAddMember: true, autoAddTag: true, autoAddCaption: true, autoAddSeries: true },
      writeImageJSON: true,
      writeRawJSON: true,
      writeImageInfo: true,
      writeUgoiraInfo: true,
      createUgoira: true,
    },
    expect: always,
  },
  {
    // the acceptance line's: the database (saved on another machine's folder: files by save_name), .json, .ugoira
    name: 'db.sqlite of an archive since moved, .json sidecars, .ugoira without its zip',
    settings: {
      savedAt: '/home/someone/PixivUtil2/downloads',
      db: { autoAddMember: true, autoAddTag: true, autoAddCaption: true, autoAddSeries: true },
      writeImageJSON: true,
      createUgoira: true,
      deleteZipFile: true,
    },
    expect: withoutRaw,
  },
  {
    // no sidecar records an ugoira's size: its zip's frames' (fitted in 1920×1080)
    name: 'db.sqlite alone (every autoAdd on), ugoira as .ugoira beside its zip',
    settings: {
      db: { autoAddMember: true, autoAddTag: true, autoAddCaption: true, autoAddSeries: true },
      createUgoira: true,
    },
    expect: (w) => ({ ...withoutRaw(w), ...(w.type === 'ugoira' ? frameSizes.get(w.id) : {}) }),
  },
  {
    // no database: no account (user_<id>), no translations; the AI type from PixivUtil2's inserted tag only
    name: '.txt sidecars alone, ugoira zip with its .zip.js',
    settings: { db: false, writeImageInfo: true, writeUgoiraInfo: true },
    expect: (w) => ({
      ...withoutRaw(w),
      tags: w.tags.map((t) => ({ name: t.name, translated_name: null })),
      illust_ai_type: w.illust_ai_type === 2 ? 2 : 0,
      user: { id: w.user.id, name: w.user.name, account: `user_${w.user.id}` },
    }),
  },
]

describe.each(layouts)(
  'a PixivUtil2 archive of demo works: $name',
  { timeout: 60_000 },
  ({ name, settings, expect: expected }) => {
    let lib: string
    let before: Record<string, string>
    let library: Awaited<ReturnType<typeof openLibrary>>
    let dataDir: string

    beforeAll(async () => {
      const dir = path.join(root, name.replace(/\W+/g, '-'))
      lib = path.join(dir, 'pixiv')
      mkdirSync(lib, { recursive: true })
      writePixivUtil2Archive(lib, sources, settings)
      before = checksums(lib)
      dataDir = path.join(dir, 'data')
      library = await openLibrary(dataDir, lib)
    })

    afterAll(() => library?.services.store!.close())

    it('imports every work, reporting nothing', () => {
      expect(library.report).toMatchObject({ imported: sources.length, updated: 0, removed: 0, skipped: [] })
    })

    it('answers /v1/illust/detail as the demo did, with the documented defaults for what the layout lacks', async () => {
      for (const s of sources) {
        const first = (await demo.get<{ illust: Work }>(`/v1/illust/detail?illust_id=${s.illust.id}`, demoToken)).illust
        const second = (await library.get<{ illust: Work }>(`/v1/illust/detail?illust_id=${s.illust.id}`)).illust
        expect(comparable(second), `work ${s.illust.id}`).toEqual(expected(first))
      }
    })

    it("serves every page byte for byte, and the ugoira with the demo's frames and delays", async () => {
      for (const s of sources) {
        const work = (await library.get<{ illust: Work }>(`/v1/illust/detail?illust_id=${s.illust.id}`)).illust
        if (work.type === 'ugoira') {
          const mine = await library.get<{ ugoira_metadata: { frames: unknown[]; zip_urls: { medium: string } } }>(
            `/v1/ugoira/metadata?illust_id=${s.illust.id}`,
          )
          expect(mine.ugoira_metadata.frames).toEqual(s.frames)
          // each frame served is the zip's
          const zip = unzipSync(s.files[0]!)
          const original = work.meta_single_page.original_image_url!
          for (const [n, f] of s.frames!.entries()) {
            const res = await library.fetch(original.replace('_ugoira0.', `_ugoira${n}.`))
            expect(res.status).toBe(200)
            expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(zip[f.file]!)), `frame ${n}`).toBe(true)
          }
          continue
        }
        const urls =
          work.page_count === 1
            ? [work.meta_single_page.original_image_url!]
            : work.meta_pages.map((p) => p.image_urls.original)
        expect(urls).toHaveLength(s.files.length)
        for (const [page, url] of urls.entries()) {
          const res = await library.fetch(url)
          expect(res.status, url).toBe(200)
          expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(s.files[page]!)), url).toBe(true)
        }
      }
    })

    it('changes nothing on a second import, and never writes into the archive', async () => {
      const store = openLibraryCatalogue(
        { dataDir, owner: { username: 'owner', password: undefined } },
        createLogger('silent'),
      )
      let again: ImportReport
      try {
        again = await importLibrary(sqliteLibraryDb(store.db), lib)
      } finally {
        store.close()
      }
      expect(again).toMatchObject({ imported: 0, updated: 0, removed: 0, unchanged: sources.length, skipped: [] })
      // the same files (no -journal, -wal or -shm beside db.sqlite), each as it was
      expect(checksums(lib)).toEqual(before)
    })
  },
)

describe('PixivUtil2 sources, read as PixivUtil2 writes them', () => {
  it("reads a .txt of CRLF lines, a caption over several lines and Python's date", () => {
    const text = [
      'ArtistID      = 77',
      'ArtistName    = Name = with equals',
      'ImageID       = 501',
      'Title         = A title',
      'Caption       = first line',
      'second line',
      'Tags          = AI-generated, 風景, R-18',
      'Image Mode    = big',
      'Pages         = 1',
      'Date          = 2018-06-08 15:00:04+00:00',
      'Resolution    = 1000x800',
      'BookmarkCount = 12',
      'Link          = http://www.pixiv.net/en/artworks/501',
      '',
    ].join('\r\n')
    const r = parseTxtSidecar(text)
    expect(r).toMatchObject({
      ok: true,
      meta: {
        id: 501,
        userId: 77,
        userName: 'Name = with equals',
        caption: 'first line\nsecond line',
        createdTs: Date.UTC(2018, 5, 8, 15, 0, 4) / 1000,
        width: 1000,
        height: 800,
        tags: [{ name: 'AI-generated' }, { name: '風景' }, { name: 'R-18' }],
      },
    })
  })

  it("undoes setLastModified's mktime of the UTC time in this machine's zone", () => {
    const ts = Date.UTC(2024, 1, 29, 23, 30, 5) / 1000
    const mtime = new Date(2024, 1, 29, 23, 30, 5).getTime()
    expect(unMktime(mtime)).toBe(ts)
  })
})

describe("PixivUtil2's AI-generated tag", () => {
  it("is taken out where PixivUtil2 put it, and kept where it is the author's", async () => {
    const ai = sources[3]!
    const tag = (name: string) => ({ name, translated_name: null })
    const url = (id: number) => ({
      original_image_url: ai.illust.meta_single_page.original_image_url!.replace(`/${ai.illust.id}_p0`, `/${id}_p0`),
    })
    // the author's own tag "AI-generated" first, on a work pixiv flags as AI (PixivUtil2 puts a second one before it),
    // and on a work pixiv does not flag
    const flagged: SourceWork = {
      ...ai,
      illust: {
        ...ai.illust,
        id: 990001,
        meta_single_page: url(990001),
        illust_ai_type: 2,
        tags: [tag('AI-generated'), tag('風景')],
      },
    }
    const authors: SourceWork = {
      ...ai,
      illust: {
        ...ai.illust,
        id: 990002,
        meta_single_page: url(990002),
        illust_ai_type: 1,
        tags: [tag('AI-generated'), tag('風景')],
      },
    }
    const lib = path.join(root, 'ai-tag', 'pixiv')
    mkdirSync(lib, { recursive: true })
    writePixivUtil2Archive(lib, [flagged, authors], { db: { autoAddTag: true }, writeImageJSON: true })
    const store = openLibraryCatalogue(
      { dataDir: path.join(root, 'ai-tag', 'data'), owner: { username: 'owner', password: 'pw' } },
      createLogger('silent'),
    )
    try {
      expect(await importLibrary(sqliteLibraryDb(store.db), lib)).toMatchObject({ imported: 2, skipped: [] })
      const of = (id: number) => ({
        ai: store.work(id)?.ai_type,
        tags: (
          store.db
            .prepare(
              'SELECT t.name FROM work_tags wt JOIN tags t ON t.id = wt.tag_id WHERE wt.work_id = ? ORDER BY wt.pos',
            )
            .all(id) as { name: string }[]
        ).map((r) => r.name),
      })
      expect(of(990001)).toEqual({ ai: 2, tags: ['AI-generated', '風景'] })
      expect(of(990002)).toEqual({ ai: 1, tags: ['AI-generated', '風景'] })
    } finally {
      store.close()
    }
  })
})

describe('bad PixivUtil2 input', () => {
  let report: ImportReport
  let lib: string
  let before: Record<string, string>
  let written: WrittenWork[]

  beforeAll(async () => {
    lib = path.join(root, 'bad', 'pixiv')
    mkdirSync(lib, { recursive: true })
    const [ugoira, manga, twoPages, ai] = sources
    written = writePixivUtil2Archive(lib, [manga!, twoPages!, ai!], {
      db: { autoAddMember: true, autoAddTag: true },
      writeImageJSON: true,
    })
    // without a database: one good work and its damaged neighbours
    const other = path.join(lib, 'other')
    mkdirSync(other)
    writePixivUtil2Archive(other, [ugoira!], { db: false, writeImageJSON: true, createUgoira: true })
    // the same ugoira saved again elsewhere: one work, the other copy reported
    cpSync(other, path.join(lib, 'other2'), { recursive: true })
    // a database that is not one
    mkdirSync(path.join(lib, 'broken'))
    writeFileSync(path.join(lib, 'broken', 'db.sqlite'), 'SQLite format 2\0 not really')
    // the manga's second page is gone (its database row remains)
    unlinkSync(path.join(lib, written[0]!.pages[1]!))
    // the two-page illustration is gone altogether (its database row remains)
    for (const p of written[1]!.pages) unlinkSync(path.join(lib, p))
    unlinkSync(path.join(lib, written[1]!.sidecars[0]!))
    const dir = path.dirname(path.join(lib, written[2]!.pages[0]!))
    writeFileSync(path.join(dir, '999001_p0 - cut off.json'), '{"illustId": "999001", "illustTitle": "cut')
    writeFileSync(path.join(dir, '999001_p0 - cut off.jpg'), Buffer.from(sources[3]!.files[0]!))
    writeFileSync(path.join(dir, '999002_p0 - lonely.jpg'), Buffer.from(sources[3]!.files[0]!))
    writeFileSync(
      path.join(dir, '999005_p0 - downloading.png.pixiv'),
      Buffer.from(sources[3]!.files[0]!).subarray(0, 99),
    )
    writeFileSync(
      path.join(dir, '999003_ugoira1920x1080 - lost.zip.js'),
      '{"frames":[{"file":"000000.jpg","delay":1}]}',
    )
    writeFileSync(path.join(dir, '999004_p0 - not an image.jpg'), '<html>')
    writeFileSync(
      path.join(dir, '999004_p0 - not an image.json'),
      readFileSync(path.join(lib, written[2]!.sidecars[0]!), 'utf8').replace(
        `"Image ID": ${ai!.illust.id}`,
        '"Image ID": 999004',
      ),
    )
    before = checksums(lib)
    const store = openLibraryCatalogue(
      { dataDir: path.join(root, 'bad', 'data'), owner: { username: 'owner', password: 'pw' } },
      createLogger('silent'),
    )
    try {
      report = await importLibrary(sqliteLibraryDb(store.db), lib)
    } finally {
      store.close()
    }
  })

  it('reports each bad file with its reason and imports the rest', () => {
    const [ugoira, manga, twoPages] = sources
    expect(report).toMatchObject({ imported: 2, updated: 0, removed: 0 })
    const elsewhere = (p: string) => p.startsWith('other2/') || p.startsWith('broken/')
    const reasons = Object.fromEntries(
      report.skipped.filter((s) => !elsewhere(s.path)).map((s) => [path.basename(s.path), s.reason]),
    )
    const pageGone = `work ${manga!.illust.id} not imported: page 1 (${path.join(lib, written[0]!.pages[1]!)}) is not in the library`
    expect(reasons).toEqual({
      // the database's row for a work whose files left
      'db.sqlite': `work ${twoPages!.illust.id}: its file ${path.join(lib, written[1]!.pages[1]!)} is not in the library (PixivUtil2's database row)`,
      // the manga with a page gone: none of it
      [path.basename(written[0]!.pages[0]!)]: pageGone,
      [path.basename(written[0]!.sidecars[0]!)]: pageGone,
      '999001_p0 - cut off.json': expect.stringMatching(/^malformed JSON/),
      '999001_p0 - cut off.jpg': 'a PixivUtil2 download with neither a db.sqlite row nor a .json/.txt sidecar',
      '999002_p0 - lonely.jpg': 'a PixivUtil2 download with neither a db.sqlite row nor a .json/.txt sidecar',
      '999005_p0 - downloading.png.pixiv': 'a PixivUtil2 download not complete (.pixiv)',
      '999003_ugoira1920x1080 - lost.zip.js': 'ugoira data (.zip.js) without its zip',
      '999004_p0 - not an image.jpg': expect.stringMatching(/^work 999004 not imported: .* is not a readable image/),
      '999004_p0 - not an image.json': expect.stringMatching(/^work 999004 not imported: .* is not a readable image/),
    })
    // the second copy of a work, and a database that is not one
    const copies = report.skipped.filter((s) => s.path.startsWith('other2/'))
    expect(copies.map((s) => path.extname(s.path))).toEqual(['.json', '.ugoira', '.zip'])
    for (const c of copies)
      expect(c.reason).toMatch(new RegExp(`^work ${ugoira!.illust.id} is already imported from other/`))
    expect(report.skipped.find((s) => s.path === 'broken/db.sqlite')?.reason).toBe(
      "PixivUtil2's database cannot be read (not an SQLite database)",
    )
  })

  it('writes nothing into the archive', () => {
    expect(checksums(lib)).toEqual(before)
  })
})

describe('a PixivUtil2 archive that changes', () => {
  it('follows it: an edited sidecar updates its work, a deleted file removes it, a database in WAL mode is read from a copy', async () => {
    const lib = path.join(root, 'changes', 'pixiv')
    mkdirSync(lib, { recursive: true })
    const [, manga, twoPages, ai] = sources
    const written = writePixivUtil2Archive(lib, [manga!, twoPages!, ai!], {
      db: { autoAddMember: true, autoAddTag: true, autoAddSeries: true },
      writeImageJSON: true,
      writeRawJSON: true,
    })
    const store = openLibraryCatalogue(
      { dataDir: path.join(root, 'changes', 'data'), owner: { username: 'owner', password: 'pw' } },
      createLogger('silent'),
    )
    const library = sqliteLibraryDb(store.db)
    try {
      expect(await importLibrary(library, lib)).toMatchObject({ imported: 3, skipped: [] })
      // PixivUtil2 saved the AI work's metadata again with a new title
      const sidecar = path.join(lib, written[2]!.sidecars[0]!)
      const raw = JSON.parse(readFileSync(sidecar, 'utf8')) as { illustTitle: string }
      writeFileSync(sidecar, JSON.stringify({ ...raw, illustTitle: 'Renamed' }, null, 4))
      // the two-page illustration's files and sidecar are deleted (its database row remains)
      for (const f of [...written[1]!.pages, ...written[1]!.sidecars]) unlinkSync(path.join(lib, f))
      // the database is left in WAL mode: read-only, SQLite would make its -wal and -shm beside it
      const db = new Database(path.join(lib, 'db.sqlite'))
      db.pragma('journal_mode = WAL')
      db.close()
      const before = checksums(lib)
      const report = await importLibrary(library, lib)
      expect(report).toMatchObject({ imported: 0, updated: 1, removed: 1, unchanged: 1 })
      expect(report.skipped.map((s) => s.path)).toEqual(['db.sqlite'])
      expect(store.work(ai!.illust.id)?.title).toBe('Renamed')
      expect(store.work(twoPages!.illust.id)).toBeUndefined()
      expect(checksums(lib)).toEqual(before)
      expect(await importLibrary(library, lib)).toMatchObject({ imported: 0, updated: 0, removed: 0, unchanged: 2 })
    } finally {
      store.close()
    }
  })
})

describe('a PixivUtil2 folder watched while Easel runs', () => {
  it('takes in a work PixivUtil2 downloads, once its file, sidecar and database row are written', async () => {
    const dir = path.join(root, 'watched')
    const lib = path.join(dir, 'pixiv')
    const staging = path.join(dir, 'staging')
    const [first, second] = [sources[4]!, sources[5]!]
    writePixivUtil2Archive(lib, [first], { db: { autoAddMember: true, autoAddTag: true }, writeImageJSON: true })
    const server = await startServer(
      loadConfig({
        DATA_DIR: path.join(dir, 'data'),
        LIBRARY_DIR: lib,
        OWNER_PASSWORD: 'pw',
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        RATE_LIMIT: '0',
        SEARCH_WORKERS: '0',
      }),
      createLogger('silent'),
    )
    try {
      const has = (id: number) => server.services.store!.work(id) !== undefined
      expect([has(first.illust.id), has(second.illust.id)]).toEqual([true, false])
      // PixivUtil2's download of the second work, as it goes: the file into `.pixiv`, renamed; the sidecar; the rows
      writePixivUtil2Archive(staging, [first, second], {
        db: { autoAddMember: true, autoAddTag: true },
        writeImageJSON: true,
      })
      const page = path.join(lib, writtenPage(staging, second))
      mkdirSync(path.dirname(page), { recursive: true })
      cpSync(path.join(staging, writtenPage(staging, second)), `${page}.pixiv`)
      await new Promise((r) => setTimeout(r, 1500))
      expect(has(second.illust.id)).toBe(false)
      renameSync(`${page}.pixiv`, page)
      const sidecar = page.replace(/\.(jpg|png|gif)$/, '.json')
      cpSync(sidecar.replace(lib, staging), sidecar)
      // PixivUtil2 writes its rows into the database in place
      const started = Date.now()
      cpSync(path.join(staging, 'db.sqlite'), path.join(lib, 'db.sqlite'))
      while (Date.now() - started < 5000 && !has(second.illust.id)) await new Promise((r) => setTimeout(r, 200))
      expect(has(second.illust.id)).toBe(true)
      expect(server.services.store!.work(second.illust.id)?.title).toBe(second.illust.title)
    } finally {
      await server.close()
    }
  }, 30_000)
})

/** The page file the fixture wrote for a one-page work under `root`. */
function writtenPage(root: string, w: SourceWork): string {
  const found = readdirSync(root, { recursive: true, withFileTypes: true }).find(
    (e) => e.isFile() && e.name.startsWith(`${w.illust.id}_p0 - `) && !e.name.endsWith('.json'),
  )!
  return path.relative(root, path.join(found.parentPath, found.name))
}
