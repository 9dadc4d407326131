import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app.ts'
import { loadConfig, type Config } from '../config.ts'
import { importLibrary } from '../library/import.ts'
import { sqliteLibraryDb } from '../data/sqlite-library-db.ts'
import {
  libraryCatalogueFile,
  libraryFilesDir,
  openLibraryCatalogue,
  prepareLibrary,
} from '../library/library-catalogue.ts'
import { createLogger } from '../log.ts'
import { createServices } from '../server.ts'
import { openTestApp, type TestApp } from '../testing/harness.ts'
import { startTestS3, type TestS3 } from '../testing/s3-server.ts'
import { openStorage, parseStorageUrl } from './storage-url.ts'

// Two instances with DATA_DIRs of their own and one STORAGE_URL (an S3-compatible server the test starts): what one
// renders or imports, the other serves, with the same bytes and the same answers a folder gives.

let s3: TestS3
const dirs: string[] = []
const tempDir = (name: string) => {
  const d = mkdtempSync(path.join(os.tmpdir(), `easel-shared-${name}-`))
  dirs.push(d)
  return d
}
beforeAll(async () => {
  s3 = await startTestS3()
}, 30_000)
afterAll(async () => {
  await s3.close()
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

/** the keys of the objects under `prefix` in the shared bucket */
const objects = async (storage: Config['storage'], prefix: string) => {
  const keys: string[] = []
  for await (const o of openStorage(storage).list(prefix)) keys.push(o.key)
  return keys.sort()
}

describe('rendered images in shared storage', () => {
  let a: TestApp
  let b: TestApp
  const storage = () => parseStorageUrl(s3.url('rendered'), '')
  beforeAll(() => {
    a = openTestApp({ storage: storage() })
    b = openTestApp({ storage: storage() })
  })
  afterAll(() => {
    a?.close()
    b?.close()
  })

  it('an image one instance rendered is served by another byte for byte, with the same ETag, without a render', async () => {
    expect(a.services.config.dataDir).not.toBe(b.services.config.dataDir)
    const token = await a.login('demo')
    const works = (await a.get<{ illusts: { image_urls: { medium: string } }[] }>('/v1/illust/new', token)).illusts
    const url = new URL(works[0]!.image_urls.medium).pathname
    expect(await objects(storage(), 'image-cache/')).toEqual([])

    const first = await a.fetch(url)
    expect(first.status).toBe(200)
    expect(first.headers.get('x-image-cache')).toBe('render')
    const bytes = Buffer.from(await first.arrayBuffer())
    const stored = await objects(storage(), 'image-cache/')
    expect(stored).toHaveLength(1)

    const second = await b.fetch(url)
    expect(second.status).toBe(200)
    // B read A's render from the bucket: it rendered nothing (a render would say so and store another object)
    expect(second.headers.get('x-image-cache')).toBe('disk')
    expect(await objects(storage(), 'image-cache/')).toEqual(stored)
    expect(Buffer.from(await second.arrayBuffer()).equals(bytes)).toBe(true)
    for (const h of ['etag', 'content-type', 'cache-control', 'content-length'])
      expect(second.headers.get(h), h).toBe(first.headers.get(h))
    expect(second.headers.get('cache-control')).toMatch(/immutable/)

    const revalidated = await b.fetch(url, { headers: { 'if-none-match': first.headers.get('etag')! } })
    expect(revalidated.status).toBe(304)
    expect(revalidated.headers.get('etag')).toBe(first.headers.get('etag'))
  })
})

describe('without STORAGE_URL', () => {
  it('keeps rendered images in DATA_DIR/image-cache as earlier versions did, so an existing cache is found', async () => {
    const app = openTestApp()
    try {
      const token = await app.login('demo')
      const works = (await app.get<{ illusts: { image_urls: { medium: string } }[] }>('/v1/illust/new', token)).illusts
      const url = new URL(works[1]!.image_urls.medium).pathname
      const first = await app.fetch(url)
      expect(first.headers.get('x-image-cache')).toBe('render')
      const etag = first.headers.get('etag')!.slice(1, -1)
      const folder = path.join(app.services.config.dataDir, 'image-cache', etag.slice(0, 2))
      const [file] = readdirSync(folder).filter((f) => f.startsWith(etag))
      expect(file).toMatch(/^[0-9a-f]{64}\.jpg$/)
      // what an earlier version left there is what is served (by another instance: not from this one's memory)
      writeFileSync(path.join(folder, file!), 'left by an earlier version')
      const other = openTestApp({ storage: { kind: 'file', root: app.services.config.dataDir } })
      try {
        const again = await other.fetch(url)
        expect(again.headers.get('x-image-cache')).toBe('disk')
        expect(await again.text()).toBe('left by an earlier version')
      } finally {
        other.close()
      }
    } finally {
      app.close()
    }
  })
})

describe('originals copied into shared storage (npm run import --copy)', () => {
  const owner = { username: 'owner', password: 'pw' }
  const log = createLogger('silent')
  let archive: string
  let original: Buffer
  /** instances serving the same imported catalogue: from the bucket (two) and from a folder (the reference) */
  const served: { s3: ServedLibrary[]; folder?: ServedLibrary } = { s3: [] }

  interface ServedLibrary {
    fetch(path: string, headers?: Record<string, string>, method?: string): Promise<Response>
    /** the work's original and square thumbnail paths, from the App API (as the owner) */
    urls(): Promise<{ original: string; square: string }>
    close(): void
  }

  const serve = async (dataDir: string, storageConfig: Config['storage']): Promise<ServedLibrary> => {
    const elsewhere = tempDir('empty-library')
    const config: Config = {
      ...loadConfig({ DATA_DIR: dataDir, LIBRARY_DIR: elsewhere, LOG_LEVEL: 'silent', RATE_LIMIT: '0' }),
      owner,
      storage: storageConfig,
      search: { workers: 0, queue: 4, timeoutMs: 2000 },
    }
    await prepareLibrary(config, log)
    const services = createServices(config, log)
    const app = createApp(services, log)
    const fetch = async (p: string, headers: Record<string, string> = {}, method = 'GET') =>
      app.request(new URL(p, 'http://easel.test'), { method, headers })
    return {
      fetch,
      async urls() {
        const auth = await app.request('http://easel.test/auth/token', {
          method: 'POST',
          body: new URLSearchParams({ grant_type: 'password', username: 'owner', password: 'pw' }),
        })
        const token = ((await auth.json()) as { access_token: string }).access_token
        const r = await fetch('/v1/illust/detail?illust_id=901', { authorization: `Bearer ${token}` })
        expect(r.status).toBe(200)
        const { illust } = (await r.json()) as {
          illust: { meta_single_page: { original_image_url: string }; image_urls: { square_medium: string } }
        }
        return {
          original: new URL(illust.meta_single_page.original_image_url).pathname,
          square: new URL(illust.image_urls.square_medium).pathname,
        }
      },
      close: () => services.store.close(),
    }
  }

  beforeAll(async () => {
    archive = tempDir('archive')
    const folder = path.join(archive, 'pixiv', '93 sharer')
    mkdirSync(folder, { recursive: true })
    // noise, so the PNG is some 100 KB and ranges fall inside it
    original = await sharp({
      create: {
        width: 200,
        height: 160,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png()
      .toBuffer()
    const file = path.join(folder, '901_p0.png')
    writeFileSync(file, original)
    writeFileSync(
      `${file}.json`,
      JSON.stringify({
        category: 'pixiv',
        id: 901,
        type: 'illust',
        title: 'shared',
        user: { id: 93, name: 'Sharer', account: 'sharer' },
        tags: ['共有'],
        create_date: '2025-05-06T07:08:09+09:00',
        width: 200,
        height: 160,
        num: 0,
      }),
    )
    const importInto = async (dataDir: string, storageConfig: Config['storage']) => {
      const store = openLibraryCatalogue({ dataDir, owner }, log, { forImport: true })
      try {
        const report = await importLibrary(sqliteLibraryDb(store.db), archive, {
          copy: true,
          copyDir: libraryFilesDir(dataDir),
          storage: openStorage(storageConfig),
        })
        expect(report.imported).toBe(1)
      } finally {
        store.close()
      }
    }
    const bucket = parseStorageUrl(s3.url('library'), '')
    // instance A imports into the bucket; B serves a copy of A's catalogue (as a shared database would be) with a
    // DATA_DIR of its own, once the archive and A's DATA_DIR are gone: the bucket is all that holds the file
    const dataA = tempDir('a')
    await importInto(dataA, bucket)
    const dataB = tempDir('b')
    copyFileSync(libraryCatalogueFile(dataA), libraryCatalogueFile(dataB))
    const dataC = tempDir('c')
    copyFileSync(libraryCatalogueFile(dataA), libraryCatalogueFile(dataC))
    // the reference: the same archive imported into a folder
    const dataFolder = tempDir('folder')
    await importInto(dataFolder, { kind: 'file', root: dataFolder })
    rmSync(archive, { recursive: true, force: true })
    rmSync(dataA, { recursive: true, force: true })
    expect(await objects(bucket, 'library-files/')).toHaveLength(1)
    served.s3.push(await serve(dataB, bucket), await serve(dataC, bucket))
    served.folder = await serve(dataFolder, { kind: 'file', root: dataFolder })
  }, 60_000)
  afterAll(() => {
    for (const s of [...served.s3, served.folder]) s?.close()
  })

  /** what a client sees of an answer */
  const answer = async (r: Response) => ({
    status: r.status,
    headers: Object.fromEntries(
      ['etag', 'cache-control', 'content-type', 'content-length', 'content-range', 'accept-ranges'].map((h) => [
        h,
        r.headers.get(h),
      ]),
    ),
    body: Buffer.from(await r.arrayBuffer()).toString('base64'),
  })

  it('is served by any instance, byte for byte, as a folder serves it: whole, in ranges, 304, HEAD, 416', async () => {
    const { original: url, square } = await served.s3[0]!.urls()
    expect((await served.folder!.urls()).original).toBe(url)
    const whole = await served.s3[0]!.fetch(url)
    expect(whole.status).toBe(200)
    expect(Buffer.from(await whole.arrayBuffer()).equals(original)).toBe(true)
    const etag = whole.headers.get('etag')!
    expect(whole.headers.get('cache-control')).toMatch(/immutable/)

    const size = original.byteLength
    const requests: [string, Record<string, string>][] = [
      ['GET', {}],
      ['GET', { range: 'bytes=0-99' }],
      ['GET', { range: `bytes=1000-${size + 500}` }],
      ['GET', { range: 'bytes=-300' }],
      ['GET', { range: 'bytes=5000-' }],
      ['GET', { range: `bytes=${size}-` }],
      ['GET', { range: 'bytes=10-20', 'if-range': etag }],
      ['GET', { range: 'bytes=10-20', 'if-range': '"another"' }],
      ['GET', { 'if-none-match': etag }],
      ['HEAD', {}],
      ['HEAD', { range: 'bytes=0-9' }],
    ]
    for (const [method, headers] of requests) {
      const what = `${method} ${JSON.stringify(headers)}`
      const reference = await answer(await served.folder!.fetch(url, headers, method))
      for (const s of served.s3) expect(await answer(await s.fetch(url, headers, method)), what).toEqual(reference)
    }
    // and the ranges are the bytes of the original
    const part = await served.s3[1]!.fetch(url, { range: 'bytes=1000-1999' })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${size}`)
    expect(Buffer.from(await part.arrayBuffer()).equals(original.subarray(1000, 2000))).toBe(true)
    // a derived size renders from the bucket's copy, as from the folder's
    const thumb = await served.s3[1]!.fetch(square)
    expect(thumb.status).toBe(200)
    expect(await answer(thumb)).toEqual(await answer(await served.folder!.fetch(square)))
  })
})
