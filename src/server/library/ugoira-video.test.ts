import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { crc32 } from 'node:zlib'
import { unzipSync } from 'fflate'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config.ts'
import { createLogger } from '../log.ts'
import { createServices } from '../server.ts'
import { createApp } from '../app.ts'
import { prepareLibrary } from './library-catalogue.ts'
import { readVideo } from './video.ts'
import { Skip } from './archive.ts'

// An ugoira converted by gallery-dl's ugoira post-processor (`{id}_p0.webm` by default; mp4, mkv, gif, apng, webp by
// its `extension` option), its sidecar holding `frames`: imported as the video or animation it is. A video is served
// byte for byte with ranges and named by the item's `easel_video`; its frames are not available (an error body from
// /v1/ugoira/metadata) and a neutral poster stands for its images. An animation's frames, zips and thumbnails are
// rendered from it. The videos are real ones (fixtures/README.md says how they were made).

const FIXTURES = path.join(import.meta.dirname, 'fixtures')
const WEBM = readFileSync(path.join(FIXTURES, 'ugoira-64x48.webm'))
const MP4 = readFileSync(path.join(FIXTURES, 'ugoira-64x48.mp4'))

const USER = { id: 88, name: 'Animator', account: 'animator' }
const CREATED = '2025-04-02T10:20:30+09:00'
const FRAMES = [
  { file: '000000.jpg', delay: 50 },
  { file: '000001.jpg', delay: 70 },
  { file: '000002.jpg', delay: 90 },
]

function sidecar(id: number, extension: string, extra: Record<string, unknown> = {}) {
  return {
    category: 'pixiv',
    subcategory: 'artworks',
    id,
    type: 'ugoira',
    title: `ugoira ${id}`,
    caption: '',
    restrict: 0,
    x_restrict: 0,
    user: USER,
    tags: ['うごイラ'],
    create_date: CREATED,
    page_count: 1,
    width: 640,
    height: 480,
    num: 0,
    extension,
    frames: FRAMES,
    ...extra,
  }
}

const COLORS = ['#ff0000', '#00ff00', '#0000ff'] as const
const solid = (c: string, w = 20, h = 10) =>
  sharp({ create: { width: w, height: h, channels: 4, background: c } })
    .png()
    .toBuffer()

