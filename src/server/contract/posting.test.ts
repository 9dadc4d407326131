import sharp from 'sharp'
import { unzipSync, zipSync } from 'fflate'
import { crc32, deflateSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_UPLOAD_BYTES } from '../../api/posting-endpoints.ts'
import { FIRST_OWN_ITEM_ID } from '../data/posting.ts'
import { PostingService, POSTED_PREFIX } from '../services/posting.ts'
import { openStorage } from '../storage/storage-url.ts'
import type { Storage } from '../storage/storage.ts'
import { openTestApp, type TestApp } from '../testing/harness.ts'

// Posting (POST /v1/easel/upload, /v1/easel/illust/add|edit|delete, GET /v1/easel/illust/pages) as an author, a
// follower, another member and a hostile client see it: a posted work is everywhere a work is (detail, profile,
// newest, search by tag, the follow feed) at once; edits and deletions are its author's alone; a deleted work's files
// leave storage; every hostile upload is refused with the error body and leaves nothing stored.

let app: TestApp
let storage: Storage
let now = Math.floor(Date.now() / 1000)
beforeAll(() => {
  app = openTestApp({}, { nowS: () => now })
  storage = openStorage(app.services.config.storage)
})
afterAll(() => app.close())

let author: string
let authorId: number
let other: string
let follower: string
beforeAll(async () => {
  const repos = app.services.repos
  authorId = 3
  author = await app.login((await repos.users.byId(authorId))!.account)
  other = await app.login((await repos.users.byId(4))!.account)
  follower = await app.login((await repos.users.byId(5))!.account)
  expect(
    (await app.post('/v1/user/follow/add', { user_id: String(authorId), restrict: 'public' }, follower)).status,
  ).toBe(200)
})

const png = (r: number, g: number, b: number, width = 120, height = 160) =>
  sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer()

const uploadRaw = (bytes: Buffer, name: string, type: string, token = author) => {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name)
  return app.fetch('/v1/easel/upload', { method: 'POST', body: form, token })
}
const upload = async (bytes: Buffer, name = 'page.png', type = 'image/png', token = author) => {
  const res = await uploadRaw(bytes, name, type, token)
  expect(res.status, await res.clone().text()).toBe(200)
  return ((await res.json()) as { upload: { id: number; width: number; height: number; ext: string } }).upload
}
interface Illust {
  id: number
  title: string
  type: string
  page_count: number
  tags: { name: string }[]
  meta_pages: { image_urls: { original: string } }[]
  meta_single_page: { original_image_url?: string }
  image_urls: { square_medium: string }
}
const post = async (fields: Record<string, string | string[]>, token = author) => {
  const res = await app.post('/v1/easel/illust/add', formOf(fields), token)
  return res
}
const formOf = (fields: Record<string, string | string[]>): [string, string][] =>
  Object.entries(fields).flatMap(([k, v]) =>
    Array.isArray(v) ? v.map((x): [string, string] => [`${k}[]`, x]) : [[k, v]],
  )
const illustOf = async (res: Response) => {
  expect(res.status, await res.clone().text()).toBe(200)
  return ((await res.json()) as { illust: Illust }).illust
}
const errorOf = async (res: Response, status: number) => {
  expect(res.status).toBe(status)
  const body = (await res.json()) as { error: Record<string, unknown> }
  expect(Object.keys(body.error).sort()).toEqual(['message', 'reason', 'user_message', 'user_message_details'])
  expect(body.error.user_message).toMatch(/\w/)
  return body.error
}
const originals = (i: Illust) =>
  i.page_count === 1 ? [i.meta_single_page.original_image_url!] : i.meta_pages.map((p) => p.image_urls.original)
const stored = async () => {
  const keys: string[] = []
  for await (const o of storage.list(POSTED_PREFIX)) keys.push(o.key)
  return keys.sort()
}
const ids = (list: { id: number }[]) => list.map((x) => x.id)
const tag = `posted${process.pid}`

