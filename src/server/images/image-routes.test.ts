import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { serve } from '@hono/node-server'
import { unzipSync } from 'fflate'
import { Hono } from 'hono'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFakeCatalogue } from './fake-catalogue.ts'
import { createImageRoutes } from './image-routes.ts'
import {
  backgroundPaths,
  illustSeriesCoverPath,
  noProfilePath,
  novelCoverOriginalPath,
  novelCoverPaths,
  novelUploadedImagePaths,
  pathDate,
  placeholderPath,
  profileImageFullPath,
  profileImagePath,
  ugoiraZipPath,
  workImagePaths,
} from './paths.ts'

const TS = 1_740_800_096 // 2025-03-01 12:34:56 JST
const illust = {
  id: 123,
  createdTs: TS,
  type: 'illust' as const,
  pageCount: 2,
  width: 1200,
  height: 1600,
  ext: 'png' as const,
  frameDelays: null,
}
const wide = {
  id: 124,
  createdTs: TS + 60,
  type: 'illust' as const,
  pageCount: 1,
  width: 2000,
  height: 1000,
  ext: 'jpg' as const,
  frameDelays: null,
}
const small = {
  id: 125,
  createdTs: TS + 120,
  type: 'illust' as const,
  pageCount: 1,
  width: 300,
  height: 200,
  ext: 'jpg' as const,
  frameDelays: null,
}
const landscape = {
  id: 126,
  createdTs: TS + 180,
  type: 'illust' as const,
  pageCount: 1,
  width: 1200,
  height: 800,
  ext: 'jpg' as const,
  frameDelays: null,
}
const manga = {
  id: 200,
  createdTs: TS + 3600,
  type: 'manga' as const,
  pageCount: 3,
  width: 1000,
  height: 1414,
  ext: 'jpg' as const,
  frameDelays: null,
}
const ugoira = {
  id: 300,
  createdTs: TS + 7200,
  type: 'ugoira' as const,
  pageCount: 1,
  width: 1200,
  height: 900,
  ext: 'jpg' as const,
  frameDelays: [60, 70, 80, 90, 100],
}
const user = { id: 7, profileDate: '2024/01/02/03/04/05', profileHash: '0123456789abcdef0123456789abcdef' }
/** has a profile banner (an even last hex digit, paths.ts hasBackground) */
const bannered = { id: 8, profileDate: '2024/01/02/03/04/05', profileHash: '0123456789abcdef0123456789abcde0' }
const novel = {
  id: 500,
  createdTs: TS + 10000,
  coverHash: 'a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4',
  images: [{ imageId: 9001, width: 1600, height: 1200 }],
}
const plainNovel = { id: 501, createdTs: TS + 20000, coverHash: null, images: [] }
const series = { id: 40, createdTs: TS + 30000, coverToken: 'Xy12ab_cd-EF' }

const catalogue = createFakeCatalogue({
  works: [illust, wide, small, landscape, manga, ugoira],
  users: [user, bannered],
  novels: [novel, plainNovel],
  series: [series],
})

const NOT_FOUND = { error: { user_message: '', message: 'Not found', reason: '', user_message_details: {} } }

let dirs: string[] = []
async function tempDir() {
  const d = await mkdtemp(join(tmpdir(), 'easel-img-test-'))
  dirs.push(d)
  return d
}
const mount = (cacheDir: string, opts: { memoryBytes?: number } = {}) =>
  new Hono().route('/', createImageRoutes(catalogue, { cacheDir, ...opts }))

let app: Hono
beforeAll(async () => {
  app = mount(await tempDir())
})
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })))
  dirs = []
})

async function get(path: string, init?: RequestInit, on: Hono = app) {
  const res = await on.request(path, init)
  const body = Buffer.from(await res.arrayBuffer())
  return { res, body }
}

async function expectImage(path: string, format: 'jpeg' | 'png', width: number, height: number) {
  const { res, body } = await get(path)
  expect(res.status, path).toBe(200)
  expect(res.headers.get('content-type')).toBe(format === 'png' ? 'image/png' : 'image/jpeg')
  expect(res.headers.get('content-length')).toBe(String(body.byteLength))
  expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{40}"$/)
  const meta = await sharp(body).metadata()
  expect(meta.format, path).toBe(format)
  expect([meta.width, meta.height], path).toEqual([width, height])
  return body
}

