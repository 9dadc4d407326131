import autocannon from 'autocannon'
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { catalogueFile } from '../catalogue.ts'
import { fixtures } from '../data/fixtures.ts'
import { CatalogueStore } from '../data/store.ts'
import { FULL, report } from '../testing/reliability.ts'
import { freePort, startServiceProcess, type ServiceProcess } from '../testing/service-process.ts'

// Soak: mixed traffic (details, searches, rankings, recommendations, bookmarks reads and writes, series, novel text,
// user profiles, thumbnails, the app shell, and requests that are wrong on purpose) at 64 connections against the
// real service process. After a warm-up, SOAK_SECONDS (60) of it: no socket errors or timeouts, every answer the
// status its kind of request should get, and the process's resident memory within 20 % of its value after warm-up.
// Warmed up means steady: the bounded caches full, and the V8 heap through its first full collection. Until then
// V8 lets the heap grow freely (it reached ~220 MB, of which ~90 MB live, before the first mark-compact), and RSS
// growth says nothing about leaks. The service runs with --trace-gc so the test can see that collection.
// Only in `npm run test:reliability`: it takes two to four minutes and both cores.

const SOAK_S = Number(process.env.SOAK_SECONDS ?? 60)
/** Warm-up goes on in rounds of this many seconds until V8 has run a full collection that reclaimed memory. */
const WARMUP_ROUND_S = 10
const WARMUP_MAX_S = 240
const CONNECTIONS = 64
const RSS_TOLERANCE = 0.2

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'easel-soak-'))
let service: ServiceProcess | undefined
afterAll(async () => {
  await service?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

/** Resident memory of a process, in KiB, as the kernel counts it. */
function rssKiB(pid: number): number {
  const m = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  if (!m) throw new Error(`no VmRSS for ${pid}`)
  return Number(m[1])
}

/** Mark-compacts (in --trace-gc output) that freed at least 32 MB: the heap's full cycles, not start-up trims. */
function fullCollections(trace: string): number {
  const runs = [...trace.matchAll(/Mark-Compact[^\n]*? ([\d.]+) \([\d.]+\) -> ([\d.]+) \([\d.]+\) MB/g)]
  return runs.filter((m) => Number(m[1]) - Number(m[2]) >= 32).length
}

const pick = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)]!

interface Step {
  name: string
  /** the statuses this kind of request may get */
  expect: number[]
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  path: () => string
  body?: () => string
}

function run(options: autocannon.Options) {
  return new Promise<autocannon.Result>((resolve, reject) =>
    autocannon(options, (err, result) => (err ? reject(err) : resolve(result))),
  )
}