describe('a posted manga', () => {
  let manga: Illust
  let pages: { id: number }[]

  it('is posted from three uploaded pages, in the order named, with its fields', async () => {
    pages = [await upload(await png(255, 0, 0)), await upload(await png(0, 255, 0)), await upload(await png(0, 0, 255))]
    manga = await illustOf(
      await post({
        title: 'Three pages',
        caption: 'A <b>short</b> manga',
        type: 'manga',
        tags: [tag, 'オリジナル'],
        upload_ids: [pages[0]!.id, pages[2]!.id, pages[1]!.id].map(String),
        book_style: 'right_to_left',
      }),
    )
    expect(manga.id).toBeGreaterThanOrEqual(FIRST_OWN_ITEM_ID)
    expect(manga).toMatchObject({ title: 'Three pages', type: 'manga', page_count: 3, user: { id: authorId } })
    expect(manga.tags.map((t) => t.name)).toEqual([tag, 'オリジナル'])
    // the pages in the order posted: red, blue, green
    const colours = []
    for (const url of originals(manga)) {
      const res = await app.fetch(url)
      expect(res.status).toBe(200)
      const { dominant } = await sharp(Buffer.from(await res.arrayBuffer())).stats()
      colours.push([dominant.r, dominant.g, dominant.b].map((c) => (c > 128 ? 1 : 0)).join(''))
    }
    expect(colours).toEqual(['100', '001', '010'])
  })

  it('is at once in the profile, the newest, search by its tag and a follower’s feed', async () => {
    const inProfile = await app.get<{ illusts: Illust[] }>(`/v1/user/illusts?user_id=${authorId}&type=manga`, other)
    expect(ids(inProfile.illusts)).toContain(manga.id)
    expect(ids((await app.get<{ illusts: Illust[] }>('/v1/illust/new?content_type=manga', other)).illusts)).toContain(
      manga.id,
    )
    const found = await app.get<{ illusts: Illust[] }>(
      `/v1/search/illust?word=${encodeURIComponent(tag)}&search_target=exact_match_for_tags`,
      other,
    )
    expect(ids(found.illusts)).toEqual([manga.id])
    expect(ids((await app.get<{ illusts: Illust[] }>('/v2/illust/follow?restrict=public', follower)).illusts)[0]).toBe(
      manga.id,
    )
  })

  it('its pages, as its author edits them, are its uploads in order; nobody else sees them', async () => {
    expect(
      ids((await app.get<{ pages: { id: number }[] }>(`/v1/easel/illust/pages?illust_id=${manga.id}`, author)).pages),
    ).toEqual([pages[0]!.id, pages[2]!.id, pages[1]!.id])
    await errorOf(await app.fetch(`/v1/easel/illust/pages?illust_id=${manga.id}`, { token: other }), 404)
  })

  it('is edited by its author: a new title, pages reordered and one removed, whose file leaves storage', async () => {
    const before = await stored()
    const firstUrl = originals(manga)[0]!
    const first = await app.fetch(firstUrl)
    // a posted page may change under its URL: asked again each time (a 304 while it has not)
    expect(first.headers.get('cache-control')).toBe('public, no-cache')
    const etag = first.headers.get('etag')!
    expect((await app.fetch(firstUrl, { headers: { 'if-none-match': etag } })).status).toBe(304)
    const edited = await illustOf(
      await app.post(
        '/v1/easel/illust/edit',
        formOf({
          illust_id: String(manga.id),
          title: 'Two pages',
          type: 'manga',
          tags: [tag],
          upload_ids: [pages[1]!.id, pages[0]!.id].map(String),
        }),
        author,
      ),
    )
    expect(edited).toMatchObject({ id: manga.id, title: 'Two pages', page_count: 2 })
    const after = await stored()
    expect(after).toHaveLength(before.length - 1)
    expect((await app.get<{ illust: Illust }>(`/v1/illust/detail?illust_id=${manga.id}`, other)).illust.title).toBe(
      'Two pages',
    )
    // the first page is now the green one, under the same URL, with another ETag
    const now = await app.fetch(firstUrl, { headers: { 'if-none-match': etag } })
    expect(now.status).toBe(200)
    expect(now.headers.get('etag')).not.toBe(etag)
    const { dominant } = await sharp(Buffer.from(await now.arrayBuffer())).stats()
    expect([dominant.r > 128, dominant.g > 128, dominant.b > 128]).toEqual([false, true, false])
  })

  it('nobody else edits, deletes or takes its pages', async () => {
    const fields = { illust_id: String(manga.id), title: 'Mine now', upload_ids: [String(pages[0]!.id)] }
    await errorOf(await app.post('/v1/easel/illust/edit', formOf(fields), other), 404)
    await errorOf(await app.post('/v1/easel/illust/delete', { illust_id: String(manga.id) }, other), 404)
    expect(
      JSON.parse(
        String(
          (await errorOf(await post({ title: 'Stolen', upload_ids: [String(pages[0]!.id)] }, other), 400)).message,
        ),
      ),
    ).toEqual({
      upload_ids: ['unknown'],
    })
    // nor can its author use a page twice, or one already in this work for another
    await errorOf(await post({ title: 'Again', upload_ids: [String(pages[0]!.id)] }), 400)
    expect((await app.post('/v1/easel/illust/add', formOf({ title: 'x', upload_ids: ['1'] }))).status).toBe(400)
    expect((await app.get<{ illust: Illust }>(`/v1/illust/detail?illust_id=${manga.id}`, other)).illust.title).toBe(
      'Two pages',
    )
  })

  it('is deleted by its author: gone from every list, its images 404, its files gone; its id never given again', async () => {
    const urls = originals(
      (await app.get<{ illust: Illust }>(`/v1/illust/detail?illust_id=${manga.id}`, author)).illust,
    )
    const thumb = manga.image_urls.square_medium
    expect((await app.fetch(thumb)).status).toBe(200)
    const before = await stored()
    expect((await app.post('/v1/easel/illust/delete', { illust_id: String(manga.id) }, author)).status).toBe(200)
    await errorOf(await app.fetch(`/v1/illust/detail?illust_id=${manga.id}`, { token: author }), 404)
    for (const url of [...urls, thumb]) expect((await app.fetch(url)).status).toBe(404)
    expect(await stored()).toHaveLength(before.length - 2)
    const found = await app.get<{ illusts: Illust[] }>(
      `/v1/search/illust?word=${encodeURIComponent(tag)}&search_target=exact_match_for_tags`,
      other,
    )
    expect(found.illusts).toEqual([])
    const next = await illustOf(
      await post({ title: 'Next', upload_ids: [String((await upload(await png(9, 9, 9))).id)] }),
    )
    expect(next.id).toBeGreaterThan(manga.id)
  })
})