/** The grid's small size: the medium path with the 360 token, as the gallery derives it. */
const smallFit = (w: Parameters<typeof workImagePaths>[0], page: number) =>
  workImagePaths(w, page).medium.replace('/c/540x540_70/', '/c/360x360_70/')

async function expectNotFound(path: string, init?: RequestInit) {
  const { res, body } = await get(path, init)
  expect(res.status, path).toBe(404)
  expect(res.headers.get('content-type')).toMatch(/^application\/json/)
  expect(JSON.parse(body.toString()), path).toEqual(NOT_FOUND)
}

async function pixels(buf: Buffer) {
  return sharp(buf).removeAlpha().raw().toBuffer()
}
function meanAbsDiff(a: Buffer, b: Buffer) {
  let s = 0
  for (let i = 0; i < a.length; i++) s += Math.abs((a[i] as number) - (b[i] as number))
  return s / a.length
}

describe('work images', () => {
  it('square thumbnails are 360×360 JPEG crops, also for the _webp variant', async () => {
    const p = workImagePaths(illust, 0).squareMedium
    await expectImage(p, 'jpeg', 360, 360)
    await expectImage(p.replace('360x360_70', '360x360_10_webp'), 'jpeg', 360, 360)
    await expectImage(workImagePaths(wide, 0).squareMedium, 'jpeg', 360, 360)
  })

  it('medium and large fit their boxes preserving the aspect ratio', async () => {
    const p = workImagePaths(illust, 1)
    await expectImage(p.medium, 'jpeg', 405, 540)
    await expectImage(p.large, 'jpeg', 600, 800)
    await expectImage(p.large.replace('600x1200_90', '600x1200_90_webp'), 'jpeg', 600, 800)
    const w = workImagePaths(wide, 0)
    await expectImage(w.medium, 'jpeg', 540, 270)
    await expectImage(w.large, 'jpeg', 600, 300)
  })

  it('the 360 size with _master1200 fits the master within 360×360 (the grid’s small size), a JPEG', async () => {
    await expectImage(smallFit(landscape, 0), 'jpeg', 360, 240)
    await expectImage(smallFit(illust, 1), 'jpeg', 270, 360)
    await expectImage(smallFit(wide, 0), 'jpeg', 360, 180)
    await expectImage(smallFit(manga, 2), 'jpeg', 255, 360)
    await expectImage(smallFit(small, 0), 'jpeg', 300, 200)
  })

  it('the fitted 360 is well under the 540 in bytes, and not the square crop', async () => {
    for (const w of [landscape, illust, manga]) {
      const fit = (await get(smallFit(w, 0))).body
      const medium = (await get(workImagePaths(w, 0).medium)).body
      const square = (await get(workImagePaths(w, 0).squareMedium)).body
      // 360² / 540² ≈ 0.44 of the pixels; JPEG bytes do not fall quite as fast
      expect(fit.byteLength, `${w.id}`).toBeLessThan(medium.byteLength * 0.7)
      expect(fit.equals(square)).toBe(false)
    }
  })

  it('never upscales a small original', async () => {
    const p = workImagePaths(small, 0)
    await expectImage(p.medium, 'jpeg', 300, 200)
    await expectImage(p.large, 'jpeg', 300, 200)
    await expectImage(p.original, 'jpeg', 300, 200)
  })

  it('originals are exactly width×height in the work ext', async () => {
    await expectImage(workImagePaths(illust, 1).original, 'png', 1200, 1600)
    await expectImage(workImagePaths(wide, 0).original, 'jpeg', 2000, 1000)
  })

  it('the uncropped master fits 1200×1200', async () => {
    const p = `/img-master/img/${pathDate(wide.createdTs)}/${wide.id}_p0_master1200.jpg`
    expect(p).toBe(workImagePaths(wide, 0).master)
    await expectImage(p, 'jpeg', 1200, 600)
  })

  it('manga pages render, and every page differs', async () => {
    const pages = await Promise.all(
      [0, 1, 2].map((i) => expectImage(workImagePaths(manga, i).medium, 'jpeg', 382, 540)),
    )
    expect(pages[0]!.equals(pages[1]!)).toBe(false)
    expect(pages[1]!.equals(pages[2]!)).toBe(false)
  })

  it('works and pages are visibly different', async () => {
    const a = await expectImage(workImagePaths(illust, 0).squareMedium, 'jpeg', 360, 360)
    const b = await expectImage(workImagePaths(illust, 1).squareMedium, 'jpeg', 360, 360)
    const c = await expectImage(workImagePaths(wide, 0).squareMedium, 'jpeg', 360, 360)
    expect(meanAbsDiff(await pixels(a), await pixels(b))).toBeGreaterThan(5)
    expect(meanAbsDiff(await pixels(a), await pixels(c))).toBeGreaterThan(5)
  })

  it('ugoira: thumbnails and original frames', async () => {
    await expectImage(workImagePaths(ugoira, 0).squareMedium, 'jpeg', 360, 360)
    await expectImage(workImagePaths(ugoira, 4).original, 'jpeg', 1200, 900)
  })
})

