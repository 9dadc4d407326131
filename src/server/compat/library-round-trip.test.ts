import { execFile, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest'
import sharp from 'sharp'
import { freePort, startServiceProcess, type ServiceProcess } from '../testing/service-process.ts'
import { loadConfig, type Config } from '../config.ts'
import { createLogger } from '../log.ts'
import { createServices } from '../server.ts'
import { createApp } from '../app.ts'
import { catalogueFile } from '../catalogue.ts'
import { openLibraryCatalogue, prepareLibrary } from '../library/library-catalogue.ts'
import { importLibrary, type ImportReport } from '../library/import.ts'
import { sqliteLibraryDb } from '../data/sqlite-library-db.ts'
import type { Services } from '../context.ts'
import { comparable } from '../testing/comparable-work.ts'

// Issue 15's round trip, the gallery-dl slice: Debian's gallery-dl downloads a user's works (manga, an ugoira, a
// series), the demo user's public and private bookmarks (metadata-bookmark: their tags), a ranking and a tag search
// from a demo Easel with --write-metadata and tags=original, all into one folder; a second Easel with LIBRARY_DIR at
// that folder must answer every downloaded work as the first did, serve every downloaded file byte for byte at its
// CDN path, give the ugoira the same frames and delays, hold the same bookmarks (public and private, same order, same
// tags) and the same ranking, change nothing on a second import, and leave the archive untouched.

const APT_COMMAND = 'apt-get update && apt-get install -y gallery-dl'
const WRAPPER = path.resolve('e2e/clients/gallery_dl_easel.py')
const ORIGIN = 'http://easel.test'

/** The Python that runs the gallery-dl on PATH (Debian's lives in /usr/lib/python3, which only /usr/bin/python3 sees). */
function galleryDlPython(): string {
  const dirs = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)
  const script = dirs.map((d) => path.join(d, 'gallery-dl')).find((f) => existsSync(f))
  const missing = (why: string) =>
    new Error(`gallery-dl is needed for this test (${why}). Install Debian's package as root: ${APT_COMMAND}`)
  if (!script) throw missing('not on PATH')
  const shebang = /^#!\s*(\S+)/.exec(readFileSync(script, 'utf8').split('\n', 1)[0] ?? '')
  const python = shebang?.[1] ?? '/usr/bin/python3'
  const probe = spawnSync(python, ['-c', 'import gallery_dl, requests'], { encoding: 'utf8' })
  if (probe.status !== 0) throw missing(`${python} cannot import it: ${probe.stderr.trim()}`)
  return python
}

interface Work {
  id: number
  title: string
  type: 'illust' | 'manga' | 'ugoira'
  caption: string
  page_count: number
  width: number
  height: number
  x_restrict: number
  restrict: number
  sanity_level: number
  illust_ai_type: number
  illust_book_style: number
  create_date: string
  tools: string[]
  series: { id: number; title: string } | null
  tags: { name: string; translated_name: string | null }[]
  user: { id: number; name: string; account: string }
  image_urls: { square_medium: string; medium: string; large: string }
  meta_single_page: { original_image_url?: string }
  meta_pages: { image_urls: { original: string } }[]
}

const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex')
const listFiles = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort()
const checksums = (dir: string) => Object.fromEntries(listFiles(dir).map((f) => [path.relative(dir, f), sha(f)]))

let root: string
let demo: ServiceProcess
let demoToken: string
let archive: string
let before: Record<string, string>
let download: (dir: string, tags?: 'original') => Promise<void>
/** gallery-dl's download of one work's page into `dir`, with more options for its pixiv extractor */
let downloadWork: (dir: string, id: number, pixiv: Record<string, unknown>) => Promise<void>
let chosen: { userId: number; files: number; works: Work[] }
/** what the other runs downloaded: the demo user's bookmarks, a ranking's first works, a tag search's */
let lists: {
  demoId: number
  publicBookmarks: Work[]
  privateBookmarks: Work[]
  ranking: { date: string; works: Work[] }
  search: Work[]
}
/** every downloaded work, once */
let downloaded: Work[]
let library: {
  services: Services
  fetch: (p: string, init?: RequestInit) => Promise<Response>
  token: string
  report: ImportReport | undefined
}

