import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestApp, walk, type TestApp } from '../testing/harness.ts'
import { fixtures } from '../data/fixtures.ts'
import { socialFixtures, type FollowEdge, type ItemFacts } from '../data/social-fixtures.ts'
import { allowed, type Caller } from '../testing/visibility.ts'

// The follow feeds hold exactly the visible items of the users the caller follows, newest first; the newest lists
// hold the newest visible items. Both are judged against the tests' own SQL and visibility rule.

let app: TestApp
let graph: FollowEdge[]
const demo: Caller & { token: string } = { id: 1, maxX: 2, token: '' }
/** A follower with an all-ages setting, so the feed must leave out the R-18 works of whom it follows. */
const young: Caller & { token: string } = { id: 0, maxX: 0, token: '' }

beforeAll(async () => {
  app = openTestApp()
  const store = app.services.store
  graph = socialFixtures.follows(store)
  demo.token = await app.login('demo')
  const counts = new Map<number, number>()
  for (const e of graph) counts.set(e.follower_id, (counts.get(e.follower_id) ?? 0) + 1)
  young.id = [...counts]
    .filter(([id]) => id !== 1 && store.user(id)!.x_restrict === 0)
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]![0]
  young.token = await app.login(fixtures.userAccount(store, young.id))
})
afterAll(() => app.close())

/** What the feed must hold: the followees' items the caller may see, newest first. */
function expectedFeed(kind: 'illust' | 'novel', who: Caller, restrict: 'public' | 'private' | 'all'): number[] {
  const authors = graph
    .filter((e) => e.follower_id === who.id && (restrict === 'all' || e.restrict === (restrict === 'private' ? 1 : 0)))
    .map((e) => e.followee_id)
  return socialFixtures
    .itemsOfAuthors(app.services.store, kind, authors)
    .filter((w) => allowed(app.services.store, who, { ...w, user: { id: w.user_id } }))
    .map((w) => w.id)
}

describe('GET /v2/illust/follow and /v1/novel/follow', () => {
  for (const restrict of ['public', 'private', 'all'] as const)
    it(`holds exactly the visible works of the users followed (${restrict}), newest first`, async () => {
      const got = await walk<{ id: number }>(app, `/v2/illust/follow?restrict=${restrict}`, 'illusts', demo.token)
      const want = expectedFeed('illust', demo, restrict)
      expect(want.length).toBeGreaterThan(restrict === 'private' ? 10 : 60)
      expect(got.items.map((w) => w.id)).toEqual(want)
      expect(got.pages.slice(0, -1).every((p) => p.length === 30)).toBe(true)
    })

  it('defaults to the public follows', async () => {
    const body = await app.get<{ illusts: { id: number }[] }>('/v2/illust/follow', demo.token)
    expect(body.illusts.map((w) => w.id)).toEqual(expectedFeed('illust', demo, 'public').slice(0, 30))
  })

  it('private and public feeds are the two halves of all', () => {
    const pub = new Set(expectedFeed('illust', demo, 'public'))
    const priv = expectedFeed('illust', demo, 'private')
    expect(priv.some((id) => pub.has(id))).toBe(false)
    expect(pub.size + priv.length).toBe(expectedFeed('illust', demo, 'all').length)
  })

  it("leaves out what the caller's age setting does not allow", async () => {
    const got = await walk<{ id: number; x_restrict: number }>(app, '/v2/illust/follow', 'illusts', young.token)
    expect(got.items.map((w) => w.id)).toEqual(expectedFeed('illust', young, 'public'))
    expect(got.items.every((w) => w.x_restrict === 0)).toBe(true)
  })

  it('novels: the visible novels of the users followed, newest first', async () => {
    for (const restrict of ['public', 'all'] as const) {
      const got = await walk<{ id: number }>(app, `/v1/novel/follow?restrict=${restrict}`, 'novels', demo.token)
      const want = expectedFeed('novel', demo, restrict)
      expect(want.length).toBeGreaterThan(5)
      expect(got.items.map((w) => w.id)).toEqual(want)
    }
  })

  it('marks items by the caller (followed authors)', async () => {
    const body = await app.get<{ illusts: { user: { is_followed: boolean } }[] }>('/v2/illust/follow', demo.token)
    expect(body.illusts.length).toBe(30)
    expect(body.illusts.every((w) => w.user.is_followed)).toBe(true)
  })

  it("marks items by the caller's muted tags, as every list does", async () => {
    const muted = new Set(app.services.store.mutes(demo.id).tags)
    expect(muted.size).toBeGreaterThan(0)
    const got = await walk<{ is_muted: boolean; tags: { name: string }[] }>(
      app,
      '/v2/illust/follow?restrict=all',
      'illusts',
      demo.token,
    )
    const hit = got.items.filter((w) => w.tags.some((t) => muted.has(t.name)))
    expect(hit.length).toBeGreaterThan(0)
    for (const w of got.items) expect(w.is_muted).toBe(w.tags.some((t) => muted.has(t.name)))
  })

  it('pages with only the query of next_url', async () => {
    const first = await app.get<{ next_url: string }>('/v2/illust/follow?restrict=all', demo.token)
    const query = first.next_url.split('?')[1]!
    expect(new URLSearchParams(query).get('offset')).toBe('30')
    const second = await app.get<{ illusts: { id: number }[] }>(`/v2/illust/follow?${query}`, demo.token)
    expect(second.illusts.map((w) => w.id)).toEqual(expectedFeed('illust', demo, 'all').slice(30, 60))
  })

  for (const path of ['/v2/illust/follow', '/v1/novel/follow'])
    it(`${path} refuses an anonymous caller with invalid_request`, async () => {
      const res = await app.fetch(path)
      expect(res.status).toBe(400)
      const body = (await res.json()) as { error: { message: string } }
      expect(body.error.message).toMatch(/invalid_request/)
    })

  it('refuses an unknown restrict', async () => {
    expect((await app.fetch('/v2/illust/follow?restrict=friends', { token: demo.token })).status).toBe(400)
  })

  it('a follow page is fast: p50 of 50 in-process requests', async () => {
    const times: number[] = []
    for (let i = 0; i < 50; i++) {
      const t = performance.now()
      const res = await app.fetch(`/v2/illust/follow?restrict=all&offset=${(i % 5) * 30}`, { token: demo.token })
      await res.arrayBuffer()
      times.push(performance.now() - t)
    }
    times.sort((a, b) => a - b)
    const p50 = times[25]!
    console.info(
      `follow feed page: p50 ${p50.toFixed(2)} ms, p90 ${times[45]!.toFixed(2)} ms (in-process, 50 requests)`,
    )
    expect(p50).toBeLessThan(100)
  })
})

