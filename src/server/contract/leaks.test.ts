import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { openTestApp, type TestApp } from '../testing/harness.ts'
import { fixtures } from '../data/fixtures.ts'
import { socialFixtures } from '../data/social-fixtures.ts'
import { leakFixtures, type ItemFacts } from '../data/leak-fixtures.ts'

// What the one visibility rule of items (DESIGN.md §2.4) leaves a caller must not be told by anything else either
// (issue 14, "Low"): the placeholder of a hidden item, profile fields marked private, a series of hidden items, the
// counters and tag lists of /v1/user/detail and bookmark tags, autocomplete, and the caches one account can flush.
// Every expected value is counted here in JS over the whole catalogue, with the rule stated apart from the service's.

type Kind = 'illust' | 'novel'
interface Who {
  name: string
  id: number
  maxX: number
  token?: string
}

let app: TestApp
const items: Record<Kind, ItemFacts[]> = { illust: [], novel: [] }
let edges: Set<string>
let anonymous: Who, stranger: Who, mutual: Who, author: Who, demo: Who
let everyone: Who[]
/** the illust series made all hidden for these tests (the catalogue has a novel one of its own) */
let hiddenIllustSeries: number

const follows = (a: number, b: number) => edges.has(`${a}>${b}`)
const isMutual = (a: number, b: number) => a > 0 && b > 0 && follows(a, b) && follows(b, a)
/** restrict 0 everyone, 1 the author and their mutual follows, 2 the author; x_restrict by the caller's age */
const mayShow = (who: Who, item: { user_id: number; restrict: number; x_restrict: number }) =>
  item.x_restrict <= who.maxX &&
  (item.restrict === 0 || item.user_id === who.id || (item.restrict === 1 && isMutual(who.id, item.user_id)))

async function signIn(name: string, id: number): Promise<Who> {
  const store = app.services.store
  return { name, id, maxX: store.user(id)!.x_restrict, token: await app.login(fixtures.userAccount(store, id)) }
}

beforeAll(async () => {
  app = openTestApp()
  const store = app.services.store
  // An author with restrict-1 and restrict-2 works and a mutual follower, as the visibility contract test picks them.
  const pick = fixtures
    .worksWhere(store, 'w.restrict = 1 AND w.x_restrict = 0')
    .find((w) => w.user_id !== 1 && fixtures.mutualPair(store, w.user_id, 1) !== undefined)!
  anonymous = { name: 'anonymous', id: 0, maxX: 0 }
  author = await signIn('author', pick.user_id)
  mutual = await signIn('mutual', fixtures.mutualPair(store, author.id, 1)!.b)
  stranger = await signIn('stranger', fixtures.strangerOf(store, author.id))
  demo = await signIn('demo', 1)
  everyone = [anonymous, stranger, mutual, author, demo]
  // The JS rule leaves the AI setting out: no caller here has it off.
  expect(leakFixtures.aiOff(store).filter((id) => everyone.some((w) => w.id === id))).toEqual([])
  // A series whose works are all the author's alone (before anything is read, so no cache holds them).
  hiddenIllustSeries = fixtures.longestIllustSeries(store).series_id
  leakFixtures.hideSeries(store, 'illust', hiddenIllustSeries)
  await app.mirror('UPDATE works SET restrict = 2 WHERE series_id = $1', [hiddenIllustSeries])
  items.illust = leakFixtures.items(store, 'illust')
  items.novel = leakFixtures.items(store, 'novel')
  edges = new Set(socialFixtures.follows(store).map((e) => `${e.follower_id}>${e.followee_id}`))
})
afterAll(() => app.close())

const detailPath = (kind: Kind, id: number) =>
  kind === 'illust' ? `/v1/illust/detail?illust_id=${id}` : `/v2/novel/detail?novel_id=${id}`