describe.runIf(FULL)('soak', () => {
  it(
    `serves ${SOAK_S} s of mixed traffic at ${CONNECTIONS} connections without errors or memory growth`,
    async () => {
      copyFileSync(inject('catalogueFile'), catalogueFile(dataDir))
      const store = new CatalogueStore(catalogueFile(dataDir), { readonly: true })
      const works = fixtures.worksWhere(store, 'w.restrict = 0 AND w.x_restrict = 0').map((w) => w.id)
      const novels = fixtures.novelsWhere(store, 'w.restrict = 0 AND w.x_restrict = 0').map((n) => n.id)
      const words = [fixtures.commonTag(store, 100).name, fixtures.commonTag(store, 30).name, 'original']
      const novelSeries = fixtures.longestNovelSeries(store).series_id
      const illustSeries = fixtures.longestIllustSeries(store).series_id
      const users = Number(store.meta().users)
      store.close()

      service = await startServiceProcess({
        dataDir,
        port: await freePort(),
        args: ['--trace-gc', '--import', 'tsx', path.resolve('src/server/main.ts')],
      })
      const { url } = service
      const login = await fetch(`${url}/auth/token`, {
        method: 'POST',
        body: new URLSearchParams({ grant_type: 'password', username: 'demo', password: 'demo' }),
      })
      const token = ((await login.json()) as { access_token: string }).access_token
      const auth = { authorization: `Bearer ${token}` }
      // Thumbnails of a fixed set of works: rendered once, then served from the image cache.
      const thumbs: string[] = []
      for (const id of works.slice(0, 24)) {
        const { illust } = (await (await fetch(`${url}/v1/illust/detail?illust_id=${id}`)).json()) as any
        thumbs.push(new URL(illust.image_urls.square_medium).pathname)
      }
      const writable = works.slice(100, 400)

      const steps: Step[] = [
        { name: 'detail', expect: [200], path: () => `/v1/illust/detail?illust_id=${pick(works)}` },
        {
          name: 'search',
          // One address at 64 connections is one heavy client: past its share of the search workers (3 at once,
          // server.ts) a search that misses the cache is refused with 503 and Retry-After, by design.
          expect: [200, 503],
          path: () =>
            `/v1/search/illust?word=${encodeURIComponent(pick(words))}&offset=${30 * Math.floor(Math.random() * 5)}`,
        },
        {
          name: 'ranking',
          expect: [200],
          path: () =>
            `/v1/illust/ranking?mode=${pick(['day', 'week', 'month'])}&offset=${30 * Math.floor(Math.random() * 10)}`,
        },
        { name: 'recommended', expect: [200], path: () => '/v1/illust/recommended' },
        { name: 'recommended (signed in)', expect: [200], headers: auth, path: () => '/v1/illust/recommended' },
        {
          name: 'bookmarks',
          expect: [200],
          headers: auth,
          path: () => `/v1/user/bookmarks/illust?user_id=1&restrict=${pick(['public', 'private'])}`,
        },
        { name: 'novel series', expect: [200], path: () => `/v2/novel/series?series_id=${novelSeries}` },
        { name: 'illust series', expect: [200], path: () => `/v1/illust/series?illust_series_id=${illustSeries}` },
        { name: 'novel text', expect: [200], path: () => `/v1/novel/text?novel_id=${pick(novels)}` },
        { name: 'user', expect: [200], path: () => `/v1/user/detail?user_id=${1 + Math.floor(Math.random() * users)}` },
        { name: 'thumbnail', expect: [200], path: () => pick(thumbs) },
        {
          name: 'app shell',
          expect: [200],
          headers: { 'accept-encoding': 'gzip' },
          path: () => pick(['/', '/ranking', '/artworks/1']),
        },
        {
          name: 'bookmark write',
          expect: [200],
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/x-www-form-urlencoded' },
          path: () => pick(['/v2/illust/bookmark/add', '/v1/illust/bookmark/delete']),
          body: () => `illust_id=${pick(writable)}`,
        },
        {
          name: 'bad on purpose',
          expect: [400],
          path: () => `/v1/illust/detail?illust_id=${pick(['abc', '-1', '1.5'])}`,
        },
        {
          name: 'missing on purpose',
          expect: [404],
          path: () => `/v1/illust/detail?illust_id=${900_000 + Math.floor(Math.random() * 1000)}`,
        },
      ]

      const tally = new Map<string, Map<number, number>>()
      // autocannon also calls a request's onResponse with each answer's status (bench/lib/autocannon.d.ts, the
      // declarations shared with the benchmark, leaves it out).
      const traffic: (autocannon.Request & { onResponse: (status: number) => void })[] = steps.map((s) => ({
        method: s.method ?? 'GET',
        headers: s.headers ?? {},
        setupRequest: (req) => ({ ...req, path: s.path(), ...(s.body ? { body: s.body() } : {}) }),
        onResponse: (status: number) => {
          const byStatus = tally.get(s.name) ?? new Map<number, number>()
          byStatus.set(status, (byStatus.get(status) ?? 0) + 1)
          tally.set(s.name, byStatus)
        },
      }))
      const options = (durationS: number): autocannon.Options => ({
        url,
        connections: CONNECTIONS,
        duration: durationS,
        timeout: 10,
        requests: traffic,
      })

      const pid = service.child.pid!
      // Warm-up: first every work detail the traffic can ask for, once, so the bounded item cache reaches the size
      // it keeps (growth until then is the cache filling, not a leak); then the mixed traffic itself.
      const details = works.map((id) => `/v1/illust/detail?illust_id=${id}`)
      let next = 0
      await run({
        url,
        connections: CONNECTIONS,
        amount: details.length,
        timeout: 10,
        requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: details[next++ % details.length] }) }],
      })
      let warmupS = 0
      while (fullCollections(service.output()) === 0) {
        expect(warmupS, 'V8 ran a full collection during the warm-up').toBeLessThan(WARMUP_MAX_S)
        await run(options(WARMUP_ROUND_S))
        warmupS += WARMUP_ROUND_S
      }
      const warm = rssKiB(pid)
      tally.clear()
      const samples: number[] = []
      const sampler = setInterval(() => samples.push(rssKiB(pid)), 5000)
      const result = await run(options(SOAK_S)).finally(() => clearInterval(sampler))
      const end = rssKiB(pid)
      samples.push(end)

      const requests = [...tally.values()].flatMap((m) => [...m.values()]).reduce((a, b) => a + b, 0)
      const unexpected = steps.flatMap((s) =>
        [...(tally.get(s.name) ?? new Map<number, number>())]
          .filter(([status]) => !s.expect.includes(status))
          .map(([status, n]) => `${s.name}: ${n}× ${status}`),
      )
      const maxRss = Math.max(...samples)
      const mb = (kib: number) => `${(kib / 1024).toFixed(0)} MB`
      report(
        'soak requests',
        requests,
        `${SOAK_S} s at ${CONNECTIONS} connections, ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms; ` +
          `RSS ${mb(warm)} after ${warmupS} s of warm-up, ${mb(end)} at the end, at most ${mb(maxRss)}; ` +
          `${fullCollections(service.output())} full GCs`,
      )
      expect(result.errors, 'socket errors and timeouts').toBe(0)
      expect(result.timeouts).toBe(0)
      expect(unexpected, 'answers of the wrong status').toEqual([])
      for (const s of steps) expect(tally.get(s.name)?.size, `${s.name} was requested`).toBeGreaterThan(0)
      expect(
        maxRss,
        `resident memory at most ${RSS_TOLERANCE * 100} % above the ${mb(warm)} after warm-up`,
      ).toBeLessThanOrEqual(warm * (1 + RSS_TOLERANCE))
      expect(end).toBeGreaterThanOrEqual(warm * (1 - RSS_TOLERANCE))
    },
    (WARMUP_MAX_S + SOAK_S + 90) * 1000,
  )
})
