import sharp from 'sharp'
import { unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestApp, type TestApp } from '../testing/harness.ts'
import { fixtures } from '../data/fixtures.ts'

// Every image URL found in a sample of responses loads with the stated size and type, and revalidates with a 304.

let app: TestApp
let token: string
beforeAll(async () => {
  app = openTestApp()
  token = await app.login('demo')
})
afterAll(() => app.close())

/** The size an image at `url` must have, from what the response said about it. */
type Expect = {
  url: string
  type: 'jpeg' | 'png'
  fit?: [number, number]
  exact?: [number, number]
  of?: [number, number]
}

function fitWithin([w, h]: [number, number], [maxW, maxH]: [number, number]): [number, number] {
  const scale = Math.min(1, maxW / w, maxH / h)
  return [Math.round(w * scale), Math.round(h * scale)]
}

async function check(e: Expect) {
  const res = await app.fetch(e.url)
  expect(res.status, e.url).toBe(200)
  expect(res.headers.get('content-type'), e.url).toBe(`image/${e.type}`)
  expect(res.headers.get('cache-control'), e.url).toMatch(/immutable/)
  const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata()
  expect(meta.format, e.url).toBe(e.type)
  const size: [number, number] = [meta.width!, meta.height!]
  if (e.exact) expect(size, e.url).toEqual(e.exact)
  if (e.fit && e.of) {
    const [w, h] = fitWithin(e.of, e.fit)
    expect(Math.abs(size[0] - w), `${e.url} ${size} vs ${w}x${h}`).toBeLessThanOrEqual(1)
    expect(Math.abs(size[1] - h), `${e.url} ${size} vs ${w}x${h}`).toBeLessThanOrEqual(1)
  }
  const etag = res.headers.get('etag')!
  expect(etag).toBeTruthy()
  const again = await app.fetch(e.url, { headers: { 'if-none-match': etag } })
  expect(again.status, e.url).toBe(304)
  expect((await again.arrayBuffer()).byteLength).toBe(0)
}

function workImages(w: any): Expect[] {
  const size: [number, number] = [w.width, w.height]
  const pages =
    w.page_count === 1
      ? [{ ...w.image_urls, original: w.meta_single_page.original_image_url }]
      : w.meta_pages.map((p: any) => p.image_urls)
  return pages.slice(0, 3).flatMap((p: any) => [
    { url: p.square_medium, type: 'jpeg', exact: [360, 360] },
    { url: p.medium, type: 'jpeg', fit: [540, 540], of: size },
    { url: p.large, type: 'jpeg', fit: [600, 1200], of: size },
    { url: p.original, type: /\.png$/.test(p.original) ? 'png' : 'jpeg', exact: size },
  ])
}

describe('images from responses', () => {
  it('work pages, profile images, novel covers and series covers have their stated sizes and types', async () => {
    const ranking = await app.get('/v1/illust/ranking?mode=day', token)
    const manga = (await app.get('/v1/illust/ranking?mode=day_manga', token)).illusts.find((w: any) => w.page_count > 2)
    const expects: Expect[] = [...ranking.illusts.slice(0, 4).flatMap(workImages), ...workImages(manga)]
    expects.push({ url: ranking.illusts[0].user.profile_image_urls.medium, type: 'jpeg', exact: [170, 170] })
    const novels = (await app.get('/v1/novel/ranking', token)).novels
    for (const n of novels.slice(0, 3))
      expects.push(
        { url: n.image_urls.square_medium, type: 'jpeg', exact: [128, 128] },
        { url: n.image_urls.medium, type: 'jpeg', fit: [176, 352], of: [1000, 1414] },
        { url: n.image_urls.large, type: 'jpeg', fit: [240, 480], of: [1000, 1414] },
      )
    const series = await app.get(
      `/v1/illust/series?illust_series_id=${fixtures.longestIllustSeries(app.services.store).series_id}`,
      token,
    )
    expects.push({ url: series.illust_series_detail.cover_image_urls.medium, type: 'jpeg', exact: [782, 410] })
    for (const e of expects) await check(e)
    expect(expects.length).toBeGreaterThan(40)
  }, 60_000)

  it('uploaded novel images and placeholders load', async () => {
    const withImages = fixtures.novelsWhere(app.services.store, 'w.restrict = 0 AND w.x_restrict = 0')
    let checked = 0
    for (const n of withImages.slice(0, 60)) {
      const text = await app.get(`/v1/novel/text?novel_id=${n.id}`, token)
      for (const img of Object.values(text.images) as { urls: Record<string, string> }[]) {
        await check({ url: img.urls['128x128']!, type: 'jpeg', exact: [128, 128] })
        const orig = await app.fetch(img.urls.original!)
        expect(orig.status).toBe(200)
        checked++
      }
      if (checked >= 3) break
    }
    expect(checked).toBeGreaterThan(0)
    const restricted = fixtures.workWhere(app.services.store, 'w.x_restrict = 1 AND w.restrict = 0')!
    const { illust } = await app.get(`/v1/illust/detail?illust_id=${restricted.id}`)
    await check({ url: illust.image_urls.medium, type: 'png', exact: [360, 360] })
  })

  it('the ugoira zip holds exactly the frames the metadata names', async () => {
    const ugoira = fixtures.workWhere(app.services.store, "w.type = 'ugoira' AND w.restrict = 0 AND w.x_restrict = 0")!
    const { ugoira_metadata: meta } = await app.get(`/v1/ugoira/metadata?illust_id=${ugoira.id}`, token)
    const res = await app.fetch(meta.zip_urls.medium)
    expect(res.headers.get('content-type')).toBe('application/zip')
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()))
    expect(Object.keys(files).sort()).toEqual(meta.frames.map((f: { file: string }) => f.file).sort())
    const first = await sharp(Buffer.from(files[meta.frames[0].file]!)).metadata()
    expect(first.format).toBe('jpeg')
    expect(Math.max(first.width!, first.height!)).toBeLessThanOrEqual(600)
  })

  it('made-up and traversal paths are 404s', async () => {
    const { illust } = await app.get('/v1/illust/detail?illust_id=1', token)
    const good = new URL(illust.image_urls.medium).pathname
    for (const bad of [
      good.replace('/1_p0', '/1_p9'),
      good.replace('/c/540x540_70/', '/c/541x541_70/'),
      good.replace(/\/\d{4}\//, '/1999/'),
      '/c/540x540_70/img-master/img/%2e%2e/%2e%2e/etc/passwd',
      '/common/images/limit_nope_360.png',
      '/img/common/images/limit_nope_360.png',
      '/img/',
      '/c/',
    ]) {
      const res = await app.fetch(bad)
      expect(res.status, bad).toBe(404)
    }
  })
})
