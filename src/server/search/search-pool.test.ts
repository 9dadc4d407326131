import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { catalogueFile } from '../catalogue.ts'
import { ApiError } from '../http/errors.ts'
import { openTestApp, type TestApp } from '../testing/harness.ts'
import { compileQuery } from './compile.ts'
import { parseQuery } from './query.ts'
import { userTermMatcher } from '../data/social.ts'
import { InlineSearches, type SearchJob } from './search-job.ts'
import { SearchPool, type SearchPoolOptions } from './search-pool.ts'

// The search pool over a real copy of the demo catalogue: the same hits as the request's own thread, and the bounds
// that keep one client from taking it (queue, per-client share, time limit with the worker replaced).

let app: TestApp
let pools: SearchPool[] = []
beforeAll(() => {
  app = openTestApp()
})
afterEach(async () => {
  await Promise.all(pools.map((p) => p.close()))
  pools = []
})
afterAll(() => app.close())

const pool = (opts: Partial<SearchPoolOptions> = {}) => {
  const p = new SearchPool({
    file: catalogueFile(app.services.config.dataDir),
    workers: 1,
    queue: 16,
    perClient: 2,
    timeoutMs: 5000,
    ...opts,
  })
  pools.push(p)
  return p
}

type ItemsJob = Extract<SearchJob, { op: 'items' }>
const items = (word: string, extra: Partial<ItemsJob['query']> = {}, me = 0): ItemsJob => ({
  op: 'items',
  kind: 'illust',
  query: { expr: parseQuery(word).root, target: 'partial_match_for_tags', sort: 'date_desc', showAi: true, ...extra },
  caller: { id: me, maxX: me ? 2 : 0 },
  offset: 0,
  limit: 5031,
})

/** A search that takes about `n / 3M` seconds of SQLite (a recursive count in the users query's WHERE). */
const slow = (n: number): SearchJob => ({
  op: 'users',
  expr: parseQuery('a').root,
  match: {
    sql: '(SELECT count(*) FROM (WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < ?) SELECT n FROM r)) > 0',
    params: [n],
  },
  offset: 0,
  limit: 1,
})

async function refusal(p: Promise<unknown>): Promise<ApiError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(ApiError)
  return err as ApiError
}

describe('search pool', () => {
  it('finds exactly what the request thread finds', async () => {
    const p = pool()
    const inline = new InlineSearches(app.services.store)
    const jobs: SearchJob[] = [
      items('オリジナル', { bookmarkMax: 400 }),
      items('オリジナル 漫画', { bookmarkMin: 20, sort: 'popular_desc' }, 5),
      items('a OR e', { target: 'title_and_caption', sort: 'date_asc' }),
      { ...items('オリジナル', { bookmarkMax: 300 }, 7), kind: 'novel' },
      {
        op: 'users',
        match: compileQuery(parseQuery('a').root, userTermMatcher),
        expr: parseQuery('a').root,
        offset: 0,
        limit: 31,
      },
    ]
    for (const job of jobs) {
      const expected = await inline.run(job)
      expect(expected.length).toBeGreaterThan(0)
      expect(await p.run(job, 'x')).toEqual(expected)
    }
  })

  it('refuses a search past its time limit with 503, replaces the worker and keeps answering', async () => {
    const p = pool({ timeoutMs: 200 })
    await p.run(items('オリジナル'), 'a') // the first worker is up
    const started = performance.now()
    const err = await refusal(p.run(slow(2_000_000), 'a'))
    expect(err.status).toBe(503)
    expect(err.message).toMatch(/longer than 200 ms/)
    expect(performance.now() - started).toBeLessThan(1000)
    // A fresh worker answers the next search (once the abandoned one has finished its statement).
    expect(await p.run(items('漫画'), 'a')).toEqual(await new InlineSearches(app.services.store).run(items('漫画')))
    expect(p.stats().started).toBe(2)
  })

  it('lets one client have at most its share of the queue: 503 with Retry-After past it, others still served', async () => {
    const p = pool({ perClient: 3 })
    const mine = [slow(1_500_000), items('オリジナル'), items('a')].map((job) => p.run(job, 'greedy'))
    const err = await refusal(p.run(items('漫画'), 'greedy'))
    expect(err.status).toBe(503)
    expect(err.headers['Retry-After']).toMatch(/^[1-9]\d*$/)
    // Another client is queued, not refused…
    const other = p.run(items('漫画'), 'other')
    await Promise.all(mine)
    expect((await other).length).toBeGreaterThan(0)
    // …and once the greedy client's searches are done, it may search again.
    expect((await p.run(items('漫画'), 'greedy')).length).toBeGreaterThan(0)
  })

  it('refuses with 503 once the queue is full, and serves clients in turn', async () => {
    const p = pool({ queue: 4 })
    await p.run(items('オリジナル'), 'a') // the worker is up
    const order: string[] = []
    const tracked = (client: string, job: SearchJob) => p.run(job, client).then(() => order.push(client))
    const running = tracked('a', slow(1_500_000))
    const queued = [tracked('a', items('漫画')), tracked('b', items('漫画')), tracked('c', items('漫画'))]
    const err = await refusal(p.run(items('漫画'), 'd'))
    expect(err.status).toBe(503)
    expect(err.message).toMatch(/too many searches are waiting/)
    await Promise.all([running, ...queued])
    // a's second search waits for b and c, who had none running.
    expect(order).toEqual(['a', 'b', 'c', 'a'])
  })
})