describe('what is stored of an upload', () => {
  it('has no location or camera metadata, and its orientation applied', async () => {
    const photo = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#808080' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneMaker', Model: 'Phone 9' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '35/1 39/1 29/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '139/1 44/1 28/1',
        },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer()
    expect(await sharp(photo).metadata()).toMatchObject({ orientation: 6, exif: expect.any(Buffer) })
    expect(photo.includes('GPS') || photo.includes('PhoneMaker')).toBe(true)
    const page = await upload(photo, 'photo.jpg', 'image/jpeg')
    expect([page.width, page.height]).toEqual([100, 200])
    const illust = await illustOf(await post({ title: 'A photo', upload_ids: [String(page.id)] }))
    const served = Buffer.from(await (await app.fetch(originals(illust)[0]!)).arrayBuffer())
    const meta = await sharp(served).metadata()
    expect(meta.exif).toBeUndefined()
    expect(meta.xmp).toBeUndefined()
    expect([meta.width, meta.height]).toEqual([100, 200])
    expect(served.includes('GPS')).toBe(false)
    expect(served.includes('PhoneMaker')).toBe(false)
    for (const key of await stored()) expect((await storage.read(key)).includes('PhoneMaker')).toBe(false)
  })
})

/** A PNG that says it is `width`×`height` and holds one row's worth of data: tiny, whatever its size claims. */
function claimedPng(width: number, height: number) {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const out = Buffer.alloc(12 + data.length)
    out.writeUInt32BE(data.length, 0)
    body.copy(out, 4)
    out.writeUInt32BE(crc32(body), 8 + data.length)
    return out
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr.set([8, 2, 0, 0, 0], 8)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1 + width * 3))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

describe('hostile uploads: each refused with the error body, nothing stored', () => {
  let before: string[]
  beforeAll(async () => {
    before = await stored()
  })
  const refusedWith = async (res: Response, status: number) => {
    const error = await errorOf(res, status)
    expect(await stored()).toEqual(before)
    return error
  }

  it('an image that is also a zip', async () => {
    const zip = Buffer.from(zipSync({ 'payload.txt': new TextEncoder().encode('hello') }))
    await refusedWith(await uploadRaw(Buffer.concat([await png(1, 2, 3), zip]), 'a.png', 'image/png'), 400)
  })

  it('an image that is also an HTML page', async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer()
    // a GIF comment extension holding a script, before the trailer
    const html = Buffer.from('<html><script>alert(1)</script></html>')
    const comment = Buffer.concat([Buffer.from([0x21, 0xfe, html.length]), html, Buffer.from([0])])
    const polyglot = Buffer.concat([gif.subarray(0, gif.length - 1), comment, gif.subarray(gif.length - 1)])
    await refusedWith(await uploadRaw(polyglot, 'a.gif', 'image/gif'), 400)
  })

  it('SVG', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
    await refusedWith(await uploadRaw(svg, 'a.svg', 'image/svg+xml'), 415)
  })

  it('bytes that do not match the type or the name the client gave', async () => {
    await refusedWith(await uploadRaw(await png(1, 1, 1), 'a.png', 'image/jpeg'), 415)
    await refusedWith(await uploadRaw(await png(1, 1, 1), 'a.jpg', 'application/octet-stream'), 415)
  })

  it('a decompression bomb: a tiny file that claims a huge pixel count', async () => {
    const bomb = claimedPng(15_000, 15_000)
    expect(bomb.length).toBeLessThan(100_000)
    expect((await refusedWith(await uploadRaw(bomb, 'a.png', 'image/png'), 400)).user_message).toMatch(/million pixels/)
    expect(
      (await refusedWith(await uploadRaw(claimedPng(40_000, 10), 'b.png', 'image/png'), 400)).user_message,
    ).toMatch(/on a side/)
  })

  it('a truncated image', async () => {
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#345' } })
      .jpeg()
      .toBuffer()
    await refusedWith(await uploadRaw(photo.subarray(0, photo.length >> 1), 'a.jpg', 'image/jpeg'), 400)
    const image = await png(10, 20, 30, 400, 300)
    await refusedWith(await uploadRaw(image.subarray(0, image.length - 20), 'a.png', 'image/png'), 400)
  })

  it('an oversized file', async () => {
    const big = Buffer.alloc(MAX_UPLOAD_BYTES + 1)
    big.set([0xff, 0xd8, 0xff])
    expect((await refusedWith(await uploadRaw(big, 'big.jpg', 'image/jpeg'), 400)).user_message).toMatch(/32 MB/)
  })

  it('201 pages, and a work of none', async () => {
    const many = Array.from({ length: 201 }, (_, i) => String(i + 1))
    await refusedWith(await post({ title: 'Too many', upload_ids: many }), 400)
    await refusedWith(await post({ title: 'None', upload_ids: [] }), 400)
  })

  it('a file part where a field is expected, and a body that is not multipart', async () => {
    const form = new FormData()
    form.append('title', new Blob(['x']), 'title.txt')
    await refusedWith(await app.fetch('/v1/easel/illust/add', { method: 'POST', body: form, token: author }), 400)
    await refusedWith(await app.post('/v1/easel/upload', { file: 'not a file' }, author), 400)
    const cut = await app.fetch('/v1/easel/upload', {
      method: 'POST',
      body: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      token: author,
    })
    await refusedWith(cut, 400)
  })
})