describe('GET /v1/illust/new and /v1/novel/new', () => {
  const visibleTo = (who: Caller) => (w: ItemFacts) =>
    allowed(app.services.store, who, { ...w, user: { id: w.user_id } })

  it('lists the newest visible works first, paging by max_illust_id', async () => {
    // five pages: each next_url carries max_illust_id below the last id shown
    let url: string | null = '/v1/illust/new'
    const seen: { id: number; type: string; create_date: string }[] = []
    for (let i = 0; i < 5 && url; i++) {
      const body: { illusts: typeof seen; next_url: string | null } = await app.get(url)
      seen.push(...body.illusts)
      url = body.next_url
      expect(new URLSearchParams(url!.split('?')[1]).get('max_illust_id')).toBe(String(body.illusts.at(-1)!.id - 1))
    }
    const want = socialFixtures
      .newestItems(app.services.store, 'illust', 2000)
      .filter((w) => w.type !== 'manga')
      .filter(visibleTo({ id: 0, maxX: 0 }))
      .slice(0, 150)
    expect(seen.map((w) => w.id)).toEqual(want.map((w) => w.id))
    const dates = seen.map((w) => Date.parse(w.create_date))
    expect(dates.every((d, i) => i === 0 || d <= dates[i - 1]!)).toBe(true)
  })

  it('content_type=manga lists manga only', async () => {
    const body = await app.get<{ illusts: { id: number; type: string }[] }>('/v1/illust/new?content_type=manga')
    expect(body.illusts.length).toBe(30)
    expect(body.illusts.every((w) => w.type === 'manga')).toBe(true)
    const want = socialFixtures
      .newestItems(app.services.store, 'illust', 3000)
      .filter((w) => w.type === 'manga')
      .filter(visibleTo({ id: 0, maxX: 0 }))
    expect(body.illusts.map((w) => w.id)).toEqual(want.slice(0, 30).map((w) => w.id))
  })

  it('novels: the newest visible novels for a signed-in caller', async () => {
    const body = await app.get<{ novels: { id: number }[]; next_url: string }>('/v1/novel/new', demo.token)
    const want = socialFixtures.newestItems(app.services.store, 'novel', 500).filter(visibleTo(demo))
    expect(body.novels.map((w) => w.id)).toEqual(want.slice(0, 30).map((w) => w.id))
    const next = await app.get<{ novels: { id: number }[] }>(body.next_url, demo.token)
    expect(next.novels.map((w) => w.id)).toEqual(want.slice(30, 60).map((w) => w.id))
  })
})
