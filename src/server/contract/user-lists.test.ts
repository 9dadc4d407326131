import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestApp, walk, type TestApp } from '../testing/harness.ts'
import { fixtures } from '../data/fixtures.ts'
import { socialFixtures, type FollowEdge } from '../data/social-fixtures.ts'

// User search, followers, my pixiv, related and recommended users, and user/list, judged against the tests' own
// reading of the users and follows tables.

interface Preview {
  user: { id: number; name: string; account: string; is_followed: boolean }
  illusts: { id: number; user: { id: number } }[]
  novels: { id: number; user: { id: number } }[]
  is_muted: boolean
}

let app: TestApp
let graph: FollowEdge[]
let users: { id: number; name: string; account: string }[]
let demoToken: string

beforeAll(async () => {
  app = openTestApp()
  graph = socialFixtures.follows(app.services.store)
  users = socialFixtures.users(app.services.store)
  demoToken = await app.login('demo')
})
afterAll(() => app.close())

const ids = (previews: Preview[]) => previews.map((p) => p.user.id)
const contains = (u: { name: string; account: string }, word: string) =>
  u.name.toLowerCase().includes(word.toLowerCase()) || u.account.toLowerCase().includes(word.toLowerCase())
const search = async (word: string) =>
  ids((await walk<Preview>(app, `/v1/search/user?word=${encodeURIComponent(word)}`, 'user_previews')).items)

describe('GET /v1/search/user', () => {
  it('finds users by part of their name', async () => {
    const target = users.find((u) => u.id > 1 && /^[A-Za-z]{5,}/.test(u.name))!
    const word = target.name.slice(1, 5)
    const got = await search(word)
    expect(got).toContain(target.id)
    expect(new Set(got)).toEqual(new Set(users.filter((u) => contains(u, word)).map((u) => u.id)))
  })

  it('finds users by part of their account, whatever the case', async () => {
    const target = users.find((u) => u.id > 1 && u.account.length >= 6)!
    const word = target.account.slice(0, 4).toUpperCase()
    const got = await search(word)
    expect(got).toContain(target.id)
    expect(new Set(got)).toEqual(new Set(users.filter((u) => contains(u, word)).map((u) => u.id)))
  })

  it('several words: every one must match (name or account)', async () => {
    const target = users.find((u) => u.id > 1 && u.account.length >= 6 && /^\S{3,}/.test(u.name))!
    const a = target.account.slice(-3)
    const b = target.name.slice(0, 2)
    const got = await search(`${a} ${b}`)
    expect(got).toContain(target.id)
    const want = users.filter((u) => contains(u, a) && contains(u, b)).map((u) => u.id)
    expect(new Set(got)).toEqual(new Set(want))
    expect(want.length).toBeLessThan(users.filter((u) => contains(u, a)).length + 1)
  })

  it('answers user previews: the user, up to three works and novels, is_muted', async () => {
    const body = await app.get<{ user_previews: Preview[] }>('/v1/search/user?word=a', demoToken)
    expect(body.user_previews.length).toBe(30)
    for (const p of body.user_previews) {
      expect(p.illusts.length).toBeLessThanOrEqual(3)
      expect(p.novels.length).toBeLessThanOrEqual(3)
      expect(p.illusts.every((w) => w.user.id === p.user.id)).toBe(true)
      expect(typeof p.is_muted).toBe('boolean')
    }
  })

  it('LIKE wildcards in a word are plain characters', async () => {
    for (const word of ['%', '_', '\\'])
      expect(new Set(await search(word))).toEqual(new Set(users.filter((u) => contains(u, word)).map((u) => u.id)))
  })

  it('a word that matches nobody gives an empty page', async () => {
    const body = await app.get<{ user_previews: Preview[]; next_url: null }>('/v1/search/user?word=zzqqxxnobody')
    expect(body).toEqual({ user_previews: [], next_url: null })
  })
})