describe('ugoira zips', () => {
  for (const [size, box, expected] of [
    ['600x600', [600, 600], [600, 450]],
    ['1920x1080', [1920, 1080], [1200, 900]], // the 1200×900 work is not upscaled
  ] as const) {
    it(`${size}: one JPEG per frame delay, named 000000.jpg…, fitting the box, all different`, async () => {
      const { res, body } = await get(ugoiraZipPath(ugoira, size))
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('application/zip')
      expect(res.headers.get('content-length')).toBe(String(body.byteLength))
      const files = unzipSync(new Uint8Array(body))
      const names = Object.keys(files).sort()
      expect(names).toEqual(ugoira.frameDelays.map((_, i) => `${String(i).padStart(6, '0')}.jpg`))
      const frames = names.map((n) => Buffer.from(files[n]!))
      for (const f of frames) {
        const meta = await sharp(f).metadata()
        expect(meta.format).toBe('jpeg')
        expect(meta.width).toBeLessThanOrEqual(box[0])
        expect(meta.height).toBeLessThanOrEqual(box[1])
        expect([meta.width, meta.height]).toEqual(expected)
      }
      const px = await Promise.all(frames.map(pixels))
      for (let i = 1; i < px.length; i++) expect(meanAbsDiff(px[i - 1]!, px[i]!)).toBeGreaterThan(1)
    })
  }

  it('only ugoira works have zips', async () => {
    await expectNotFound(ugoiraZipPath(illust))
    await expectNotFound(ugoiraZipPath(ugoira).replace('600x600', '800x800'))
  })
})

