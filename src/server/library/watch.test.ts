import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { loadConfig } from '../config.ts'
import { createLogger } from '../log.ts'
import { startServer, type RunningServer } from '../server.ts'
import { watchLibrary } from './watch.ts'
import { EXTERNAL_IMPORT_POLL_MS, importInto, openLibraryCatalogue } from './library-catalogue.ts'
import { sqliteLibraryDb } from '../data/sqlite-library-db.ts'

// LIBRARY_DIR is watched while the service runs: a work gallery-dl writes into it is found by search within 5 s, and
// a download still being written (its file there, its sidecar not yet) is not imported until it is complete.

const sidecar = (id: number, tag: string) => ({
  id,
  title: `watched ${id}`,
  type: 'illust',
  caption: '',
  restrict: 0,
  user: { id: 91, name: 'Watched', account: 'watched' },
  tags: [{ name: tag, translated_name: null }],
  create_date: '2025-05-05T10:00:00+09:00',
  page_count: 1,
  width: 16,
  height: 16,
  x_restrict: 0,
  num: 0,
  category: 'pixiv',
})

let dir: string
let lib: string
let running: RunningServer

const jpeg = () =>
  sharp({ create: { width: 16, height: 16, channels: 3, background: '#884422' } })
    .jpeg()
    .toBuffer()

async function found(tag: string): Promise<number[]> {
  const url = `${running.url}/v1/search/illust?word=${encodeURIComponent(tag)}&search_target=exact_match_for_tags`
  const body = (await (await fetch(url)).json()) as { illusts: { id: number }[] }
  return body.illusts.map((w) => w.id)
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'easel-watch-'))
  lib = path.join(dir, 'gallery-dl')
  mkdirSync(path.join(lib, 'pixiv', '91 watched'), { recursive: true })
  writeFileSync(path.join(lib, 'pixiv', '91 watched', '801_p0.jpg'), await jpeg())
  writeFileSync(path.join(lib, 'pixiv', '91 watched', '801_p0.jpg.json'), JSON.stringify(sidecar(801, 'first')))
  const config = loadConfig({
    DATA_DIR: path.join(dir, 'data'),
    LIBRARY_DIR: lib,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    RATE_LIMIT: '0',
    SEARCH_WORKERS: '1',
  })
  running = await startServer(config, createLogger('silent'))
})

afterAll(async () => {
  await running?.close()
  rmSync(dir, { recursive: true, force: true })
})

it('finds a work written into the library while it runs within 5 s, and not before its download is complete', async () => {
  expect(await found('first')).toEqual([801])
  expect(await found('arrived')).toEqual([])
  const folder = path.join(lib, 'pixiv', '91 watched')
  // the download in progress: part of the file, no sidecar yet
  const bytes = await jpeg()
  writeFileSync(path.join(folder, '802_p0.jpg'), bytes.subarray(0, 100))
  await new Promise((r) => setTimeout(r, 2000))
  expect(await found('arrived')).toEqual([])
  // complete: the whole file, then its sidecar (gallery-dl's order)
  const started = Date.now()
  writeFileSync(path.join(folder, '802_p0.jpg'), bytes)
  writeFileSync(path.join(folder, '802_p0.jpg.json'), JSON.stringify(sidecar(802, 'arrived')))
  let ids: number[] = []
  while (Date.now() - started < 5000 && ids.length === 0) {
    await new Promise((r) => setTimeout(r, 200))
    ids = await found('arrived')
  }
  expect(ids).toEqual([802])
  console.log(`found by search ${Date.now() - started} ms after its sidecar was written`)
  const detail = await fetch(`${running.url}/v1/illust/detail?illust_id=802`)
  expect(detail.status).toBe(200)
}, 20_000)