describe('the clean-up', () => {
  it('takes uploads no work took once they are old, and stored pages without a row; never a posted page', async () => {
    const posted = await illustOf(
      await post({ title: 'Kept', upload_ids: [String((await upload(await png(5, 5, 5))).id)] }),
    )
    const unused = await upload(await png(6, 6, 6))
    await storage.put(`${POSTED_PREFIX}orphan.png`, await png(7, 7, 7))
    const cleaner = new PostingService(app.services, storage)
    // not yet old: nothing goes
    expect(await cleaner.cleanUp(3600)).toEqual({ uploads: 0, orphans: 0 })
    now += 2 * 3600
    expect(await cleaner.cleanUp(3600)).toEqual({ uploads: 1, orphans: 1 })
    now -= 2 * 3600 // the sessions' clock again
    await errorOf(await post({ title: 'Late', upload_ids: [String(unused.id)] }), 400)
    for (const url of originals(posted)) expect((await app.fetch(url)).status).toBe(200)
  })
})

describe('a posted ugoira', () => {
  const frame = (r: number, g = 0) =>
    sharp({ create: { width: 64, height: 48, channels: 3, background: { r, g, b: 0 } } })
      .png()
      .toBuffer()
  const animatedGif = async (delays: number[]) =>
    sharp(await Promise.all(delays.map((_, i) => frame(250 - i * 100))), { join: { animated: true } })
      .gif({ delay: delays, loop: 0 })
      .toBuffer()
  const uploadUgoira = (bytes: Buffer, name: string, type: string) => {
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), name)
    form.append('kind', 'ugoira')
    return app.fetch('/v1/easel/upload', { method: 'POST', body: form, token: author })
  }
  const uploaded = async (res: Response) => {
    expect(res.status, await res.clone().text()).toBe(200)
    return ((await res.json()) as { upload: { id: number; width: number; height: number; frame_delays: number[] } })
      .upload
  }
  const metadataOf = (id: number) =>
    app.get<{ ugoira_metadata: { zip_urls: { medium: string }; frames: { file: string; delay: number }[] } }>(
      `/v1/ugoira/metadata?illust_id=${id}`,
      other,
    )

  it('from an animated GIF, plays with the GIF’s delays', async () => {
    const upload = await uploaded(await uploadUgoira(await animatedGif([100, 250, 500]), 'anim.gif', 'image/gif'))
    expect(upload).toMatchObject({ width: 64, height: 48, frame_delays: [100, 250, 500] })
    const ugoira = await illustOf(await post({ title: 'Blink', type: 'ugoira', upload_ids: [String(upload.id)] }))
    expect(ugoira).toMatchObject({ type: 'ugoira', page_count: 1 })
    const { ugoira_metadata } = await metadataOf(ugoira.id)
    expect(ugoira_metadata.frames).toEqual([
      { file: '000000.jpg', delay: 100 },
      { file: '000001.jpg', delay: 250 },
      { file: '000002.jpg', delay: 500 },
    ])
    const zip = await app.fetch(ugoira_metadata.zip_urls.medium)
    expect(zip.status).toBe(200)
    const frames = unzipSync(new Uint8Array(await zip.arrayBuffer()))
    expect(Object.keys(frames)).toEqual(['000000.jpg', '000001.jpg', '000002.jpg'])
    // each frame is the GIF's, in order: red fading to black
    const reds = await Promise.all(
      Object.values(frames).map(async (f) => (await sharp(Buffer.from(f)).stats()).channels[0]!.mean),
    )
    expect(reds[0]).toBeGreaterThan(reds[1]!)
    expect(reds[1]).toBeGreaterThan(reds[2]!)
  })

  it('from a zip of frames with animation.json, with delays edited when posted', async () => {
    const zip = zipSync({
      '1.png': new Uint8Array(await frame(10)),
      '2.png': new Uint8Array(await frame(20)),
      '10.png': new Uint8Array(await frame(30)),
      'animation.json': new TextEncoder().encode(
        JSON.stringify({
          frames: [
            { file: '1.png', delay: 40 },
            { file: '2.png', delay: 60 },
            { file: '10.png', delay: 80 },
          ],
        }),
      ),
    })
    const upload = await uploaded(await uploadUgoira(Buffer.from(zip), 'frames.zip', 'application/zip'))
    // frames in the order of their names as numbers: 1, 2, 10
    expect(upload.frame_delays).toEqual([40, 60, 80])
    const ugoira = await illustOf(
      await post({
        title: 'Edited delays',
        type: 'ugoira',
        upload_ids: [String(upload.id)],
        frame_delays: ['50', '70', '90'],
      }),
    )
    expect((await metadataOf(ugoira.id)).ugoira_metadata.frames.map((f) => f.delay)).toEqual([50, 70, 90])
    // an edit that names no delays keeps the ones it has (not the upload's)
    const edited = await app.post(
      '/v1/easel/illust/edit',
      formOf({ illust_id: String(ugoira.id), title: 'Retitled', type: 'ugoira', upload_ids: [String(upload.id)] }),
      author,
    )
    expect((await illustOf(edited)).title).toBe('Retitled')
    expect((await metadataOf(ugoira.id)).ugoira_metadata.frames.map((f) => f.delay)).toEqual([50, 70, 90])
  })

  it('is refused when it is not one ugoira upload with a delay for each frame', async () => {
    const ugoira = await uploaded(await uploadUgoira(await animatedGif([100, 100]), 'a.gif', 'image/gif'))
    const page = await upload(await png(1, 2, 3))
    await errorOf(await post({ title: 'x', type: 'ugoira', upload_ids: [String(page.id)] }), 400)
    await errorOf(await post({ title: 'x', type: 'manga', upload_ids: [String(ugoira.id), String(page.id)] }), 400)
    await errorOf(
      await post({ title: 'x', type: 'ugoira', upload_ids: [String(ugoira.id)], frame_delays: ['100'] }),
      400,
    )
    await errorOf(
      await post({ title: 'x', type: 'ugoira', upload_ids: [String(ugoira.id)], frame_delays: ['5', '100'] }),
      400,
    )
    await errorOf(await post({ title: 'x', type: 'illust', upload_ids: [String(page.id)], frame_delays: ['100'] }), 400)
  })
})