async function demoApi<T>(p: string): Promise<T> {
  const res = await fetch(new URL(p, demo.url), { headers: { authorization: `Bearer ${demoToken}` } })
  if (res.status !== 200) throw new Error(`GET ${p}: ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}

async function signIn(origin: string, fetcher: typeof fetch, username: string, password: string) {
  const res = await fetcher(`${origin}/auth/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'password', username, password }),
  })
  if (res.status !== 200) throw new Error(`sign-in as ${username}: ${res.status} ${await res.text()}`)
  return (await res.json()) as { access_token: string; refresh_token: string; user: { id: string } }
}

const filesOf = (w: Work) => (w.type === 'ugoira' ? 1 : w.page_count)

/** The first works of a list up to about `max` files, ending at a work's last file (gallery-dl's --range counts files). */
function firstWorks(list: Work[], max: number) {
  const works: Work[] = []
  let files = 0
  for (const w of list) {
    if (works.length > 0 && files + filesOf(w) > max) break
    works.push(w)
    files += filesOf(w)
  }
  return { works, files }
}

/**
 * The user whose first works (in the order gallery-dl lists them) hold a manga, an ugoira and a work in a series in
 * the fewest files; the works up to the last of those are the download.
 */
async function chooseUser() {
  let best: typeof chosen | undefined
  for (let userId = 2; userId < 120; userId++) {
    const { illusts } = await demoApi<{ illusts: Work[] }>(`/v1/user/illusts?user_id=${userId}`)
    const works: Work[] = []
    let files = 0
    for (const w of illusts) {
      works.push(w)
      files += w.type === 'ugoira' ? 1 : w.page_count
      const has = (p: (w: Work) => boolean) => works.some(p)
      if (has((w) => w.type === 'manga') && has((w) => w.type === 'ugoira') && has((w) => !!w.series)) {
        if (works.length >= 4 && (!best || files < best.files)) best = { userId, files, works: [...works] }
        break
      }
    }
  }
  if (!best) throw new Error('no user with a manga, an ugoira and a series in the demo catalogue')
  return best
}

function galleryDl(python: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stderr: string }>((resolve) => {
    execFile(python, [WRAPPER, ...args], { timeout: 60_000, env: { ...process.env, ...env } }, (err, _o, stderr) =>
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : null) : 0, stderr: String(stderr) }),
    )
  })
}

/** An in-process Easel serving the library at `libraryDir` (its catalogue in `dataDir`), as `npm start` would. */
async function openLibrary(dataDir: string, libraryDir: string) {
  const config: Config = loadConfig({
    DATA_DIR: dataDir,
    LIBRARY_DIR: libraryDir,
    OWNER_PASSWORD: 'owner-pass',
    RATE_LIMIT: '0',
    LOG_LEVEL: 'silent',
    SEARCH_WORKERS: '0',
  })
  const log = createLogger('silent')
  const report = await prepareLibrary(config, log)
  const services = createServices(config, log)
  const app = createApp(services, log)
  const fetcher = (p: string, init?: RequestInit) =>
    Promise.resolve(app.request(p.startsWith('http') ? p : ORIGIN + p, init))
  const { access_token } = await signIn(ORIGIN, fetcher as typeof fetch, 'owner', 'owner-pass')
  return { services, fetch: fetcher, token: access_token, report }
}

