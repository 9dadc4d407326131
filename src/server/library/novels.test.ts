import { mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config.ts'
import { createLogger } from '../log.ts'
import { createServices } from '../server.ts'
import { createApp } from '../app.ts'
import {
  writeGalleryDlNovel,
  writePixivUtil2Novel,
  type FixtureNovel,
  type GalleryDlNovelFiles,
} from '../testing/novel-archives.ts'
import { writeGalleryDlArchive } from '../testing/gallery-dl-archive.ts'
import { prepareLibrary } from './library-catalogue.ts'
import type { ImportReport } from './import.ts'

// Novels imported from archives built here in both downloaders' formats (testing/novel-archives.ts): what the
// reader's endpoints answer for them (the same text, byte for byte; the cover and the embedded images served from
// the files), series order, and the bad novel files each reported with a line.

const WRITER = { id: 880001, name: '物書き', account: 'writer_a' }
const PU2 = { id: 880002, name: 'PU2 Author', account: 'unused' }
const THIRD = { id: 880003, name: 'Third', account: 'third' }

/** Page 1: a chapter and ruby; page 2: two uploaded images and a work; CRLF and trailing spaces kept as they are. */
const RICH_TEXT =
  '[chapter:第一章 [[rb:始 > はじ]]まり]\n吾輩は[[rb:猫 > ねこ]]である。名前はまだ無い。\r\n' +
  'どこで生れたかとんと見当がつかぬ。  \n[jump:2]\n[newpage]\n[chapter:二]\n[uploadedimage:55501]\n' +
  '[[jumpuri:pixiv > https://www.pixiv.net/]]\n[uploadedimage:55502]\n[pixivimage:123-1]\n終わり 🐈'

const novel = (id: number, extra: Partial<FixtureNovel>): FixtureNovel => ({
  id,
  title: `novel ${id}`,
  createDate: '2024-03-01T10:00:00+09:00',
  user: WRITER,
  text: `[chapter:${id}]\nplain text of ${id}`,
  ...extra,
})

const solid = (w: number, h: number, background: string, fmt: 'png' | 'jpeg') => {
  const img = sharp({ create: { width: w, height: h, channels: 3, background } })
  return (fmt === 'png' ? img.png() : img.jpeg()).toBuffer()
}

let dir: string
let lib: string
let rich: GalleryDlNovelFiles
let report: ImportReport
const reasons = () => Object.fromEntries(report.skipped.map((s) => [s.path, s.reason]))

const libraryConfig = () => ({
  ...loadConfig({
    DATA_DIR: path.join(dir, 'data'),
    LIBRARY_DIR: lib,
    LOG_LEVEL: 'silent',
    RATE_LIMIT: '0',
    OWNER_USERNAME: 'owner',
    OWNER_PASSWORD: 'pw',
  }),
  search: { workers: 0, queue: 4, timeoutMs: 2000 },
})

async function withService<T>(run: (req: (p: string) => Promise<Response>) => Promise<T>): Promise<T> {
  const config = libraryConfig()
  const log = createLogger('silent')
  const services = createServices(config, log)
  try {
    const app = createApp(services, log)
    const raw = (p: string, init?: RequestInit) => Promise.resolve(app.request(new URL(p, 'http://easel.test'), init))
    const token = await raw('/auth/token', {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'password', username: 'owner', password: 'pw' }),
    }).then(async (r) => ((await r.json()) as { access_token: string }).access_token)
    return await run((p) => raw(p, p.startsWith('/v') ? { headers: { authorization: `Bearer ${token}` } } : {}))
  } finally {
    services.store.close()
  }
}