describe('the placeholder of a hidden item says "not available" and nothing else', () => {
  it.each(['anonymous', 'stranger', 'mutual'])(
    'to %s, every hidden work and novel answers the same bytes but its id',
    async (name) => {
      const who = everyone.find((w) => w.name === name)!
      for (const kind of ['illust', 'novel'] as const) {
        const hidden = items[kind].filter((i) => !mayShow(who, i))
        expect(hidden.length, `${kind}s hidden from ${name}`).toBeGreaterThan(name === 'anonymous' ? 300 : 30)
        // every reason is among them: restrict 1, restrict 2, R-18, R-18G
        for (const reason of ['restrict = 1', 'restrict = 2', 'x_restrict = 1', 'x_restrict = 2'] as const) {
          const [field, value] = reason.split(' = ') as ['restrict' | 'x_restrict', string]
          if (name === 'anonymous' || field === 'restrict')
            expect(
              hidden.some((i) => i[field] === Number(value)),
              `${kind} ${reason}`,
            ).toBe(true)
        }
        const shapes = new Map<string, number>()
        for (const item of hidden) {
          const res = await app.fetch(detailPath(kind, item.id), { token: who.token })
          expect(res.status).toBe(200)
          const text = await res.text()
          const head = `{"${kind}":{"id":${item.id},`
          expect(text.startsWith(head), text.slice(0, 80)).toBe(true)
          const rest = text.slice(head.length)
          if (!shapes.has(rest)) shapes.set(rest, item.id)
        }
        // One shape: which one a hidden item answered would tell its author, date, type, pages or flags.
        expect([...shapes].map(([rest, id]) => `${id}: ${rest}`)).toHaveLength(1)
        const placeholder = JSON.parse(`{"id":0,${[...shapes.keys()][0]}`.slice(0, -1))
        expect(placeholder.visible).toBe(false)
        expect(placeholder.user.id).toBe(0)
        expect(placeholder.image_urls.medium).toMatch(/\/common\/images\/limit_unviewable_360\.png$/)
      }
    },
  )

  it('the web API and the novel text answer a hidden item as one that does not exist', async () => {
    const missing = { illust: items.illust.at(-1)!.id + 1000, novel: items.novel.at(-1)!.id + 1000 }
    const paths = {
      illust: (id: number) => [
        `/ajax/illust/${id}`,
        `/ajax/illust/${id}/ugoira_meta`,
        `/v1/ugoira/metadata?illust_id=${id}`,
      ],
      novel: (id: number) => [`/ajax/novel/${id}`, `/v1/novel/text?novel_id=${id}`, `/webview/v2/novel?id=${id}`],
    }
    for (const kind of ['illust', 'novel'] as const) {
      const gone = await Promise.all(paths[kind](missing[kind]).map(async (p) => (await app.fetch(p)).text()))
      for (const item of items[kind].filter((i) => !mayShow(anonymous, i)).slice(0, 40)) {
        for (const [i, p] of paths[kind](item.id).entries()) {
          const res = await app.fetch(p)
          expect(res.status, p).toBe(404)
          expect(await res.text(), p).toBe(gone[i])
        }
      }
    }
  })
})