describe('a gallery-dl archive of a demo Easel, served by a second Easel (LIBRARY_DIR)', { timeout: 120_000 }, () => {
  beforeAll(async () => {
    const python = galleryDlPython()
    root = mkdtempSync(path.join(os.tmpdir(), 'easel-library-'))
    // The first Easel serves a copy of the test run's demo catalogue (no generation on start).
    const demoData = path.join(root, 'demo-data')
    mkdirSync(demoData)
    cpSync(inject('catalogueFile'), catalogueFile(demoData))
    demo = await startServiceProcess({ dataDir: demoData, port: await freePort(), limitMs: 60_000 })
    const forGalleryDl = await signIn(demo.url, fetch, 'demo', 'demo')
    demoToken = (await signIn(demo.url, fetch, 'demo', 'demo')).access_token
    chosen = await chooseUser()

    const cache = path.join(root, 'cache')
    mkdirSync(path.join(cache, 'gallery-dl'), { recursive: true })
    /** gallery-dl's download of the first `files` files of `url` into `dir`, with its `tags` option (default: names) */
    const galleryDlRun = async (
      dir: string,
      url: string,
      files: number,
      tags?: 'original',
      options: Record<string, unknown> = {},
    ) => {
      const config = path.join(root, `gallery-dl-${tags ?? 'default'}-${Object.keys(options).join('-')}.json`)
      // metadata-bookmark: the bookmark tags of the works the downloading account bookmarked (`tags_bookmark`)
      const pixiv = {
        'refresh-token': forGalleryDl.refresh_token,
        'metadata-bookmark': true,
        ...(tags ? { tags } : {}),
        ...options,
      }
      const cacheFile = path.join(cache, 'gallery-dl', 'cache.sqlite3')
      writeFileSync(config, JSON.stringify({ extractor: { pixiv }, cache: { file: cacheFile } }))
      const run = await galleryDl(
        python,
        // --write-info-json too: each run's info.json (its first work's metadata) must add nothing and cost no report line
        [
          '--config-ignore',
          '-c',
          config,
          '-d',
          dir,
          '--write-metadata',
          '--write-info-json',
          '--range',
          `1-${files}`,
          url,
        ],
        { EASEL_ORIGIN: demo.url, XDG_CACHE_HOME: cache, HOME: root, PYTHONDONTWRITEBYTECODE: '1' },
      )
      if (run.code !== 0) throw new Error(`gallery-dl exited ${run.code}: ${run.stderr.slice(-2000)}`)
    }
    downloadWork = (dir, id, options) =>
      galleryDlRun(dir, `https://www.pixiv.net/artworks/${id}`, 1_000, 'original', options)
    download = (dir, tags) =>
      galleryDlRun(dir, `https://www.pixiv.net/users/${chosen.userId}/artworks`, chosen.files, tags)
    archive = path.join(root, 'archive')
    await download(archive, 'original')

    // the demo user's bookmarks, a ranking and a search, into the same folder (the private bookmarks into a folder
    // named private: gallery-dl records nowhere which a run listed, README "Bookmarks")
    const demoId = Number(forGalleryDl.user.id)
    const bookmarksUrl = `https://www.pixiv.net/users/${demoId}/bookmarks/artworks`
    const bookmarksOf = async (restrict: string) =>
      firstWorks(
        (await demoApi<{ illusts: Work[] }>(`/v1/user/bookmarks/illust?user_id=${demoId}&restrict=${restrict}`))
          .illusts,
        5,
      )
    const pub = await bookmarksOf('public')
    await galleryDlRun(archive, bookmarksUrl, pub.files, 'original')
    const priv = await bookmarksOf('private')
    await galleryDlRun(path.join(archive, 'private'), `${bookmarksUrl}?rest=hide`, priv.files, 'original')
    const rankingPage = await demoApi<{ illusts: Work[]; next_url: string }>('/v1/illust/ranking?mode=day')
    const date = new URL(rankingPage.next_url).searchParams.get('date')!
    const ranked = firstWorks(rankingPage.illusts, 5)
    await galleryDlRun(
      archive,
      `https://www.pixiv.net/ranking.php?mode=daily&date=${date.replaceAll('-', '')}`,
      ranked.files,
      'original',
    )
    const searchFor = async (word: string, target: string) =>
      firstWorks(
        (
          await demoApi<{ illusts: Work[] }>(
            `/v1/search/illust?word=${encodeURIComponent(word)}&search_target=${target}&sort=date_desc`,
          )
        ).illusts,
        4,
      )
    // a tag search (gallery-dl's default: exact match, newest first)
    const tag = chosen.works[0]!.tags[0]!.name
    const tagged = await searchFor(tag, 'exact_match_for_tags')
    await galleryDlRun(
      archive,
      `https://www.pixiv.net/tags/${encodeURIComponent(tag)}/artworks`,
      tagged.files,
      'original',
    )
    // and a search whose first works include one of the user's works already downloaded (one work in two folders): by
    // the title of one of them (gallery-dl's s_mode=s_tc: title_and_caption)
    let title = chosen.works[0]!.title
    let titled = await searchFor(title, 'title_and_caption')
    for (const w of chosen.works) {
      const results = await searchFor(w.title, 'title_and_caption')
      if (results.works.some((r) => r.id === w.id)) {
        ;[title, titled] = [w.title, results]
        break
      }
    }
    const titleUrl = `https://www.pixiv.net/tags/${encodeURIComponent(title)}/artworks?s_mode=s_tc`
    await galleryDlRun(archive, titleUrl, titled.files, 'original')
    const found = { works: [...tagged.works, ...titled.works] }
    lists = {
      demoId,
      publicBookmarks: pub.works,
      privateBookmarks: priv.works,
      ranking: { date, works: ranked.works },
      search: found.works,
    }
    const all = [...chosen.works, ...pub.works, ...priv.works, ...ranked.works, ...found.works]
    downloaded = [...new Map(all.map((w) => [w.id, w])).values()]
    before = checksums(archive)
    library = await openLibrary(path.join(root, 'library-data'), archive)
  }, 180_000)

  afterAll(async () => {
    library?.services.store!.close()
    await demo?.stop()
    if (root) rmSync(root, { recursive: true, force: true })
  })

  it('downloads the chosen works (a manga, an ugoira and a series among them), bookmarks, a ranking, a search', () => {
    const files = Object.keys(before).filter((f) => !f.endsWith('.json'))
    expect(Object.keys(before).filter((f) => path.basename(f) === 'info.json').length).toBeGreaterThan(3)
    const all = [chosen.works, lists.publicBookmarks, lists.privateBookmarks, lists.ranking.works, lists.search].flat()
    expect(files).toHaveLength(all.reduce((n, w) => n + filesOf(w), 0))
    expect(lists.publicBookmarks.length).toBeGreaterThan(1)
    expect(lists.privateBookmarks.length).toBeGreaterThan(1)
    expect(lists.ranking.works.length).toBeGreaterThan(1)
    expect(lists.search.length).toBeGreaterThan(0)
    // each work once, wherever gallery-dl put it (some in two folders)
    expect(all.length).toBeGreaterThan(downloaded.length)
    expect(library.report).toMatchObject({ imported: downloaded.length, updated: 0, removed: 0, skipped: [] })
  })

  it('answers /v1/illust/detail for every downloaded work as the demo did', async () => {
    for (const w of downloaded) {
      const first = (await demoApi<{ illust: Work }>(`/v1/illust/detail?illust_id=${w.id}`)).illust
      const res = await library.fetch(`/v1/illust/detail?illust_id=${w.id}`, {
        headers: { authorization: `Bearer ${library.token}` },
      })
      expect(res.status, `work ${w.id}`).toBe(200)
      const second = ((await res.json()) as { illust: Work }).illust
      expect(comparable(second), `work ${w.id}`).toEqual(comparable(first))
    }
  })

  it("holds the demo user's bookmarks as the owner's, public and private, in the same order with the same tags", async () => {
    const auth = { headers: { authorization: `Bearer ${library.token}` } }
    const ownerId = 2_000_000_000
    for (const [restrict, works] of [
      ['public', lists.publicBookmarks],
      ['private', lists.privateBookmarks],
    ] as const) {
      const res = await library.fetch(`/v1/user/bookmarks/illust?user_id=${ownerId}&restrict=${restrict}`, auth)
      const ids = ((await res.json()) as { illusts: Work[] }).illusts.map((w) => w.id)
      expect(ids, restrict).toEqual(works.map((w) => w.id))
      for (const w of works) {
        type Detail = { bookmark_detail: { restrict: string; tags: { name: string; is_registered: boolean }[] } }
        const first = (await demoApi<Detail>(`/v2/illust/bookmark/detail?illust_id=${w.id}`)).bookmark_detail
        const res = await library.fetch(`/v2/illust/bookmark/detail?illust_id=${w.id}`, auth)
        const second = ((await res.json()) as Detail).bookmark_detail
        const registered = (d: Detail['bookmark_detail']) => d.tags.filter((t) => t.is_registered).map((t) => t.name)
        expect(second.restrict, `bookmark of ${w.id}`).toBe(first.restrict)
        expect(registered(second).sort(), `bookmark tags of ${w.id}`).toEqual(registered(first).sort())
      }
    }
  })

  it('holds the ranking as the demo ranked it that day, the latest it recorded', async () => {
    const auth = { headers: { authorization: `Bearer ${library.token}` } }
    for (const query of ['mode=day', `mode=day&date=${lists.ranking.date}`]) {
      const res = await library.fetch(`/v1/illust/ranking?${query}`, auth)
      expect(res.status).toBe(200)
      const ids = ((await res.json()) as { illusts: Work[] }).illusts.map((w) => w.id)
      expect(ids, query).toEqual(lists.ranking.works.map((w) => w.id))
    }
    // a mode the archive did not record: none (a library has no activity to rank)
    const week = await library.fetch('/v1/illust/ranking?mode=week', auth)
    expect(((await week.json()) as { illusts: Work[] }).illusts).toEqual([])
  })

  it('serves every downloaded file byte for byte at its CDN path, with ETag and 304', async () => {
    const auth = { headers: { authorization: `Bearer ${library.token}` } }
    for (const w of downloaded) {
      const res = await library.fetch(`/v1/illust/detail?illust_id=${w.id}`, auth)
      const work = ((await res.json()) as { illust: Work }).illust
      const dir = path.dirname(listFiles(archive).find((f) => path.basename(f).startsWith(`${w.id}_p0.`))!)
      if (work.type === 'ugoira') {
        const { ugoira_metadata: m } = (await (
          await library.fetch(`/v1/ugoira/metadata?illust_id=${w.id}`, auth)
        ).json()) as { ugoira_metadata: { zip_urls: { medium: string }; frames: unknown[] } }
        const first = await demoApi<{ ugoira_metadata: { frames: unknown[] } }>(`/v1/ugoira/metadata?illust_id=${w.id}`)
        expect(m.frames, `ugoira ${w.id} frames`).toEqual(first.ugoira_metadata.frames)
        const zip = await library.fetch(m.zip_urls.medium.replace('_ugoira600x600', '_ugoira1920x1080'))
        expect(zip.status).toBe(200)
        expect(Buffer.from(await zip.arrayBuffer()).equals(readFileSync(path.join(dir, `${w.id}_p0.zip`)))).toBe(true)
        // the 600×600 zip is rendered from the archive's frames: as many, none larger than the box
        const small = await library.fetch(m.zip_urls.medium)
        expect(small.status).toBe(200)
        expect(small.headers.get('content-type')).toBe('application/zip')
        continue
      }
      const originals =
        work.page_count === 1
          ? [work.meta_single_page.original_image_url!]
          : work.meta_pages.map((p) => p.image_urls.original)
      expect(originals).toHaveLength(w.page_count)
      for (const [page, url] of originals.entries()) {
        const file = listFiles(dir).find((f) => new RegExp(`/${w.id}_p${page}\\.(jpg|png|gif)$`).test(f))!
        const res = await library.fetch(url)
        expect(res.status, url).toBe(200)
        const body = Buffer.from(await res.arrayBuffer())
        expect(body.equals(readFileSync(file)), `${url} is ${path.basename(file)}`).toBe(true)
        const etag = res.headers.get('etag')!
        expect((await library.fetch(url, { headers: { 'if-none-match': etag } })).status).toBe(304)
      }
      // a derived size is rendered from the real original: the 360 px square crop
      const square = await library.fetch(work.image_urls.square_medium)
      expect(square.status).toBe(200)
      const meta = await sharp(Buffer.from(await square.arrayBuffer())).metadata()
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 360, 360])
    }
  })

  it('changes nothing on a second import, and never writes into the archive', async () => {
    const store = openLibraryCatalogue(
      { dataDir: path.join(root, 'library-data'), owner: { username: 'owner', password: undefined } },
      createLogger('silent'),
    )
    try {
      const again = await importLibrary(sqliteLibraryDb(store.db), archive)
      expect(again).toMatchObject({
        imported: 0,
        updated: 0,
        removed: 0,
        unchanged: downloaded.length,
        skipped: [],
        lists: { bookmarks: { added: 0, updated: 0, removed: 0 }, rankings: 0 },
      })
    } finally {
      store.close()
    }
    expect(checksums(archive)).toEqual(before)
  })

  it('follows the archive: a changed sidecar updates its work, a deleted file removes it, bad files are reported', async () => {
    const copy = path.join(root, 'archive-copy')
    cpSync(archive, copy, { recursive: true })
    const dataDir = path.join(root, 'copy-data')
    const store = openLibraryCatalogue({ dataDir, owner: { username: 'owner', password: 'x' } }, createLogger('silent'))
    const library = sqliteLibraryDb(store.db)
    try {
      expect(await importLibrary(library, copy)).toMatchObject({ imported: downloaded.length, skipped: [] })
      const files = listFiles(copy)
      // works saved once (a copy edited in one folder only would differ from its other copy)
      const once = (w: Work) =>
        files.filter((f) => new RegExp(`^${w.id}_p0\\.(jpg|png|gif|zip)$`).test(path.basename(f))).length === 1
      const [single, ...rest] = chosen.works.filter((w) => w.type === 'illust' && w.page_count === 1 && once(w))
      const edited = rest[0] ?? chosen.works.find((w) => w.type === 'manga' && once(w))!
      const sidecar = files.find((f) => path.basename(f).startsWith(`${edited.id}_p0.`) && f.endsWith('.json'))!
      const meta = JSON.parse(readFileSync(sidecar, 'utf8')) as { title: string }
      writeFileSync(sidecar, JSON.stringify({ ...meta, title: 'Renamed in the archive' }))
      for (const f of files.filter((f) => path.basename(f).startsWith(`${single!.id}_p0.`))) unlinkSync(f)
      const dir = path.dirname(sidecar)
      writeFileSync(path.join(dir, 'broken.jpg.json'), '{"id": 12, "title": ')
      writeFileSync(path.join(dir, 'broken.jpg'), 'x')
      writeFileSync(path.join(dir, 'lonely.png.json'), JSON.stringify(meta))
      writeFileSync(path.join(dir, '999999_p0.jpg'), 'not an image')
      writeFileSync(path.join(dir, '999999_p0.jpg.json'), JSON.stringify({ ...meta, id: 999999 }))
      const report = await importLibrary(library, copy)
      expect(report).toMatchObject({ imported: 0, updated: 1, removed: 1 })
      const reasons = Object.fromEntries(report.skipped.map((s) => [path.basename(s.path), s.reason]))
      expect(reasons['broken.jpg.json']).toMatch(/truncated JSON/)
      expect(reasons['lonely.png.json']).toMatch(/without its file/)
      expect(reasons['999999_p0.jpg']).toMatch(/not a readable image/)
      expect(store.work(edited.id)?.title).toBe('Renamed in the archive')
      expect(store.work(single!.id)).toBeUndefined()
      expect(store.work(999999)).toBeUndefined()
      // and the next run has nothing left to do
      expect(await importLibrary(library, copy)).toMatchObject({ imported: 0, updated: 0, removed: 0 })
    } finally {
      store.close()
    }
  })

  it('with ugoira=original: the ugoira round-trips with the same frames, delays and files', async () => {
    const ugoira = chosen.works.find((w) => w.type === 'ugoira')!
    const dir = path.join(root, 'archive-ugoira-original')
    await downloadWork(dir, ugoira.id, { ugoira: 'original' })
    // Debian's gallery-dl 1.25.3 takes any true `ugoira` value as "the 1920×1080 zip with its frames" (its extractor
    // reads the option as a boolean); later versions save the original frames one file each. Either imports.
    const files = listFiles(dir).filter((f) => !f.endsWith('.json'))
    expect(files.length).toBeGreaterThanOrEqual(1)
    const other = await openLibrary(path.join(root, 'ugoira-original-data'), dir)
    try {
      expect(other.report).toMatchObject({ imported: 1, skipped: [] })
      const auth = { headers: { authorization: `Bearer ${other.token}` } }
      const second = (await (await other.fetch(`/v1/illust/detail?illust_id=${ugoira.id}`, auth)).json()) as {
        illust: Work
      }
      const first = (await demoApi<{ illust: Work }>(`/v1/illust/detail?illust_id=${ugoira.id}`)).illust
      expect(comparable(second.illust)).toEqual(comparable(first))
      const meta = (await (await other.fetch(`/v1/ugoira/metadata?illust_id=${ugoira.id}`, auth)).json()) as {
        ugoira_metadata: { zip_urls: { medium: string }; frames: unknown[] }
      }
      const demoMeta = await demoApi<{ ugoira_metadata: { frames: unknown[] } }>(
        `/v1/ugoira/metadata?illust_id=${ugoira.id}`,
      )
      expect(meta.ugoira_metadata.frames).toEqual(demoMeta.ugoira_metadata.frames)
      const zipFile = files.find((f) => f.endsWith('.zip'))
      if (zipFile) {
        const zip = await other.fetch(
          meta.ugoira_metadata.zip_urls.medium.replace('_ugoira600x600', '_ugoira1920x1080'),
        )
        expect(
          createHash('sha256')
            .update(Buffer.from(await zip.arrayBuffer()))
            .digest('hex'),
        ).toBe(sha(zipFile))
      }
    } finally {
      other.services.store.close()
    }
  })

  it("with gallery-dl's default tags (names only): the same works, tags by name without translations", async () => {
    const plain = path.join(root, 'archive-default-tags')
    await download(plain)
    const other = await openLibrary(path.join(root, 'default-tags-data'), plain)
    try {
      expect(other.report).toMatchObject({ imported: chosen.works.length, skipped: [] })
      for (const w of chosen.works) {
        const first = (await demoApi<{ illust: Work }>(`/v1/illust/detail?illust_id=${w.id}`)).illust
        const res = await other.fetch(`/v1/illust/detail?illust_id=${w.id}`, {
          headers: { authorization: `Bearer ${other.token}` },
        })
        const second = ((await res.json()) as { illust: Work }).illust
        const names = first.tags.map((t) => ({ name: t.name, translated_name: null }))
        expect(comparable(second), `work ${w.id}`).toEqual({ ...comparable(first), tags: names })
      }
    } finally {
      other.services.store.close()
    }
  })
})
