import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestApp, type TestApp } from '../testing/harness.ts'
import { fixtures } from '../data/fixtures.ts'
import { allowed, kindedItemsOf, type Caller } from '../testing/visibility.ts'
import { report, scale } from '../testing/reliability.ts'
import { ENDPOINTS } from '../testing/endpoints.ts'

/** Every endpoint that needs a caller (the App API's error body; the web API's reads have their own envelope). */
const AUTH_ENDPOINTS = ENDPOINTS.filter((e) => e.auth && !e.path.includes(':'))

// The authorization matrix: every list, search, ranking, recommendation, detail and bookmark endpoint, asked by each
// kind of caller relative to one author (anonymous, the author, a mutual follower, another user, and a one-way
// follower: following is not enough for restrict-1 works, it takes a mutual follow). Each cell checks
// that nothing restricted leaks: restrict 1/2 and age-restricted works and novels (the rule of testing/visibility.ts,
// shared with the visibility contract test), the author's private bookmarks and private follows, and the
// caller-relative fields (is_bookmarked, user.is_followed) that would betray someone else's.

type CallerKind = 'anonymous' | 'author' | 'mutual' | 'other' | 'follower'
const KINDS: CallerKind[] = ['anonymous', 'author', 'mutual', 'other', 'follower']
const PAGES = scale(2, 4)
const SECRET_TAG = 'matrix-secret-tag'
const REAL_IMAGE = /img-master|img-original|img-zip-ugoira|user-profile|novel-cover-master/

let app: TestApp
const callers = {} as Record<CallerKind, Caller & { token?: string }>
let author: number
/** Items the author bookmarked privately for this test, and the user they follow privately. */
const secret = { works: [] as number[], novels: [] as number[], followee: 0 }
let restrictedWorks: { id: number; user_id: number; restrict: number; x_restrict: number; type: string }[]
let restrictedNovels: { id: number; user_id: number; restrict: number; x_restrict: number }[]
const cells = new Set<string>()
let itemsChecked = 0

beforeAll(async () => {
  app = openTestApp()
  const store = app.services.store
  // An author with restrict-1 and restrict-2 works and novels and a mutual follower other than the demo account.
  const has = (table: 'works' | 'novels', user: number, where: string) =>
    (table === 'works' ? fixtures.workWhere : fixtures.novelWhere)(store, `w.user_id = ${user} AND ${where}`) !==
    undefined
  author = [...new Set(fixtures.novelsWhere(store, 'w.restrict = 1').map((n) => n.user_id))].find(
    (u) =>
      u !== 1 &&
      has('works', u, 'w.restrict = 1') &&
      has('works', u, 'w.restrict = 2') &&
      has('novels', u, 'w.restrict = 2') &&
      fixtures.mutualPair(store, u, 1) !== undefined,
  )!
  expect(author, 'the catalogue has an author with every kind of restricted item').toBeDefined()
  const mutual = fixtures.mutualPair(store, author, 1)!.b
  const other = fixtures.strangerOf(store, author)
  for (const [kind, id] of [
    ['author', author],
    ['mutual', mutual],
    ['other', other],
  ] as const)
    callers[kind] = { id, maxX: store.user(id)!.x_restrict, token: await app.login(fixtures.userAccount(store, id)) }
  callers.anonymous = { id: 0, maxX: 0 }
  // A one-way follower: follows the author (made so here if need be), is not followed back.
  const follower = Array.from({ length: 40 }, (_, i) => i + 2).find(
    (u) => ![author, mutual, other].includes(u) && !store.isMutual(u, author) && store.user(u)?.password_hash,
  )!
  callers.follower = {
    id: follower,
    maxX: store.user(follower)!.x_restrict,
    token: await app.login(fixtures.userAccount(store, follower)),
  }
  if (store.followedAmong(follower, [author]).size === 0)
    await ok(app.post('/v1/user/follow/add', { user_id: String(author) }, callers.follower.token), (o) =>
      o.follow(follower, author, 0),
    )

  restrictedWorks = store
    .worksByIds(
      fixtures.worksWhere(store, `w.user_id = ${author} AND (w.restrict > 0 OR w.x_restrict > 0)`).map((w) => w.id),
    )
    .concat(
      store.worksByIds([1, 2].map((x) => fixtures.workWhere(store, `w.x_restrict = ${x} AND w.restrict = 0`)!.id)),
    )
  restrictedNovels = store
    .novelsByIds(
      fixtures.novelsWhere(store, `w.user_id = ${author} AND (w.restrict > 0 OR w.x_restrict > 0)`).map((n) => n.id),
    )
    .concat(
      store.novelsByIds([1, 2].map((x) => fixtures.novelWhere(store, `w.x_restrict = ${x} AND w.restrict = 0`)!.id)),
    )

  // The author's secrets: private bookmarks (with a tag) of public works and novels others can see, and of their own
  // restrict-2 work, and a private follow.
  const token = callers.author.token
  const bookmarked = new Set(fixtures.bookmarksOf(store, 'illust', author).map((b) => b.item_id))
  secret.works = fixtures
    .worksWhere(
      store,
      `w.restrict = 0 AND w.x_restrict = 0 AND w.user_id NOT IN (${author}, ${mutual}, ${other}, ${follower})`,
    )
    .filter((w) => !bookmarked.has(w.id))
    .slice(0, 3)
    .map((w) => w.id)
    .concat(restrictedWorks.find((w) => w.restrict === 2)!.id)
  const novelsBookmarked = new Set(fixtures.bookmarksOf(store, 'novel', author).map((b) => b.item_id))
  secret.novels = fixtures
    .novelsWhere(store, `w.restrict = 0 AND w.x_restrict = 0 AND w.user_id != ${author}`)
    .filter((n) => !novelsBookmarked.has(n.id))
    .slice(0, 2)
    .map((n) => n.id)
  for (const id of secret.works)
    await ok(
      app.post('/v2/illust/bookmark/add', { illust_id: String(id), restrict: 'private', 'tags[]': SECRET_TAG }, token),
      (o) => o.addBookmark('illust', author, id, 1, [SECRET_TAG], nowS()),
    )
  for (const id of secret.novels)
    await ok(
      app.post('/v2/novel/bookmark/add', { novel_id: String(id), restrict: 'private', 'tags[]': SECRET_TAG }, token),
      (o) => o.addBookmark('novel', author, id, 1, [SECRET_TAG], nowS()),
    )
  const followed = store.followedAmong(
    author,
    Array.from({ length: 300 }, (_, i) => i + 2),
  )
  secret.followee = Array.from({ length: 300 }, (_, i) => i + 2).find((u) => u !== author && !followed.has(u))!
  await ok(app.post('/v1/user/follow/add', { user_id: String(secret.followee), restrict: 'private' }, token), (o) =>
    o.follow(author, secret.followee, 1),
  )
})
afterAll(() => {
  report('authorization matrix cells', cells.size, `${itemsChecked} items checked`)
  app.close()
})