describe('users, novels, series, placeholders', () => {
  it('profile images are 170×170, and the name without _170 is the full-size avatar', async () => {
    await expectImage(profileImagePath(user), 'jpeg', 170, 170)
    await expectImage(profileImagePath(user).replace('_170.', '.'), 'jpeg', 400, 400)
    await expectImage(noProfilePath, 'png', 170, 170)
  })

  it('profile banners: the 1200×600 master, and the 1920×960 original gallery-dl derives from it', async () => {
    const p = backgroundPaths(bannered)
    await expectImage(p.master, 'jpeg', 1200, 600)
    await expectImage(p.original, 'jpeg', 1920, 960)
    await expectImage(p.original.replace('/background/', '/c/1920x960_80_a2_g5/background/'), 'jpeg', 1920, 960)
    await expectNotFound(backgroundPaths(user).master)
  })

  it('the original cover, named as gallery-dl derives it from the 240×480 master', async () => {
    const large = novelCoverPaths(novel).large
    const derived = `/novel-cover-original/img/${large
      .split('/img/')[1]!
      .replace(/\.[a-z]+$/, '')
      .replace('_master1200', '')}.jpg`
    expect(derived).toBe(novelCoverOriginalPath({ ...novel, coverHash: novel.coverHash }))
    await expectImage(derived, 'jpeg', 1000, 1414)
    await expectNotFound(derived.replace('.jpg', '.png'))
  })

  it('novel covers: 128 square, fit 176×352, fit 240×480 (1:1.414 portrait)', async () => {
    const p = novelCoverPaths(novel)
    await expectImage(p.squareMedium, 'jpeg', 128, 128)
    await expectImage(p.medium, 'jpeg', 176, 249)
    await expectImage(p.large, 'jpeg', 240, 339)
  })

  it('default novel covers', async () => {
    const p = novelCoverPaths(plainNovel)
    await expectImage(p.squareMedium, 'jpeg', 128, 128)
    await expectImage(p.medium, 'jpeg', 176, 249)
    await expectImage(p.large, 'jpeg', 240, 339)
  })

  it('novel uploaded images in every size', async () => {
    const p = novelUploadedImagePaths(novel, 9001)
    await expectImage(p['128x128'], 'jpeg', 128, 128)
    await expectImage(p['240mw'], 'jpeg', 240, 180)
    await expectImage(p['480mw'], 'jpeg', 480, 360)
    await expectImage(p['1200x1200'], 'jpeg', 1200, 900)
    await expectImage(p.original, 'jpeg', 1600, 1200)
  })

  it('illust series covers are 782×410', async () => {
    await expectImage(illustSeriesCoverPath(series), 'jpeg', 782, 410)
  })

  it('placeholders are distinct 360×360 PNGs', async () => {
    const kinds = ['sanity_level', 'unviewable', 'mypixiv', 'unknown'] as const
    const bodies = await Promise.all(kinds.map((k) => expectImage(placeholderPath(k), 'png', 360, 360)))
    expect(new Set(bodies.map((b) => b.toString('base64'))).size).toBe(4)
  })
})

