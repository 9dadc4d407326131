import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app.ts'
import { loadConfig, type Config } from '../config.ts'
import { importLibrary } from '../library/import.ts'
import { sqliteLibraryDb } from '../data/sqlite-library-db.ts'
import { libraryFilesDir, openLibraryCatalogue, prepareLibrary } from '../library/library-catalogue.ts'
import { createLogger } from '../log.ts'
import { createServices } from '../server.ts'
import { startTestS3 } from '../testing/s3-server.ts'
import { openStorage, parseStorageUrl } from './storage-url.ts'

// The bucket holding copied originals goes away (the S3 server stops): an image that needs it is "unavailable for
// now" (503, the spec's error body, Retry-After), not an internal error, and /readyz takes the instance out of a
// balancer's rotation until the bucket answers again.

const owner = { username: 'owner', password: 'pw' }
const log = createLogger('silent')
const dirs: string[] = []
const tempDir = (name: string) => {
  const d = mkdtempSync(path.join(os.tmpdir(), `easel-unreachable-${name}-`))
  dirs.push(d)
  return d
}
let app: ReturnType<typeof createApp>
let close = () => {}

beforeAll(async () => {
  const s3 = await startTestS3()
  const storage: Config['storage'] = parseStorageUrl(s3.url('library'), '')
  const archive = tempDir('archive')
  const folder = path.join(archive, 'pixiv', '93 sharer')
  mkdirSync(folder, { recursive: true })
  const file = path.join(folder, '901_p0.png')
  writeFileSync(
    file,
    await sharp({ create: { width: 64, height: 48, channels: 3, background: '#369' } })
      .png()
      .toBuffer(),
  )
  writeFileSync(
    `${file}.json`,
    JSON.stringify({
      category: 'pixiv',
      id: 901,
      type: 'illust',
      title: 'gone',
      user: { id: 93, name: 'Sharer', account: 'sharer' },
      tags: ['共有'],
      create_date: '2025-05-06T07:08:09+09:00',
      width: 64,
      height: 48,
      num: 0,
    }),
  )
  const dataDir = tempDir('data')
  const catalogue = openLibraryCatalogue({ dataDir, owner }, log, { forImport: true })
  try {
    const report = await importLibrary(sqliteLibraryDb(catalogue.db), archive, {
      copy: true,
      copyDir: libraryFilesDir(dataDir),
      storage: openStorage(storage),
    })
    expect(report.imported).toBe(1)
  } finally {
    catalogue.close()
  }
  rmSync(archive, { recursive: true, force: true })
  // the bucket holds the only copy of the original; now it goes away
  await s3.close()

  const config: Config = {
    ...loadConfig({ DATA_DIR: dataDir, LIBRARY_DIR: tempDir('empty'), LOG_LEVEL: 'silent', RATE_LIMIT: '0' }),
    owner,
    storage,
    search: { workers: 0, queue: 4, timeoutMs: 2000 },
  }
  await prepareLibrary(config, log)
  const services = createServices(config, log)
  app = createApp(services, log)
  close = () => services.store.close()
}, 60_000)
afterAll(() => {
  close()
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

const get = (p: string, headers: Record<string, string> = {}) =>
  app.request(new URL(p, 'http://easel.test'), { headers })

async function imageUrls() {
  const auth = await app.request('http://easel.test/auth/token', {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'password', username: 'owner', password: 'pw' }),
  })
  const token = ((await auth.json()) as { access_token: string }).access_token
  const r = await get('/v1/illust/detail?illust_id=901', { authorization: `Bearer ${token}` })
  expect(r.status).toBe(200)
  const { illust } = (await r.json()) as {
    illust: { meta_single_page: { original_image_url: string }; image_urls: { square_medium: string } }
  }
  return [
    new URL(illust.meta_single_page.original_image_url).pathname,
    new URL(illust.image_urls.square_medium).pathname,
  ]
}

describe('when the storage bucket is unreachable', () => {
  it('an image that needs it answers 503 with the error body and Retry-After, not 500', async () => {
    for (const url of await imageUrls()) {
      const r = await get(url)
      expect(r.status, url).toBe(503)
      expect(r.headers.get('content-type')).toMatch(/^application\/json/)
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0)
      const body = (await r.json()) as { error: { message: string; user_message: string } }
      expect(body.error.message).toBe('Storage unavailable')
      expect(body.error.user_message).toBe('')
    }
  }, 30_000)

  it('/readyz says not ready, naming the storage; /healthz still says alive', async () => {
    const ready = await get('/readyz')
    expect(ready.status).toBe(503)
    expect(await ready.json()).toMatchObject({ status: 'unavailable', reason: 'storage' })
    expect((await get('/healthz')).status).toBe(200)
  }, 30_000)
})