describe('profile_publicity', () => {
  /** The value each governed field has when it is not set (reference §20). */
  const UNSET: Record<string, unknown> = {
    gender: 'unknown',
    region: '',
    address_id: 0,
    country_code: '',
    job: '',
    job_id: 0,
    birth: '',
    birth_day: '',
    birth_year: 0,
  }
  const GOVERNED: Record<string, string> = {
    gender: 'gender',
    region: 'region',
    address_id: 'region',
    country_code: 'region',
    job: 'job',
    job_id: 'job',
    birth_day: 'birth_day',
    birth_year: 'birth_year',
  }

  it.each(['anonymous', 'demo', 'mutual'])(
    'a field marked private never reaches %s, a mypixiv one only a mutual follow',
    async (name) => {
      const who = everyone.find((w) => w.name === name)!
      const users = socialFixtures.users(app.services.store)
      let hiddenSeen = 0
      for (const u of users) {
        if (u.id === who.id) continue
        const stored = JSON.parse(u.profile_json) as Record<string, any>
        const publicity = stored.profile_publicity as Record<string, string | boolean>
        const { profile } = await app.get(`/v1/user/detail?user_id=${u.id}`, who.token)
        for (const [field, governedBy] of Object.entries(GOVERNED)) {
          const p = publicity[governedBy]
          const shown = p === 'public' || (p === 'mypixiv' && isMutual(who.id, u.id))
          const value =
            field === 'birth_day'
              ? (stored.birth as string).slice(5)
              : field === 'birth_year'
                ? stored.birth
                  ? Number((stored.birth as string).slice(0, 4))
                  : 0
                : stored[field]
          if (!shown && value !== UNSET[field]) hiddenSeen++
          expect(profile[field], `user ${u.id} ${field} (${p}) to ${name}`).toStrictEqual(shown ? value : UNSET[field])
        }
        expect(profile.pawoo_url, `user ${u.id} pawoo_url to ${name}`).toBe(publicity.pawoo ? stored.pawoo_url : '')
      }
      expect(hiddenSeen).toBeGreaterThan(100)
    },
  )

  it('the user themself sees every field', async () => {
    const store = app.services.store
    const u = socialFixtures.users(store).find((x) => {
      const p = JSON.parse(x.profile_json)
      return p.profile_publicity.gender === 'private' && p.profile_publicity.job === 'private' && p.job_id > 0
    })!
    const stored = JSON.parse(u.profile_json)
    const token = await app.login(fixtures.userAccount(store, u.id))
    const { profile } = await app.get(`/v1/user/detail?user_id=${u.id}`, token)
    expect(profile).toMatchObject({ gender: stored.gender, job: stored.job, job_id: stored.job_id })
    const other = (await app.get(`/v1/user/detail?user_id=${u.id}`)).profile
    expect(other).toMatchObject({ gender: 'unknown', job: '', job_id: 0 })
  })
})

describe('a series of items the caller may not see', () => {
  it('is not found, and tells nothing of itself; a series with a visible item counts only those', async () => {
    const allHidden: string[] = []
    for (const kind of ['illust', 'novel'] as const) {
      const paths =
        kind === 'illust'
          ? (id: number) => [`/v1/illust/series?illust_series_id=${id}`]
          : (id: number) => [`/v2/novel/series?series_id=${id}`, `/v1/novel/series?series_id=${id}`]
      for (const s of leakFixtures.series(app.services.store, kind)) {
        const ofSeries = items[kind].filter((i) => i.series_id === s.id)
        for (const who of everyone) {
          const visible = ofSeries.filter((i) => mayShow(who, i)).length
          for (const p of paths(s.id)) {
            const res = await app.fetch(p, { token: who.token })
            const text = await res.text()
            if (visible === 0) {
              allHidden.push(`${kind} ${s.id} to ${who.name}`)
              expect(res.status, `${p} to ${who.name}`).toBe(404)
              expect(JSON.parse(text).error.user_message, p).toBeTruthy()
              expect(text).not.toContain(JSON.stringify(s.title).slice(1, -1))
            } else {
              expect(res.status, `${p} to ${who.name}`).toBe(200)
              const body = JSON.parse(text)
              const count =
                kind === 'illust' ? body.illust_series_detail.series_work_count : body.novel_series_detail.content_count
              expect(count, `${p} to ${who.name}`).toBe(visible)
            }
          }
        }
      }
    }
    // both kinds met the case: the catalogue's own novel series and the one hidden above
    expect(allHidden.some((x) => x.startsWith('illust'))).toBe(true)
    expect(allHidden.some((x) => x.startsWith('novel'))).toBe(true)
    // and the author still opens theirs
    const own = await app.fetch(`/v1/illust/series?illust_series_id=${hiddenIllustSeries}`, {
      token: (await signIn('series author', items.illust.find((i) => i.series_id === hiddenIllustSeries)!.user_id))
        .token,
    })
    expect(own.status).toBe(200)
  })
})

