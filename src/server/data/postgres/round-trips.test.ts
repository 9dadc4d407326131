import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { openTestApp, type TestApp } from '../../testing/harness.ts'
import { usePostgres } from '../../testing/postgres.ts'
import { copySqliteToPostgres } from '../db-copy.ts'

// Round trips to PostgreSQL per request, for the benchmark's families (bench/run.ts serviceFamilies): each request is
// made twice, cold (caches empty of it) and warm, and the statements the service sends are counted (every query of
// node-postgres's Client, timed). The counts are bounded at today's: a list that comes to ask once per item (an N+1)
// fails here, whatever the machine's speed. The printed table is the figure behind the benchmark's PostgreSQL rows.

const db = usePostgres()
let app: TestApp
let token = ''
let statements: { sql: string; ms: number }[] = []
const realQuery = pg.Client.prototype.query

/** family, URL, signed in, most statements cold, most statements warm */
const FAMILIES: [string, string, boolean, number, number][] = [
  // the search looks its word's tags up first, so the planner sees them (search/pg-search.ts)
  ['search', '/v1/search/illust?word=%E3%82%AA%E3%83%AA%E3%82%B8%E3%83%8A%E3%83%AB', false, 6, 0],
  ['detail', '/v1/illust/detail?illust_id=5', false, 3, 0],
  ['ranking', '/v1/illust/ranking?mode=day', false, 6, 1],
  ['recommended', '/v1/illust/recommended', false, 4, 0],
  ['bookmarks', '/v1/user/bookmarks/illust?user_id=1', true, 9, 0],
  ['follow feed', '/v2/illust/follow?restrict=public', true, 5, 2],
  ['comments page', '/v1/illust/comments?illust_id=5', false, 2, 2],
  ['illust series', '/v1/illust/series?illust_series_id=3', false, 13, 5],
  ['novel series', '/v2/novel/series?series_id=5', false, 10, 6],
  ['novel text', '/v1/novel/text?novel_id=5', false, 3, 3],
]

beforeAll(async () => {
  const url = await db.createDatabase('round_trips')
  await copySqliteToPostgres(inject('catalogueFile'), url)
  app = openTestApp({}, { engine: 'postgres', databaseUrl: url })
  token = await app.login('demo')
  // Every statement of every client of this process (the service's pools are in it: openTestApp is in-process).
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string }
    const sql = typeof first === 'string' ? first : String(first?.text)
    const started = performance.now()
    const done = () => statements.push({ sql, ms: performance.now() - started })
    const last = args[args.length - 1]
    if (typeof last === 'function')
      args[args.length - 1] = (...a: unknown[]) => {
        done()
        return (last as (...b: unknown[]) => unknown)(...a)
      }
    const result = (realQuery as (...a: unknown[]) => unknown).apply(this, args)
    if (result instanceof Promise) result.then(done, () => {})
    return result
  } as typeof realQuery
}, 180_000)

afterAll(() => {
  pg.Client.prototype.query = realQuery
  app?.close()
})

describe('round trips to PostgreSQL', () => {
  it('stay within their bounds per request, cold and warm, for each benchmark family', async () => {
    const table: string[] = []
    for (const [family, url, signedIn, coldMax, warmMax] of FAMILIES) {
      const counts: number[] = []
      for (const pass of ['cold', 'warm']) {
        statements = []
        const res = await app.fetch(url, { token: signedIn ? token : undefined })
        expect(res.status, `${family}: ${url}`).toBe(200)
        await res.text()
        counts.push(statements.length)
        table.push(
          `${family} (${pass}): ${statements.length} statements, ${statements.reduce((n, s) => n + s.ms, 0).toFixed(1)} ms`,
        )
      }
      expect(counts, `${family}: statements cold and warm`).toSatisfy(
        ([cold, warm]: number[]) => cold! <= coldMax && warm! <= warmMax,
      )
    }
    console.log(`round trips to PostgreSQL per request:\n  ${table.join('\n  ')}`)
  }, 120_000)

  it('an image asks for its work’s rows once; its other sizes and later requests ask for none', async () => {
    const detail = (await (await app.fetch('/v1/illust/detail?illust_id=5')).json()) as {
      illust: { image_urls: Record<string, string> }
    }
    const urls = Object.values(detail.illust.image_urls).map((u) => new URL(u).pathname)
    expect(urls.length).toBeGreaterThan(1)
    const counts: number[] = []
    for (const url of [...urls, ...urls]) {
      statements = []
      const res = await app.fetch(url)
      expect(res.status, url).toBe(200)
      await res.arrayBuffer()
      counts.push(statements.length)
    }
    // the first request reads what it needs of the work; none after
    expect(counts[0]).toBeGreaterThan(0)
    expect(counts.slice(1)).toEqual(counts.slice(1).map(() => 0))
  }, 60_000)
})
