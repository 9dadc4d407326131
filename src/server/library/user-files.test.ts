import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config.ts'
import { createLogger } from '../log.ts'
import { createServices } from '../server.ts'
import { createApp } from '../app.ts'
import { openLibraryCatalogue, prepareLibrary } from './library-catalogue.ts'
import { importLibrary, type ImportReport } from './import.ts'
import { sqliteLibraryDb } from '../data/sqlite-library-db.ts'

// gallery-dl's pixiv `include: avatar, background` (extractor/pixiv.py of 1.25.3): the user's avatar and banner saved
// as files of their own (`avatar_<date>.jpg`, `background_<date>.png`) with sidecars of `type` "avatar" /
// "background" and the user_detail's user. They become the user's profile images, rendered from the real files.

const USER = {
  id: 93,
  name: 'Portrait',
  account: 'portrait',
  profile_image_urls: { medium: 'https://i.pximg.net/user-profile/img/2025/01/02/03/04/05/1_x_170.jpg' },
  comment: '',
  is_followed: false,
}

/** The sidecar gallery-dl writes for an avatar or background (PixivExtractor._make_work and items()). */
const userFileSidecar = (kind: 'avatar' | 'background', createDate: string | null, ext: string) => ({
  create_date: createDate,
  height: 0,
  id: kind,
  page_count: 1,
  sanity_level: 0,
  tags: [],
  title: kind,
  type: kind,
  user: USER,
  width: 0,
  x_restrict: 0,
  num: 0,
  date: createDate ? createDate.replace('T', ' ').slice(0, 19) : null,
  rating: 'General',
  suffix: '',
  category: 'pixiv',
  subcategory: kind,
  date_url: null,
  filename: kind,
  extension: ext,
})

const work = {
  category: 'pixiv',
  subcategory: 'artworks',
  id: 901,
  type: 'illust',
  title: 'a work',
  user: USER,
  tags: ['肖像'],
  create_date: '2025-02-01T00:00:00+09:00',
  width: 20,
  height: 20,
  num: 0,
}

const solid = (w: number, h: number, color: string, fmt: 'jpeg' | 'png') => {
  const s = sharp({ create: { width: w, height: h, channels: 3, background: color } })
  return (fmt === 'png' ? s.png() : s.jpeg({ quality: 95 })).toBuffer()
}
const pixel = async (bytes: ArrayBuffer) => {
  const { data } = await sharp(Buffer.from(bytes)).raw().toBuffer({ resolveWithObject: true })
  return [data[0]!, data[1]!, data[2]!]
}
const near = (got: number[], want: number[]) => got.every((v, i) => Math.abs(v - want[i]!) < 24)

let dir: string
let lib: string
let folder: string
let first: ImportReport

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'easel-user-files-'))
  lib = path.join(dir, 'gallery-dl')
  folder = path.join(lib, 'pixiv', '93 portrait')
  mkdirSync(folder, { recursive: true })
  const put = (name: string, data: Buffer, meta: object) => {
    writeFileSync(path.join(folder, name), data)
    writeFileSync(path.join(folder, `${name}.json`), JSON.stringify(meta, null, 4))
  }
  put('901_p0.jpg', await solid(20, 20, '#888888', 'jpeg'), work)
  put(
    'avatar_2025-01-02.jpg',
    await solid(300, 200, '#ff0000', 'jpeg'),
    userFileSidecar('avatar', '2025-01-02T03:04:05+09:00', 'jpg'),
  )
  // an avatar saved by an earlier run: the newest is the user's
  put(
    'avatar_2024-06-01.jpg',
    await solid(300, 200, '#0000ff', 'jpeg'),
    userFileSidecar('avatar', '2024-06-01T00:00:00+09:00', 'jpg'),
  )
  put(
    'background_2025-01-03.png',
    await solid(2400, 1200, '#00ff00', 'png'),
    userFileSidecar('background', '2025-01-03T00:00:00+09:00', 'png'),
  )
  const store = openLibraryCatalogue(
    { dataDir: path.join(dir, 'data'), owner: { username: 'owner', password: 'pw' } },
    createLogger('silent'),
  )
  try {
    first = await importLibrary(sqliteLibraryDb(store.db), lib)
  } finally {
    store.close()
  }
})

afterAll(() => rmSync(dir, { recursive: true, force: true }))