describe('counters count only what the caller may see', () => {
  it.each(['anonymous', 'stranger', 'mutual', 'author', 'demo'])(
    '/v1/user/detail totals of every user, to %s',
    async (name) => {
      const who = everyone.find((w) => w.name === name)!
      const store = app.services.store
      const bookmarks = leakFixtures.bookmarks(store, 'illust')
      const work = new Map(items.illust.map((i) => [i.id, i]))
      const seriesOwner = {
        illust: new Map(leakFixtures.series(store, 'illust').map((s) => [s.id, s.user_id])),
        novel: new Map(leakFixtures.series(store, 'novel').map((s) => [s.id, s.user_id])),
      }
      let differs = 0
      for (const u of socialFixtures.users(store)) {
        const mine = (kind: Kind) => items[kind].filter((i) => i.user_id === u.id && mayShow(who, i))
        const series = (kind: Kind) =>
          [...seriesOwner[kind]].filter(
            ([id, owner]) => owner === u.id && items[kind].some((i) => i.series_id === id && mayShow(who, i)),
          ).length
        const publicBookmarks = new Set(
          bookmarks
            .filter((b) => b.user_id === u.id && b.restrict === 0 && mayShow(who, work.get(b.item_id)!))
            .map((b) => b.item_id),
        )
        const expected = {
          total_illusts: mine('illust').filter((i) => i.type !== 'manga').length,
          total_manga: mine('illust').filter((i) => i.type === 'manga').length,
          total_novels: mine('novel').length,
          total_illust_bookmarks_public: publicBookmarks.size,
          total_illust_series: series('illust'),
          total_novel_series: series('novel'),
        }
        const { profile } = await app.get(`/v1/user/detail?user_id=${u.id}`, who.token)
        const got = Object.fromEntries(Object.keys(expected).map((k) => [k, profile[k]]))
        expect(got, `user ${u.id} to ${name}`).toEqual(expected)
        const everything = bookmarks.filter((b) => b.user_id === u.id && b.restrict === 0)
        if (new Set(everything.map((b) => b.item_id)).size !== publicBookmarks.size) differs++
      }
      // the case this holds: users with public bookmarks of works hidden from the caller
      if (name !== 'demo') expect(differs).toBeGreaterThan(10)
    },
  )

  it.each(['anonymous', 'stranger', 'demo'])('public bookmark tags count only visible items, to %s', async (name) => {
    const who = everyone.find((w) => w.name === name)!
    const store = app.services.store
    let differs = 0
    for (const kind of ['illust', 'novel'] as const) {
      const byId = new Map(items[kind].map((i) => [i.id, i]))
      const tagged = leakFixtures.bookmarks(store, kind).filter((b) => b.restrict === 0 && b.name !== null)
      for (const userId of [...new Set(tagged.map((b) => b.user_id))]) {
        const expected = new Map<string, number>()
        for (const b of tagged)
          if (b.user_id === userId && mayShow(who, byId.get(b.item_id)!))
            expected.set(b.name!, (expected.get(b.name!) ?? 0) + 1)
        const got = new Map<string, number>()
        let url: string | null = `/v1/user/bookmark-tags/${kind}?user_id=${userId}&restrict=public`
        while (url) {
          const body: { bookmark_tags: { name: string; count: number }[]; next_url: string | null } = await app.get(
            url,
            who.token,
          )
          for (const t of body.bookmark_tags) got.set(t.name, t.count)
          url = body.next_url
        }
        expect(Object.fromEntries(got), `${kind} bookmark tags of ${userId} to ${name}`).toEqual(
          Object.fromEntries(expected),
        )
        if (tagged.filter((b) => b.user_id === userId).length !== [...expected.values()].reduce((a, b) => a + b, 0))
          differs++
      }
    }
    expect(differs).toBeGreaterThan(5)
  })
})

