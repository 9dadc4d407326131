import { mkdtempSync, renameSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config.ts'
import { createLogger } from '../log.ts'
import { openServices } from '../server.ts'
import { createApp } from '../app.ts'
import type { Services } from '../context.ts'
import { prepareLibrary } from '../library/library-catalogue.ts'
import { writeGalleryDlArchive } from '../testing/gallery-dl-archive.ts'
import { LIBRARY_FIXTURE, writeLibraryFixture } from '../testing/library-fixture.ts'
import { accessTokenFor, openTestApp } from '../testing/harness.ts'
import { newTestDatabase, testEngine } from '../testing/test-engine.ts'
import type { WireLibraryScan, WireLibraryStatus } from '../../api/wire-responses.ts'

// The library page's endpoints on a library catalogue: the owner's rescan (`POST /v1/easel/library/scan`) runs the
// same import as the watcher, one at a time, and the status reports its progress while it runs. (The service's
// watcher is not started here: every scan in this file is one the tests asked for.) On both engines: on PostgreSQL
// the library is imported into an empty database of its own.

let dir: string
let lib: string
let services: Services
let app: ReturnType<typeof createApp>
let owner: string
let stranger: string

const req = (p: string, token?: string, init: RequestInit = {}) =>
  Promise.resolve(
    app.request(new URL(p, 'http://easel.test'), {
      ...init,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    }),
  )
const status = async () => {
  const res = await req('/v1/easel/library', owner)
  expect(res.status).toBe(200)
  return ((await res.json()) as WireLibraryStatus).library!
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const scan = async (token = owner) => {
  const res = await req('/v1/easel/library/scan', token, { method: 'POST' })
  return { status: res.status, body: (await res.json()) as WireLibraryScan }
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'easel-library-scan-'))
  lib = path.join(dir, 'gallery-dl')
  await writeLibraryFixture(lib)
  const config = loadConfig({
    DATA_DIR: path.join(dir, 'data'),
    LIBRARY_DIR: lib,
    OWNER_PASSWORD: 'pw',
    LOG_LEVEL: 'silent',
    RATE_LIMIT: '0',
    SEARCH_WORKERS: '0',
    ...(testEngine() === 'postgres'
      ? { DATABASE_URL: newTestDatabase({ empty: true }), TOKEN_SECRET: 'ab'.repeat(32) }
      : {}),
  })
  const log = createLogger('silent')
  // the start-up scan: startServer's on SQLite, openServices' own on PostgreSQL
  if (!config.databaseUrl) await prepareLibrary(config, log)
  services = await openServices(config, log)
  app = createApp(services, log)
  const res = await req('/auth/token', undefined, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'password', username: 'owner', password: 'pw' }),
  })
  owner = ((await res.json()) as { access_token: string }).access_token
  // an imported artist: a user of the catalogue, not its owner
  stranger = await accessTokenFor(services, 1000)
})

afterAll(async () => {
  if (services) {
    await services.caches.bus.close()
    await services.searches.close()
    await services.closeCatalogue()
  }
  rmSync(dir, { recursive: true, force: true })
})

const lastScan = async () => (await services.repos.catalogue.meta()).library_last_scan

describe('the library scan endpoint', () => {
  it('is the owner’s: another signed-in user gets 403, no token the App API’s 400', async () => {
    const before = await lastScan()
    expect((await scan(stranger)).status).toBe(403)
    expect((await req('/v1/easel/library', stranger)).status).toBe(403)
    expect((await req('/v1/easel/library/scan', undefined, { method: 'POST' })).status).toBe(400)
    expect(services.library!.status().running).toBe(false)
    expect(await lastScan()).toBe(before)
  })

  it('before any rescan, the status reports the start-up scan and the counts per kind', async () => {
    const s = await status()
    expect(s.counts).toEqual(LIBRARY_FIXTURE.counts)
    expect(s.scan).toEqual({ running: false, done: 0, total: 0, started_at: null, error: null })
    expect(s.skipped).toEqual([{ path: LIBRARY_FIXTURE.bad.sidecar, reason: expect.stringMatching(/^truncated JSON/) }])
  })

  it('imports works added since, reporting progress while it runs; a second request starts no second scan', async () => {
    const added = 40
    await writeGalleryDlArchive(lib, added, 130_000_000)
    const first = await scan()
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ started: true, scan: { running: true, done: 0 } })
    expect(first.body.scan.started_at).toBeGreaterThan(Date.now() / 1000 - 60)
    const second = await scan()
    expect(second.body).toMatchObject({
      started: false,
      scan: { running: true, started_at: first.body.scan.started_at },
    })

    // the page's polling: every answer while it runs, until it has ended
    const seen: { done: number; total: number }[] = []
    for (let s = await status(); ; s = await status()) {
      if (!s.scan.running) {
        const found = added + 3 // the fixture's three works and the added ones
        expect(s.scan).toMatchObject({ done: found, total: found, started_at: first.body.scan.started_at })
        break
      }
      seen.push({ done: s.scan.done, total: s.scan.total })
      await sleep(1)
    }
    expect(
      seen.some((p) => p.done > 0 && p.done < p.total),
      JSON.stringify(seen),
    ).toBe(true)

    // one scan ran: it imported every added work (a second one after it would have found nothing new)
    const s = await status()
    expect(s.last_scan).toMatchObject({ imported: added, unchanged: 3, removed: 0 })
    expect(s.last_scan.at).toBeGreaterThanOrEqual(first.body.scan.started_at!)
    const manga = Math.ceil(added / 7) // writeGalleryDlArchive: every 7th work a manga
    expect(s.counts).toEqual({ illust: 1 + added - manga, manga: 1 + manga, ugoira: 1, novel: 0 })
    // and what it imported is served
    const detail = await req('/v1/illust/detail?illust_id=130000001', owner)
    expect(detail.status).toBe(200)
  })

  it('once a scan has ended, the next request starts a new one', async () => {
    const { body } = await scan()
    expect(body.started).toBe(true)
    while ((await status()).scan.running) await sleep(5)
    expect((await status()).last_scan).toMatchObject({ imported: 0, updated: 0, removed: 0 })
  })

  it('a scan that cannot read the library folder says why in the status, and changes nothing', async () => {
    const before = await status()
    const away = `${lib}-away`
    renameSync(lib, away)
    try {
      expect((await scan()).body.started).toBe(true)
      let s = await status()
      while (s.scan.running) s = await sleep(5).then(status)
      expect(s.scan.error).toMatch(/does not exist or cannot be read/)
      expect(s.last_scan).toEqual(before.last_scan)
      expect(s.counts).toEqual(before.counts)
    } finally {
      renameSync(away, lib)
    }
    expect((await scan()).body.started).toBe(true)
    let s = await status()
    while (s.scan.running) s = await sleep(5).then(status)
    expect(s.scan.error).toBeNull()
  })
})

it('on the demo catalogue there is no library to scan: 404, and the status says library: null', async () => {
  const demo = openTestApp()
  try {
    const token = await demo.login('demo')
    const res = await demo.fetch('/v1/easel/library/scan', { method: 'POST', token })
    expect(res.status).toBe(404)
    expect(((await res.json()) as { error: { user_message: string } }).error.user_message).toMatch(/no library/)
    expect(await demo.get('/v1/easel/library', token)).toEqual({ library: null })
  } finally {
    demo.close()
  }
})
