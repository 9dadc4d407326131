import { createHash } from 'node:crypto'
import http from 'node:http'
import https from 'node:https'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort, startServiceProcess, type ServiceProcess } from '../testing/service-process.ts'
import { API_HOST, AUTH_HOST, PIXIV_HOSTS } from './pixiv-hosts.ts'

// What pixivpy (AppPixivAPI with set_api_proxy) does on the wire, against the real service on a real port
// (../shared/reference/real-clients.md): every API call carries `Host: app-api.pixiv.net` (the token call
// `Host: oauth.secure.pixiv.net`), one refresh token is kept and reused for every sign-in, a next page is the
// method's own URL with only the query of next_url, and every image URL it is handed is downloaded as it is.

const CLIENT_ID = 'MOBrBDS8blbauoSck0ZfDbtuzpyT'
const CLIENT_SECRET = 'lsACyCD94FhDUtGTXi3QzcFE2uU1hqtDaKeqrdwj'
const HASH_SECRET = '28c1fdd170a5204386cb1313c7077b34f83e4aaf4aa829ce78c231e05b0bae2c'
const APP_HEADERS = {
  'app-os': 'ios',
  'app-os-version': '14.6',
  'user-agent': 'PixivIOSApp/7.13.3 (iOS 14.6; iPhone13,2)',
}
/** list pages read per endpoint: the first and those reached through next_url */
const PAGES = 2

interface Reply {
  status: number
  type: string
  body: Buffer
}

/** A request with exactly these headers (Host included, which fetch would not let travel). */
function request(url: string, opts: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  const u = new URL(url)
  const lib = u.protocol === 'https:' ? https : http
  return new Promise<Reply>((resolve, reject) => {
    const req = lib.request(u, { method: opts.method ?? 'GET', headers: opts.headers, timeout: 30_000 }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'] ?? '', body: Buffer.concat(chunks) }),
      )
      res.on('error', reject)
    })
    req.on('timeout', () => req.destroy(new Error(`timeout: ${url}`)))
    req.on('error', reject)
    req.end(opts.body)
  })
}

const describeReply = (what: string, r: Reply) =>
  `${what} → ${r.status} ${r.type} ${JSON.stringify(r.body.toString('utf8', 0, 200))}`

/** pixivpy's AppPixivAPI after set_api_proxy(origin): the service's origin, pixiv's Host headers. */
class PixivpyLike {
  accessToken = ''
  userId = ''
  /** every image URL it was handed and has not downloaded yet, with where it came from */
  readonly imageUrls = new Map<string, string>()
  /** like pixivpy's download(), which skips a file it already has */
  private readonly downloaded = new Set<string>()

  constructor(readonly hosts: string) {}

  async auth(refreshToken: string) {
    const time = new Date().toISOString().replace(/\.\d{3}Z$/, '+00:00')
    const reply = await request(`${this.hosts}/auth/token`, {
      method: 'POST',
      headers: {
        host: AUTH_HOST,
        'content-type': 'application/x-www-form-urlencoded',
        'x-client-time': time,
        'x-client-hash': createHash('md5')
          .update(time + HASH_SECRET)
          .digest('hex'),
        ...APP_HEADERS,
      },
      body: new URLSearchParams({
        get_secure_url: '1',
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
      }).toString(),
    })
    if (reply.status !== 200) throw new Error(describeReply('POST /auth/token', reply))
    // pixivpy reads the token from `response`, not from the top level
    const token = JSON.parse(reply.body.toString('utf8')) as {
      response: { access_token: string; refresh_token: string; user: { id: string } }
    }
    this.accessToken = token.response.access_token
    this.userId = token.response.user.id
    this.collect(token.response, 'POST /auth/token')
    return token.response
  }

  /** A method's call: `path` on the proxy host with its params, Host app-api.pixiv.net, the bearer token. */
  async call<T>(pathAndQuery: string): Promise<T> {
    const reply = await request(`${this.hosts}${pathAndQuery}`, {
      headers: { host: API_HOST, authorization: `Bearer ${this.accessToken}`, ...APP_HEADERS },
    })
    if (reply.status !== 200 || !/json/.test(reply.type)) throw new Error(describeReply(`GET ${pathAndQuery}`, reply))
    const data = JSON.parse(reply.body.toString('utf8')) as T
    this.collect(data, `GET ${pathAndQuery}`)
    return data
  }