const json = async (res: Response) => {
  expect(res.status, res.url).toBe(200)
  return (await res.json()) as any
}
const bytes = async (res: Response) => {
  expect(res.status).toBe(200)
  return Buffer.from(await res.arrayBuffer())
}
/** The webview page's novel object, as gallery-dl reads it (`novel: ` up to `,\n`). */
const webviewNovel = async (res: Response) => {
  const html = await res.text()
  const start = html.indexOf('novel: ') + 'novel: '.length
  return JSON.parse(html.slice(start, html.indexOf(',\n', start))) as { text: string }
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'easel-novels-'))
  lib = path.join(dir, 'library')
  // gallery-dl: a novel with a cover and two uploaded images, in a series of three dated out of id order
  rich = writeGalleryDlNovel(
    lib,
    novel(9001, {
      title: '吾輩は猫である',
      caption: '<strong>caption</strong>',
      text: RICH_TEXT,
      series: { id: 7001, title: 'シリーズ一' },
      tags: [
        { name: 'オリジナル', translated_name: 'original', added_by_uploaded_user: true },
        { name: '猫', translated_name: 'cat', added_by_uploaded_user: false },
      ],
    }),
    {
      tags: 'original',
      cover: { data: await solid(300, 420, '#cc0000', 'jpeg'), ext: 'jpg' },
      images: [
        { imageId: 55501, data: await solid(200, 100, '#00aa00', 'png'), ext: 'png' },
        { imageId: 55502, data: await solid(50, 40, '#0000cc', 'jpeg'), ext: 'jpg' },
      ],
    },
  )
  writeGalleryDlNovel(
    lib,
    novel(9002, { series: { id: 7001, title: 'シリーズ一' }, createDate: '2024-01-15T10:00:00+09:00' }),
  )
  writeGalleryDlNovel(
    lib,
    novel(9003, { series: { id: 7001, title: 'シリーズ一' }, createDate: '2024-05-01T10:00:00+09:00' }),
    { cover: { data: await solid(100, 140, '#888888', 'png'), ext: 'png' } },
  )
  // PixivUtil2: a series whose recorded order is not its date order, and a page whose text holds `</script>`
  writePixivUtil2Novel(
    lib,
    novel(9101, {
      user: PU2,
      text: RICH_TEXT,
      series: { id: 7101, title: 'PU2 series', order: 5 },
      createDate: '2023-01-01T00:00:00+00:00',
    }),
  )
  writePixivUtil2Novel(
    lib,
    novel(9102, {
      user: PU2,
      series: { id: 7101, title: 'PU2 series', order: 2 },
      createDate: '2023-06-01T00:00:00+00:00',
    }),
  )
  writePixivUtil2Novel(
    lib,
    novel(9103, {
      user: PU2,
      title: 'cost $& more',
      text: 'a page with </script> and ;\\n in it\n[[rb:漢字 > かんじ]]',
    }),
  )

  // a gallery-dl novel (no order recorded) in that series: after the recorded ones
  writeGalleryDlNovel(
    lib,
    novel(9005, { user: THIRD, series: { id: 7101, title: 'PU2 series' }, createDate: '2022-01-01T00:00:00+00:00' }),
  )
  // the same novel saved again by a bookmark run into a folder of its own: one novel, nothing to report
  writeGalleryDlNovel(
    path.join(lib, 'bookmarks'),
    novel(9005, { user: THIRD, series: { id: 7101, title: 'PU2 series' }, createDate: '2022-01-01T00:00:00+00:00' }),
    { subcategory: 'bookmark' },
  )
  // a PixivUtil2 page of the gallery-dl novels' author (PixivUtil2 records no account: the one gallery-dl's has stays)
  writePixivUtil2Novel(lib, novel(9104, { user: { ...WRITER, account: 'unused' } }))
  // the work RICH_TEXT embeds with [pixivimage:123-1], downloaded by gallery-dl as an ordinary work (`embeds`)
  await writeGalleryDlArchive(lib, 1, 123)

  // bad novel input, each a report line
  const bad = writeGalleryDlNovel(lib, novel(9201, {}))
  const meta = JSON.parse(readFileSync(`${bad.text}.json`, 'utf8'))
  delete meta.title
  writeFileSync(`${bad.text}.json`, JSON.stringify(meta, null, 4))
  writeGalleryDlNovel(lib, novel(9202, {}), { cover: { data: Buffer.from('<html>not an image</html>'), ext: 'jpg' } })
  const latin1 = writeGalleryDlNovel(lib, novel(9203, {}))
  writeFileSync(latin1.text, Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]))
  const orphan = writeGalleryDlNovel(lib, novel(9204, {}), {
    images: [{ imageId: 1, data: await solid(10, 10, '#000000', 'png'), ext: 'png' }],
  })
  unlinkSync(orphan.text)
  unlinkSync(`${orphan.text}.json`)
  const cut = writeGalleryDlNovel(lib, novel(9205, {}))
  writeFileSync(`${cut.text}.json`, readFileSync(`${cut.text}.json`, 'utf8').slice(0, 200))
  const cutPage = writePixivUtil2Novel(lib, novel(9301, { user: PU2 }))
  writeFileSync(cutPage, readFileSync(cutPage, 'utf8').slice(0, 600))
  writePixivUtil2Novel(lib, novel(9302, { user: PU2 }), '{"error":true,"message":"not found","body":[]}')

  report = (await prepareLibrary(libraryConfig(), createLogger('silent')))!
})

afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('novels imported from gallery-dl and PixivUtil2 archives', () => {
  it('imports both formats and reports each bad novel file with its reason', () => {
    expect(report).toMatchObject({ imported: 9, updated: 0, removed: 0 })
    const g = 'pixiv-novel/880001 writer_a'
    expect(reasons()).toEqual({
      [`${g}/9201_p0.txt.json`]: expect.stringMatching(/^not a pixiv novel's metadata: title: /),
      [`${g}/9202_p0.txt`]: expect.stringMatching(/^novel 9202 not imported: 9202_p1.jpg is not a readable image/),
      [`${g}/9202_p1.jpg`]: expect.stringMatching(/^novel 9202 not imported: 9202_p1.jpg is not a readable image/),
      [`${g}/9203_p0.txt`]: 'novel 9203 not imported: 9203_p0.txt is not UTF-8 text',
      [`${g}/9204_p1.png`]: 'an image of novel 9204, whose text (.txt) is not in the archive',
      [`${g}/9205_p0.txt.json`]: expect.stringMatching(/^truncated JSON/),
      'PU2 Author (880002)/0 0 9301 - novel 9301.html': 'a PixivUtil2 novel page whose data script is cut off',
      'PU2 Author (880002)/0 0 9302 - novel 9302.html': "not a novel's web API answer (no body)",
    })
  })

  it('answers the text exactly as the archive holds it, with its chapters and ruby, from both formats', async () => {
    await withService(async (req) => {
      const text = await json(await req('/v1/novel/text?novel_id=9001'))
      expect(Buffer.from(text.novel_text, 'utf8')).toEqual(readFileSync(rich.text))
      expect(text.novel_text).toMatch(/\[chapter:第一章/)
      expect(text.novel_text).toContain('[[rb:猫 > ねこ]]')
      expect((await webviewNovel(await req('/webview/v2/novel?id=9001'))).text).toBe(text.novel_text)

      const pu2 = await json(await req('/v1/novel/text?novel_id=9101'))
      expect(pu2.novel_text).toBe(RICH_TEXT)
      const hostile = await json(await req('/v1/novel/text?novel_id=9103'))
      expect(hostile.novel_text).toBe('a page with </script> and ;\\n in it\n[[rb:漢字 > かんじ]]')

      const detail = (await json(await req('/v2/novel/detail?novel_id=9001'))).novel
      expect(detail).toMatchObject({
        title: '吾輩は猫である',
        caption: '<strong>caption</strong>',
        page_count: 2,
        text_length: [...RICH_TEXT].length,
        series: { id: 7001, title: 'シリーズ一' },
        user: { id: WRITER.id, name: WRITER.name, account: WRITER.account },
        tags: [
          { name: 'オリジナル', translated_name: 'original', added_by_uploaded_user: true },
          { name: '猫', translated_name: 'cat', added_by_uploaded_user: false },
        ],
      })
      // PixivUtil2 keeps no account: a stand-in until an archive that records it is imported
      const pu2Detail = (await json(await req('/v2/novel/detail?novel_id=9103'))).novel
      expect(pu2Detail).toMatchObject({
        title: 'cost $& more',
        user: { id: PU2.id, name: PU2.name, account: 'user_880002' },
      })
      expect((await json(await req('/v2/novel/detail?novel_id=9104'))).novel.user.account).toBe(WRITER.account)
      // the embedded work, imported from its own files
      expect(text.illusts['123-1']).toMatchObject({ illust: { id: 123, title: 'work 123' }, page: 1 })
      // PixivUtil2 saves no cover: pixiv's default one
      expect(pu2Detail.image_urls.large).toContain('/common/images/novel_thumb/')
    })
  })

  it('serves the cover and the embedded images: originals byte for byte, every other size rendered from them', async () => {
    await withService(async (req) => {
      const detail = (await json(await req('/v2/novel/detail?novel_id=9001'))).novel
      // gallery-dl's original cover: `/img/` onwards of image_urls.large, `_master1200` and the extension dropped
      const large = detail.image_urls.large as string
      const tail = large
        .slice(large.indexOf('/img/') + 5)
        .replace(/\.[a-z]+$/, '')
        .replace('_master1200', '')
      const originalCover = `${new URL(large).origin}/novel-cover-original/img/${tail}`
      expect(await bytes(await req(`${originalCover}.jpg`))).toEqual(readFileSync(rich.cover!))
      expect((await req(`${originalCover}.png`)).status).toBe(404)
      for (const [size, box] of [
        ['square_medium', [128, 128]],
        ['large', [240, 480]],
      ] as const) {
        const img = sharp(await bytes(await req(detail.image_urls[size])))
        const meta = await img.metadata()
        expect(meta.format).toBe('jpeg')
        expect(meta.width! <= box[0] && meta.height! <= box[1]).toBe(true)
        // the real cover's red, not generated art
        const { channels } = await img.stats()
        expect(channels[0]!.mean).toBeGreaterThan(180)
        expect(channels[1]!.mean).toBeLessThan(40)
      }
      // a PNG cover: its original is the `.png` (gallery-dl's fallback after the `.jpg`)
      const png = (await json(await req('/v2/novel/detail?novel_id=9003'))).novel.image_urls.large as string
      const pngTail = png
        .slice(png.indexOf('/img/') + 5)
        .replace(/\.[a-z]+$/, '')
        .replace('_master1200', '')
      const pngOriginal = `${new URL(png).origin}/novel-cover-original/img/${pngTail}`
      expect((await req(`${pngOriginal}.jpg`)).status).toBe(404)
      expect(await bytes(await req(`${pngOriginal}.png`))).toEqual(readFileSync(path.join(rich.dir, '9003_p1.png')))

      const text = await json(await req('/v1/novel/text?novel_id=9001'))
      expect(Object.keys(text.images).sort()).toEqual(['55501', '55502'])
      for (const { imageId, file } of rich.images) {
        const urls = text.images[String(imageId)].urls
        expect(await bytes(await req(urls.original))).toEqual(readFileSync(file))
        const rendered = sharp(await bytes(await req(urls['1200x1200'])))
        expect((await rendered.metadata()).format).toBe('jpeg')
        const square = await sharp(await bytes(await req(urls['128x128']))).metadata()
        expect([square.width, square.height]).toEqual([128, 128])
      }
      const green = await sharp(await bytes(await req(text.images['55501'].urls['480mw']))).stats()
      expect(green.channels[1]!.mean).toBeGreaterThan(140)
      // the web API's textEmbeddedImages name the same originals
      const ajax = await json(await req('/ajax/novel/9001'))
      expect(ajax.body.textEmbeddedImages['55501'].urls.original).toBe(text.images['55501'].urls.original)
    })
  })

  it('lists series in order: by date where the archive records none, pixiv’s own order where it does', async () => {
    await withService(async (req) => {
      const ids = async (series: number) =>
        ((await json(await req(`/v2/novel/series?series_id=${series}`))).novels as { id: number }[]).map((n) => n.id)
      expect(await ids(7001)).toEqual([9002, 9001, 9003])
      expect(await ids(7101)).toEqual([9102, 9101, 9005])
      const text = await json(await req('/v1/novel/text?novel_id=9001'))
      expect([text.series_prev.id, text.series_next.id]).toEqual([9002, 9003])
      const status = await json(await req('/v1/easel/library'))
      expect(status.library.counts).toMatchObject({ novel: 8, manga: 1 })
    })
  })

  it('changes nothing on a second scan, updates a changed novel and removes one whose text left', async () => {
    const again = (await prepareLibrary(libraryConfig(), createLogger('silent')))!
    expect(again).toMatchObject({ imported: 0, updated: 0, removed: 0, unchanged: 9 })

    const meta = JSON.parse(readFileSync(`${rich.text}.json`, 'utf8'))
    writeFileSync(`${rich.text}.json`, JSON.stringify({ ...meta, title: 'renamed' }, null, 4))
    unlinkSync(path.join(lib, 'pixiv-novel/880001 writer_a/9002_p0.txt'))
    const changed = (await prepareLibrary(libraryConfig(), createLogger('silent')))!
    expect(changed).toMatchObject({ imported: 0, updated: 1, removed: 1, unchanged: 7 })
    expect(Object.fromEntries(changed.skipped.map((s) => [s.path, s.reason]))).toMatchObject({
      'pixiv-novel/880001 writer_a/9002_p0.txt.json': 'a metadata sidecar without its file',
    })
    await withService(async (req) => {
      expect((await json(await req('/v2/novel/detail?novel_id=9001'))).novel.title).toBe('renamed')
      expect((await req('/v2/novel/detail?novel_id=9002')).status).toBe(404)
      const series = (await json(await req('/v2/novel/series?series_id=7001'))).novels as { id: number }[]
      expect(series.map((n) => n.id)).toEqual([9001, 9003])
    })
  })
})
