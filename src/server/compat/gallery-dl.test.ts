import { execFile, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort, startServiceProcess, type ServiceProcess } from '../testing/service-process.ts'
import { API_HOST, AUTH_HOST, repoint, WEB_HOST } from './pixiv-hosts.ts'

// Debian's gallery-dl, run unchanged against a demo Easel (issue 13's acceptance): the wrapper only re-points pixiv's
// hosts to the service, as a hosts file would (Host header included); everything else is gallery-dl's own code.
// Each run must exit 0 and download files that are exactly what the service serves at the work's image URLs, with
// metadata gallery-dl could date from the URL; a later run with an emptied cache must sign in again with the same
// refresh token.

const APT_COMMAND = 'apt-get update && apt-get install -y gallery-dl'
const WRAPPER = path.resolve('e2e/clients/gallery_dl_easel.py')
const RUN_TIMEOUT_MS = 90_000

/** The Python that runs the gallery-dl on PATH (Debian's lives in /usr/lib/python3, which only /usr/bin/python3 sees). */
function galleryDlPython(): string {
  const dirs = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)
  const script = dirs.map((d) => path.join(d, 'gallery-dl')).find((f) => existsSync(f))
  const missing = (why: string) =>
    new Error(`gallery-dl is needed for this test (${why}). Install Debian's package as root: ${APT_COMMAND}`)
  if (!script) throw missing('not on PATH')
  const shebang = /^#!\s*(\S+)/.exec(readFileSync(script, 'utf8').split('\n', 1)[0] ?? '')
  const python = shebang?.[1] ?? '/usr/bin/python3'
  const probe = spawnSync(python, ['-c', 'import gallery_dl, requests; print(gallery_dl.version.__version__)'], {
    encoding: 'utf8',
  })
  if (probe.status !== 0) throw missing(`${python} cannot import it: ${probe.stderr.trim()}`)
  console.log(`gallery-dl ${probe.stdout.trim()} (${python})`)
  return python
}

interface LoggedRequest {
  method: string
  url: string
  target: string
  status: number | null
  content_type: string | null
  length: number | null
  error?: string
  body?: string
}

interface Run {
  name: string
  code: number | null
  stderr: string
  requests: LoggedRequest[]
  /** downloaded files (not the metadata), absolute paths */
  files: string[]
}

interface Work {
  id: number
  type: 'illust' | 'manga' | 'ugoira'
  page_count: number
  user: { id: number }
  tags: { name: string }[]
  meta_single_page: { original_image_url?: string }
  meta_pages: { image_urls: { original: string } }[]
}

let service: ServiceProcess
let python: string
let root: string
let config: string
let cacheDir: string
let token: string
let refreshToken: string
let demoUserId: string