it('with DATA_DIR inside the library: its files are not the archive, and its writes start no rescan', async () => {
  const inside = path.join(dir, 'inside')
  const folder = path.join(inside, 'pixiv', '91 watched')
  mkdirSync(folder, { recursive: true })
  writeFileSync(path.join(folder, '901_p0.jpg'), await jpeg())
  writeFileSync(path.join(folder, '901_p0.jpg.json'), JSON.stringify(sidecar(901, 'inside')))
  const config = loadConfig({
    DATA_DIR: path.join(inside, 'easel-data'),
    LIBRARY_DIR: inside,
    OWNER_PASSWORD: 'pw',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    RATE_LIMIT: '0',
    SEARCH_WORKERS: '0',
  })
  const server = await startServer(config, createLogger('silent'))
  try {
    const lastScan = () =>
      JSON.parse(server.services.store!.meta().library_last_scan!) as { at: number; skipped: number }
    expect(lastScan().skipped).toBe(0)
    const scanned = server.services.store!.meta().library_last_scan
    // a write of the service's own (a sign-in stores its session) into DATA_DIR, inside the watched folder
    const res = await fetch(`${server.url}/auth/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'password', username: 'owner', password: 'pw' }),
    })
    expect(res.status).toBe(200)
    await new Promise((r) => setTimeout(r, 2500))
    expect(server.services.store!.meta().library_last_scan).toBe(scanned)
  } finally {
    await server.close()
  }
}, 20_000)

it('watches folders, not files: a library of 3,000 files in 10 folders costs about 10 watches, not 3,000', async () => {
  // inotify watches of this process (Linux: one `inotify wd:` line per watch in the fdinfo of its inotify fds)
  const watches = () => {
    let n = 0
    for (const fd of readdirSync('/proc/self/fdinfo'))
      try {
        n += (readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8').match(/^inotify wd:/gm) ?? []).length
      } catch {
        // an fd closed since the listing
      }
    return n
  }
  const big = path.join(dir, 'big')
  for (let d = 0; d < 10; d++) {
    const folder = path.join(big, `folder ${d}`)
    mkdirSync(folder, { recursive: true })
    for (let f = 0; f < 300; f++) writeFileSync(path.join(folder, `${d * 1000 + f}_p0.jpg`), 'x')
  }
  const before = watches()
  let rescans = 0
  const w = watchLibrary(big, async () => void rescans++, createLogger('silent'), { quietMs: 100 })
  await w.ready
  try {
    const added = watches() - before
    expect(added).toBeGreaterThanOrEqual(11)
    expect(added).toBeLessThan(50)
    // and a file written into one of them is still seen
    writeFileSync(path.join(big, 'folder 3', '99_p0.jpg'), 'y')
    const started = Date.now()
    while (rescans === 0 && Date.now() - started < 5000) await new Promise((r) => setTimeout(r, 50))
    expect(rescans).toBe(1)
  } finally {
    w.close()
  }
})

it('forgets what it served of a work another process imported anew (npm run import into its DATA_DIR)', async () => {
  const title = async () =>
    ((await (await fetch(`${running.url}/v1/illust/detail?illust_id=801`)).json()) as { illust: { title: string } })
      .illust.title
  expect(await title()).toBe('watched 801') // now in the service's item cache
  // another folder holding the same work with a new title, imported by another connection (as the CLI does)
  const other = path.join(dir, 'elsewhere', 'pixiv', '91 watched')
  mkdirSync(other, { recursive: true })
  writeFileSync(path.join(other, '801_p0.jpg'), await jpeg())
  writeFileSync(path.join(other, '801_p0.jpg.json'), JSON.stringify({ ...sidecar(801, 'first'), title: 'renamed' }))
  const store = openLibraryCatalogue(
    { dataDir: path.join(dir, 'data'), owner: { username: 'owner', password: undefined } },
    createLogger('silent'),
    { forImport: true },
  )
  try {
    await importInto(sqliteLibraryDb(store.db), path.join(dir, 'elsewhere'), createLogger('silent'))
  } finally {
    store.close()
  }
  const started = Date.now()
  let seen = await title()
  while (seen !== 'renamed' && Date.now() - started < EXTERNAL_IMPORT_POLL_MS + 3000) {
    await new Promise((r) => setTimeout(r, 100))
    seen = await title()
  }
  expect(seen).toBe('renamed')
}, 20_000)
