import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { crc32 } from 'node:zlib'
import { unzipSync, zipSync } from 'fflate'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config.ts'
import { createLogger } from '../log.ts'
import { createServices } from '../server.ts'
import { createApp } from '../app.ts'
import { openLibraryCatalogue, prepareLibrary } from './library-catalogue.ts'
import { importLibrary, type ImportReport } from './import.ts'
import { sqliteLibraryDb } from '../data/sqlite-library-db.ts'
import { gallerySidecar } from '../testing/gallery-dl-archive.ts'

// The importer on archives built here in gallery-dl's format: what it makes of the files (each page's own type and
// size, names-only tags, documented defaults), and the bad input it must report without a crash or a partial work.

const USER = { id: 77, name: 'Fixture Artist', account: 'fixture_artist' }

/** A gallery-dl sidecar (`--write-metadata`, default `tags` option: names only), with a caption and an avatar URL. */
const sidecar = (id: number, num: number, extra: Record<string, unknown> = {}) =>
  gallerySidecar(id, num, {
    caption: 'a caption<br />with a break',
    user: { ...USER, profile_image_urls: { medium: 'https://i.pximg.net/x.jpg' }, is_followed: false },
    ...extra,
  })

const image = (w: number, h: number, fmt: 'png' | 'jpeg') => {
  const blank = sharp({ create: { width: w, height: h, channels: 3, background: '#3366cc' } })
  return (fmt === 'png' ? blank.png() : blank.jpeg()).toBuffer()
}

/** A PNG whose header claims w×h (a decompression bomb: tiny on disk, huge once decoded). */
async function bombPng(w: number, h: number) {
  const png = Buffer.from(await image(1, 1, 'png'))
  png.writeUInt32BE(w, 16)
  png.writeUInt32BE(h, 20)
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29)
  return png
}

let dir: string
let lib: string
const put = (rel: string, data: string | Uint8Array) => {
  const file = path.join(lib, rel)
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, data)
}
const putWork = (rel: string, data: Uint8Array, meta: object) => {
  put(rel, data)
  put(`${rel}.json`, JSON.stringify(meta, null, 4))
}