describe('hostile ugoira uploads: each refused with the error body, nothing stored', () => {
  let before: string[]
  beforeAll(async () => {
    before = await stored()
  })
  const refused = async (bytes: Uint8Array, name: string, type = 'application/zip') => {
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), name)
    form.append('kind', 'ugoira')
    const error = await errorOf(await app.fetch('/v1/easel/upload', { method: 'POST', body: form, token: author }), 400)
    expect(await stored()).toEqual(before)
    return String(error.user_message)
  }
  const tiny = () =>
    sharp({ create: { width: 8, height: 8, channels: 3, background: '#abc' } })
      .png()
      .toBuffer()

  it('a zip bomb: entries that would inflate past the limit are refused before any is inflated', async () => {
    // 300 MB of zeros deflate to about 300 KB
    const bomb = zipSync({ 'a.png': new Uint8Array(300 * 1024 * 1024) }, { level: 9 })
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024)
    expect(await refused(bomb, 'bomb.zip')).toMatch(/more than 200 MB/)
  })

  it('path-traversing and other non-plain names in the zip', async () => {
    const frame = new Uint8Array(await tiny())
    for (const name of ['../evil.png', 'dir/../../evil.png', '/abs.png', '..\\evil.png', '.hidden.png', 'frames/1.png'])
      expect(await refused(zipSync({ [name]: frame, '2.png': frame }), 'frames.zip')).toMatch(/plain name/)
  })

  it('frames that are not images, a still image, and too many frames', async () => {
    expect(
      await refused(
        zipSync({ '1.png': new TextEncoder().encode('<svg/>'), '2.png': new Uint8Array(await tiny()) }),
        'f.zip',
      ),
    ).toMatch(/not a JPEG or PNG/)
    expect(await refused(await tiny(), 'still.png', 'image/png')).toMatch(/at least two frames/)
    const many: Record<string, Uint8Array> = {}
    const f = new Uint8Array(await tiny())
    for (let i = 0; i < 302; i++) many[`${i}.png`] = f
    expect(await refused(zipSync(many), 'many.zip')).toMatch(/at most 300 frames/)
  })
})

