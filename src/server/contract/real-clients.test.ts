import os from 'node:os'
import { request as httpRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestApp, ORIGIN, startTestServer, type TestApp } from '../testing/harness.ts'
import type { RunningServer } from '../server.ts'
import { fixtures } from '../data/fixtures.ts'

// What a real client re-pointed at Easel relies on (reference real-clients.md): every absolute URL it is given is
// reachable whatever Host it sent (pixivpy always sends pixiv's), image paths are exactly the CDN's (so the paths
// clients derive exist), and the API's spaces never answer the gallery's page.

const PIXIV_HOST = { host: 'app-api.pixiv.net' }
const IMAGE_ORIGIN = 'https://img.easel.test'

/** Every string in a JSON value that is an absolute http(s) URL, with where it was found. */
function urlsIn(value: unknown, at = '$'): { at: string; url: string }[] {
  if (typeof value === 'string') return /^https?:\/\//.test(value) ? [{ at, url: value }] : []
  if (Array.isArray(value)) return value.flatMap((v, i) => urlsIn(v, `${at}[${i}]`))
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => urlsIn(v, `${at}.${k}`))
  return []
}

// Reference §15 (and §10/§11/§19.2 for banners, zips and uploaded images), with `<d>` the upload time.
const D = String.raw`\d{4}/\d{2}/\d{2}/\d{2}/\d{2}/\d{2}`
const CDN = 'https://i\\.pximg\\.net'
const STATIC = 'https://s\\.pximg\\.net'
const REFERENCE_PATTERNS = [
  String.raw`${CDN}/c/(?:360x360_70|360x360_10_webp)/img-master/img/${D}/\d+_p\d+_square1200\.jpg`,
  String.raw`${CDN}/c/540x540_70/img-master/img/${D}/\d+_p\d+_master1200\.jpg`,
  String.raw`${CDN}/c/600x1200_90(?:_webp)?/img-master/img/${D}/\d+_p\d+_master1200\.jpg`,
  String.raw`${CDN}/img-original/img/${D}/\d+_(?:p|ugoira)\d+\.(?:jpg|png|gif)`,
  String.raw`${CDN}/img-zip-ugoira/img/${D}/\d+_ugoira600x600\.zip`,
  String.raw`${CDN}/user-profile/img/${D}/\d+_[0-9a-f]+_170\.(?:jpg|png)`,
  String.raw`${CDN}/c/128x128/novel-cover-master/img/${D}/(?:\d+|tei\d+)_[0-9a-f]+_square1200\.jpg`,
  String.raw`${CDN}/c/(?:176x352|240x480_80|480x960|1200x1200)/novel-cover-master/img/${D}/(?:\d+|tei\d+)_[0-9a-f]+_master1200\.jpg`,
  String.raw`${CDN}/novel-cover-original/img/${D}/tei\d+_[0-9a-f]+\.(?:jpg|png)`,
  String.raw`${CDN}/c/1200x600_90_a2_g5/background/img/${D}/\d+_[0-9a-f]+_master1200\.jpg`,
  String.raw`${CDN}/c/782x410_80_a2_g5/illust-series-cover-original/img/${D}/[\w-]+\.jpg`,
  String.raw`${STATIC}/common/images/limit_(?:sanity_level|unviewable|mypixiv|unknown)_360\.png`,
  String.raw`${STATIC}/common/images/no_profile\.png`,
  String.raw`${STATIC}/common/images/novel_thumb/novel_thumb_0_(?:128x128|176mw|240mw)\.jpg`,
].map((p) => new RegExp(`^${p}$`))

/** The URL with the image origin swapped for pixiv's (s.pximg.net for its static placeholders). */
const onPixiv = (url: string, origin: string) => {
  const path = url.slice(origin.length)
  return (path.startsWith('/common/images/') ? 'https://s.pximg.net' : 'https://i.pximg.net') + path
}

const isImageType = (type: string | null) => /^image\/(?:jpeg|png)$|^application\/zip$/.test(type ?? '')