let report: ImportReport
const reasons = () => Object.fromEntries(report.skipped.map((s) => [s.path, s.reason]))

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'easel-import-'))
  lib = path.join(dir, 'gallery-dl')
  const u = 'pixiv/77 fixture_artist'
  // a manga whose pages are of different types and sizes
  putWork(`${u}/501_p0.png`, await image(40, 30, 'png'), sidecar(501, 0, { type: 'manga', page_count: 2 }))
  putWork(`${u}/501_p1.jpg`, await image(20, 50, 'jpeg'), sidecar(501, 1, { type: 'manga', page_count: 2 }))
  // an R-18 illustration without sanity_level: the default is 6
  putWork(`${u}/502_p0.jpg`, await image(30, 30, 'jpeg'), sidecar(502, 0, { x_restrict: 1 }))
  // the same work saved again by a bookmark run: one work, nothing to report
  putWork(`pixiv/bookmarks/1 me/502_p0.jpg`, await image(30, 30, 'jpeg'), sidecar(502, 0, { x_restrict: 1 }))
  // two copies of a work that disagree: the first (in path order) is used, the other reported
  putWork(`pixiv/aaa/501_p1.jpg`, await image(20, 50, 'jpeg'), sidecar(501, 1, { type: 'manga', page_count: 2 }))
  putWork(`pixiv/zzz/501_p0.png`, await image(40, 30, 'png'), sidecar(501, 0, { type: 'manga', title: 'other' }))
  // an ugoira as its original frames (`ugoira: original`), and as the ugoira post-processor's `archive` zip
  const frames = [70, 80, 90].map((delay, i) => ({ file: `${String(i).padStart(6, '0')}.jpg`, delay }))
  for (const [i] of frames.entries())
    putWork(`${u}/511_p${i}.jpg`, await image(40, 20, 'jpeg'), sidecar(511, i, { type: 'ugoira', frames }))
  const animation = [
    { file: '000000.jpg', delay: 40 },
    { file: '000001.jpg', delay: 60 },
  ]
  const archiveZip = zipSync({
    '000000.jpg': await image(30, 20, 'jpeg'),
    '000001.jpg': await image(30, 20, 'jpeg'),
    'animation.json': Buffer.from(JSON.stringify(animation)),
  })
  putWork(`${u}/512_p0.zip`, archiveZip, sidecar(512, 0, { type: 'ugoira', width: 30, height: 20 }))
  // bad input, each a report line
  put(`${u}/503_p0.jpg.json`, '{"id": 503, "title": "cut off')
  put(`${u}/503_p0.jpg`, await image(10, 10, 'jpeg'))
  put(`${u}/504_p0.jpg.json`, JSON.stringify(sidecar(504, 0)))
  put(`${u}/505_p0.jpg`, await image(10, 10, 'jpeg'))
  putWork(`${u}/506_p0.jpg`, Buffer.from('<html>not an image</html>'), sidecar(506, 0))
  putWork(`${u}/507_p0.png`, await bombPng(100_000, 100_000), sidecar(507, 0))
  putWork(`${u}/508_p0.jpg`, await image(10, 10, 'jpeg'), sidecar(508, 0, { type: 'manga', page_count: 3 }))
  putWork(`${u}/508_p2.jpg`, await image(10, 10, 'jpeg'), sidecar(508, 2, { type: 'manga', page_count: 3 }))
  const traversing = zipSync({ '../000000.jpg': await image(10, 10, 'jpeg') })
  putWork(
    `${u}/509_p0.zip`,
    traversing,
    sidecar(509, 0, { type: 'ugoira', frames: [{ file: '000000.jpg', delay: 50 }] }),
  )
  const outside = path.join(dir, 'outside.jpg')
  writeFileSync(outside, await image(10, 10, 'jpeg'))
  writeFileSync(`${outside}.json`, JSON.stringify(sidecar(510, 0)))
  symlinkSync(outside, path.join(lib, u, '510_p0.jpg'))
  symlinkSync(`${outside}.json`, path.join(lib, u, '510_p0.jpg.json'))

  const store = openLibraryCatalogue(
    { dataDir: path.join(dir, 'data'), owner: { username: 'owner', password: 'pw' } },
    createLogger('silent'),
  )
  try {
    report = await importLibrary(sqliteLibraryDb(store.db), lib)
  } finally {
    store.close()
  }
})

afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('the importer on a gallery-dl archive with bad files in it', () => {
  it('imports the good works and reports every bad file with its reason, never a partial work', () => {
    expect(report).toMatchObject({ imported: 4, updated: 0, removed: 0 })
    const u = 'pixiv/77 fixture_artist'
    expect(reasons()).toEqual({
      'pixiv/zzz/501_p0.png':
        'work 501 page 0 differs from its other copy pixiv/77 fixture_artist/501_p0.png, which is used',
      [`${u}/503_p0.jpg.json`]: expect.stringMatching(/^truncated JSON/),
      [`${u}/504_p0.jpg.json`]: 'a metadata sidecar without its file',
      [`${u}/505_p0.jpg`]: 'no metadata sidecar (505_p0.jpg.json)',
      [`${u}/506_p0.jpg`]: expect.stringMatching(/work 506 not imported: 506_p0.jpg is not a readable image/),
      [`${u}/507_p0.png`]: expect.stringMatching(/work 507 not imported: 507_p0.png is too large/),
      [`${u}/508_p0.jpg`]: 'work 508 not imported: page 1 is missing from the archive',
      [`${u}/508_p2.jpg`]: 'work 508 not imported: page 1 is missing from the archive',
      [`${u}/509_p0.zip`]: expect.stringMatching(/entry outside its folder/),
      [`${u}/510_p0.jpg`]: expect.stringMatching(/^a symbolic link leading out of the library \(to .*outside\.jpg\)/),
      [`${u}/510_p0.jpg.json`]: expect.stringMatching(/^a symbolic link leading out of the library/),
    })
  })

  it("serves each page as its own type, with the work's size read from the file, and documented defaults", async () => {
    const config = {
      ...loadConfig({ DATA_DIR: path.join(dir, 'data'), LIBRARY_DIR: lib, LOG_LEVEL: 'silent', RATE_LIMIT: '0' }),
      search: { workers: 0, queue: 4, timeoutMs: 2000 },
    }
    const log = createLogger('silent')
    await prepareLibrary(config, log)
    const services = createServices(config, log)
    try {
      const app = createApp(services, log)
      const req = (p: string, init?: RequestInit) => Promise.resolve(app.request(new URL(p, 'http://easel.test'), init))
      const token = await req('/auth/token', {
        method: 'POST',
        body: new URLSearchParams({ grant_type: 'password', username: 'owner', password: 'pw' }),
      }).then(async (r) => ((await r.json()) as { access_token: string }).access_token)
      const auth = { headers: { authorization: `Bearer ${token}` } }
      const manga = (await (await req('/v1/illust/detail?illust_id=501', auth)).json()) as { illust: any }
      expect(manga.illust).toMatchObject({ width: 40, height: 30, page_count: 2, sanity_level: 2 })
      // names-only tags: no translation recorded
      expect(manga.illust.tags).toEqual([
        { name: '風景', translated_name: null },
        { name: 'オリジナル', translated_name: null },
      ])
      const originals = manga.illust.meta_pages.map((p: any) => p.image_urls.original as string)
      expect(originals.map((u: string) => u.slice(-10))).toEqual(['501_p0.png', '501_p1.jpg'])
      const types = await Promise.all(originals.map(async (u: string) => (await req(u)).headers.get('content-type')))
      expect(types).toEqual(['image/png', 'image/jpeg'])
      // the owner's library page: the last scan, the works per type, the skipped files with their reasons
      const status = (await (await req('/v1/easel/library', auth)).json()) as { library: any }
      expect(status.library).toMatchObject({
        // the service's start-up scan, after the first import: nothing new
        last_scan: { imported: 0, unchanged: 4, skipped: report.skipped.length },
        counts: { illust: 1, manga: 1, ugoira: 2 },
        skipped: report.skipped,
      })
      expect((await req('/v1/easel/library')).status).toBe(400) // no token: the App API's invalid_grant
      const r18 = (await (await req('/v1/illust/detail?illust_id=502', auth)).json()) as { illust: any }
      expect(r18.illust).toMatchObject({ x_restrict: 1, sanity_level: 6 })

      // frames as files: one page, the delays of its `frames`, each frame's original its file, the zips made of them
      const frames = (await (await req('/v1/illust/detail?illust_id=511', auth)).json()) as { illust: any }
      expect(frames.illust).toMatchObject({ type: 'ugoira', page_count: 1, width: 40, height: 20 })
      const meta = (await (await req('/v1/ugoira/metadata?illust_id=511', auth)).json()) as { ugoira_metadata: any }
      expect(meta.ugoira_metadata.frames.map((f: { delay: number }) => f.delay)).toEqual([70, 80, 90])
      const original = frames.illust.meta_single_page.original_image_url as string
      const frame1 = await req(original.replace('_ugoira0.jpg', '_ugoira1.jpg'))
      expect(Buffer.from(await frame1.arrayBuffer())).toEqual(
        readFileSync(path.join(lib, 'pixiv/77 fixture_artist/511_p1.jpg')),
      )
      const zipUrl = meta.ugoira_metadata.zip_urls.medium as string
      for (const url of [zipUrl, zipUrl.replace('600x600', '1920x1080')]) {
        const zip = unzipSync(new Uint8Array(await (await req(url)).arrayBuffer()))
        expect(Object.keys(zip).sort(), url).toEqual(['000000.jpg', '000001.jpg', '000002.jpg'])
      }
      // the archive-mode zip: delays from its animation.json; the rendered zip holds the frames only
      const archived = (await (await req('/v1/ugoira/metadata?illust_id=512', auth)).json()) as { ugoira_metadata: any }
      expect(archived.ugoira_metadata.frames.map((f: { delay: number }) => f.delay)).toEqual([40, 60])
      const small = unzipSync(new Uint8Array(await (await req(archived.ugoira_metadata.zip_urls.medium)).arrayBuffer()))
      expect(Object.keys(small).sort()).toEqual(['000000.jpg', '000001.jpg'])
    } finally {
      services.store.close()
    }
  })
})