describe('a posted novel', () => {
  interface Novel {
    id: number
    title: string
    page_count: number
    text_length: number
    tags: { name: string }[]
    image_urls: { medium: string }
  }
  interface NovelText {
    novel_text: string
    images: Record<string, { urls: { original: string; '480mw': string } }>
  }
  const novelTag = `novel${process.pid}`
  const postNovel = (fields: Record<string, string | string[]>, token = author) =>
    app.post('/v1/easel/novel/add', formOf(fields), token)
  const novelOf = async (res: Response) => {
    expect(res.status, await res.clone().text()).toBe(200)
    return ((await res.json()) as { novel: Novel }).novel
  }
  let novel: Novel
  let image: { id: number }
  let cover: { id: number }
  let text: string

  it('is posted with its chapter, ruby, a new page, an uploaded image and a cover', async () => {
    image = await upload(await png(200, 100, 50, 300, 200))
    cover = await upload(await png(20, 40, 200, 300, 420))
    text = `[chapter:はじまり]\n[[rb:漢字 > かんじ]]を読む。\n[newpage]\n二ページ目。\n[uploadedimage:${image.id}]`
    novel = await novelOf(
      await postNovel({
        title: '初めての小説',
        caption: '試し',
        text,
        tags: [novelTag],
        is_original: 'true',
        cover_upload_id: String(cover.id),
      }),
    )
    expect(novel.id).toBeGreaterThanOrEqual(FIRST_OWN_ITEM_ID)
    expect(novel).toMatchObject({ title: '初めての小説', page_count: 2, text_length: [...text].length })
    const read = await app.get<NovelText>(`/v1/novel/text?novel_id=${novel.id}`, other)
    expect(read.novel_text).toBe(text)
    const embedded = read.images[String(image.id)]!
    const original = await app.fetch(embedded.urls.original)
    expect(original.status).toBe(200)
    expect((await sharp(Buffer.from(await original.arrayBuffer())).metadata()).width).toBe(300)
    expect((await app.fetch(novel.image_urls.medium)).status).toBe(200)
    expect(await app.get(`/v1/easel/novel/source?novel_id=${novel.id}`, author)).toEqual({
      text,
      cover_upload_id: cover.id,
    })
  })

  it('is at once in the profile, the newest, search by its tag and a follower’s feed', async () => {
    const ids = (list: { id: number }[]) => list.map((x) => x.id)
    expect(ids((await app.get<{ novels: Novel[] }>(`/v1/user/novels?user_id=${authorId}`, other)).novels)).toContain(
      novel.id,
    )
    expect(ids((await app.get<{ novels: Novel[] }>('/v1/novel/new', other)).novels)).toContain(novel.id)
    const found = await app.get<{ novels: Novel[] }>(
      `/v1/search/novel?word=${encodeURIComponent(novelTag)}&search_target=exact_match_for_tags`,
      other,
    )
    expect(ids(found.novels)).toEqual([novel.id])
    expect(ids((await app.get<{ novels: Novel[] }>('/v1/novel/follow?restrict=public', follower)).novels)[0]).toBe(
      novel.id,
    )
  })

  it('nobody else edits, deletes or reads its source, or takes its uploads', async () => {
    const fields = { novel_id: String(novel.id), title: 'Mine now', text: 'x' }
    await errorOf(await app.post('/v1/easel/novel/edit', formOf(fields), other), 404)
    await errorOf(await app.post('/v1/easel/novel/delete', { novel_id: String(novel.id) }, other), 404)
    await errorOf(await app.fetch(`/v1/easel/novel/source?novel_id=${novel.id}`, { token: other }), 404)
    await errorOf(await postNovel({ title: 'Stolen', text: `[uploadedimage:${image.id}]` }, other), 400)
    await errorOf(await postNovel({ title: 'Stolen', text: 'x', cover_upload_id: String(cover.id) }, other), 400)
    // a demo novel is nobody's to edit here
    await errorOf(await app.post('/v1/easel/novel/edit', formOf({ novel_id: '1', title: 'x', text: 'x' }), author), 404)
  })

  it('is edited by its author: an image it no longer names leaves storage', async () => {
    const before = await stored()
    const edited = await novelOf(
      await app.post(
        '/v1/easel/novel/edit',
        formOf({
          novel_id: String(novel.id),
          title: '改題',
          text: '一ページだけ。',
          cover_upload_id: String(cover.id),
        }),
        author,
      ),
    )
    expect(edited).toMatchObject({ id: novel.id, title: '改題', page_count: 1 })
    expect(await stored()).toHaveLength(before.length - 1)
    const read = await app.get<NovelText>(`/v1/novel/text?novel_id=${novel.id}`, other)
    expect(read.images).toEqual({})
    expect(read.novel_text).toBe('一ページだけ。') // the text read before the edit is not answered again
  })

  it('is deleted by its author: gone, its cover 404, its files gone', async () => {
    const coverUrl = (await app.get<{ novel: Novel }>(`/v2/novel/detail?novel_id=${novel.id}`, author)).novel.image_urls
      .medium
    const before = await stored()
    expect((await app.post('/v1/easel/novel/delete', { novel_id: String(novel.id) }, author)).status).toBe(200)
    await errorOf(await app.fetch(`/v2/novel/detail?novel_id=${novel.id}`, { token: author }), 404)
    expect((await app.fetch(coverUrl)).status).toBe(404)
    expect(await stored()).toHaveLength(before.length - 1)
  })

  it('refuses control characters in its text and a still image that is an ugoira', async () => {
    await errorOf(await postNovel({ title: 'x', text: 'a\u0007b' }), 400)
  })
})

