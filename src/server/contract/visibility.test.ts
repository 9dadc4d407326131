import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestApp, walk, type TestApp } from '../testing/harness.ts'
import { fixtures } from '../data/fixtures.ts'
import { allowed as isAllowed, itemsOf, type Caller, type WireItem } from '../testing/visibility.ts'

// restrict 1/2 works and private bookmarks never reach a caller who may not see them; anonymous callers never get
// x_restrict > 0 (DESIGN.md §2.4).

type Item = WireItem

let app: TestApp
const callers: Record<string, { token?: string; id: number; maxX: number }> = {}
let author: number
let mutual: number
let stranger: number
let restrictedWorks: { id: number; restrict: number }[]

beforeAll(async () => {
  app = openTestApp()
  const store = app.services.store
  // An author with both kinds of restricted works and a mutual follower.
  const withRestricted = fixtures.worksWhere(store, 'w.restrict = 1 AND w.x_restrict = 0')
  const pick = withRestricted.find((w) => w.user_id !== 1 && fixtures.mutualPair(store, w.user_id, 1) !== undefined)!
  author = pick.user_id
  mutual = fixtures.mutualPair(store, author, 1)!.b
  stranger = fixtures.strangerOf(store, author)
  const ids = fixtures
    .worksWhere(store, `w.user_id = ${author} AND w.restrict > 0 AND w.x_restrict = 0`)
    .map((w) => w.id)
  restrictedWorks = store.worksByIds(ids).map((w) => ({ id: w.id, restrict: w.restrict }))
  for (const [name, id] of [
    ['author', author],
    ['mutual', mutual],
    ['stranger', stranger],
    ['demo', 1],
  ] as const) {
    const token = await app.login(fixtures.userAccount(store, id))
    callers[name] = { token, id, maxX: store.user(id)!.x_restrict }
  }
  callers.anonymous = { id: 0, maxX: 0 }
})
afterAll(() => app.close())

/** The rule of DESIGN.md §2.4, stated independently of the service's code (testing/visibility.ts). */
const allowed = (who: Caller, item: WireItem) => isAllowed(app.services.store, who, item)

function listPaths(): string[] {
  const store = app.services.store
  const tag = fixtures.commonTag(store, 100).name
  const authorTag = store
    .tagsOf(
      'illust',
      restrictedWorks.map((w) => w.id),
    )
    .get(restrictedWorks[0]!.id)![0]!.name
  const illustSeries = fixtures.longestIllustSeries(store).series_id
  const novelSeries = fixtures.longestNovelSeries(store).series_id
  return [
    `/v1/search/illust?word=${encodeURIComponent(tag)}`,
    `/v1/search/illust?word=${encodeURIComponent(authorTag)}`,
    `/v1/search/illust?word=${encodeURIComponent(authorTag)}&sort=popular_desc`,
    `/v1/search/novel?word=${encodeURIComponent(tag)}`,
    '/v1/illust/ranking?mode=day',
    '/v1/illust/ranking?mode=week',
    '/v1/illust/ranking?mode=day_manga',
    '/v1/novel/ranking?mode=day',
    '/v1/illust/recommended',
    '/v1/illust/recommended?content_type=manga',
    '/v1/novel/recommended',
    `/v1/user/illusts?user_id=${author}`,
    `/v1/user/illusts?user_id=${author}&type=manga`,
    `/v1/user/novels?user_id=${author}`,
    `/v1/user/bookmarks/illust?user_id=${mutual}`,
    `/v1/user/bookmarks/illust?user_id=1`,
    `/v1/user/bookmarks/novel?user_id=1`,
    `/v1/user/following?user_id=${mutual}`,
    `/v2/illust/related?illust_id=${restrictedWorks[0]!.id + 1}`,
    `/v1/illust/series?illust_series_id=${illustSeries}`,
    `/v2/novel/series?series_id=${novelSeries}`,
    '/v1/trending-tags/illust',
  ]
}