/**
 * The answer is 200. The checks read the tests' oracle (app.services.store): on SQLite the served store itself; on
 * PostgreSQL a SQLite copy of the same catalogue that the API's writes do not reach, so `onOracle` makes the same
 * write there.
 */
async function ok(res: Promise<Response>, onOracle?: (oracle: TestApp['services']['store']) => void) {
  const r = await res
  expect(r.status, await r.clone().text()).toBe(200)
  if (app.engine === 'postgres') onOracle?.(app.services.store)
}

const nowS = () => Math.floor(Date.now() / 1000)

const fetchAs = (who: CallerKind, path: string) => app.fetch(path, { token: callers[who].token })

/** Every item of a list answer passes the rule, and its caller-relative fields are the caller's own. */
function checkItems(who: CallerKind, path: string, body: Record<string, any>) {
  const caller = callers[who]
  const store = app.services.store
  for (const { kind, item } of kindedItemsOf(body)) {
    itemsChecked++
    const where = `${who} got ${kind} ${item.id} from ${path}`
    expect(item.visible, where).toBe(true)
    expect(allowed(store, caller, item), `${where} (restrict ${item.restrict}, x_restrict ${item.x_restrict})`).toBe(
      true,
    )
    expect(item.is_bookmarked, `${where}: is_bookmarked`).toBe(store.bookmarkOf(kind, caller.id, item.id) !== undefined)
    expect(item.user.is_followed, `${where}: is_followed`).toBe(store.followedAmong(caller.id, [item.user.id]).size > 0)
  }
  for (const p of body.user_previews ?? [])
    expect(p.user.is_followed, `${who}: is_followed of ${p.user.id} in ${path}`).toBe(
      store.followedAmong(caller.id, [p.user.id]).size > 0,
    )
}