describe('with Host: app-api.pixiv.net (pixivpy), in process', () => {
  let app: TestApp
  beforeAll(() => {
    app = openTestApp()
  })
  afterAll(() => app.close())

  it('every image URL and next_url of a list is on the service, and every image downloads', async () => {
    const token = await app.login('demo')
    const get = async (url: string) => {
      const res = await app.fetch(url, { token, headers: PIXIV_HOST })
      expect(res.status, url).toBe(200)
      return res.json() as Promise<any>
    }
    const first = await get('/v1/illust/recommended?include_ranking_illusts=true&filter=for_ios')
    expect(first.next_url).toMatch(new RegExp(`^${ORIGIN}/v1/illust/recommended\\?`))
    // pixivpy pages with the query of next_url only; the absolute URL must work too
    const second = await get(first.next_url)
    const urls = [...urlsIn(first), ...urlsIn(second)]
    expect(urls.length).toBeGreaterThan(60)
    for (const { at, url } of urls) {
      expect(url.startsWith(`${ORIGIN}/`), `${at}: ${url}`).toBe(true)
      expect(url, at).not.toMatch(/pixiv\.net|pximg\.net/)
    }
    // every image of the first page (rendering them all is what takes the time here)
    const images = [...new Set(urlsIn(first.illusts).map((u) => u.url))]
    for (const url of images) {
      const res = await app.fetch(url, { headers: { ...PIXIV_HOST, referer: 'https://app-api.pixiv.net/' } })
      expect(res.status, url).toBe(200)
      expect(isImageType(res.headers.get('content-type')), url).toBe(true)
      await res.arrayBuffer()
    }
  })

  it('the token answer names its avatar on the service too', async () => {
    const res = await app.fetch('/auth/token', {
      method: 'POST',
      headers: { host: 'oauth.secure.pixiv.net', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', username: 'demo', password: 'demo' }).toString(),
    })
    const body = (await res.json()) as any
    for (const { at, url } of urlsIn(body)) expect(url.startsWith(`${ORIGIN}/`), at).toBe(true)
  })
})

describe('over a real socket', () => {
  let server: RunningServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(() => server.close())

  const get = (path: string, headers: Record<string, string>) =>
    new Promise<{ status: number; type: string | undefined; body: Buffer }>((resolve, reject) => {
      const { port } = new URL(server.url)
      const req = httpRequest({ host: '127.0.0.1', port, path, headers }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'], body: Buffer.concat(chunks) }),
        )
      })
      req.on('error', reject)
      req.end()
    })

  it('a pixiv Host or a malformed one is never echoed: URLs name the address the request arrived on', async () => {
    const { port } = new URL(server.url)
    // (a Host the HTTP layer cannot even parse, such as `a/b`, is refused with a 400 before any of this)
    for (const host of ['app-api.pixiv.net', 'I.PXIMG.NET', 'pixiv.net.', 'example.com:0', 'exa_mple..com', '-x-:8']) {
      const res = await get('/v1/illust/recommended-nologin', { host })
      expect(res.status, host).toBe(200)
      const body = JSON.parse(res.body.toString())
      expect(body.next_url, host).toMatch(
        new RegExp(`^http://127\\.0\\.0\\.1:${port}/v1/illust/recommended-nologin\\?`),
      )
      const image = body.illusts[0].image_urls.medium as string
      expect(image.startsWith(`http://127.0.0.1:${port}/c/540x540_70/img-master/img/`), host).toBe(true)
      const download = await get(new URL(image).pathname, { host })
      expect(download.status).toBe(200)
      expect(download.type).toBe('image/jpeg')
    }
    // Any other name is anyone's to write (and a copy of the item cache per name): the socket's address instead.
    for (const host of [`easel.local:${port}`, `evil.example`, `${'a'.repeat(60)}.example:${port}`]) {
      const body = JSON.parse((await get('/v1/illust/recommended-nologin', { host })).body.toString())
      expect(body.next_url.startsWith(`http://127.0.0.1:${port}/`), host).toBe(true)
      expect(JSON.stringify(body), host).not.toContain(host)
    }
  })

  it('a browser at http://localhost:PORT or http://127.0.0.1:PORT gets URLs on the origin it is on', async () => {
    const { port } = new URL(server.url)
    for (const origin of [`localhost:${port}`, `127.0.0.1:${port}`]) {
      const body = JSON.parse((await get('/v1/illust/recommended-nologin', { host: origin })).body.toString())
      expect(body.next_url.startsWith(`http://${origin}/`), origin).toBe(true)
      const image = body.illusts[0].image_urls.medium as string
      expect(image.startsWith(`http://${origin}/c/540x540_70/`), origin).toBe(true)
      const download = await get(new URL(image).pathname, { host: origin })
      expect(download.type).toBe('image/jpeg')
    }
  })

  it('forwarded headers are ignored unless TRUST_PROXY says so', async () => {
    const res = await get('/v1/illust/recommended-nologin', {
      host: 'app-api.pixiv.net',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'evil.example',
      forwarded: 'proto=https;host=evil.example',
    })
    expect(JSON.parse(res.body.toString()).next_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//)
  })
})

