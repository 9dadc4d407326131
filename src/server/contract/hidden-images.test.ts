import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestApp, ORIGIN, type TestApp } from '../testing/harness.ts'
import { testEngine } from '../testing/test-engine.ts'
import { fixtures } from '../data/fixtures.ts'
import type { NovelRow, WorkRow } from '../data/store.ts'
import { ImageUrlSigner, SIGN_WINDOW_S } from '../images/image-signing.ts'
import {
  novelCoverOriginalPath,
  novelCoverPaths,
  novelUploadedImagePaths,
  ugoiraZipPath,
  workImagePaths,
} from '../images/paths.ts'

// Images of a work or novel not everyone may see (restrict 1/2, R-18, R-18G) load only with that item's signature,
// which only callers who may see the item get (issue 14, "hidden works' images are public"). An anonymous placeholder
// still tells a work's id, create_date and type, and that is all an image path needs: so every path derivable from
// the real row, in every size, page, frame and zip, and the `/img/…` URLs of earlier versions, must be a 404 without
// a valid signature of that very item.

let app: TestApp
/** tens of thousands of image requests: on PostgreSQL each looks its item up in the server */
const SLOW_MS = testEngine() === 'postgres' ? 400_000 : 120_000
let clock = Math.floor(Date.now() / 1000)
let signer: ImageUrlSigner
let hiddenWorks: WorkRow[]
let hiddenNovels: NovelRow[]

beforeAll(() => {
  app = openTestApp({}, { nowS: () => clock })
  signer = ImageUrlSigner.of(app.services.signer)
  const store = app.services.store
  hiddenWorks = store.worksByIds(fixtures.worksWhere(store, 'w.restrict > 0 OR w.x_restrict > 0').map((w) => w.id))
  hiddenNovels = store.novelsByIds(fixtures.novelsWhere(store, 'w.restrict > 0 OR w.x_restrict > 0').map((n) => n.id))
})
afterAll(() => app.close())

/** Whether the author's own age setting lets it see its item (an author is not exempt from it). */
const authorSees = (row: { user_id: number; x_restrict: number }) =>
  app.services.store.user(row.user_id)!.x_restrict >= row.x_restrict

const THUMB_TOKENS = ['360x360_70', '360x360_10_webp', '540x540_70', '600x1200_90', '600x1200_90_webp']

/** Every image path of a work: each page in every size token the CDN has, its master and original; an ugoira's zips
 * and every frame. */
function workPaths(w: WorkRow): string[] {
  const subject = { id: w.id, createdTs: w.created_ts, type: w.type, ext: w.ext }
  const out: string[] = []
  for (let p = 0; p < w.page_count; p++) {
    const paths = workImagePaths(subject, p)
    out.push(paths.squareMedium, paths.medium, paths.large, paths.master, paths.original)
    for (const token of THUMB_TOKENS)
      for (const suffix of ['square1200', 'master1200'])
        out.push(paths.medium.replace('/c/540x540_70/', `/c/${token}/`).replace('_master1200', `_${suffix}`))
  }
  if (w.type === 'ugoira') {
    out.push(ugoiraZipPath(subject), ugoiraZipPath(subject, '1920x1080'))
    const frames = (JSON.parse(w.frame_delays_json ?? '[]') as number[]).length
    for (let f = 0; f < frames; f++) out.push(workImagePaths(subject, f).original)
  }
  return [...new Set(out)]
}

function novelPaths(n: NovelRow): string[] {
  const out: string[] = []
  if (n.cover_hash) {
    out.push(...Object.values(novelCoverPaths({ id: n.id, createdTs: n.created_ts, coverHash: n.cover_hash })))
    out.push(novelCoverOriginalPath({ id: n.id, createdTs: n.created_ts, coverHash: n.cover_hash }))
  }
  for (const img of app.services.store.novelImages(n.id))
    out.push(...Object.values(novelUploadedImagePaths({ id: n.id, createdTs: n.created_ts }, img.image_id)))
  return out
}

/** Each path as served, and as the `/img/…` URL of earlier versions. */
const withLegacy = (paths: string[]) => paths.flatMap((p) => [p, `/img${p}`])

async function expectRefused(url: string) {
  const res = await app.fetch(url)
  expect([403, 404], url).toContain(res.status)
  expect(res.headers.get('content-type'), url).toMatch(/^application\/json/)
  expect(res.headers.get('location'), url).toBeNull()
}

async function expectImage(url: string) {
  const res = await app.fetch(url)
  expect(res.status, url).toBe(200)
  expect(res.headers.get('content-type'), url).toMatch(/^image\/(jpeg|png)$|^application\/zip$/)
  expect(res.headers.get('cache-control'), url).toMatch(/^private, max-age=\d+$/)
  expect((await res.arrayBuffer()).byteLength, url).toBeGreaterThan(0)
  return res
}