/** An APNG built chunk by chunk (sharp writes none): a red 20×10 frame, then a 10×10 green one over its right half. */
async function apng(): Promise<Buffer> {
  const chunk = (type: string, body: Buffer) => {
    const b = Buffer.alloc(12 + body.length)
    b.writeUInt32BE(body.length, 0)
    b.write(type, 4, 'latin1')
    body.copy(b, 8)
    b.writeUInt32BE(crc32(b.subarray(4, 8 + body.length)) >>> 0, 8 + body.length)
    return b
  }
  const idat = (png: Buffer) => {
    const out: Buffer[] = []
    for (let i = 8; i < png.length;) {
      const len = png.readUInt32BE(i)
      if (png.toString('latin1', i + 4, i + 8) === 'IDAT') out.push(png.subarray(i + 8, i + 8 + len))
      i += 12 + len
    }
    return Buffer.concat(out)
  }
  const first = await solid(COLORS[0])
  const second = await solid(COLORS[1], 10, 10)
  const actl = Buffer.alloc(8)
  actl.writeUInt32BE(2, 0)
  const fctl = (seq: number, w: number, x: number, delayMs: number) => {
    const b = Buffer.alloc(26)
    b.writeUInt32BE(seq, 0)
    b.writeUInt32BE(w, 4)
    b.writeUInt32BE(10, 8)
    b.writeUInt32BE(x, 12)
    b.writeUInt16BE(delayMs, 20)
    b.writeUInt16BE(1000, 22)
    b[25] = 1 // blend over
    return chunk('fcTL', b)
  }
  const seq = Buffer.alloc(4)
  seq.writeUInt32BE(2)
  return Buffer.concat([
    first.subarray(0, 33), // signature and IHDR (20×10 RGBA)
    chunk('acTL', actl),
    fctl(0, 20, 0, 40),
    chunk('IDAT', idat(first)),
    fctl(1, 10, 10, 60),
    chunk('fdAT', Buffer.concat([seq, idat(second)])),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

let dir: string
let lib: string
let app: ReturnType<typeof createApp>
let close: () => void
let auth: { headers: { authorization: string } }
const req = (p: string, init?: RequestInit) => Promise.resolve(app.request(new URL(p, 'http://easel.test'), init))
const json = async (p: string) => (await (await req(p, auth)).json()) as any
const pixel = async (bytes: ArrayBuffer | Buffer, x = 0, y = 0) => {
  const { data, info } = await sharp(Buffer.from(bytes as ArrayBuffer))
    .raw()
    .toBuffer({ resolveWithObject: true })
  const i = (y * info.width + x) * info.channels
  return [data[i]!, data[i + 1]!, data[i + 2]!]
}
const near = (got: number[], want: number[]) => got.every((v, i) => Math.abs(v - want[i]!) < 40)

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'easel-ugoira-video-'))
  lib = path.join(dir, 'gallery-dl')
  const u = path.join(lib, 'pixiv', '88 animator')
  mkdirSync(u, { recursive: true })
  const put = (name: string, data: Buffer, meta: object) => {
    writeFileSync(path.join(u, name), data)
    writeFileSync(path.join(u, `${name}.json`), JSON.stringify(meta, null, 4))
  }
  const frames = await Promise.all(COLORS.map((c) => solid(c)))
  put('601_p0.webm', WEBM, sidecar(601, 'webm'))
  put('602_p0.mp4', MP4, sidecar(602, 'mp4'))
  put(
    '603_p0.gif',
    await sharp(frames, { join: { animated: true } })
      .gif({ delay: [40, 60, 80], loop: 0 })
      .toBuffer(),
    sidecar(603, 'gif'),
  )
  // a file with one frame more than pixiv's `frames` (ffmpeg may resample): the file's own delays are used
  put(
    '604_p0.webp',
    await sharp([...frames, await solid('#ffffff')], { join: { animated: true } })
      .webp({ delay: [40, 60, 80, 80], loop: 0, lossless: true })
      .toBuffer(),
    sidecar(604, 'webp'),
  )
  put('605_p0.apng', await apng(), sidecar(605, 'apng', { frames: FRAMES.slice(0, 2) }))
  // a video whose header was cut off, and an HTML page saved as .webm: report lines, nothing partial
  put('606_p0.webm', WEBM.subarray(0, 40), sidecar(606, 'webm'))
  put('607_p0.webm', Buffer.from('<html>not a video</html>'), sidecar(607, 'webm'))

  const config = {
    ...loadConfig({ DATA_DIR: path.join(dir, 'data'), LIBRARY_DIR: lib, LOG_LEVEL: 'silent', RATE_LIMIT: '0' }),
    owner: { username: 'owner', password: 'pw' },
    search: { workers: 0, queue: 4, timeoutMs: 2000 },
  }
  const log = createLogger('silent')
  const report = await prepareLibrary(config, log)
  expect(report).toMatchObject({ imported: 5 })
  expect(Object.fromEntries(report!.skipped.map((s) => [path.basename(s.path), s.reason]))).toEqual({
    '606_p0.webm': expect.stringMatching(/work 606 not imported: 606_p0.webm: no video track/),
    '607_p0.webm': expect.stringMatching(/work 607 not imported: 607_p0.webm is not a WebM, Matroska or MP4 video/),
  })
  const services = createServices(config, log)
  close = () => services.store.close()
  app = createApp(services, log)
  const token = await req('/auth/token', {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'password', username: 'owner', password: 'pw' }),
  }).then(async (r) => ((await r.json()) as { access_token: string }).access_token)
  auth = { headers: { authorization: `Bearer ${token}` } }
})

afterAll(() => {
  close?.()
  rmSync(dir, { recursive: true, force: true })
})