// A phone on the LAN reaches the service on the machine's LAN address: its URLs must name that address.
const lanAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address

describe.skipIf(!lanAddress)(`on every interface (HOST=0.0.0.0), reached at ${lanAddress}`, () => {
  let server: RunningServer
  beforeAll(async () => {
    server = await startTestServer({ host: '0.0.0.0' })
  })
  afterAll(() => server.close())

  it('URLs name the LAN address the request arrived on, and its images load', async () => {
    const { port } = new URL(server.url)
    for (const host of [`${lanAddress}:${port}`, 'phone.example']) {
      const body = await new Promise<any>((resolve, reject) => {
        httpRequest({ host: lanAddress, port, path: '/v1/illust/recommended-nologin', headers: { host } }, (res) => {
          let text = ''
          res.on('data', (c) => (text += c))
          res.on('end', () => resolve(JSON.parse(text)))
        })
          .on('error', reject)
          .end()
      })
      expect(body.next_url.startsWith(`http://${lanAddress}:${port}/`), host).toBe(true)
      const image = await fetch(body.illusts[0].image_urls.medium as string)
      expect(image.headers.get('content-type')).toBe('image/jpeg')
    }
  })
})

describe('behind a trusted proxy (TRUST_PROXY=127.0.0.1)', () => {
  let server: RunningServer
  beforeAll(async () => {
    const { parseTrustProxy } = await import('../http/origin.ts')
    server = await startTestServer({ trustProxy: parseTrustProxy('127.0.0.1,::1') })
  })
  afterAll(() => server.close())

  it('URLs are https on the forwarded host', async () => {
    const res = await fetch(`${server.url}/v1/illust/recommended-nologin`, {
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'gallery.example.org' },
    })
    const body = (await res.json()) as any
    expect(body.next_url).toMatch(/^https:\/\/gallery\.example\.org\/v1\/illust\/recommended-nologin\?/)
    expect(body.illusts[0].image_urls.medium).toMatch(/^https:\/\/gallery\.example\.org\/c\//)
  })
})