describe('images of hidden works and novels', () => {
  it('the test catalogue has hidden works of every kind and hidden novels with embedded images', () => {
    const kinds = (pred: (w: WorkRow) => boolean) => hiddenWorks.filter(pred).length
    expect(kinds((w) => w.restrict === 1)).toBeGreaterThan(0)
    expect(kinds((w) => w.restrict === 2)).toBeGreaterThan(0)
    expect(kinds((w) => w.x_restrict === 1)).toBeGreaterThan(0)
    expect(kinds((w) => w.x_restrict === 2)).toBeGreaterThan(0)
    expect(kinds((w) => w.type === 'ugoira')).toBeGreaterThan(0)
    expect(hiddenNovels.some((n) => app.services.store.novelImages(n.id).length > 0)).toBe(true)
  })

  it('an anonymous caller and a stranger get placeholders that carry no signature', async () => {
    const store = app.services.store
    const w = hiddenWorks.find((x) => x.restrict === 2)!
    const token = await app.login(fixtures.userAccount(store, fixtures.strangerOf(store, w.user_id)))
    for (const t of [undefined, token]) {
      const text = await (await app.fetch(`/v1/illust/detail?illust_id=${w.id}`, { token: t })).text()
      expect(text).not.toMatch(/[?&]s=/)
      expect(text).toContain('/common/images/limit_')
    }
  })

  it(
    'every image path of every hidden work and novel is a 404 without a signature, also under /img/',
    async () => {
      const paths = [
        ...hiddenWorks.flatMap((w) => withLegacy(workPaths(w))),
        ...hiddenNovels.flatMap((nv) => withLegacy(novelPaths(nv))),
      ]
      expect(paths.length).toBeGreaterThan(1000)
      // tens of thousands of requests: collected, a few at a time, and judged at the end
      const served: string[] = []
      for (let i = 0; i < paths.length; i += 32)
        await Promise.all(
          paths.slice(i, i + 32).map(async (p) => {
            const res = await app.fetch(p)
            const type = res.headers.get('content-type') ?? ''
            if (![403, 404].includes(res.status) || !type.startsWith('application/json') || res.headers.has('location'))
              served.push(`${p} → ${res.status} ${type}`)
            await res.arrayBuffer()
          }),
        )
      expect(served.slice(0, 10), `${served.length} of ${paths.length} served`).toEqual([])
    },
    SLOW_MS,
  )

  it(
    'a forged, an expired, a far-future and another item’s signature are all refused',
    async () => {
      const forged = '?e=' + ImageUrlSigner.expiryAt(clock) + '&s=' + 'A'.repeat(32)
      const expired = signer.query('illust', 0, clock - 3 * SIGN_WINDOW_S)
      // every kind of hidden work, a few hundred of them (each is the same few checks)
      for (const w of hiddenWorks.filter((_, i) => i % 8 === 0 || hiddenWorks[i]!.type === 'ugoira')) {
        const paths = workPaths(w)
        const original = workImagePaths({ id: w.id, createdTs: w.created_ts, type: w.type, ext: w.ext }, 0).original
        const other = hiddenWorks.find((x) => x.id !== w.id)!
        for (const q of [
          forged,
          signer.query('illust', w.id, clock - 3 * SIGN_WINDOW_S), // its own, lapsed
          signer.query('illust', w.id, clock + 10 * SIGN_WINDOW_S), // its own, from the future
          signer.query('illust', other.id, clock),
          signer.query('novel', w.id, clock), // the same id, the other kind
          expired.replace('e=', 'e=9'),
        ]) {
          await expectRefused(original + q)
          await expectRefused(`/img${original}${q}`)
        }
        await expectRefused(paths[0] + signer.query('illust', other.id, clock))
      }
      for (const nv of hiddenNovels) {
        const other = hiddenNovels.find((x) => x.id !== nv.id)!
        for (const p of novelPaths(nv)) {
          await expectRefused(p + signer.query('novel', other.id, clock))
          await expectRefused(p + signer.query('illust', nv.id, clock))
        }
      }
    },
    SLOW_MS,
  )
})