describe('reading a video container', () => {
  it('reads the picture size of WebM, Matroska and MP4 (moov before or after the media) from the header', async () => {
    const file = (name: string, data: Buffer) => {
      const f = path.join(dir, name)
      writeFileSync(f, data)
      return f
    }
    expect(await readVideo(file('a.webm', WEBM))).toEqual({ container: 'webm', width: 64, height: 48 })
    expect(await readVideo(file('a.mp4', MP4))).toEqual({ container: 'mp4', width: 64, height: 48 })
    // Matroska: the same file with the EBML header's DocType "matroska"
    const header = WEBM.subarray(5, 5 + (WEBM[4]! & 0x7f))
    const docType = Buffer.from([0x42, 0x82, 0x84, ...Buffer.from('webm')])
    const at = header.indexOf(docType)
    const mkvHeader = Buffer.concat([
      header.subarray(0, at),
      Buffer.from([0x42, 0x82, 0x88, ...Buffer.from('matroska')]),
      header.subarray(at + docType.length),
    ])
    const mkv = Buffer.concat([
      WEBM.subarray(0, 4),
      Buffer.from([0x80 | mkvHeader.length]),
      mkvHeader,
      WEBM.subarray(5 + header.length),
    ])
    expect(await readVideo(file('a.mkv', mkv))).toEqual({ container: 'mkv', width: 64, height: 48 })
    // ffmpeg's default MP4: the media first (a 2 MB box here), its moov at the end
    const ftypLen = MP4.readUInt32BE(0)
    const moovLen = MP4.readUInt32BE(ftypLen)
    const free = Buffer.alloc(2 * 1024 ** 2)
    free.writeUInt32BE(free.length, 0)
    free.write('free', 4, 'latin1')
    const tail = Buffer.concat([MP4.subarray(0, ftypLen), free, MP4.subarray(ftypLen, ftypLen + moovLen)])
    expect(await readVideo(file('b.mp4', tail))).toEqual({ container: 'mp4', width: 64, height: 48 })
    await expect(readVideo(file('c.mp4', MP4.subarray(0, 60)))).rejects.toBeInstanceOf(Skip)
  })
})

describe('an ugoira kept as a video', () => {
  it.each([
    [601, 'webm', 'video/webm', WEBM],
    [602, 'mp4', 'video/mp4', MP4],
  ])('work %i (%s): easel_video names the file, served byte for byte with ranges', async (id, ext, type, bytes) => {
    const { illust } = await json(`/v1/illust/detail?illust_id=${id}`)
    // the work keeps the size pixiv gave (the sidecar's); the video has its own
    expect(illust).toMatchObject({ type: 'ugoira', page_count: 1, width: 640, height: 480 })
    expect(illust.easel_video).toEqual({ url: expect.stringMatching(`_ugoira\\.${ext}$`), type, width: 64, height: 48 })
    const whole = await req(illust.easel_video.url)
    expect(whole.status).toBe(200)
    expect(whole.headers.get('content-type')).toBe(type)
    expect(whole.headers.get('accept-ranges')).toBe('bytes')
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(bytes)
    // Safari asks for the first two bytes before it plays anything
    const probe = await req(illust.easel_video.url, { headers: { range: 'bytes=0-1' } })
    expect(probe.status).toBe(206)
    expect(probe.headers.get('content-range')).toBe(`bytes 0-1/${bytes.length}`)
    expect(Buffer.from(await probe.arrayBuffer())).toEqual(bytes.subarray(0, 2))
    // lists carry it too (the grid's items are the same objects)
    const list = await json(`/v1/user/illusts?user_id=${USER.id}&type=illust`)
    const listed = list.illusts.find((w: { id: number }) => w.id === id)
    if (listed) expect(listed.easel_video).toEqual(illust.easel_video)
  })

  it('answers /v1/ugoira/metadata with an error body (no frames), and a neutral poster for its images', async () => {
    const res = await req('/v1/ugoira/metadata?illust_id=601', auth)
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      error: {
        user_message: 'This ugoira is kept as a webm video: its frames are not available.',
        message: 'ugoira frames not available',
        reason: '',
        user_message_details: {},
      },
    })
    // the web API's ugoira_meta (newer gallery-dl) too, in its own error envelope
    const ajax = await req('/ajax/illust/601/ugoira_meta', auth)
    expect(ajax.status).toBe(400)
    expect(await ajax.json()).toMatchObject({ error: true, body: [] })
    const { illust } = await json('/v1/illust/detail?illust_id=601')
    for (const url of [illust.image_urls.square_medium, illust.image_urls.medium, illust.image_urls.large]) {
      const r = await req(url)
      expect(r.status, url).toBe(200)
      expect(r.headers.get('content-type')).toBe('image/jpeg')
    }
    // the master fits the video's 4:3 within 1200×1200
    const large = await sharp(Buffer.from(await (await req(illust.image_urls.large)).arrayBuffer())).metadata()
    expect([large.width, large.height]).toEqual([64, 48])
    const poster = await req(illust.meta_single_page.original_image_url)
    expect(poster.status).toBe(200)
    // no zip for a video
    const zip = illust.meta_single_page.original_image_url.replace(
      /img-original(.*)_ugoira0\.jpg$/,
      'img-zip-ugoira$1_ugoira600x600.zip',
    )
    expect((await req(zip)).status).toBe(404)
  })
})