/** Walks a list as `who` for a few pages; every page is checked. Returns the pages' bodies. */
async function walkAs(who: CallerKind, cell: string, path: string) {
  cells.add(`${cell} × ${who}`)
  const bodies: Record<string, any>[] = []
  let url: string | null = path
  for (let page = 0; url && page < PAGES; page++) {
    const res = await fetchAs(who, url)
    const text = await res.text()
    expect(res.status, `${who} ${url}: ${text.slice(0, 300)}`).toBe(200)
    const body = JSON.parse(text)
    checkItems(who, url, body)
    bodies.push(body)
    url = body.next_url ?? null
  }
  return bodies
}

function listCells(): [string, string][] {
  const store = app.services.store
  const tagOf = (kind: 'illust' | 'novel', id: number) => store.tagsOf(kind, [id]).get(id)![0]!.name
  const r1 = restrictedWorks.find((w) => w.restrict === 1 && w.user_id === author)!
  const n1 = restrictedNovels.find((n) => n.restrict === 1 && n.user_id === author)!
  const publicWork = fixtures.workWhere(store, `w.user_id = ${author} AND w.restrict = 0 AND w.x_restrict = 0`)
  const illustSeries = fixtures.worksWhere(store, `w.user_id = ${author} AND w.series_id IS NOT NULL`)[0]
  const novelSeries = fixtures.novelsWhere(store, `w.user_id = ${author} AND w.series_id IS NOT NULL`)[0]
  const series = (kind: 'works' | 'novels', id: number) =>
    (store.db.prepare(`SELECT series_id FROM ${kind} WHERE id = ?`).get(id) as { series_id: number }).series_id
  const out: [string, string][] = [
    ['search illust (tag)', `/v1/search/illust?word=${encodeURIComponent(tagOf('illust', r1.id))}`],
    [
      'search illust (popular)',
      `/v1/search/illust?word=${encodeURIComponent(tagOf('illust', r1.id))}&sort=popular_desc`,
    ],
    [
      'search illust (title)',
      `/v1/search/illust?word=${encodeURIComponent(tagOf('illust', r1.id))}&search_target=title_and_caption`,
    ],
    ['search novel (tag)', `/v1/search/novel?word=${encodeURIComponent(tagOf('novel', n1.id))}`],
    ['search novel (text)', `/v1/search/novel?word=${encodeURIComponent(tagOf('novel', n1.id))}&search_target=keyword`],
    ['ranking illust day', '/v1/illust/ranking?mode=day'],
    ['ranking illust week', '/v1/illust/ranking?mode=week'],
    ['ranking manga', '/v1/illust/ranking?mode=day_manga'],
    ['ranking novel day', '/v1/novel/ranking?mode=day'],
    ['recommended illust', '/v1/illust/recommended?include_ranking_illusts=true'],
    ['recommended manga', '/v1/illust/recommended?content_type=manga'],
    ['recommended nologin', '/v1/illust/recommended-nologin'],
    ['recommended novel', '/v1/novel/recommended?include_ranking_novels=true'],
    ['trending tags', '/v1/trending-tags/illust'],
    ['user illusts', `/v1/user/illusts?user_id=${author}`],
    ['user manga', `/v1/user/illusts?user_id=${author}&type=manga`],
    ['user novels', `/v1/user/novels?user_id=${author}`],
    ['user following (public)', `/v1/user/following?user_id=${author}`],
    ['bookmarks illust (public)', `/v1/user/bookmarks/illust?user_id=${author}`],
    ['bookmarks novel (public)', `/v1/user/bookmarks/novel?user_id=${author}`],
    ['bookmarks of the mutual', `/v1/user/bookmarks/illust?user_id=${callers.mutual.id}`],
  ]
  if (publicWork) out.push(['related', `/v2/illust/related?illust_id=${publicWork.id}`])
  if (illustSeries)
    out.push(['illust series', `/v1/illust/series?illust_series_id=${series('works', illustSeries.id)}`])
  if (novelSeries) out.push(['novel series', `/v2/novel/series?series_id=${series('novels', novelSeries.id)}`])
  return out
}