describe('callers who may see a hidden item load its images from the URLs the API gives', () => {
  /** Image URLs in an answer, on this service's origin. */
  const urlsIn = (body: unknown) =>
    [...JSON.stringify(body).matchAll(/"(http:\/\/easel\.test\/[^"]+)"/g)]
      .map((m) => m[1]!)
      .filter((u) => !u.includes('/common/images/') && !u.includes('/user-profile/') && !u.includes('/v1/'))

  it('the author: a restrict-2 manga (every page, original and thumbnails) and its own R-18 ugoira zip', async () => {
    const store = app.services.store
    const manga = hiddenWorks.find((w) => w.restrict === 2 && w.page_count > 1 && w.x_restrict === 0)!
    const token = await app.login(fixtures.userAccount(store, manga.user_id))
    const { illust } = await app.get(`/v1/illust/detail?illust_id=${manga.id}`, token)
    const urls = urlsIn(illust)
    expect(urls.length).toBe(4 + manga.page_count * 4 - 1)
    for (const u of urls) expect(u).toMatch(/\?e=\d+&s=[\w-]{32}$/)
    for (const u of [...new Set(urls)].slice(0, 6)) await expectImage(u)
    // a signed URL under the old /img/ prefix redirects with its signature
    const old = await app.fetch(urls[0]!.replace(ORIGIN, `${ORIGIN}/img`))
    expect(old.status).toBe(301)
    expect(old.headers.get('location')).toBe(new URL(urls[0]!).pathname + new URL(urls[0]!).search)

    const ugoira = hiddenWorks.find((w) => w.type === 'ugoira' && authorSees(w))!
    const author = await app.login(fixtures.userAccount(store, ugoira.user_id))
    const meta = await app.get(`/v1/ugoira/metadata?illust_id=${ugoira.id}`, author)
    const zip = meta.ugoira_metadata.zip_urls.medium as string
    expect((await expectImage(zip)).headers.get('content-type')).toBe('application/zip')
    // gallery-dl's swap to the large zip keeps the query, and one signature covers it
    await expectImage(zip.replace('_ugoira600x600', '_ugoira1920x1080'))
  }, 60_000)

  it('a mutual follower (restrict 1) and an adult reader (R-18), in the App API and the web API', async () => {
    const store = app.services.store
    const mypixiv = hiddenWorks.find(
      (w) => w.restrict === 1 && w.x_restrict === 0 && fixtures.mutualPair(store, w.user_id) !== undefined,
    )!
    const mutual = fixtures.mutualPair(store, mypixiv.user_id)!.b
    const token = await app.login(fixtures.userAccount(store, mutual))
    const { illust } = await app.get(`/v1/illust/detail?illust_id=${mypixiv.id}`, token)
    expect(illust.visible).toBe(true)
    await expectImage(illust.image_urls.square_medium)
    const ajax = await app.get(`/ajax/illust/${mypixiv.id}`, token)
    await expectImage(ajax.body.urls.original)

    const adultUser = (store.db.prepare('SELECT id FROM users WHERE x_restrict = 2 LIMIT 1').get() as { id: number }).id
    const adult = await app.login(fixtures.userAccount(store, adultUser))
    const r18 = hiddenWorks.find((w) => w.restrict === 0 && w.x_restrict === 1)!
    const r18g = hiddenWorks.find((w) => w.restrict === 0 && w.x_restrict === 2)!
    for (const w of [r18, r18g]) {
      const { illust: seen } = await app.get(`/v1/illust/detail?illust_id=${w.id}`, adult)
      expect(seen.visible).toBe(true)
      await expectImage(seen.image_urls.medium)
    }
  }, 60_000)

  it('hidden novels: covers and embedded images in /v2/novel/detail, /v1/novel/text, the webview and ajax', async () => {
    const store = app.services.store
    const nv = hiddenNovels.find((n) => n.cover_hash && authorSees(n) && store.novelImages(n.id).length > 0)!
    const token = await app.login(fixtures.userAccount(store, nv.user_id))
    const { novel } = await app.get(`/v2/novel/detail?novel_id=${nv.id}`, token)
    await expectImage(novel.image_urls.large)
    const text = await app.get(`/v1/novel/text?novel_id=${nv.id}`, token)
    const embedded = Object.values(text.images as Record<string, { urls: Record<string, string> }>)
    expect(embedded.length).toBeGreaterThan(0)
    for (const img of embedded) await expectImage(img.urls['128x128']!)
    const ajax = await app.get(`/ajax/novel/${nv.id}`, token)
    await expectImage(ajax.body.coverUrl)
    for (const img of Object.values(ajax.body.textEmbeddedImages as Record<string, { urls: { original: string } }>))
      await expectImage(img.urls.original)
    const page = await (await app.fetch(`/webview/v2/novel?id=${nv.id}`, { token })).text()
    const cover = JSON.parse(`"${/"coverUrl":"([^"]+)"/.exec(page)![1]!}"`) as string
    await expectImage(cover)
  }, 60_000)

  it('the item cache hands out fresh signatures once a window has passed', async () => {
    const store = app.services.store
    const w = hiddenWorks.find((x) => x.restrict === 2 && x.x_restrict === 0)!
    const token = await app.login(fixtures.userAccount(store, w.user_id))
    const first = (await app.get(`/v1/illust/detail?illust_id=${w.id}`, token)).illust.image_urls.medium
    await expectImage(first)
    const start = clock
    try {
      clock += 3 * SIGN_WINDOW_S
      await expectRefused(first)
      const again = await app.get(
        `/v1/illust/detail?illust_id=${w.id}`,
        await app.login(fixtures.userAccount(store, w.user_id)),
      )
      expect(again.illust.image_urls.medium).not.toBe(first)
      await expectImage(again.illust.image_urls.medium)
    } finally {
      clock = start
    }
  }, 30_000)
})