describe('autocomplete offers only tags on items the caller may see', () => {
  it('a tag used only on hidden works is offered to those who may see one of them, and to no one else', async () => {
    const store = app.services.store
    const own = (restrict: number) =>
      items.illust.filter((i) => i.user_id === author.id && i.restrict === restrict && i.x_restrict === 0)
    for (const [name, ids] of [
      ['leakprobe-authoronly', own(2).map((i) => i.id)],
      ['leakprobe-mypixiv', own(1).map((i) => i.id)],
    ] as const) {
      const tagId = leakFixtures.tagWorks(store, name, [...ids])
      await app.mirror('INSERT INTO tags (id, name, translated_name) VALUES ($1, $2, NULL)', [tagId, name])
      await app.mirror(
        `INSERT INTO work_tags (work_id, pos, tag_id)
         SELECT w, (SELECT COALESCE(MAX(pos), 0) + 1 FROM work_tags WHERE work_id = w), $1 FROM unnest($2::bigint[]) AS w`,
        [tagId, ids],
      )
    }
    const offered = async (who: Who) =>
      ((await app.get('/v2/search/autocomplete?word=leakprobe', who.token)).tags as { name: string }[])
        .map((t) => t.name)
        .sort()
    expect(await offered(anonymous)).toEqual([])
    expect(await offered(stranger)).toEqual([])
    expect(await offered(mutual)).toEqual(['leakprobe-mypixiv'])
    expect(await offered(author)).toEqual(['leakprobe-authoronly', 'leakprobe-mypixiv'])
  })

  it('every tag offered for the catalogue’s own words is on an item the caller may see', async () => {
    const store = app.services.store
    const tagItems = leakFixtures.tagUses(store)
    const byKind = {
      illust: new Map(items.illust.map((i) => [i.id, i])),
      novel: new Map(items.novel.map((i) => [i.id, i])),
    }
    let offeredCount = 0
    for (const who of [anonymous, stranger]) {
      for (const word of ['ー', 'ン', 'イ', 'の', 'a', 'e', 'R-18']) {
        const { tags } = await app.get(`/v2/search/autocomplete?word=${encodeURIComponent(word)}`, who.token)
        for (const t of tags as { name: string }[]) {
          offeredCount++
          const uses = tagItems.filter((u) => u.name === t.name)
          expect(
            uses.some((u) => mayShow(who, byKind[u.kind].get(u.item_id)!)),
            `${t.name} offered to ${who.name}`,
          ).toBe(true)
        }
      }
    }
    expect(offeredCount).toBeGreaterThan(20)
  })
})

describe('a follow invalidates the cached answers of the two accounts it joins, and no other', () => {
  let app2: TestApp
  beforeAll(() => {
    app2 = openTestApp()
  })
  afterAll(() => app2.close())

  it('user A’s follow leaves user B’s cached search and recommendations cached', async () => {
    const store = app2.services.store
    const account = (id: number) => fixtures.userAccount(store, id)
    const [a, b] = [await app2.login(account(author.id)), await app2.login(account(stranger.id))]
    const followee = socialFixtures
      .users(store)
      .find((u) => u.id > 1 && u.id !== author.id && u.id !== stranger.id && !follows(author.id, u.id))!.id
    const followeeToken = await app2.login(account(followee))
    // the searches run and the repositories' candidate queries: the same on either engine
    const search = vi.spyOn(app2.services.searches, 'run')
    const popular = vi.spyOn(app2.services.repos.catalogue, 'popularCandidates')
    const scored = vi.spyOn(app2.services.repos.catalogue, 'recommendCandidates')
    const recommend = {
      mock: {
        get calls() {
          return [...popular.mock.calls, ...scored.mock.calls]
        },
      },
    }
    const word = encodeURIComponent(fixtures.commonTag(store, 100).name)
    const ask = async (token: string) => {
      expect((await app2.fetch(`/v1/search/illust?word=${word}`, { token })).status).toBe(200)
      expect((await app2.fetch('/v1/illust/recommended', { token })).status).toBe(200)
    }
    for (const token of [a, b, followeeToken]) await ask(token)
    const before = { search: search.mock.calls.length, recommend: recommend.mock.calls.length }
    expect(before.search).toBe(3)
    expect(before.recommend).toBeGreaterThanOrEqual(3)

    const res = await app2.post('/v1/user/follow/add', { user_id: String(followee), restrict: 'public' }, a)
    expect(res.status).toBe(200)
    await ask(b)
    expect(search.mock.calls.length, "B's search was recomputed").toBe(before.search)
    expect(recommend.mock.calls.length, "B's recommendations were recomputed").toBe(before.recommend)
    // A setting elsewhere does not flush them either.
    expect((await app2.post('/v1/user/ai-show-settings/edit', { show_ai: 'false' }, a)).status).toBe(200)
    await ask(b)
    expect(search.mock.calls.length).toBe(before.search)
    // The two accounts the follow joined are asked afresh: what they may see may have changed.
    await ask(a)
    await ask(followeeToken)
    expect(search.mock.calls.length).toBe(before.search + 2)
  })
})