describe('an account’s own avatar and background', () => {
  interface UserDetail {
    user: { profile_image_urls: { medium: string } }
    profile: { background_image_url: string | null; is_using_custom_profile_image: boolean }
  }
  const detail = () => app.get<UserDetail>(`/v1/user/detail?user_id=${authorId}`, other)
  const profileFiles = async () => {
    const keys: string[] = []
    for await (const o of storage.list('profiles/')) keys.push(o.key)
    return keys
  }
  const send = (bytes: Buffer, role: string, token = author) => {
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'me.jpg')
    form.append('role', role)
    return app.fetch('/v1/easel/profile/image', { method: 'POST', body: form, token })
  }

  it('an uploaded avatar is served at a new URL, without its metadata; taken away, the generated one again', async () => {
    const before = await detail()
    const photo = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#0a0' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneMaker' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '35/1 0/1 0/1' } })
      .toBuffer()
    expect((await send(photo, 'avatar')).status).toBe(200)
    const after = await detail()
    expect(after.user.profile_image_urls.medium).not.toBe(before.user.profile_image_urls.medium)
    expect(after.profile.is_using_custom_profile_image).toBe(true)
    const served = await app.fetch(after.user.profile_image_urls.medium)
    expect(served.status).toBe(200)
    const bytes = Buffer.from(await served.arrayBuffer())
    expect(bytes.includes('PhoneMaker')).toBe(false)
    const { dominant } = await sharp(bytes).stats()
    expect([dominant.r < 64, dominant.g > 128, dominant.b < 64]).toEqual([true, true, true])
    expect(await profileFiles()).toHaveLength(1)
    // a second avatar replaces the first, whose file leaves storage
    expect((await send(photo, 'avatar')).status).toBe(200)
    expect(await profileFiles()).toHaveLength(1)
    expect((await app.post('/v1/easel/profile/image/delete', { role: 'avatar' }, author)).status).toBe(200)
    const back = await detail()
    expect(back.profile.is_using_custom_profile_image).toBe(false)
    expect(back.user.profile_image_urls.medium).not.toBe(after.user.profile_image_urls.medium)
    expect((await app.fetch(back.user.profile_image_urls.medium)).status).toBe(200)
    expect((await app.fetch(after.user.profile_image_urls.medium)).status).toBe(404)
    expect(await profileFiles()).toHaveLength(0)
  })

  it('a background, and refusals: not an image, anonymous', async () => {
    const wide = await sharp({ create: { width: 800, height: 200, channels: 3, background: '#224' } })
      .jpeg()
      .toBuffer()
    expect((await send(wide, 'background')).status).toBe(200)
    const { profile } = await detail()
    expect(profile.background_image_url).toMatch(/^http/)
    const served = await app.fetch(profile.background_image_url!)
    expect(served.status).toBe(200)
    const { dominant } = await sharp(Buffer.from(await served.arrayBuffer())).stats()
    expect(dominant.b).toBeGreaterThan(dominant.r)
    // taken away: no background at all, as a new account has
    expect((await app.post('/v1/easel/profile/image/delete', { role: 'background' }, author)).status).toBe(200)
    expect((await detail()).profile.background_image_url).toBe('')
    await errorOf(await send(Buffer.from('<svg/>'), 'avatar'), 415)
    expect((await send(wide, 'avatar', '')).status).toBe(400)
    await errorOf(await send(wide, 'banner'), 400)
  })
})