describe('GET /v1/user/follower and /v1/user/mypixiv', () => {
  it('followers: the public followers of the user, newest follow first', async () => {
    const counts = new Map<number, number>()
    for (const e of graph) if (e.restrict === 0) counts.set(e.followee_id, (counts.get(e.followee_id) ?? 0) + 1)
    const popular = [...counts].sort((a, b) => b[1] - a[1])[0]![0]
    const want = graph
      .filter((e) => e.followee_id === popular && e.restrict === 0)
      .sort((a, b) => b.seq - a.seq)
      .map((e) => e.follower_id)
    expect(want.length).toBeGreaterThan(30)
    const got = await walk<Preview>(app, `/v1/user/follower?user_id=${popular}`, 'user_previews')
    expect(ids(got.items)).toEqual(want)
  })

  it('followers never list a private follow, even to the followed user', async () => {
    const priv = graph.find((e) => e.restrict === 1 && e.follower_id === 1)!
    const token = await app.login(fixtures.userAccount(app.services.store, priv.followee_id))
    const got = await walk<Preview>(app, `/v1/user/follower?user_id=${priv.followee_id}`, 'user_previews', token)
    expect(ids(got.items)).not.toContain(1)
  })

  /** Mutual follows of `of` as `caller` may see them: an edge not the caller's own counts only when public. */
  const mutuals = (of: number, caller: number) => {
    const seen = (e: FollowEdge) => e.restrict === 0 || e.follower_id === caller
    const back = new Set(graph.filter((e) => e.followee_id === of && seen(e)).map((e) => e.follower_id))
    return graph
      .filter((e) => e.follower_id === of && seen(e) && back.has(e.followee_id))
      .sort((a, b) => b.seq - a.seq)
      .map((e) => e.followee_id)
  }

  it('my pixiv of the caller: the users it follows who follow it back', async () => {
    const got = await walk<Preview>(app, '/v1/user/mypixiv?user_id=1', 'user_previews', demoToken)
    const want = mutuals(1, 1)
    expect(want.length).toBeGreaterThanOrEqual(10)
    expect(ids(got.items)).toEqual(want)
    for (const id of want) expect(graph.some((e) => e.follower_id === 1 && e.followee_id === id)).toBe(true)
  })

  it('my pixiv of another user, seen by a third: public follows both ways only', async () => {
    const busiest = [...new Set(graph.map((e) => e.follower_id))]
      .filter((id) => id !== 1)
      .sort((a, b) => mutuals(b, 0).length - mutuals(a, 0).length || a - b)[0]!
    const got = await walk<Preview>(app, `/v1/user/mypixiv?user_id=${busiest}`, 'user_previews', demoToken)
    expect(ids(got.items)).toEqual(mutuals(busiest, 1))
    expect(got.items.length).toBeGreaterThan(0)
    // user/detail counts the same list
    const detail = await app.get<{ profile: { total_mypixiv_users: number } }>(
      `/v1/user/detail?user_id=${busiest}`,
      demoToken,
    )
    expect(detail.profile.total_mypixiv_users).toBe(got.items.length)
  })

  it('an unknown user is 404', async () => {
    expect((await app.fetch('/v1/user/follower?user_id=999999')).status).toBe(404)
    expect((await app.fetch('/v1/user/mypixiv?user_id=999999')).status).toBe(404)
  })
})

describe('GET /v1/user/related and /v1/user/recommended', () => {
  it('related users: others like the seed, never the seed, each once', async () => {
    const seed = fixtures.worksWhere(app.services.store, 'w.restrict = 0 AND w.x_restrict = 0')[0]!.user_id
    const got = ids((await walk<Preview>(app, `/v1/user/related?seed_user_id=${seed}`, 'user_previews')).items)
    expect(got.length).toBeGreaterThan(10)
    expect(got).not.toContain(seed)
    expect(new Set(got).size).toBe(got.length)
  })

  it("related users share more of the seed's tags than the other authors do", async () => {
    const tags = socialFixtures.authorTagSets(app.services.store)
    const seed = [...tags].sort((a, b) => b[1].size - a[1].size || a[0] - b[0])[0]![0]
    const jaccard = (u: number) => {
      const a = tags.get(seed)!
      const b = tags.get(u) ?? new Set<number>()
      const shared = [...b].filter((t) => a.has(t)).length
      return shared / (a.size + b.size - shared)
    }
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length
    const top = ids(
      (await app.get<{ user_previews: Preview[] }>(`/v1/user/related?seed_user_id=${seed}`)).user_previews,
    )
    const others = [...tags.keys()].filter((u) => u !== seed && !top.includes(u))
    expect(mean(top.slice(0, 10).map(jaccard))).toBeGreaterThan(1.5 * mean(others.map(jaccard)))
  })

  it('related users: an unknown seed is 404, a missing one 400', async () => {
    expect((await app.fetch('/v1/user/related?seed_user_id=999999')).status).toBe(404)
    expect((await app.fetch('/v1/user/related')).status).toBe(400)
  })

  it('recommended users for the caller: not yet followed, not the caller', async () => {
    const got = ids((await walk<Preview>(app, '/v1/user/recommended', 'user_previews', demoToken)).items)
    expect(got.length).toBeGreaterThan(30)
    const followed = new Set(graph.filter((e) => e.follower_id === 1).map((e) => e.followee_id))
    expect(got.filter((id) => followed.has(id) || id === 1)).toEqual([])
  })

  it('recommended users, anonymous: popular authors', async () => {
    const body = await app.get<{ user_previews: Preview[]; next_url: string }>('/v1/user/recommended')
    expect(body.user_previews.length).toBe(30)
    expect(body.user_previews.every((p) => p.illusts.length > 0)).toBe(true)
    expect(new URLSearchParams(body.next_url.split('?')[1]).get('offset')).toBe('30')
  })

  it('following someone takes them out of the recommendations', async () => {
    const first = ids((await app.get<{ user_previews: Preview[] }>('/v1/user/recommended', demoToken)).user_previews)
    const res = await app.post('/v1/user/follow/add', { user_id: String(first[0]) }, demoToken)
    expect(res.status).toBe(200)
    const again = ids((await app.get<{ user_previews: Preview[] }>('/v1/user/recommended', demoToken)).user_previews)
    expect(again).not.toContain(first[0])
    await app.post('/v1/user/follow/delete', { user_id: String(first[0]) }, demoToken)
  })
})

describe('GET /v2/user/list', () => {
  it("the caller's own list: the users it muted; another's: empty", async () => {
    const who = users.find((u) => u.id !== 1 && socialFixtures.mutedUsers(app.services.store, u.id).length > 0)!.id
    const token = await app.login(fixtures.userAccount(app.services.store, who))
    const own = await app.get<{ users: { id: number }[]; next_url: null }>(`/v2/user/list?user_id=${who}`, token)
    expect(own.users.map((u) => u.id)).toEqual(socialFixtures.mutedUsers(app.services.store, who))
    const other = await app.get<{ users: unknown[] }>(`/v2/user/list?user_id=${who}`, demoToken)
    expect(other.users).toEqual([])
  })
})