describe('visibility in every list', () => {
  it.each(['anonymous', 'stranger', 'mutual', 'author', 'demo'])('%s sees nothing they may not see', async (name) => {
    const who = callers[name]!
    let seen = 0
    for (const path of listPaths()) {
      let url: string | null = path
      for (let page = 0; url && page < 5; page++) {
        const body: Record<string, any> = await app.get(url, who.token)
        for (const item of itemsOf(body)) {
          seen++
          expect(item.visible, `${path} item ${item.id}`).toBe(true)
          expect(
            allowed(who, item),
            `${name} got ${item.id} (restrict ${item.restrict}, x ${item.x_restrict}) from ${url}`,
          ).toBe(true)
        }
        url = body.next_url ?? null
      }
    }
    expect(seen).toBeGreaterThan(300)
  })

  it('the author and a mutual follower do see restrict-1 works that strangers do not (positive control)', async () => {
    const r1 = restrictedWorks.filter((w) => w.restrict === 1).map((w) => w.id)
    const r2 = restrictedWorks.filter((w) => w.restrict === 2).map((w) => w.id)
    const listed = async (who: string) => {
      const { items } = await walk<Item>(app, `/v1/user/illusts?user_id=${author}`, 'illusts', callers[who]!.token)
      return new Set(items.map((i) => i.id))
    }
    const [asAuthor, asMutual, asStranger] = [await listed('author'), await listed('mutual'), await listed('stranger')]
    for (const id of r1) {
      expect(asAuthor.has(id)).toBe(true)
      expect(asMutual.has(id)).toBe(true)
      expect(asStranger.has(id)).toBe(false)
    }
    for (const id of r2) {
      expect(asAuthor.has(id)).toBe(true)
      expect(asMutual.has(id)).toBe(false)
    }
  })
})

describe('private bookmarks and follows', () => {
  it.each(['anonymous', 'stranger', 'mutual'])(
    '%s cannot list the demo user’s private bookmarks or private follows',
    async (name) => {
      const token = callers[name]!.token
      for (const path of [
        '/v1/user/bookmarks/illust?user_id=1&restrict=private',
        '/v1/user/bookmarks/novel?user_id=1&restrict=private',
        '/v1/user/bookmark-tags/illust?user_id=1&restrict=private',
        '/v1/user/following?user_id=1&restrict=private',
      ]) {
        const res = await app.fetch(path, { token })
        expect(res.status, path).toBe(403)
        expect(((await res.json()) as any).error.user_message).toBeTruthy()
      }
    },
  )

  it('public bookmark lists never contain a private bookmark', async () => {
    const privateIds = new Set(
      fixtures
        .bookmarksOf(app.services.store, 'illust', 1)
        .filter((b) => b.restrict === 1)
        .map((b) => b.item_id),
    )
    const { items } = await walk<Item>(app, '/v1/user/bookmarks/illust?user_id=1', 'illusts', callers.stranger!.token)
    expect(items.length).toBeGreaterThan(100)
    expect(items.filter((i) => privateIds.has(i.id))).toEqual([])
  })

  it('the owner sees their own private bookmarks', async () => {
    const res = await app.fetch('/v1/user/bookmarks/illust?user_id=1&restrict=private', { token: callers.demo!.token })
    expect(res.status).toBe(200)
    expect(((await res.json()) as any).illusts.length).toBe(30)
  })
})

describe('detail of what a caller may not see', () => {
  const realImage = /img-master|img-original|user-profile/

  it('restricted works answer 200 with the placeholder to strangers, the real work to the author', async () => {
    for (const w of restrictedWorks) {
      const res = await app.fetch(`/v1/illust/detail?illust_id=${w.id}`, { token: callers.stranger!.token })
      expect(res.status).toBe(200)
      const text = await res.text()
      const { illust } = JSON.parse(text)
      expect(illust.visible).toBe(false)
      expect(illust.title).toBe('')
      expect(illust.tags).toEqual([])
      expect(illust.user.name).toBe('')
      expect(illust.user).not.toHaveProperty('is_followed')
      expect(text).not.toMatch(realImage)
      expect(illust.image_urls.medium).toMatch(/limit_unviewable_360\.png$/)
      const own = await app.get(`/v1/illust/detail?illust_id=${w.id}`, callers.author!.token)
      expect(own.illust.visible).toBe(true)
    }
  })

  it('anonymous callers get the placeholder for R-18 and R-18G works, and no image', async () => {
    for (const x of [1, 2]) {
      const w = fixtures.workWhere(app.services.store, `w.x_restrict = ${x} AND w.restrict = 0`)!
      const text = await (await app.fetch(`/v1/illust/detail?illust_id=${w.id}`)).text()
      const { illust } = JSON.parse(text)
      expect(illust.visible).toBe(false)
      expect(illust.image_urls.large).toMatch(/limit_unviewable_360\.png$/)
      expect(text).not.toMatch(realImage)
      const n = fixtures.novelWhere(app.services.store, `w.x_restrict = ${x} AND w.restrict = 0`)!
      const novel = (await app.get(`/v2/novel/detail?novel_id=${n.id}`)).novel
      expect(novel.visible).toBe(false)
      expect(novel.title).toBe('')
      const textRes = await app.fetch(`/v1/novel/text?novel_id=${n.id}`)
      expect(textRes.status).toBe(404)
    }
  })

  it('ugoira metadata and related of an unviewable work are not found', async () => {
    const w = restrictedWorks.find((x) => x.restrict === 2)!
    expect((await app.fetch(`/v2/illust/related?illust_id=${w.id}`, { token: callers.stranger!.token })).status).toBe(
      404,
    )
  })
})