describe('HTTP caching', () => {
  it('answers 304 without a body when If-None-Match matches', async () => {
    const p = workImagePaths(illust, 0).medium
    const { res } = await get(p)
    const etag = res.headers.get('etag')!
    for (const inm of [etag, `W/${etag}`, `"nope", ${etag}`, '*']) {
      const r = await get(p, { headers: { 'If-None-Match': inm } })
      expect(r.res.status, inm).toBe(304)
      expect(r.body.byteLength).toBe(0)
      expect(r.res.headers.get('etag')).toBe(etag)
      expect(r.res.headers.get('cache-control')).toContain('immutable')
    }
    const miss = await get(p, { headers: { 'If-None-Match': '"something-else"' } })
    expect(miss.res.status).toBe(200)
  })

  it('ETags differ between images and are known before rendering (304 on a fresh instance)', async () => {
    const a = (await get(workImagePaths(illust, 0).large)).res.headers.get('etag')!
    const b = (await get(workImagePaths(illust, 1).large)).res.headers.get('etag')!
    expect(a).not.toBe(b)
    const fresh = mount(await tempDir())
    const r = await get(workImagePaths(illust, 0).large, { headers: { 'If-None-Match': a } }, fresh)
    expect(r.res.status).toBe(304)
    expect(r.res.headers.get('x-image-cache')).toBeNull()
  })

  it('the fitted and the square 360 of one work have their own ETags (the suffix is part of the key)', async () => {
    const fresh = mount(await tempDir())
    const fit = await get(smallFit(landscape, 0), undefined, fresh)
    const square = await get(workImagePaths(landscape, 0).squareMedium, undefined, fresh)
    expect(fit.res.headers.get('x-image-cache')).toBe('render')
    expect(square.res.headers.get('x-image-cache')).toBe('render')
    expect(fit.res.headers.get('etag')).not.toBe(square.res.headers.get('etag'))
    const again = await get(smallFit(landscape, 0), undefined, fresh)
    expect(again.res.headers.get('x-image-cache')).toBe('memory')
    expect(again.body.equals(fit.body)).toBe(true)
  })

  it('HEAD returns the headers only', async () => {
    const p = workImagePaths(wide, 0).squareMedium
    const full = await get(p)
    const head = await get(p, { method: 'HEAD' })
    expect(head.res.status).toBe(200)
    expect(head.body.byteLength).toBe(0)
    expect(head.res.headers.get('content-length')).toBe(String(full.body.byteLength))
    expect(head.res.headers.get('etag')).toBe(full.res.headers.get('etag'))
  })

  it('renders deterministically: separate instances with separate caches give identical bytes', async () => {
    const paths = [
      workImagePaths(manga, 1).large,
      ugoiraZipPath(ugoira),
      novelCoverPaths(novel).large,
      profileImagePath(user),
    ]
    const a = mount(await tempDir())
    const b = mount(await tempDir())
    for (const p of paths) {
      const ra = await get(p, undefined, a)
      const rb = await get(p, undefined, b)
      expect(ra.res.headers.get('x-image-cache')).toBe('render')
      expect(rb.res.headers.get('x-image-cache')).toBe('render')
      expect(ra.body.equals(rb.body), p).toBe(true)
      expect(ra.res.headers.get('etag')).toBe(rb.res.headers.get('etag'))
    }
  })

  it('the disk cache survives a new routes instance; memory serves repeats', async () => {
    const dir = await tempDir()
    const p = workImagePaths(manga, 2).medium
    const first = await get(p, undefined, mount(dir))
    expect(first.res.headers.get('x-image-cache')).toBe('render')
    const second = mount(dir)
    const fromDisk = await get(p, undefined, second)
    expect(fromDisk.res.headers.get('x-image-cache')).toBe('disk')
    expect(fromDisk.body.equals(first.body)).toBe(true)
    const fromMemory = await get(p, undefined, second)
    expect(fromMemory.res.headers.get('x-image-cache')).toBe('memory')
    // one finished file, no temp files left behind
    const files = (await readdir(dir, { recursive: true })).filter((f) => f.includes('.'))
    expect(files).toHaveLength(1)
    expect(files[0]).toMatch(/^[0-9a-f]{2}[/\\][0-9a-f]{64}\.jpg$/)
  })

  it('concurrent requests for one uncached image render it once', async () => {
    const fresh = mount(await tempDir())
    const p = workImagePaths(illust, 1).original
    const results = await Promise.all(Array.from({ length: 8 }, () => get(p, undefined, fresh)))
    const sources = results.map((r) => r.res.headers.get('x-image-cache'))
    expect(sources.filter((s) => s === 'render')).toHaveLength(1)
    expect(sources.filter((s) => s === 'inflight')).toHaveLength(7)
    for (const r of results) expect(r.body.equals(results[0]!.body)).toBe(true)
  })
})

describe('earlier /img/… URLs', () => {
  it('redirect permanently to the same path without /img, which serves the image', async () => {
    const p = workImagePaths(illust, 0).squareMedium
    const { res } = await get(`/img${p}`)
    expect(res.status).toBe(301)
    expect(res.headers.get('location')).toBe(p)
    await expectImage(res.headers.get('location')!, 'jpeg', 360, 360)
    const head = await get(`/img${noProfilePath}`, { method: 'HEAD' })
    expect(head.res.status).toBe(301)
  })

  it('novel images move to their pixiv names', async () => {
    const d = pathDate(novel.createdTs)
    const { res } = await get(`/img/c/480x960/novel-image-master/img/${d}/${novel.id}_9001_master1200.jpg`)
    expect(res.status).toBe(301)
    expect(res.headers.get('location')).toBe(novelUploadedImagePaths(novel, 9001)['480mw'])
  })
})

