import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { catalogueFile } from '../catalogue.ts'
import { fixtures } from '../data/fixtures.ts'
import { CatalogueStore } from '../data/store.ts'
import { FULL, report, scale } from '../testing/reliability.ts'
import { freePort, startServiceProcess, type ServiceProcess } from '../testing/service-process.ts'

// A hostile neighbour who searches (issue 14): searches that miss the cache cost tens of milliseconds of SQLite
// each, and run on the service's one thread they held up everyone (4 clients within the rate limit took another
// user's p50 from 4 to 357 ms). Against the real service process, with its rate limit: 4 signed-in clients search
// as fast as they are let (each with 3 searches in flight, its share of the search queue, bookmark_num_max varied
// so none is cached), while another client reads a cached work detail; its p99 must stay under 50 ms.
// Only in `npm run test:reliability`: it measures the machine (as hostile-neighbour.test.ts, its wider sibling, does).

const BEFORE = scale(100, 300)
const DURING_MS = scale(6000, 15000)
/** the other client reads at 25 requests a second, within the rate limit (50/s by default) like a person browsing */
const PACE_MS = 40
const HOSTILE = 4
/** searches each neighbour keeps in flight: its whole share of the search queue */
const IN_FLIGHT = 3
/** broad enough to match most works: one uncached search is tens of milliseconds of SQLite */
const WORD = 'a OR e OR i OR o OR u OR n'

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'easel-neighbour-'))
copyFileSync(inject('catalogueFile'), catalogueFile(dataDir))
let service: ServiceProcess | undefined
afterAll(async () => {
  await service?.kill()
  rmSync(dataDir, { recursive: true, force: true })
})

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!
}

describe.runIf(FULL)('a hostile neighbour who searches', () => {
  it('does not slow down another client reading cached pages', async () => {
    const store = new CatalogueStore(catalogueFile(dataDir), { readonly: true })
    const users = [1, ...Array.from({ length: 40 }, (_, i) => i + 2).filter((u) => store.user(u)?.password_hash)]
    const accounts = users.slice(0, HOSTILE).map((u) => fixtures.userAccount(store, u))
    const work = fixtures.worksWhere(store, 'w.restrict = 0 AND w.x_restrict = 0')[0]!.id
    store.close()
    expect(accounts).toHaveLength(HOSTILE)

    // The service's own defaults (rate limit, search pool), as `npm start` runs it.
    service = await startServiceProcess({
      dataDir,
      port: await freePort(),
      env: { RATE_LIMIT: '', SEARCH_WORKERS: '', SEARCH_QUEUE: '', SEARCH_TIMEOUT_MS: '' },
    })
    const url = service.url
    const tokens = await Promise.all(
      accounts.map(async (username) => {
        const res = await fetch(`${url}/auth/token`, {
          method: 'POST',
          body: new URLSearchParams({ grant_type: 'password', username, password: 'demo' }),
        })
        return ((await res.json()) as { access_token: string }).access_token
      }),
    )

    const detail = `${url}/v1/illust/detail?illust_id=${work}`
    const timed = async () => {
      const started = performance.now()
      const res = await fetch(detail)
      await res.arrayBuffer()
      expect(res.status).toBe(200)
      const ms = performance.now() - started
      await new Promise((r) => setTimeout(r, Math.max(0, PACE_MS - ms)))
      return ms
    }
    for (let i = 0; i < 20; i++) await timed() // warm: the page is cached, the connection pool open
    const before: number[] = []
    for (let i = 0; i < BEFORE; i++) before.push(await timed())

    // ---- the neighbours ----
    const answers = new Map<number, number>()
    let stop = false
    let bmax = 1000
    const searcher = async (token: string) => {
      while (!stop) {
        const res = await fetch(
          `${url}/v1/search/illust?word=${encodeURIComponent(WORD)}&search_target=partial_match_for_tags&bookmark_num_max=${bmax++}`,
          { headers: { authorization: `Bearer ${token}` } },
        )
        await res.arrayBuffer()
        answers.set(res.status, (answers.get(res.status) ?? 0) + 1)
        if (res.status === 429) await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after')) * 1000))
      }
    }
    const neighbours = tokens.flatMap((t) => Array.from({ length: IN_FLIGHT }, () => searcher(t)))
    await new Promise((r) => setTimeout(r, 300)) // under way
    const during: number[] = []
    const until = performance.now() + DURING_MS
    while (performance.now() < until) during.push(await timed())
    stop = true
    await Promise.all(neighbours)

    const fmt = (xs: number[]) =>
      `p50 ${quantile(xs, 0.5).toFixed(1)} ms, p99 ${quantile(xs, 0.99).toFixed(1)} ms, n=${xs.length}`
    const searched = [...answers].map(([s, n]) => `${s}: ${n}`).join(', ')
    report('cached page p99 before (ms)', Math.round(quantile(before, 0.99)), fmt(before))
    report('cached page p99 while 4 clients search (ms)', Math.round(quantile(during, 0.99)), fmt(during))
    report('neighbours’ searches answered', answers.get(200) ?? 0, searched)
    // The neighbours did search (not only get refused), and the other client was not held up: p99 under 50 ms
    // (on one thread the searches pushed p50 to ~500 ms and p99 past 2 s). A machine busy with other work (a test
    // run on a shared box) has the page's p99 near or past 50 ms with no neighbour at all; there the bound is
    // relative to that baseline, and the figures above say which case it was.
    const quiet = quantile(before, 0.99) < 25
    expect(answers.get(200) ?? 0).toBeGreaterThan(20)
    expect(quantile(during, 0.5)).toBeLessThan(quantile(before, 0.5) * 3 + 5)
    expect(quantile(during, 0.99)).toBeLessThan(quiet ? 50 : Math.max(50, quantile(before, 0.99) * 3))
  })
})
