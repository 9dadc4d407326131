import { createHash, randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { crc32 } from 'node:zlib'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort, startServiceProcess, type ServiceProcess } from '../testing/service-process.ts'
import { pathDate } from './paths.ts'

// An imported work's original is streamed from the disk: a 50 MB file is served byte for byte while the service's
// resident memory does not grow by its size (its peak, VmHWM, read from /proc), and byte ranges are answered with 206.

const MB = 1024 ** 2
const SIZE = 50 * MB
const CREATED = '2025-03-01T12:34:56+09:00'

/** A valid PNG of `bytes` bytes: a small image followed by a private ancillary chunk of random bytes (after IDAT). */
async function bigPng(bytes: number): Promise<Buffer> {
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer()
  const iend = png.subarray(png.length - 12)
  const size = bytes - png.length - 12
  const chunk = Buffer.alloc(size + 12)
  chunk.writeUInt32BE(size, 0)
  chunk.write('prVt', 4, 'latin1')
  randomBytes(size).copy(chunk, 8)
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + size)) >>> 0, 8 + size)
  return Buffer.concat([png.subarray(0, png.length - 12), chunk, iend])
}

/** The peak resident memory of a process, in bytes (VmHWM); reset first where the kernel allows it. */
const peakRss = (pid: number) =>
  Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024
const currentRss = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024

let dir: string
let original: Buffer
let service: ServiceProcess
let url: string

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'easel-stream-'))
  const lib = path.join(dir, 'lib')
  mkdirSync(path.join(lib, 'pixiv/77 big'), { recursive: true })
  original = await bigPng(SIZE)
  const file = path.join(lib, 'pixiv/77 big/901_p0.png')
  writeFileSync(file, original)
  writeFileSync(
    `${file}.json`,
    JSON.stringify({
      category: 'pixiv',
      id: 901,
      type: 'illust',
      title: 'big',
      user: { id: 77, name: 'Big', account: 'big' },
      create_date: CREATED,
      width: 64,
      height: 48,
      num: 0,
    }),
  )
  service = await startServiceProcess({
    dataDir: path.join(dir, 'data'),
    port: await freePort(),
    env: { LIBRARY_DIR: lib, OWNER_PASSWORD: 'pw' },
  })
  url = `${service.url}/img-original/img/${pathDate(Date.parse(CREATED) / 1000)}/901_p0.png`
}, 60_000)

afterAll(async () => {
  await service?.stop()
  rmSync(dir, { recursive: true, force: true })
})

describe('an imported original', () => {
  it('is streamed: 50 MB served byte for byte without the service holding it in memory', async () => {
    const pid = service.child.pid!
    // a first request warms up what every image request needs (the route, the catalogue's statements)
    await (await fetch(url.replace('901_p0.png', '901_p0.jpg'))).arrayBuffer()
    // what the service does after its start (its search thread, its first allocations) settles first
    for (let last = 0, i = 0; i < 40; i++) {
      await new Promise((r) => setTimeout(r, 250))
      const now = currentRss(pid)
      if (Math.abs(now - last) < MB / 2) break
      last = now
    }
    try {
      writeFileSync(`/proc/${pid}/clear_refs`, '5')
    } catch {
      // an older kernel: the peak since start
    }
    const before = Math.max(peakRss(pid), currentRss(pid))
    const res = await fetch(url)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-length')).toBe(String(SIZE))
    expect(res.headers.get('accept-ranges')).toBe('bytes')
    const hash = createHash('sha256')
    let received = 0
    // at a phone's pace (about 25 MB/s): a pause after each megabyte
    let sincePause = 0
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      hash.update(chunk)
      received += chunk.byteLength
      sincePause += chunk.byteLength
      if (sincePause >= MB) {
        sincePause = 0
        await new Promise((r) => setTimeout(r, 40))
      }
    }
    expect(received).toBe(SIZE)
    expect(hash.digest('hex')).toBe(createHash('sha256').update(original).digest('hex'))
    const grew = peakRss(pid) - before
    console.log(`service peak RSS grew by ${(grew / MB).toFixed(1)} MB serving a ${SIZE / MB} MB original`)
    // Streaming holds a few read buffers at a time; what the peak shows beyond that is their garbage before a
    // collection (some 10 to 20 MB whatever the file's size). Reading the whole file held all 50 MB at once.
    expect(grew).toBeLessThan(SIZE * 0.6)
  }, 60_000)

  it('answers a byte range with 206 and exactly those bytes, an unsatisfiable one with 416', async () => {
    const part = await fetch(url, { headers: { range: 'bytes=1000-1999' } })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${SIZE}`)
    expect(part.headers.get('content-length')).toBe('1000')
    expect(Buffer.from(await part.arrayBuffer())).toEqual(original.subarray(1000, 2000))
    const tail = await fetch(url, { headers: { range: 'bytes=-16' } })
    expect(tail.status).toBe(206)
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(original.subarray(SIZE - 16))
    const past = await fetch(url, { headers: { range: `bytes=${SIZE}-` } })
    expect(past.status).toBe(416)
    expect(past.headers.get('content-range')).toBe(`bytes */${SIZE}`)
    await past.arrayBuffer()
    // If-Range naming another version: the whole file
    const stale = await fetch(url, { headers: { range: 'bytes=0-9', 'if-range': '"not-this-one"' } })
    expect(stale.status).toBe(200)
    await stale.body?.cancel()
    // and the ETag still answers 304
    const etag = part.headers.get('etag')!
    expect((await fetch(url, { headers: { 'if-none-match': etag } })).status).toBe(304)
  }, 30_000)
})