describe(`with IMAGE_ORIGIN=${IMAGE_ORIGIN}`, () => {
  let app: TestApp
  let token: string
  beforeAll(async () => {
    app = openTestApp({ imageOrigin: IMAGE_ORIGIN })
    token = await app.login('demo')
  })
  afterAll(() => app.close())

  const on = (url: string) => url.replace(IMAGE_ORIGIN, ORIGIN)

  it("every image URL of the detail answers is on it, and is pixiv's exact path on i.pximg.net", async () => {
    const store = app.services.store
    const manga = fixtures.workWhere(
      store,
      "w.type = 'manga' AND w.page_count > 2 AND w.restrict = 0 AND w.x_restrict = 0",
    )!
    const ugoira = fixtures.workWhere(store, "w.type = 'ugoira' AND w.restrict = 0 AND w.x_restrict = 0")!
    const restricted = fixtures.workWhere(store, 'w.x_restrict = 2 AND w.restrict = 0')!
    const covered = fixtures.novelWhere(store, 'w.cover_hash IS NOT NULL AND w.restrict = 0 AND w.x_restrict = 0')!
    const plain = fixtures.novelWhere(store, 'w.cover_hash IS NULL AND w.restrict = 0 AND w.x_restrict = 0')!
    const answers = [
      `/v1/illust/detail?illust_id=${manga.id}`,
      `/v1/illust/detail?illust_id=${ugoira.id}`,
      `/v1/illust/detail?illust_id=${restricted.id}`,
      `/v1/ugoira/metadata?illust_id=${ugoira.id}`,
      `/v2/novel/detail?novel_id=${covered.id}`,
      `/v2/novel/detail?novel_id=${plain.id}`,
      `/v1/user/detail?user_id=${manga.user_id}`,
      `/v1/user/detail?user_id=${covered.user_id}`,
      `/v1/user/detail?user_id=1`,
    ]
    const seen = new Set<RegExp>()
    for (const path of answers) {
      const body = await app.get(path, token)
      const urls = urlsIn(body).filter((u) => !/\.(?:webpage|twitter_url|pawoo_url)$/.test(u.at))
      expect(urls.length, path).toBeGreaterThan(0)
      for (const { at, url } of urls) {
        expect(url.startsWith(`${IMAGE_ORIGIN}/`), `${path} ${at}: ${url}`).toBe(true)
        // A work not everyone may see carries its signature in the query (issue 14); the path is pixiv's all the same.
        const [real, query] = onPixiv(url, IMAGE_ORIGIN).split('?') as [string, string | undefined]
        const pattern = REFERENCE_PATTERNS.find((p) => p.test(real))
        expect(pattern, `${path} ${at}: ${real}`).toBeDefined()
        if (query !== undefined) expect(query, `${path} ${at}`).toMatch(/^e=\d+&s=[\w-]{32}$/)
        seen.add(pattern!)
        const res = await app.fetch(on(url))
        expect(res.status, url).toBe(200)
        expect(isImageType(res.headers.get('content-type')), url).toBe(true)
        await res.arrayBuffer()
      }
    }
    // the sample reaches works, zips, avatars, covers (own and default), banners and a placeholder
    expect(seen.size).toBeGreaterThanOrEqual(10)
  })

  it('a novel text names its uploaded images by their pixiv paths on it', async () => {
    const store = app.services.store
    const withImage = fixtures.novelWhere(
      store,
      'w.restrict = 0 AND w.x_restrict = 0 AND w.id IN (SELECT novel_id FROM novel_images)',
    )!
    const text = await app.get(`/v1/novel/text?novel_id=${withImage.id}`, token)
    const urls = Object.values(text.images as Record<string, { urls: Record<string, string> }>).flatMap((i) =>
      Object.values(i.urls),
    )
    expect(urls.length).toBeGreaterThan(0)
    for (const url of urls) {
      expect(
        REFERENCE_PATTERNS.some((p) => p.test(onPixiv(url, IMAGE_ORIGIN))),
        url,
      ).toBe(true)
      expect((await app.fetch(on(url))).status, url).toBe(200)
    }
  })
})