  /**
   * The first page of a list and the next ones as pixivpy pages them: parse_qs(next_url) handed back to the same
   * method, i.e. the method's own path with only the query of next_url.
   */
  async pages<T extends { next_url: string | null }>(endpoint: string, params: Record<string, string>, max = PAGES) {
    const pages: T[] = []
    let query = `?${new URLSearchParams(params)}`
    for (let i = 0; i < max; i++) {
      const page = await this.call<T>(`${endpoint}${query}`)
      pages.push(page)
      if (!page.next_url) break
      query = new URL(page.next_url).search
    }
    return pages
  }

  /** Every URL in an answer that names an image (pixivpy hands these to download()). */
  private collect(value: unknown, from: string) {
    if (typeof value === 'string') {
      const image = /^https?:\/\/[^?#]+\.(jpe?g|png|gif|webp|zip)$/i.test(value)
      if (image && !this.downloaded.has(value) && !this.imageUrls.has(value)) this.imageUrls.set(value, from)
    } else if (Array.isArray(value)) for (const v of value) this.collect(v, from)
    else if (value && typeof value === 'object') for (const v of Object.values(value)) this.collect(v, from)
  }

  /** download(url) for each collected URL: fetched as given (pixivpy does not re-point image hosts). */
  async downloadAll(): Promise<string[]> {
    const problems: string[] = []
    const urls = [...this.imageUrls]
    this.imageUrls.clear()
    for (const [url] of urls) this.downloaded.add(url)
    const work = async () => {
      for (let next = urls.shift(); next; next = urls.shift()) {
        const [url, from] = next
        if (PIXIV_HOSTS.has(new URL(url).hostname)) {
          problems.push(`${url} (from ${from}) is on pixiv's host: pixivpy would download it from pixiv`)
          continue
        }
        try {
          const r = await request(url, { headers: { referer: 'https://app-api.pixiv.net/', ...APP_HEADERS } })
          const isImage = /^image\//.test(r.type) || (/\.zip$/.test(url) && /zip|octet-stream/.test(r.type))
          if (r.status !== 200 || !isImage || r.body.length === 0)
            problems.push(`${describeReply(`GET ${url}`, r)} (from ${from})`)
        } catch (err) {
          problems.push(`GET ${url} (from ${from}): ${(err as Error).message}`)
        }
      }
    }
    await Promise.all([work(), work(), work(), work()])
    // hundreds of URLs share one cause: the first ones say it, the count says how far it goes
    return problems.length > 8 ? [...problems.slice(0, 8), `… and ${problems.length - 8} more`] : problems
  }
}

interface Work {
  id: number
  type: string
  page_count: number
  user: { id: number }
  tags: { name: string }[]
}
interface IllustPage {
  illusts: Work[]
  next_url: string | null
}

let service: ServiceProcess
let dataDir: string
let sharedToken: string
/** the client under test */
let client: PixivpyLike
/** picks the subjects (what a user would have found by browsing); its image URLs are not the test's */
let scout: PixivpyLike

async function passwordSignIn() {
  const res = await fetch(`${service.url}/auth/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'password', username: 'demo', password: 'demo' }),
  })
  if (res.status !== 200) throw new Error(`password sign-in: ${res.status} ${await res.text()}`)
  return ((await res.json()) as { refresh_token: string }).refresh_token
}

const ranking = (pages = 1) => scout.pages<IllustPage>('/v1/illust/ranking', { mode: 'day', filter: 'for_ios' }, pages)

const pageCost = (page: IllustPage) => page.illusts.reduce((n, w) => n + w.page_count, 0)

/**
 * A list with a second page whose images cost the least to render: every image URL of both pages is downloaded,
 * and a tag such as "漫画" would hand over thousands of manga pages.
 */
async function cheapestPaged(candidates: string[], endpoint: (candidate: string) => string) {
  let best: { candidate: string; cost: number } | undefined
  for (const candidate of candidates) {
    const page = await scout.call<IllustPage>(endpoint(candidate))
    if (page.next_url && (!best || pageCost(page) < best.cost)) best = { candidate, cost: pageCost(page) }
  }
  return best?.candidate
}

/** Pages through a list: each page answered, page 2 continues page 1 (no item twice), every image downloadable. */
async function expectList(endpoint: string, params: Record<string, string>, key = 'illusts') {
  const pages = await client.pages<IllustPage & Record<string, unknown>>(endpoint, params)
  const ids = pages.flatMap((p) => (p[key] as { id: number }[]).map((w) => w.id))
  expect(ids.length, `${endpoint}: items`).toBeGreaterThan(0)
  expect(pages.length, `${endpoint}: pages reached through next_url`).toBe(PAGES)
  expect(new Set(ids).size, `${endpoint}: an item repeated across pages`).toBe(ids.length)
  expect(await client.downloadAll()).toEqual([])
}

describe('a pixivpy-style client (Host: app-api.pixiv.net) against the service', { timeout: 150_000 }, () => {
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'easel-pixivpy-'))
    service = await startServiceProcess({
      dataDir,
      port: await freePort(),
      env: { CATALOGUE_SIZE: 'small' },
      limitMs: 150_000,
    })
    sharedToken = await passwordSignIn()
    // the clients the endpoint tests use sign in once each, with refresh tokens of their own
    client = new PixivpyLike(service.url)
    await client.auth(await passwordSignIn())
    scout = new PixivpyLike(service.url)
    await scout.auth(await passwordSignIn())
  }, 180_000)

  afterAll(async () => {
    await service?.stop()
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  })

  it('signs in three times with one refresh token, and each access token works', async () => {
    const outcomes: string[] = []
    for (let i = 1; i <= 3; i++) {
      const c = new PixivpyLike(service.url)
      try {
        await c.auth(sharedToken)
        await c.call(`/v1/user/detail?user_id=${c.userId}&filter=for_ios`)
        outcomes.push(`sign-in ${i}: ok`)
      } catch (err) {
        outcomes.push(`sign-in ${i}: ${(err as Error).message}`)
      }
    }
    expect(outcomes).toEqual(['sign-in 1: ok', 'sign-in 2: ok', 'sign-in 3: ok'])
  })

  it('illust detail: every image URL downloads', async () => {
    const [page] = await ranking()
    const manga = page!.illusts.find((w) => w.page_count > 1) ?? page!.illusts[0]!
    const { illust } = await client.call<{ illust: Work }>(`/v1/illust/detail?illust_id=${manga.id}`)
    expect(illust.id).toBe(manga.id)
    expect(client.imageUrls.size).toBeGreaterThan(0)
    expect(await client.downloadAll()).toEqual([])
  })

  it('ranking: pages by the query of next_url, every image URL downloads', async () => {
    await expectList('/v1/illust/ranking', { mode: 'day', filter: 'for_ios' })
  })

  it('search: pages by the query of next_url, every image URL downloads', async () => {
    const [page] = await ranking()
    const tags = [...new Set(page!.illusts.slice(0, 10).flatMap((w) => w.tags.map((t) => t.name)))]
    const params = (word: string) => ({
      word,
      search_target: 'partial_match_for_tags',
      sort: 'date_desc',
      filter: 'for_ios',
    })
    const word = await cheapestPaged(tags, (w) => `/v1/search/illust?${new URLSearchParams(params(w))}`)
    expect(word, 'a tag of the ranking with two pages of results').toBeDefined()
    await expectList('/v1/search/illust', params(word!))
  })

  it('user illusts: pages by the query of next_url, every image URL downloads', async () => {
    const [page] = await ranking()
    const users = [...new Set(page!.illusts.map((w) => String(w.user.id)))].slice(0, 15)
    const params = (user_id: string) => ({ user_id, type: 'illust', filter: 'for_ios' })
    const user = await cheapestPaged(users, (u) => `/v1/user/illusts?${new URLSearchParams(params(u))}`)
    expect(user, 'a ranked user with two pages of works').toBeDefined()
    await expectList('/v1/user/illusts', params(user!))
  })

  it("the signed-in user's bookmarks: pages by the query of next_url, every image URL downloads", async () => {
    await expectList('/v1/user/bookmarks/illust', { user_id: client.userId, restrict: 'public', filter: 'for_ios' })
  })

  it('novel detail: every image URL downloads', async () => {
    const [page] = await scout.pages<{ novels: { id: number }[]; next_url: string | null }>(
      '/v1/novel/ranking',
      { mode: 'day', filter: 'for_ios' },
      1,
    )
    const id = page!.novels[0]!.id
    const { novel } = await client.call<{ novel: { id: number } }>(`/v2/novel/detail?novel_id=${id}`)
    expect(novel.id).toBe(id)
    expect(await client.downloadAll()).toEqual([])
  })

  it('ugoira metadata: its zip downloads', async () => {
    const ugoira = (await ranking(5)).flatMap((p) => p.illusts).find((w) => w.type === 'ugoira')
    expect(ugoira, 'an ugoira in the first ranking pages').toBeDefined()
    const { ugoira_metadata } = await client.call<{ ugoira_metadata: { zip_urls: { medium: string } } }>(
      `/v1/ugoira/metadata?illust_id=${ugoira!.id}`,
    )
    expect([...client.imageUrls.keys()]).toContain(ugoira_metadata.zip_urls.medium)
    expect(await client.downloadAll()).toEqual([])
  })
})