describe('validation', () => {
  it('rejects traversal, encodings, double slashes and unknown prefixes with the JSON 404', async () => {
    const good = workImagePaths(illust, 0).squareMedium
    const bad = [
      '/c/360x360_70/img-master/img/../../etc/passwd',
      '/c/360x360_70/img-master/img/%2e%2e/%2e%2e/etc/passwd',
      '/img/%2e%2e%2fetc%2fpasswd',
      good.replace('/c/', '/c//'),
      good.replace('/2025/', '/2025%2F'),
      good.replace('123_p0', '%31%32%33_p0'),
      '/img//c/360x360_70/img-master/img/2025/03/01/12/34/56/123_p0_square1200.jpg',
      good + '/',
      good.replace('.jpg', '.JPG'),
      good.replace('.jpg', '.png'),
      good.replace('123_p0', '0123_p0'),
      good.replace('123_p0', '123_p00'),
      // each size token answers only its own suffixes
      good.replace('360x360_70', '360x360_10_webp').replace('_square1200', '_master1200'),
      workImagePaths(illust, 0).large.replace('_master1200', '_square1200'),
      workImagePaths(illust, 0).large.replace('600x1200_90', '600x1200_90_webp').replace('_master1200', '_square1200'),
      good.replace('360x360_70', '361x361_70'),
      workImagePaths(illust, 0).medium.replace('_master1200', '_square1200'),
      '/img/foo/bar.jpg',
      '/c/foo/bar.jpg',
      '/img/',
      '/c/',
      '/common/images/limit_other_360.png',
      '/common/images/novel_thumb/novel_thumb_1_128x128.jpg',
      '/common/images/no_profile.jpg',
      // the 170 px avatar's full-size twin is a .jpg only; a banner never has a `/c/` original
      profileImageFullPath(user).replace('.jpg', '.png'),
      backgroundPaths(user).original.replace('/background/', '/c/1200x600_90_a2_g5/background/'),
    ]
    for (const p of bad) await expectNotFound(p)
  })

  it('404s nonexistent ids, wrong dates, out-of-range pages and frames, mismatched exts and hashes', async () => {
    const d = pathDate(illust.createdTs)
    const bad = [
      workImagePaths({ ...illust, id: 999 }, 0).squareMedium,
      workImagePaths({ ...illust, createdTs: illust.createdTs + 1 }, 0).squareMedium,
      workImagePaths(illust, 2).squareMedium,
      smallFit(illust, 2),
      smallFit({ ...illust, id: 999 }, 0),
      workImagePaths(manga, 3).large,
      `/img-original/img/${d}/123_p0.jpg`, // work is png
      `/img-original/img/${d}/123_ugoira0.png`, // not an ugoira
      workImagePaths(ugoira, 5).original, // 5 frames: 0..4
      `/img-original/img/${pathDate(ugoira.createdTs)}/300_p0.jpg`, // ugoira originals are _ugoiraN
      ugoiraZipPath({ ...ugoira, createdTs: ugoira.createdTs - 1 }),
      profileImagePath({ ...user, profileHash: 'ffffffffffffffffffffffffffffffff' }),
      profileImagePath({ ...user, profileDate: '2024/01/02/03/04/06' }),
      profileImagePath({ ...user, id: 8 }),
      novelCoverPaths({ ...novel, coverHash: 'b1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4' }).large,
      novelCoverPaths({ ...plainNovel, coverHash: 'a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4' }).large, // novel has the default cover
      novelCoverPaths({ ...novel, createdTs: novel.createdTs + 1 }).medium,
      novelUploadedImagePaths(novel, 9002).original,
      novelUploadedImagePaths({ ...novel, id: 502 }, 9001)['240mw'],
      novelUploadedImagePaths(novel, 9001)['128x128'].replace('_square1200', '_master1200'),
      illustSeriesCoverPath({ ...series, coverToken: 'nope' }),
      illustSeriesCoverPath({ ...series, createdTs: series.createdTs + 1 }),
    ]
    for (const p of bad) await expectNotFound(p)
  })

  it('other methods are refused with the error body', async () => {
    const p = workImagePaths(illust, 0).squareMedium
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const { res, body } = await get(p, { method })
      expect(res.status, method).toBe(405)
      expect(res.headers.get('allow')).toBe('GET, HEAD')
      expect(JSON.parse(body.toString()).error.message).toBe('Method not allowed')
    }
    await expectNotFound('/img/foo', { method: 'POST' })
  })

  it('raw, unnormalised traversal over a real socket is a 404 too', async () => {
    const server = serve({ fetch: mount(await tempDir()).fetch, port: 0, hostname: '127.0.0.1' })
    await new Promise<void>((resolve) => server.once('listening', () => resolve()))
    const { port } = server.address() as AddressInfo
    const raw = (path: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
          let body = ''
          res.on('data', (c) => (body += c))
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
        })
        req.on('error', reject)
        req.end()
      })
    try {
      for (const p of [
        // the URL parser resolves dot segments first; these stay below a CDN folder, so they reach the routes
        '/c/360x360_70/img-master/../../etc/passwd',
        '/user-profile/img/..%2f..%2f..%2fetc%2fpasswd',
        '/common/images/a/b/%2e%2e/%2e%2e/limit_x.png',
        '/common/images//no_profile.png',
        '/img/common/images/%2e%2e/%2e%2e/no_profile.png',
      ]) {
        const r = await raw(p)
        expect(r.status, p).toBe(404)
        expect(JSON.parse(r.body), p).toEqual(NOT_FOUND)
      }
      const ok = await raw(noProfilePath)
      expect(ok.status).toBe(200)
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })
})