async function serve<T>(fn: (req: (p: string) => Promise<Response>, json: (p: string) => Promise<any>) => Promise<T>) {
  const config = {
    ...loadConfig({ DATA_DIR: path.join(dir, 'data'), LIBRARY_DIR: lib, LOG_LEVEL: 'silent', RATE_LIMIT: '0' }),
    owner: { username: 'owner', password: 'pw' },
    search: { workers: 0, queue: 4, timeoutMs: 2000 },
  }
  const log = createLogger('silent')
  await prepareLibrary(config, log)
  const services = createServices(config, log)
  try {
    const app = createApp(services, log)
    const req = (p: string, init?: RequestInit) => Promise.resolve(app.request(new URL(p, 'http://easel.test'), init))
    const token = await req('/auth/token', {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'password', username: 'owner', password: 'pw' }),
    }).then(async (r) => ((await r.json()) as { access_token: string }).access_token)
    const json = async (p: string) => (await req(p, { headers: { authorization: `Bearer ${token}` } })).json()
    return await fn(req, json)
  } finally {
    services.store.close()
  }
}

describe("a user's avatar and background from gallery-dl's include option", () => {
  it('are imported, the older avatar reported', () => {
    expect(first).toMatchObject({ imported: 3, updated: 0, removed: 0 })
    expect(first.skipped).toEqual([
      {
        path: 'pixiv/93 portrait/avatar_2024-06-01.jpg',
        reason: 'an older avatar of user 93 (pixiv/93 portrait/avatar_2025-01-02.jpg is used)',
      },
    ])
  })

  it("are the user's profile images: the avatar's original byte for byte, its 170 px crop and the banner", async () => {
    await serve(async (req, json) => {
      const detail = await json('/v1/user/detail?user_id=93')
      const medium = detail.user.profile_image_urls.medium as string
      expect(medium).toMatch(/\/user-profile\/img\/2025\/01\/02\/03\/04\/05\/93_[0-9a-f]{32}_170\.jpg$/)
      const small = await req(medium)
      expect(small.status).toBe(200)
      const bytes = await small.arrayBuffer()
      expect(await sharp(Buffer.from(bytes)).metadata()).toMatchObject({ width: 170, height: 170, format: 'jpeg' })
      expect(near(await pixel(bytes), [255, 0, 0])).toBe(true)
      // the original, as gallery-dl asks for it (`_170.` dropped): the file itself
      const original = await req(medium.replace('_170.', '.'))
      expect(Buffer.from(await original.arrayBuffer())).toEqual(
        readFileSync(path.join(folder, 'avatar_2025-01-02.jpg')),
      )
      // the works' items name the same avatar
      const { illust } = await json('/v1/illust/detail?illust_id=901')
      expect(illust.user.profile_image_urls.medium).toBe(medium)
      const banner = await req(detail.profile.background_image_url)
      expect(banner.status).toBe(200)
      const b = await banner.arrayBuffer()
      expect(await sharp(Buffer.from(b)).metadata()).toMatchObject({ width: 1200, height: 600 })
      expect(near(await pixel(b), [0, 255, 0])).toBe(true)
    })
  })

  it('a rescan changes nothing; a deleted avatar leaves the profile (a new URL, the generated art)', async () => {
    const store = openLibraryCatalogue(
      { dataDir: path.join(dir, 'data'), owner: { username: 'owner', password: 'pw' } },
      createLogger('silent'),
    )
    let before: string
    try {
      expect(await importLibrary(sqliteLibraryDb(store.db), lib)).toMatchObject({ imported: 0, updated: 0, removed: 0 })
      before = (store.db.prepare('SELECT profile_hash FROM users WHERE id = 93').pluck().get() as string) ?? ''
      rmSync(path.join(folder, 'avatar_2025-01-02.jpg'))
      rmSync(path.join(folder, 'avatar_2024-06-01.jpg'))
      // the older one goes too, so nothing stands in for it
      expect(await importLibrary(sqliteLibraryDb(store.db), lib)).toMatchObject({ removed: 1 })
    } finally {
      store.close()
    }
    await serve(async (req, json) => {
      const detail = await json('/v1/user/detail?user_id=93')
      const medium = detail.user.profile_image_urls.medium as string
      expect(medium).not.toContain(before)
      const r = await req(medium)
      expect(r.status).toBe(200)
      expect(near(await pixel(await r.arrayBuffer()), [255, 0, 0])).toBe(false)
      // the banner stays
      expect((await req(detail.profile.background_image_url)).status).toBe(200)
    })
  })
})