async function signIn() {
  const res = await fetch(`${service.url}/auth/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'password', username: 'demo', password: 'demo' }),
  })
  if (res.status !== 200) throw new Error(`password sign-in: ${res.status} ${await res.text()}`)
  return (await res.json()) as { access_token: string; refresh_token: string; user: { id: string } }
}

/** The test's own App API call (signed in apart from gallery-dl, so its refresh token stays gallery-dl's). */
async function api<T>(pathAndQuery: string): Promise<T> {
  const res = await fetch(new URL(pathAndQuery, service.url), { headers: { authorization: `Bearer ${token}` } })
  const text = await res.text()
  if (res.status !== 200) throw new Error(`GET ${pathAndQuery}: ${res.status} ${text.slice(0, 300)}`)
  return JSON.parse(text) as T
}

/** Follows next_url (its path and query, on the service) until `pick` finds a work, at most `pages` pages. */
async function findWork(first: string, pick: (w: Work) => boolean, pages = 10): Promise<Work> {
  let next: string | null = first
  for (let i = 0; next && i < pages; i++) {
    const page: { illusts: Work[]; next_url: string | null } = await api(next)
    const found = page.illusts.find(pick)
    if (found) return found
    next = page.next_url ? new URL(page.next_url).pathname + new URL(page.next_url).search : null
  }
  throw new Error(`no work found in ${first}`)
}

function collectFiles(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !e.name.endsWith('.json') && !e.name.endsWith('.part'))
    .map((e) => path.join(e.parentPath, e.name))
    .sort()
}

async function galleryDl(name: string, url: string, extra: string[] = []): Promise<Run> {
  const dir = path.join(root, name)
  mkdirSync(dir, { recursive: true })
  const log = path.join(dir, 'requests.jsonl')
  const args = [WRAPPER, '--config-ignore', '-c', config, '-D', path.join(dir, 'out'), '--write-metadata']
  const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
    execFile(
      python,
      [...args, ...extra, url],
      {
        cwd: dir,
        timeout: RUN_TIMEOUT_MS,
        maxBuffer: 16 << 20,
        env: {
          ...process.env,
          EASEL_ORIGIN: service.url,
          EASEL_GDL_LOG: log,
          // gallery-dl's cache (the access token) and any per-user files live in the test's directory
          XDG_CACHE_HOME: cacheDir,
          HOME: root,
          PYTHONDONTWRITEBYTECODE: '1',
        },
      },
      (err, _stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : null) : 0
        resolve({ code, stderr: String(stderr) })
      },
    )
  })
  const requests = existsSync(log)
    ? readFileSync(log, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as LoggedRequest)
    : []
  return { name, code, stderr, requests, files: collectFiles(path.join(dir, 'out')) }
}

const isApiPath = (p: string) => /^\/(v\d+|auth|ajax|webview)\//.test(p)

const describeRequest = (r: LoggedRequest) =>
  `${r.method} ${r.url} → ${r.status ?? r.error} ${r.content_type ?? ''}${r.body ? ` ${JSON.stringify(r.body.slice(0, 200))}` : ''}`

const detailCache = new Map<number, Promise<Work>>()
const detail = (id: number) => {
  let d = detailCache.get(id)
  if (!d) {
    d = api<{ illust: Work }>(`/v1/illust/detail?illust_id=${id}`).then((r) => r.illust)
    detailCache.set(id, d)
  }
  return d
}

/** The URL gallery-dl 1.25.3 downloads for a saved file (pixiv.py's items()), from the service's own answers. */
async function sourceUrl(meta: { id: number; num: number; extension: string }): Promise<string> {
  const work = await detail(meta.id)
  if (work.type === 'ugoira' && meta.extension === 'zip') {
    const { ugoira_metadata } = await api<{ ugoira_metadata: { zip_urls: { medium: string } } }>(
      `/v1/ugoira/metadata?illust_id=${meta.id}`,
    )
    return ugoira_metadata.zip_urls.medium.replace('_ugoira600x600', '_ugoira1920x1080')
  }
  if (work.page_count === 1) return work.meta_single_page.original_image_url ?? ''
  return work.meta_pages[meta.num]?.image_urls.original ?? ''
}

/** Everything wrong with a run, each with the request or file it concerns; [] when the run did what it should. */
async function problems(run: Run, files: { min: number; max?: number }): Promise<string[]> {
  const out: string[] = []
  if (run.code !== 0) {
    const tail = run.stderr.trim().split('\n').slice(-6).join(' | ')
    out.push(`gallery-dl exited ${run.code}: ${tail}`)
  }
  for (const r of run.requests) {
    const { hostname, pathname } = new URL(r.url)
    if (r.status === null || r.status >= 400) out.push(`failed request: ${describeRequest(r)}`)
    else if (isApiPath(pathname) && !/json/.test(r.content_type ?? ''))
      out.push(`API answered with something else than JSON: ${describeRequest(r)}`)
    // An image URL on the host the client sent as Host means the service echoed pixiv's API host into its URLs.
    if (!isApiPath(pathname) && [API_HOST, AUTH_HOST, WEB_HOST].includes(hostname))
      out.push(`image URL built from the Host header: ${r.method} ${r.url}`)
  }
  const n = run.files.length
  if (n < files.min || (files.max !== undefined && n > files.max))
    out.push(`${n} files downloaded, expected ${files.min}${files.max === undefined ? '+' : `..${files.max}`}`)
  for (const file of run.files) {
    const name = path.basename(file)
    const metaFile = `${file}.json`
    if (!existsSync(metaFile)) {
      out.push(`${name}: no metadata file`)
      continue
    }
    const meta = JSON.parse(readFileSync(metaFile, 'utf8')) as {
      id: number
      num: number
      extension: string
      date_url: string | null
    }
    if (meta.date_url == null) out.push(`${name}: date_url is null in its metadata`)
    const url = await sourceUrl(meta)
    if (!url) {
      out.push(`${name}: the service gives no image URL for it`)
      continue
    }
    const res = await fetch(repoint(url, service.url))
    const served = Buffer.from(await res.arrayBuffer())
    const type = res.headers.get('content-type') ?? ''
    if (res.status !== 200 || !/^(image\/|application\/(zip|octet-stream))/.test(type))
      out.push(`${name}: GET ${url} → ${res.status} ${type}`)
    else if (!served.equals(readFileSync(file)))
      out.push(`${name}: differs from GET ${url} (${readFileSync(file).length} vs ${served.length} bytes)`)
  }
  return out
}

/** Runs gallery-dl on one URL and expects a clean run; the failure message lists every problem found. */
async function expectClean(name: string, url: string, files: { min: number; max?: number }, extra: string[] = []) {
  const run = await galleryDl(name, url, extra)
  const found = await problems(run, files)
  console.log(`${name}: exit ${run.code}, ${run.files.length} files, ${run.requests.length} requests`)
  expect(found, `${name}: gallery-dl ${[...extra, url].join(' ')}`).toEqual([])
  return run
}

let single: Work
let manga: Work
let ugoira: Work

describe('gallery-dl (Debian) against a demo Easel', { timeout: 120_000 }, () => {
  beforeAll(async () => {
    python = galleryDlPython()
    root = mkdtempSync(path.join(os.tmpdir(), 'easel-gallery-dl-'))
    cacheDir = path.join(root, 'cache')
    mkdirSync(cacheDir)
    service = await startServiceProcess({
      dataDir: path.join(root, 'data'),
      port: await freePort(),
      env: { CATALOGUE_SIZE: 'small' },
      limitMs: 150_000,
    })
    // one sign-in for gallery-dl's refresh token, another for the test's own calls
    refreshToken = (await signIn()).refresh_token
    const own = await signIn()
    token = own.access_token
    demoUserId = own.user.id
    config = path.join(root, 'config.json')
    writeFileSync(
      config,
      JSON.stringify({
        extractor: { pixiv: { 'refresh-token': refreshToken } },
        cache: { file: path.join(cacheDir, 'gallery-dl', 'cache.sqlite3') },
      }),
    )
    mkdirSync(path.join(cacheDir, 'gallery-dl'))
    single = await findWork('/v1/illust/ranking?mode=day', (w) => w.type === 'illust' && w.page_count === 1)
    manga = await findWork('/v1/illust/ranking?mode=day_manga', (w) => w.type === 'manga' && w.page_count === 3)
    ugoira = await findWork('/v1/illust/ranking?mode=day', (w) => w.type === 'ugoira')
    console.log(`works: single ${single.id}, manga ${manga.id}, ugoira ${ugoira.id}; demo user ${demoUserId}`)
  }, 180_000)

  afterAll(async () => {
    await service?.stop()
    if (root) rmSync(root, { recursive: true, force: true })
  })

  it('downloads a single work, signing in with the configured refresh token', async () => {
    const run = await expectClean('single', `https://www.pixiv.net/en/artworks/${single.id}`, { min: 1, max: 1 })
    const signIns = run.requests.filter((r) => new URL(r.url).hostname === AUTH_HOST)
    expect(signIns.map((r) => r.status)).toEqual([200])
  })

  it('downloads every page of a 3-page manga', async () => {
    await expectClean('manga', `https://www.pixiv.net/artworks/${manga.id}`, { min: 3, max: 3 })
  })

  it('downloads an ugoira as its zip', async () => {
    await expectClean('ugoira', `https://www.pixiv.net/artworks/${ugoira.id}`, { min: 1, max: 1 })
  })

  it('downloads an ugoira with ugoira=original', async () => {
    await expectClean('ugoira-original', `https://www.pixiv.net/artworks/${ugoira.id}`, { min: 1 }, [
      '-o',
      'ugoira=original',
    ])
  })

  it("downloads a user's works (--range 1-60)", async () => {
    await expectClean('user-works', `https://www.pixiv.net/users/${single.user.id}/artworks`, { min: 1, max: 60 }, [
      '--range',
      '1-60',
    ])
  })

  it("downloads the demo user's public bookmarks", async () => {
    await expectClean(
      'bookmarks-public',
      `https://www.pixiv.net/users/${demoUserId}/bookmarks/artworks`,
      { min: 1, max: 20 },
      ['--range', '1-20'],
    )
  })

  it("downloads the demo user's private bookmarks (?rest=hide)", async () => {
    await expectClean(
      'bookmarks-private',
      `https://www.pixiv.net/users/${demoUserId}/bookmarks/artworks?rest=hide`,
      { min: 1, max: 20 },
      ['--range', '1-20'],
    )
  })

  // Issue 14: images of works not everyone may see load only with the signature in their URLs; gallery-dl keeps the
  // query when it derives other pages, frames and the large zip, and still dates the file from the path.
  describe("the demo user's own hidden works (signed image URLs)", () => {
    /** The demo user's own restrict-2 manga; a hidden (R-18, the demo reads R-18G) ugoira from the R-18 ranking. */
    const hiddenManga = () =>
      findWork(
        `/v1/user/illusts?user_id=${demoUserId}&type=manga`,
        (w) => (w as Work & { restrict: number }).restrict === 2,
      )
    const hiddenUgoira = () =>
      findWork(
        '/v1/illust/ranking?mode=day_r18',
        (w) => w.type === 'ugoira' && (w as Work & { x_restrict: number }).x_restrict > 0,
        20,
      )
    /** the work's image URLs carry a signature, and the same paths without it are refused */
    async function signedOnly(work: Work) {
      const w = await detail(work.id)
      const urls =
        w.page_count === 1 ? [w.meta_single_page.original_image_url!] : w.meta_pages.map((p) => p.image_urls.original)
      for (const url of urls) {
        expect(url, url).toMatch(/\?e=\d+&s=[\w-]{32}$/)
        const bare = repoint(url.split('?')[0]!, service.url)
        expect((await fetch(bare)).status, bare).toBe(404)
      }
    }

    it('a restrict-2 manga, every page', async () => {
      const work = await hiddenManga()
      await expectClean('hidden-manga', `https://www.pixiv.net/artworks/${work.id}`, {
        min: work.page_count,
        max: work.page_count,
      })
      await signedOnly(work)
    })

    it('an R-18 ugoira, as its large zip and as frames (ugoira=original)', async () => {
      const work = await hiddenUgoira()
      await expectClean('hidden-ugoira', `https://www.pixiv.net/artworks/${work.id}`, { min: 1, max: 1 })
      await expectClean('hidden-ugoira-frames', `https://www.pixiv.net/artworks/${work.id}`, { min: 1 }, [
        '-o',
        'ugoira=original',
      ])
      await signedOnly(work)
    })
  })

  it('downloads a tag search', async () => {
    const tag = encodeURIComponent(single.tags[0]!.name)
    await expectClean('tag-search', `https://www.pixiv.net/tags/${tag}/artworks`, { min: 1, max: 20 }, [
      '--range',
      '1-20',
    ])
  })

  it("downloads the default daily ranking (no date: gallery-dl asks for yesterday by the machine's clock)", async () => {
    await expectClean('ranking', 'https://www.pixiv.net/ranking.php?mode=daily', { min: 1, max: 20 }, [
      '--range',
      '1-20',
    ])
  })

  it('downloads the follow feed', async () => {
    await expectClean('follow', 'https://www.pixiv.net/bookmark_new_illust.php', { min: 1, max: 20 }, [
      '--range',
      '1-20',
    ])
  })

  it('signs in again with the same refresh token once its cache is emptied', async () => {
    rmSync(path.join(cacheDir, 'gallery-dl'), { recursive: true, force: true })
    mkdirSync(path.join(cacheDir, 'gallery-dl'))
    const run = await expectClean('second-sign-in', `https://www.pixiv.net/artworks/${single.id}`, { min: 1, max: 1 })
    const signIns = run.requests.filter((r) => new URL(r.url).hostname === AUTH_HOST)
    expect(signIns.map((r) => r.status)).toEqual([200])
  })
})