describe('bounded rendering', () => {
  /** 32 thumbnails no test above asked for, so each is a render. */
  const uncached = () =>
    [illust, wide, small, landscape, manga].flatMap((w) =>
      Array.from({ length: w.pageCount }, (_, p) => {
        const paths = workImagePaths(w, p)
        return [paths.squareMedium, paths.medium, paths.large, paths.master]
      }).flat(),
    )

  it('a flood of uncached renders gets 503 with Retry-After past the queue, while a cached image answers', async () => {
    const flooded = new Hono().route(
      '/',
      createImageRoutes(catalogue, { cacheDir: await tempDir(), maxConcurrentRenders: 1, maxQueuedRenders: 4 }),
    )
    const cached = placeholderPath('unviewable')
    expect((await get(cached, undefined, flooded)).res.status).toBe(200)
    const paths = uncached()
    expect(paths.length).toBeGreaterThan(20)
    const flood = Promise.all(paths.map((p) => get(p, undefined, flooded)))
    // the cached image is answered at once, ahead of the queue
    const started = performance.now()
    const hit = await get(cached, undefined, flooded)
    expect(hit.res.status).toBe(200)
    expect(hit.res.headers.get('x-image-cache')).toBe('memory')
    expect(performance.now() - started).toBeLessThan(250)
    const answers = await flood
    const refused = answers.filter((a) => a.res.status === 503)
    const served = answers.filter((a) => a.res.status === 200)
    // one running, four waiting: the rest are refused
    expect(served.length).toBe(5)
    expect(refused.length).toBe(paths.length - 5)
    for (const r of refused) {
      expect(Number(r.res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
      expect(r.res.headers.get('content-type')).toMatch(/^application\/json/)
      expect(JSON.parse(r.body.toString()).error.message).toBe('Image renderer busy')
    }
    // once the queue has drained, a refused image renders
    expect((await get(paths.at(-1)!, undefined, flooded)).res.status).toBe(200)
  }, 60_000)

  it('one client holds at most its share of renders (429 with Retry-After); another is still served', async () => {
    const shared = new Hono().route(
      '/',
      createImageRoutes(catalogue, {
        cacheDir: await tempDir(),
        maxConcurrentRenders: 1,
        rendersPerClient: 3,
        clientKey: (c) => c.req.header('x-client') ?? '',
      }),
    )
    const paths = uncached()
    const flood = Promise.all(paths.slice(0, 12).map((p) => get(p, { headers: { 'x-client': 'a' } }, shared)))
    const other = await get(paths[20]!, { headers: { 'x-client': 'b' } }, shared)
    expect(other.res.status).toBe(200)
    const answers = await flood
    expect(answers.filter((a) => a.res.status === 200).length).toBe(3)
    const limited = answers.filter((a) => a.res.status === 429)
    expect(limited.length).toBe(9)
    for (const r of limited) expect(r.res.headers.get('retry-after')).toBe('1')
    // and once its renders are done, the same client renders again; its cached images were never limited
    expect((await get(paths[11]!, { headers: { 'x-client': 'a' } }, shared)).res.status).toBe(200)
  }, 60_000)
})