describe('re-pointed by a hosts mapping: IMAGE_ORIGIN=https://i.pximg.net, STATIC_ORIGIN=https://s.pximg.net', () => {
  let app: TestApp
  beforeAll(() => {
    app = openTestApp({ imageOrigin: 'https://i.pximg.net', staticOrigin: 'https://s.pximg.net' })
  })
  afterAll(() => app.close())

  it("a restricted work's placeholder is the one gallery-dl recognises (its s.pximg.net limit_ prefix)", async () => {
    const restricted = fixtures.workWhere(app.services.store, 'w.x_restrict = 1 AND w.restrict = 0')!
    const { illust } = await app.get(`/v1/illust/detail?illust_id=${restricted.id}`)
    // one placeholder whatever hides the work (which one it was told the work's flags)
    expect(illust.meta_single_page.original_image_url).toBe(
      'https://s.pximg.net/common/images/limit_unviewable_360.png',
    )
    expect(illust.user.profile_image_urls.medium).toBe('https://s.pximg.net/common/images/no_profile.png')
    const visible = await app.get('/v1/illust/detail?illust_id=1')
    expect(visible.illust.image_urls.medium).toMatch(/^https:\/\/i\.pximg\.net\/c\/540x540_70\/img-master\/img\//)
  })
})

describe('paths clients derive from the ones they are given', () => {
  let app: TestApp
  let token: string
  beforeAll(async () => {
    app = openTestApp()
    token = await app.login('demo')
  })
  afterAll(() => app.close())

  const image = async (url: string) => {
    const res = await app.fetch(url)
    expect(res.status, url).toBe(200)
    expect(res.headers.get('content-type'), url).toBe('image/jpeg')
    return res.arrayBuffer()
  }

  it('the full-size avatar (the name without _170) answers 200', async () => {
    const { user } = await app.get('/v1/user/detail?user_id=2', token)
    const medium = user.profile_image_urls.medium as string
    expect(medium).toMatch(/_170\.jpg$/)
    const full = medium.replace('_170.', '.') // gallery-dl's avatar extractor
    expect(new URL(full).pathname.split('/').slice(1, 3)).toEqual(['user-profile', 'img'])
    await image(full)
  })

  it('the original novel cover derived as gallery-dl derives it answers 200', async () => {
    const n = fixtures.novelWhere(
      app.services.store,
      'w.cover_hash IS NOT NULL AND w.restrict = 0 AND w.x_restrict = 0',
    )!
    const { novel } = await app.get(`/v2/novel/detail?novel_id=${n.id}`, token)
    // gallery-dl pixiv.py: path = large.partition("/img/")[2]; url = "…/novel-cover-original/img/" +
    // path.rpartition(".")[0].replace("_master1200", ""); then url + ".jpg" (".png" as the fallback)
    const large = novel.image_urls.large as string
    const path = large.slice(large.indexOf('/img/') + 5)
    const stem = path.slice(0, path.lastIndexOf('.')).replace('_master1200', '')
    await image(`${ORIGIN}/novel-cover-original/img/${stem}.jpg`)
  })

  it("date_url reads from the original's path by position (12 segments, the date at 5–10)", async () => {
    const { illust } = await app.get('/v1/illust/detail?illust_id=1', token)
    const url = (illust.meta_single_page.original_image_url ?? illust.meta_pages[0].image_urls.original) as string
    const parts = url.split('/') // gallery-dl _date_from_url: _, _, _, _, _, y, m, d, H, M, S, _ = url.split("/")
    expect(parts).toHaveLength(12)
    const [y, mo, d, h, mi, s] = parts.slice(5, 11)
    expect(`${y}-${mo}-${d}T${h}:${mi}:${s}+09:00`).toBe(illust.create_date)
    // and the master gallery-dl falls back to: `-original/` → `-master/`, `_master1200.jpg`
    await image(`${url.slice(0, url.lastIndexOf('.')).replace('-original/', '-master/')}_master1200.jpg`)
  })

  it('the banner original (no /c/<size>, no _master1200) answers 200 for users with a banner', async () => {
    let checked = 0
    for (let id = 1; id <= 20 && checked < 2; id++) {
      const { profile } = await app.get(`/v1/user/detail?user_id=${id}`, token)
      if (!profile.background_image_url) continue
      const parts = (profile.background_image_url as string).split('/')
      parts.splice(3, 2) // gallery-dl: del parts[3:5]
      await image(parts.join('/').replace('_master1200.', '.'))
      checked++
    }
    expect(checked).toBe(2)
  })

  it('an image URL of earlier versions (/img/…) redirects permanently to the new path', async () => {
    const { illust } = await app.get('/v1/illust/detail?illust_id=1', token)
    const path = new URL(illust.image_urls.square_medium).pathname
    const res = await app.fetch(`/img${path}`, { redirect: 'manual' })
    expect(res.status).toBe(301)
    expect(res.headers.get('location')).toBe(path)
    await image(res.headers.get('location')!)
  })
})

describe("unknown paths in the API's spaces", () => {
  let app: TestApp
  beforeAll(() => {
    app = openTestApp()
  })
  afterAll(() => app.close())

  it('answer JSON 404 with the error body, never the web page', async () => {
    for (const path of [
      '/v3/anything',
      '/v3/illust/nope?illust_id=1',
      '/ajax/anything',
      '/ajax/user/1/nope',
      '/webview/anything',
      '/v9/x',
      '/v4/',
      '/auth/nope',
    ]) {
      for (const method of ['GET', 'POST']) {
        const res = await app.fetch(path, { method })
        expect(res.status, `${method} ${path}`).toBe(404)
        expect(res.headers.get('content-type'), path).toMatch(/^application\/json/)
        const body = (await res.json()) as any
        // The web API answers in its own envelope (`{"error": true, "message": …, "body": []}`).
        if (path.startsWith('/ajax/')) {
          expect(body.error, path).toBe(true)
          expect(body.message, path).toMatch(/\w/)
          continue
        }
        expect(Object.keys(body.error).sort(), path).toEqual([
          'message',
          'reason',
          'user_message',
          'user_message_details',
        ])
        expect(body.error.user_message, path).toBe("Specified end-point doesn't exist")
      }
    }
    // …while the gallery's own routes still get the page
    const page = await app.fetch('/artworks/1')
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
  })
})