describe('an account deleted', () => {
  it('takes its works, novels, files, bookmarks, comments, follows and sessions with it, after its password', async () => {
    const admin = await app.login('demo')
    const { code } = (await (await app.post('/v1/easel/invites/add', {}, admin)).json()) as { code: string }
    const made = await app.post('/v1/easel/signup', {
      account: `leaver${process.pid % 1000}`,
      name: 'Leaver',
      password: 'a long passphrase',
      invite: code,
    })
    expect(made.status).toBe(200)
    const { access_token: token, user } = (await made.json()) as { access_token: string; user: { id: string } }
    const me = Number(user.id)
    // what the account makes: a work, a novel, an avatar, a bookmark, a comment answered by another, a follow
    const page = await upload(await png(9, 99, 199), 'page.png', 'image/png', token)
    const work = await illustOf(await post({ title: 'Leaving', upload_ids: [String(page.id)] }, token))
    const novel = (await (await app.post('/v1/easel/novel/add', { title: 'Leaving', text: '本文' }, token)).json()) as {
      novel: { id: number }
    }
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(await png(1, 1, 1))], { type: 'image/png' }), 'me.png')
    form.append('role', 'avatar')
    expect((await app.fetch('/v1/easel/profile/image', { method: 'POST', body: form, token })).status).toBe(200)
    const target = (await app.get<{ illusts: { id: number }[] }>('/v1/illust/ranking?mode=day', other)).illusts[0]!.id
    const counts = async () => {
      const { illust } = await app.get<{ illust: { total_bookmarks: number; total_comments: number } }>(
        `/v1/illust/detail?illust_id=${target}`,
        other,
      )
      return { total_bookmarks: illust.total_bookmarks, total_comments: illust.total_comments }
    }
    const before = await counts()
    expect(
      (await app.post('/v2/illust/bookmark/add', { illust_id: String(target), restrict: 'public' }, token)).status,
    ).toBe(200)
    const comment = (await (
      await app.post('/v1/illust/comment/add', { illust_id: String(target), comment: 'bye' }, token)
    ).json()) as { comment: { id: number } }
    const reply = await app.post(
      '/v1/illust/comment/add',
      { illust_id: String(target), comment: 'see you', parent_comment_id: String(comment.comment.id) },
      other,
    )
    expect(reply.status).toBe(200)
    expect(
      (await app.post('/v1/user/follow/add', { user_id: String(authorId), restrict: 'public' }, token)).status,
    ).toBe(200)
    expect(await counts()).toEqual({
      total_bookmarks: before.total_bookmarks + 1,
      total_comments: before.total_comments + 2,
    })
    const images = [...originals(work), work.image_urls.square_medium]
    const storedBefore = (await stored()).length

    // a wrong password deletes nothing; the only admin cannot go
    await errorOf(await app.post('/v1/easel/account/delete', { password: 'not it' }, token), 400)
    expect((await app.fetch(`/v1/illust/detail?illust_id=${work.id}`, { token: other })).status).toBe(200)
    await errorOf(await app.post('/v1/easel/account/delete', { password: 'demo' }, admin), 403)

    const gone = await app.post('/v1/easel/account/delete', { password: 'a long passphrase' }, token)
    expect(gone.status).toBe(200)
    expect((await app.fetch('/v1/easel/account', { token })).status).toBe(400)
    await errorOf(await app.fetch(`/v1/user/detail?user_id=${me}`, { token: other }), 404)
    await errorOf(await app.fetch(`/v1/illust/detail?illust_id=${work.id}`, { token: other }), 404)
    await errorOf(await app.fetch(`/v2/novel/detail?novel_id=${novel.novel.id}`, { token: other }), 404)
    for (const url of images) expect((await app.fetch(url)).status).toBe(404)
    expect((await stored()).length).toBe(storedBefore - 1)
    expect(await counts()).toEqual(before)
    const comments = await app.get<{ comments: { id: number }[] }>(`/v3/illust/comments?illust_id=${target}`, other)
    expect(comments.comments.map((c) => c.id)).not.toContain(comment.comment.id)
    const followers = await app.get<{ user_previews: { user: { id: number } }[] }>(
      `/v1/user/follower?user_id=${authorId}`,
      author,
    )
    expect(followers.user_previews.map((p) => p.user.id)).not.toContain(me)
  })
})

describe('series', () => {
  const ownSeries = (kind: 'illust' | 'novel', token = author) =>
    app.get<{ series: { id: number; title: string; count: number }[] }>(`/v1/easel/series?kind=${kind}`, token)

  it('a work starts a new series or joins one of its author’s own, which their series list offers; not another’s', async () => {
    const first = await illustOf(
      await post({
        title: 'Part 1',
        series_title: 'Seasons',
        upload_ids: [String((await upload(await png(1, 2, 3))).id)],
      }),
    )
    const series = (first as unknown as { series: { id: number; title: string } }).series
    expect(series).toMatchObject({ title: 'Seasons' })
    const second = await illustOf(
      await post({
        title: 'Part 2',
        series_id: String(series.id),
        upload_ids: [String((await upload(await png(3, 2, 1))).id)],
      }),
    )
    expect((second as unknown as { series: { id: number } }).series.id).toBe(series.id)
    expect((await ownSeries('illust')).series[0]).toEqual({ id: series.id, title: 'Seasons', count: 2 })
    // the series is the author's alone to offer and to join
    expect((await ownSeries('illust', other)).series.map((s) => s.id)).not.toContain(series.id)
    const stolen = await post(
      {
        title: 'Intruder',
        series_id: String(series.id),
        upload_ids: [String((await upload(await png(9, 9, 9), 'p.png', 'image/png', other)).id)],
      },
      other,
    )
    await errorOf(stolen, 400)
    expect((await ownSeries('illust')).series[0]!.count).toBe(2)
    expect((await app.fetch('/v1/easel/series?kind=illust')).status).toBe(400)
    await errorOf(await app.fetch('/v1/easel/series?kind=manga', { token: author }), 400)
  })

  it('a novel starts or joins a novel series likewise', async () => {
    const res = await app.post(
      '/v1/easel/novel/add',
      { title: 'Chapter 1', text: '本文', series_title: 'Saga' },
      author,
    )
    expect(res.status, await res.clone().text()).toBe(200)
    const { novel } = (await res.json()) as { novel: { series: { id: number; title: string } } }
    expect(novel.series).toMatchObject({ title: 'Saga' })
    const next = await app.post(
      '/v1/easel/novel/add',
      { title: 'Chapter 2', text: '続き', series_id: String(novel.series.id) },
      author,
    )
    expect(next.status).toBe(200)
    expect((await ownSeries('novel')).series[0]).toEqual({ id: novel.series.id, title: 'Saga', count: 2 })
  })
})