describe('authorization matrix', () => {
  it.each(KINDS)('lists, searches, rankings and recommendations leak nothing to %s', async (who) => {
    for (const [cell, path] of listCells()) {
      const bodies = await walkAs(who, cell, path)
      if (who === 'author') continue
      const ids = new Set(bodies.flatMap((b) => kindedItemsOf(b).map((x) => `${x.kind}:${x.item.id}`)))
      if (cell.startsWith('bookmarks'))
        for (const id of [...secret.works.map((i) => `illust:${i}`), ...secret.novels.map((i) => `novel:${i}`)])
          expect(ids.has(id), `${who} sees the author's private bookmark ${id} in ${path}`).toBe(false)
      if (cell === 'user following (public)')
        expect(
          bodies.flatMap((b) => b.user_previews.map((p: { user: { id: number } }) => p.user.id)),
          `${who} sees the author's private follow`,
        ).not.toContain(secret.followee)
    }
  })

  it.each(KINDS)('private bookmarks, bookmark tags and follows are the author’s alone (%s)', async (who) => {
    for (const [cell, path] of <[string, string][]>[
      ['bookmarks illust (private)', `/v1/user/bookmarks/illust?user_id=${author}&restrict=private`],
      ['bookmarks novel (private)', `/v1/user/bookmarks/novel?user_id=${author}&restrict=private`],
      ['bookmark tags illust (private)', `/v1/user/bookmark-tags/illust?user_id=${author}&restrict=private`],
      ['bookmark tags novel (private)', `/v1/user/bookmark-tags/novel?user_id=${author}&restrict=private`],
      ['user following (private)', `/v1/user/following?user_id=${author}&restrict=private`],
    ]) {
      cells.add(`${cell} × ${who}`)
      const res = await fetchAs(who, path)
      const body = (await res.json()) as any
      if (who !== 'author') {
        expect(res.status, `${who} ${path}`).toBe(403)
        expect(body.error.user_message).toBeTruthy()
        continue
      }
      // Positive control: the owner does see them.
      expect(res.status).toBe(200)
      checkItems(who, path, body)
      const text = JSON.stringify(body)
      if (cell.startsWith('bookmarks illust'))
        expect(body.illusts.map((i: any) => i.id)).toEqual(expect.arrayContaining(secret.works))
      if (cell.startsWith('bookmarks novel'))
        expect(body.novels.map((i: any) => i.id)).toEqual(expect.arrayContaining(secret.novels))
      if (cell.startsWith('bookmark tags')) expect(text).toContain(SECRET_TAG)
      if (cell.startsWith('user following'))
        expect(body.user_previews.map((p: any) => p.user.id)).toContain(secret.followee)
    }
    for (const kind of ['illust', 'novel']) {
      const path = `/v1/user/bookmark-tags/${kind}?user_id=${author}`
      cells.add(`bookmark tags ${kind} (public) × ${who}`)
      const res = await fetchAs(who, path)
      expect(res.status).toBe(200)
      expect(await res.text(), `${who}: a private bookmark's tag in ${path}`).not.toContain(SECRET_TAG)
    }
  })

  it.each(KINDS)('detail answers show %s only what they may see', async (who) => {
    const caller = callers[who]
    const store = app.services.store
    const probe = async (
      cell: string,
      path: string,
      item: { restrict: number; x_restrict: number; user_id: number },
    ) => {
      cells.add(`${cell} × ${who}`)
      const res = await fetchAs(who, path)
      return { res, may: allowed(store, caller, { ...item, user: { id: item.user_id } }) }
    }
    for (const w of restrictedWorks) {
      const { res, may } = await probe('illust detail', `/v1/illust/detail?illust_id=${w.id}`, w)
      const text = await res.text()
      expect(res.status).toBe(200)
      const { illust } = JSON.parse(text)
      expect(illust.visible, `${who} illust ${w.id}`).toBe(may)
      if (may) expect(illust.title).toBe(store.work(w.id)!.title)
      else {
        expect(illust.title, `${who} illust ${w.id}`).toBe('')
        expect(illust.tags).toEqual([])
        expect(text, `${who} illust ${w.id}`).not.toMatch(REAL_IMAGE)
      }
      const related = await probe('related', `/v2/illust/related?illust_id=${w.id}`, w)
      expect(related.res.status, `${who} related ${w.id}`).toBe(may ? 200 : 404)
      const web = await probe('ajax illust', `/ajax/illust/${w.id}`, w)
      expect(web.res.status, `${who} ajax illust ${w.id}`).toBe(may ? 200 : 404)
      if (w.type === 'ugoira') {
        const meta = await probe('ugoira metadata', `/v1/ugoira/metadata?illust_id=${w.id}`, w)
        expect(meta.res.status, `${who} ugoira ${w.id}`).toBe(may ? 200 : 404)
      }
      if (who !== 'anonymous') {
        const bd = await probe('illust bookmark detail', `/v2/illust/bookmark/detail?illust_id=${w.id}`, w)
        expect(bd.res.status, `${who} bookmark detail ${w.id}`).toBe(may ? 200 : 404)
      }
    }
    for (const n of restrictedNovels) {
      const { res, may } = await probe('novel detail', `/v2/novel/detail?novel_id=${n.id}`, n)
      const text = await res.text()
      expect(res.status).toBe(200)
      const { novel } = JSON.parse(text)
      expect(novel.visible, `${who} novel ${n.id}`).toBe(may)
      if (!may) {
        expect(novel.title).toBe('')
        expect(text).not.toMatch(REAL_IMAGE)
      }
      const body = await probe('novel text', `/v1/novel/text?novel_id=${n.id}`, n)
      expect(body.res.status, `${who} novel text ${n.id}`).toBe(may ? 200 : 404)
      const page = await probe('webview novel', `/webview/v2/novel?id=${n.id}`, n)
      expect(page.res.status, `${who} webview novel ${n.id}`).toBe(may ? 200 : 404)
      const web = await probe('ajax novel', `/ajax/novel/${n.id}`, n)
      expect(web.res.status, `${who} ajax novel ${n.id}`).toBe(may ? 200 : 404)
      if (who !== 'anonymous') {
        const bd = await probe('novel bookmark detail', `/v2/novel/bookmark/detail?novel_id=${n.id}`, n)
        expect(bd.res.status, `${who} novel bookmark detail ${n.id}`).toBe(may ? 200 : 404)
      }
    }
    // Bookmark detail tells the caller about their own bookmark only, never the author's private one.
    if (who !== 'anonymous')
      for (const id of secret.works.slice(0, 3)) {
        cells.add(`illust bookmark detail × ${who}`)
        const bd = (await (await fetchAs(who, `/v2/illust/bookmark/detail?illust_id=${id}`)).json()) as any
        expect(bd.bookmark_detail.is_bookmarked, `${who} bookmark detail of ${id}`).toBe(
          store.bookmarkOf('illust', caller.id, id) !== undefined,
        )
      }
  })

  it.each(KINDS)('the author’s profile counts only what %s may see', async (who) => {
    cells.add(`user detail × ${who}`)
    const res = await fetchAs(who, `/v1/user/detail?user_id=${author}`)
    expect(res.status).toBe(200)
    const { profile } = (await res.json()) as any
    const walkAll = async (path: string, key: string) => {
      const ids: number[] = []
      let url: string | null = path
      while (url) {
        const body = (await (await fetchAs(who, url)).json()) as any
        ids.push(...body[key].map((x: any) => (key === 'user_previews' ? x.user.id : x.id)))
        url = body.next_url
      }
      return ids
    }
    const illusts = await walkAll(`/v1/user/illusts?user_id=${author}&type=illust`, 'illusts')
    const manga = await walkAll(`/v1/user/illusts?user_id=${author}&type=manga`, 'illusts')
    const novels = await walkAll(`/v1/user/novels?user_id=${author}`, 'novels')
    expect(profile.total_illusts + profile.total_manga, `${who}: works counted`).toBe(illusts.length + manga.length)
    expect(profile.total_novels, `${who}: novels counted`).toBe(novels.length)
    const follows = await walkAll(`/v1/user/following?user_id=${author}`, 'user_previews')
    expect(profile.total_follow_users, `${who}: follows counted`).toBe(follows.length)
    expect(follows).not.toContain(secret.followee)
  })

  // The account's own: its signed-in devices are listed to it alone, and no one else can sign one out, make a token
  // for it or change its password. Each caller tries the author's; the author's sessions keep working throughout.
  it.each(KINDS)('the author’s sessions and password are the author’s alone (%s)', async (who) => {
    const author = callers.author.token!
    const mine = (await (await fetchAs('author', '/v1/easel/sessions')).json()) as { sessions: { id: number }[] }
    const authorSessions = mine.sessions.map((s) => s.id)
    expect(authorSessions.length).toBeGreaterThan(0)
    cells.add(`sessions × ${who}`)
    const listed = await fetchAs(who, '/v1/easel/sessions')
    if (who === 'anonymous') expect(listed.status).toBe(400)
    else {
      const theirs = ((await listed.json()) as { sessions: { id: number }[] }).sessions.map((s) => s.id)
      if (who === 'author') expect(theirs).toEqual(authorSessions)
      else for (const id of authorSessions) expect(theirs, `${who} sees the author's session ${id}`).not.toContain(id)
    }
    if (who === 'author') return
    const post = (path: string, fields: Record<string, string>) => app.post(path, fields, callers[who].token)
    cells.add(`revoke a session × ${who}`)
    for (const id of authorSessions)
      expect((await post('/v1/easel/sessions/revoke', { session_id: String(id) })).status).toBe(
        who === 'anonymous' ? 400 : 404,
      )
    // a token or a new password for the caller's own account only, and only with its own password: the author's
    // password (the same as everyone's in the generated catalogue) changes nothing of the author's
    cells.add(`password × ${who}`)
    expect(
      (await post('/v1/easel/password', { current_password: 'wrong', new_password: 'a long new one' })).status,
    ).toBe(400)
    expect((await post('/v1/easel/sessions/add', { client: 'x', password: 'wrong' })).status).toBe(400)
    expect((await app.fetch('/v1/mute/list', { token: author })).status, 'the author is still signed in').toBe(200)
    const after = (await (await fetchAs('author', '/v1/easel/sessions')).json()) as { sessions: { id: number }[] }
    expect(after.sessions.map((s) => s.id)).toEqual(authorSessions)
  })

  // The admins' own: how accounts come in and the invites. Every caller of the matrix is a member or anonymous; none
  // sets the mode, lists, makes or withdraws an invite, and the admin's invite stays as it was.
  it.each(KINDS)('the registration mode and the invites are the admins’ alone (%s)', async (who) => {
    const admin = await app.login('demo')
    const made = await app.post('/v1/easel/invites/add', {}, admin)
    const { code, invite } = (await made.json()) as { code: string; invite: { id: number } }
    const refused = who === 'anonymous' ? 400 : 403
    const post = (path: string, fields: Record<string, string>) => app.post(path, fields, callers[who].token)
    cells.add(`registration mode × ${who}`)
    expect((await post('/v1/easel/registration/edit', { mode: 'open' })).status).toBe(refused)
    cells.add(`invites × ${who}`)
    expect((await app.fetch('/v1/easel/invites', { token: callers[who].token })).status).toBe(refused)
    expect((await post('/v1/easel/invites/add', {})).status).toBe(refused)
    expect((await post('/v1/easel/invites/revoke', { invite_id: String(invite.id) })).status).toBe(refused)
    const registration = await app.get<{ mode: string; invite: string }>(`/v1/easel/registration?invite=${code}`)
    expect(registration).toMatchObject({ mode: 'invite', invite: 'valid' })
    const listed = (await app.get<{ invites: { id: number }[] }>('/v1/easel/invites', admin)).invites
    expect(listed.filter((i) => i.id >= invite.id).map((i) => i.id)).toEqual([invite.id])
  })

  // Posting: the author's posted work and uploads are the author's alone. No other caller edits its fields, reorders or
  // removes its pages, deletes it, lists its pages or posts the author's upload as their own; the work is as it was
  // after each try. A private posted work is the author's alone to see.
  it.each(KINDS)('the author’s posted work and uploads are the author’s alone (%s)', async (who) => {
    const token = callers.author.token!
    const page = async (shade: number) => {
      const form = new FormData()
      const png = await sharp({
        create: { width: 24, height: 32, channels: 3, background: { r: shade, g: 80, b: 160 } },
      })
        .png()
        .toBuffer()
      form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'page.png')
      const res = await app.fetch('/v1/easel/upload', { method: 'POST', body: form, token })
      return ((await res.json()) as { upload: { id: number } }).upload.id
    }
    const [a, b, spare] = [await page(10), await page(20), await page(30)]
    const postAs = (path: string, fields: [string, string][], as = callers[who].token) => app.post(path, fields, as)
    const fields = (id: number | null, title: string, pages: number[], restrict = 'public'): [string, string][] => [
      ...(id === null ? [] : [['illust_id', String(id)] as [string, string]]),
      ['title', title],
      ['restrict', restrict],
      ...pages.map((p): [string, string] => ['upload_ids[]', String(p)]),
    ]
    const posted = await postAs('/v1/easel/illust/add', fields(null, 'Matrix post', [a, b]), token)
    const { id } = ((await posted.json()) as { illust: { id: number } }).illust
    const hidden = await postAs('/v1/easel/illust/add', fields(null, 'Matrix private', [spare], 'private'), token)
    const privateId = ((await hidden.json()) as { illust: { id: number } }).illust.id
    const state = async () => ({
      title: (await app.get<{ illust: { title: string } }>(`/v1/illust/detail?illust_id=${id}`, token)).illust.title,
      pages: (await app.get<{ pages: { id: number }[] }>(`/v1/easel/illust/pages?illust_id=${id}`, token)).pages.map(
        (p) => p.id,
      ),
    })
    const before = await state()
    expect(before).toEqual({ title: 'Matrix post', pages: [a, b] })
    cells.add(`private posted work × ${who}`)
    const seen = (await (await fetchAs(who, `/v1/illust/detail?illust_id=${privateId}`)).json()) as {
      illust: { visible: boolean; title: string }
    }
    expect(seen.illust).toMatchObject(
      who === 'author' ? { visible: true, title: 'Matrix private' } : { visible: false, title: '' },
    )
    if (who === 'author') {
      // the author reorders and puts back, then deletes
      cells.add('edit, reorder, delete a posted work × author')
      expect((await postAs('/v1/easel/illust/edit', fields(id, 'Matrix post', [b, a]))).status).toBe(200)
      expect((await state()).pages).toEqual([b, a])
      expect((await postAs('/v1/easel/illust/delete', [['illust_id', String(id)]])).status).toBe(200)
      expect((await postAs('/v1/easel/illust/delete', [['illust_id', String(privateId)]])).status).toBe(200)
      return
    }
    const refused = who === 'anonymous' ? 400 : 404
    cells.add(`edit a posted work × ${who}`)
    expect((await postAs('/v1/easel/illust/edit', fields(id, 'Taken over', [a, b]))).status).toBe(refused)
    cells.add(`reorder a posted work × ${who}`)
    expect((await postAs('/v1/easel/illust/edit', fields(id, 'Matrix post', [b, a]))).status).toBe(refused)
    cells.add(`remove a page × ${who}`)
    expect((await postAs('/v1/easel/illust/edit', fields(id, 'Matrix post', [a]))).status).toBe(refused)
    cells.add(`delete a posted work × ${who}`)
    expect((await postAs('/v1/easel/illust/delete', [['illust_id', String(id)]])).status).toBe(refused)
    expect((await postAs('/v1/easel/illust/delete', [['illust_id', String(privateId)]])).status).toBe(refused)
    cells.add(`a posted work's pages × ${who}`)
    expect((await fetchAs(who, `/v1/easel/illust/pages?illust_id=${id}`)).status).toBe(refused)
    cells.add(`post another's upload × ${who}`)
    expect((await postAs('/v1/easel/illust/add', fields(null, 'Stolen', [a]))).status).toBe(400)
    expect(await state()).toEqual(before)
    expect(await app.get(`/v1/illust/detail?illust_id=${privateId}`, token)).toMatchObject({
      illust: { visible: true },
    })
  })

  // A posted novel likewise: no other caller edits it, deletes it, reads its source or takes its images.
  it.each(KINDS)('the author’s posted novel is the author’s alone (%s)', async (who) => {
    const token = callers.author.token!
    const form = new FormData()
    const png = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#468' } })
      .png()
      .toBuffer()
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'image.png')
    const uploaded = await app.fetch('/v1/easel/upload', { method: 'POST', body: form, token })
    const image = ((await uploaded.json()) as { upload: { id: number } }).upload.id
    const text = `本文 [uploadedimage:${image}]`
    const posted = await app.post('/v1/easel/novel/add', { title: 'Matrix novel', text }, token)
    const { id } = ((await posted.json()) as { novel: { id: number } }).novel
    const state = () => app.get(`/v1/easel/novel/source?novel_id=${id}`, token)
    const before = await state()
    expect(before).toEqual({ text, cover_upload_id: null })
    const postAs = (path: string, fields: Record<string, string>) => app.post(path, fields, callers[who].token)
    if (who === 'author') {
      cells.add('edit, delete a posted novel × author')
      expect((await postAs('/v1/easel/novel/edit', { novel_id: String(id), title: 'Matrix novel', text })).status).toBe(
        200,
      )
      expect((await postAs('/v1/easel/novel/delete', { novel_id: String(id) })).status).toBe(200)
      return
    }
    const refused = who === 'anonymous' ? 400 : 404
    cells.add(`edit a posted novel × ${who}`)
    expect((await postAs('/v1/easel/novel/edit', { novel_id: String(id), title: 'Taken', text: 'x' })).status).toBe(
      refused,
    )
    cells.add(`delete a posted novel × ${who}`)
    expect((await postAs('/v1/easel/novel/delete', { novel_id: String(id) })).status).toBe(refused)
    cells.add(`a posted novel's source × ${who}`)
    expect((await app.fetch(`/v1/easel/novel/source?novel_id=${id}`, { token: callers[who].token })).status).toBe(
      refused,
    )
    cells.add(`post another's image in a novel × ${who}`)
    expect((await postAs('/v1/easel/novel/add', { title: 'Stolen', text: `[uploadedimage:${image}]` })).status).toBe(
      400,
    )
    expect(await state()).toEqual(before)
  })

  // Moderation is the admins' alone: no caller of the matrix (all members or anonymous) lists the reports, the holds
  // or the log, dismisses a report, hides, restores or deletes another's work, or suspends anyone; each try changes
  // nothing. Every member may report what they can see, never their own.
  it.each(KINDS)('moderation is the admins’ alone (%s)', async (who) => {
    const admin = await app.login('demo')
    const work = fixtures.workWhere(
      app.services.store,
      `w.restrict = 0 AND w.x_restrict = 0 AND w.user_id != ${author}`,
    )!
    const reported = await app.post(
      '/v1/easel/report',
      { kind: 'illust', target_id: String(work.id), reason: 'spam' },
      admin,
    )
    expect(reported.status).toBe(200)
    const state = async () => ({
      reports: await app.get('/v1/easel/moderation/reports', admin),
      held: await app.get('/v1/easel/moderation/held', admin),
      log: await app.get('/v1/easel/moderation/log', admin),
    })
    const before = await state()
    const { reports } = before.reports as { reports: { id: number }[] }
    const refused = who === 'anonymous' ? 400 : 403
    const token = callers[who].token
    const post = (path: string, fields: Record<string, string>) => app.post(path, fields, token)
    cells.add(`moderation lists × ${who}`)
    for (const path of ['/v1/easel/moderation/reports', '/v1/easel/moderation/held', '/v1/easel/moderation/log'])
      expect((await app.fetch(path, { token })).status).toBe(refused)
    cells.add(`dismiss a report × ${who}`)
    expect((await post('/v1/easel/moderation/report/dismiss', { report_id: String(reports[0]!.id) })).status).toBe(
      refused,
    )
    cells.add(`hide, restore, delete another's work × ${who}`)
    for (const action of ['hide', 'unhide', 'delete'])
      expect(
        (await post('/v1/easel/moderation/item', { kind: 'illust', target_id: String(work.id), action })).status,
      ).toBe(refused)
    cells.add(`suspend an account × ${who}`)
    expect((await post('/v1/easel/moderation/user', { user_id: String(work.user_id), action: 'suspend' })).status).toBe(
      refused,
    )
    expect(await state()).toEqual(before)
    cells.add(`report × ${who}`)
    const own = fixtures.workWhere(app.services.store, `w.restrict = 0 AND w.user_id = ${callers[who].id}`)
    if (who !== 'anonymous' && own)
      expect(
        (await post('/v1/easel/report', { kind: 'illust', target_id: String(own.id), reason: 'spam' })).status,
      ).toBe(403)
  })

  // A suspended account can do nothing: with the access token it held, every endpoint that needs a caller answers as
  // for a token that ended, whatever its parameters; its password opens no new session. Checked over the whole
  // endpoint table, so a new endpoint is covered the day it is added.
  it('a suspended account can do nothing', async () => {
    const store = app.services.store
    const admin = await app.login('demo')
    const user = Array.from({ length: 60 }, (_, i) => i + 2).find(
      (u) => !Object.values(callers).some((c) => c.id === u) && store.user(u)?.password_hash,
    )!
    const account = fixtures.userAccount(store, user)
    const token = await app.login(account)
    expect((await app.fetch('/v1/easel/account', { token })).status).toBe(200)
    expect(
      (await app.post('/v1/easel/moderation/user', { user_id: String(user), action: 'suspend' }, admin)).status,
    ).toBe(200)
    cells.add('every endpoint × suspended')
    let tried = 0
    for (const e of AUTH_ENDPOINTS) {
      const query = new URLSearchParams(e.params).toString()
      const res =
        e.method === 'GET'
          ? await app.fetch(`${e.path}?${query}`, { token })
          : await app.post(e.path, Object.entries(e.params), token)
      expect(res.status, `${e.method} ${e.path}`).toBe(400)
      expect(((await res.json()) as { error: { message: string } }).error.message, e.path).toMatch(/OAuth/)
      tried++
    }
    expect(tried).toBeGreaterThan(30)
    const signIn = await app.post('/auth/token', { grant_type: 'password', username: account, password: 'demo' })
    expect(signIn.status).toBe(400)
    expect(
      (await app.post('/v1/easel/moderation/user', { user_id: String(user), action: 'unsuspend' }, admin)).status,
    ).toBe(200)
    await app.login(account)
  })
})
