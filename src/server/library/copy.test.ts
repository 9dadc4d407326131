import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { zipSync } from 'fflate'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config.ts'
import { createLogger } from '../log.ts'
import { createServices } from '../server.ts'
import { createApp } from '../app.ts'
import { libraryFilesDir, openLibraryCatalogue } from './library-catalogue.ts'
import { importLibrary } from './import.ts'
import { sqliteLibraryDb } from '../data/sqlite-library-db.ts'

// `npm run import -- PATH --copy`: the archive's files are copied into DATA_DIR/library-files (content-addressed)
// and served from there. A second run changes nothing; once the archive folder is deleted, the catalogue still serves
// every original byte for byte.

const run = promisify(execFile)
const USER = { id: 91, name: 'Copier', account: 'copier' }
const CREATED = '2025-05-06T07:08:09+09:00'

const sidecar = (id: number, num: number, extra: Record<string, unknown> = {}) => ({
  category: 'pixiv',
  id,
  type: 'illust',
  title: `work ${id}`,
  user: USER,
  tags: ['コピー'],
  create_date: CREATED,
  width: 40,
  height: 30,
  num,
  ...extra,
})
const image = (w: number, h: number, fmt: 'png' | 'jpeg', color = '#3366cc') => {
  const s = sharp({ create: { width: w, height: h, channels: 3, background: color } })
  return (fmt === 'png' ? s.png() : s.jpeg()).toBuffer()
}
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex')

let dir: string
let lib: string
let dataDir: string
/** what the archive held, by file name, before it was deleted */
const originals = new Map<string, Buffer>()
const listCopies = () => {
  const out: Record<string, number> = {}
  const visit = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, e.name)
      if (e.isDirectory()) visit(full)
      else out[path.relative(libraryFilesDir(dataDir), full)] = statSync(full).mtimeMs
    }
  }
  visit(libraryFilesDir(dataDir))
  return out
}
const importCli = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', path.resolve('src/server/library/cli.ts'), ...args], {
    env: { ...process.env, DATA_DIR: dataDir, OWNER_PASSWORD: 'pw', LOG_LEVEL: 'info' },
  })

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'easel-copy-'))
  lib = path.join(dir, 'archive')
  dataDir = path.join(dir, 'data')
  const u = path.join(lib, 'pixiv', '91 copier')
  mkdirSync(u, { recursive: true })
  const put = async (name: string, data: Uint8Array | Promise<Uint8Array>, meta: object, folder = u) => {
    const bytes = Buffer.from(await data)
    mkdirSync(folder, { recursive: true })
    writeFileSync(path.join(folder, name), bytes)
    writeFileSync(path.join(folder, `${name}.json`), JSON.stringify(meta))
    originals.set(name, bytes)
  }
  await put('701_p0.png', image(40, 30, 'png'), sidecar(701, 0, { type: 'manga' }))
  await put('701_p1.jpg', image(20, 50, 'jpeg'), sidecar(701, 1, { type: 'manga' }))
  await put('702_p0.jpg', image(30, 30, 'jpeg', '#cc3366'), sidecar(702, 0))
  // the same download saved again by a bookmark run: one work, one copy
  await put('702_p0.jpg', image(30, 30, 'jpeg', '#cc3366'), sidecar(702, 0), path.join(lib, 'pixiv', 'bookmarks'))
  const frames = [
    { file: '000000.jpg', delay: 40 },
    { file: '000001.jpg', delay: 60 },
  ]
  const zip = zipSync({ '000000.jpg': await image(30, 20, 'jpeg'), '000001.jpg': await image(30, 20, 'jpeg', '#000') })
  await put('703_p0.zip', zip, sidecar(703, 0, { type: 'ugoira', frames, width: 30, height: 20 }))
  await put(
    '704_p0.webm',
    readFileSync(path.join(import.meta.dirname, 'fixtures', 'ugoira-64x48.webm')),
    sidecar(704, 0, { type: 'ugoira', frames }),
  )
})

afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('npm run import -- PATH --copy', () => {
  it('copies every file it serves into DATA_DIR/library-files, named by its digest', async () => {
    const { stdout } = await importCli(lib, '--copy')
    expect(stdout).toMatch(/4 imported, 0 updated, 0 removed, 0 unchanged/)
    const copies = listCopies()
    // one copy per distinct file: the manga's two pages, the illustration (saved twice), the zip, the video
    expect(Object.keys(copies).sort()).toEqual(
      ['701_p0.png', '701_p1.jpg', '702_p0.jpg', '703_p0.zip', '704_p0.webm']
        .map((n) => {
          const digest = sha(originals.get(n)!)
          return path.join(digest.slice(0, 2), `${digest}${path.extname(n)}`)
        })
        .sort(),
    )
    const store = openLibraryCatalogue(
      { dataDir, owner: { username: 'owner', password: 'pw' } },
      createLogger('silent'),
    )
    try {
      // named by their key in the storage (DATA_DIR by default), the same on every instance whatever its DATA_DIR
      const paths = store.db.prepare('SELECT path FROM work_files').pluck().all() as string[]
      expect(paths.length).toBeGreaterThan(0)
      for (const p of paths) expect(p).toMatch(/^storage:library-files\/[0-9a-f]{2}\/[0-9a-f]{64}\.[a-z0-9]+$/)
    } finally {
      store.close()
    }
  }, 60_000)

  it('changes nothing when run again', async () => {
    const before = listCopies()
    const { stdout } = await importCli(lib, '--copy')
    expect(stdout).toMatch(/0 imported, 0 updated, 0 removed, 4 unchanged/)
    expect(listCopies()).toEqual(before)
  }, 60_000)

  it('serves every original byte for byte once the archive folder is deleted', async () => {
    rmSync(lib, { recursive: true, force: true })
    // served with LIBRARY_DIR pointing elsewhere (an empty folder): what was imported from the archive stays
    const elsewhere = path.join(dir, 'new-downloads')
    mkdirSync(elsewhere)
    const config = {
      ...loadConfig({ DATA_DIR: dataDir, LIBRARY_DIR: elsewhere, LOG_LEVEL: 'silent', RATE_LIMIT: '0' }),
      owner: { username: 'owner', password: 'pw' },
      search: { workers: 0, queue: 4, timeoutMs: 2000 },
    }
    const log = createLogger('silent')
    const { prepareLibrary } = await import('./library-catalogue.ts')
    await prepareLibrary(config, log)
    const services = createServices(config, log)
    try {
      const app = createApp(services, log)
      const req = (p: string, init?: RequestInit) => Promise.resolve(app.request(new URL(p, 'http://easel.test'), init))
      const token = await req('/auth/token', {
        method: 'POST',
        body: new URLSearchParams({ grant_type: 'password', username: 'owner', password: 'pw' }),
      }).then(async (r) => ((await r.json()) as { access_token: string }).access_token)
      const detail = async (id: number) =>
        (
          (await (
            await req(`/v1/illust/detail?illust_id=${id}`, { headers: { authorization: `Bearer ${token}` } })
          ).json()) as {
            illust: any
          }
        ).illust
      const served = new Map<string, Buffer>()
      const fetchBytes = async (url: string) => {
        const r = await req(url)
        expect(r.status, url).toBe(200)
        return Buffer.from(await r.arrayBuffer())
      }
      const manga = await detail(701)
      served.set('701_p0.png', await fetchBytes(manga.meta_pages[0].image_urls.original))
      served.set('701_p1.jpg', await fetchBytes(manga.meta_pages[1].image_urls.original))
      served.set('702_p0.jpg', await fetchBytes((await detail(702)).meta_single_page.original_image_url))
      const ugoira = await detail(703)
      const zipUrl = (ugoira.meta_single_page.original_image_url as string)
        .replace('/img-original/', '/img-zip-ugoira/')
        .replace('_ugoira0.jpg', '_ugoira1920x1080.zip')
      served.set('703_p0.zip', await fetchBytes(zipUrl))
      served.set('704_p0.webm', await fetchBytes((await detail(704)).easel_video.url))
      expect(new Set(served.keys())).toEqual(new Set(originals.keys()))
      for (const [name, bytes] of originals) expect(sha(served.get(name)!), name).toBe(sha(bytes))
      // and the derived sizes render from the copies
      expect((await req(manga.image_urls.square_medium)).status).toBe(200)
    } finally {
      services.store.close()
    }
  }, 60_000)

  it('deletes the copies no work names any more (an update, an import without --copy)', async () => {
    const archive = path.join(dir, 'second')
    const u = path.join(archive, 'pixiv', '92 other')
    mkdirSync(u, { recursive: true })
    const file = path.join(u, '801_p0.png')
    writeFileSync(file, await image(10, 10, 'png'))
    writeFileSync(`${file}.json`, JSON.stringify({ ...sidecar(801, 0), user: { id: 92, name: 'O', account: 'other' } }))
    const store = openLibraryCatalogue(
      { dataDir, owner: { username: 'owner', password: 'pw' } },
      createLogger('silent'),
    )
    const later = () => Math.floor(Date.now() / 1000) + 3600
    try {
      const copyDir = libraryFilesDir(dataDir)
      await importLibrary(sqliteLibraryDb(store.db), archive, { copy: true, copyDir, nowS: later })
      const first = Object.keys(listCopies())
      // the file changes: a new copy, and the old one goes
      writeFileSync(file, await image(12, 12, 'png'))
      const updated = await importLibrary(sqliteLibraryDb(store.db), archive, { copy: true, copyDir, nowS: later })
      expect(updated).toMatchObject({ updated: 1 })
      const second = Object.keys(listCopies())
      expect(second.length).toBe(first.length)
      expect(second).not.toEqual(first)
      // imported again in place: its copy goes, the first archive's copies stay
      await importLibrary(sqliteLibraryDb(store.db), archive, { copyDir, nowS: later })
      expect(Object.keys(listCopies()).length).toBe(first.length - 1)
      const row = store.db.prepare('SELECT path FROM work_files WHERE work_id = 801').pluck().get()
      expect(row).toBe(await import('node:fs').then((fs) => fs.realpathSync(file)))
    } finally {
      store.close()
    }
  }, 60_000)
})