describe('an ugoira kept as an animation', () => {
  it('GIF: its frames with pixiv delays, the zips and frame originals rendered from the file', async () => {
    const meta = await json('/v1/ugoira/metadata?illust_id=603')
    expect(meta.ugoira_metadata.frames).toEqual(FRAMES)
    const { illust } = await json('/v1/illust/detail?illust_id=603')
    expect(illust.easel_video).toBeUndefined()
    for (const size of ['600x600', '1920x1080']) {
      const url = meta.ugoira_metadata.zip_urls.medium.replace('600x600', size)
      const zip = unzipSync(new Uint8Array(await (await req(url)).arrayBuffer()))
      expect(Object.keys(zip)).toEqual(['000000.jpg', '000001.jpg', '000002.jpg'])
      for (const [i, name] of ['000000.jpg', '000001.jpg', '000002.jpg'].entries())
        expect(
          near(
            await pixel(Buffer.from(zip[name]!)),
            [
              [255, 0, 0],
              [0, 255, 0],
              [0, 0, 255],
            ][i]!,
          ),
        ).toBe(true)
    }
    const second = await req(illust.meta_single_page.original_image_url.replace('_ugoira0.jpg', '_ugoira1.jpg'))
    expect(second.headers.get('content-type')).toBe('image/jpeg')
    expect(near(await pixel(await second.arrayBuffer()), [0, 255, 0])).toBe(true)
    // the thumbnails are the first frame
    expect(near(await pixel(await (await req(illust.image_urls.square_medium)).arrayBuffer()), [255, 0, 0])).toBe(true)
    // and the animation itself, as it is
    const own = await req(illust.meta_single_page.original_image_url.replace('_ugoira0.jpg', '_ugoira.gif'))
    expect(own.headers.get('content-type')).toBe('image/gif')
    expect(Buffer.from(await own.arrayBuffer())).toEqual(readFileSync(path.join(lib, 'pixiv/88 animator/603_p0.gif')))
  })

  it("WebP with a frame more than pixiv's: the file's own frames and delays", async () => {
    const meta = await json('/v1/ugoira/metadata?illust_id=604')
    expect(meta.ugoira_metadata.frames.map((f: { delay: number }) => f.delay)).toEqual([40, 60, 80, 80])
    const zip = unzipSync(new Uint8Array(await (await req(meta.ugoira_metadata.zip_urls.medium)).arrayBuffer()))
    expect(Object.keys(zip)).toHaveLength(4)
  })

  it('APNG: frames composited by their blend operation', async () => {
    const meta = await json('/v1/ugoira/metadata?illust_id=605')
    expect(meta.ugoira_metadata.frames).toEqual(FRAMES.slice(0, 2))
    const zip = unzipSync(new Uint8Array(await (await req(meta.ugoira_metadata.zip_urls.medium)).arrayBuffer()))
    const second = Buffer.from(zip['000001.jpg']!)
    // the second frame: the first's red on the left, its own green over the right half
    expect(near(await pixel(second, 2, 5), [255, 0, 0])).toBe(true)
    expect(near(await pixel(second, 17, 5), [0, 255, 0])).toBe(true)
  })
})
