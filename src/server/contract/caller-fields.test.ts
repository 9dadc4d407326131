import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestApp, type TestApp } from '../testing/harness.ts'
import { fixtures } from '../data/fixtures.ts'

// is_bookmarked, is_muted and user.is_followed follow the caller, and writes change them for that caller only.

let app: TestApp
let demo: string
let other: string
let work: { id: number; user_id: number }
let novel: { id: number; user_id: number }

beforeAll(async () => {
  app = openTestApp()
  demo = await app.login('demo')
  const otherId = fixtures.strangerOf(app.services.store, 1)
  other = await app.login(fixtures.userAccount(app.services.store, otherId))
  const bookmarked = new Set(fixtures.bookmarksOf(app.services.store, 'illust', 1).map((b) => b.item_id))
  const followed = app.services.store.followedAmong(
    1,
    fixtures.worksWhere(app.services.store, 'w.restrict = 0 AND w.x_restrict = 0').map((w) => w.user_id),
  )
  const mutes = app.services.store.mutes(1)
  work = fixtures
    .worksWhere(app.services.store, 'w.restrict = 0 AND w.x_restrict = 0')
    .find(
      (w) =>
        !bookmarked.has(w.id) &&
        !followed.has(w.user_id) &&
        w.user_id !== otherId &&
        w.user_id !== 1 &&
        !mutes.users.includes(w.user_id) &&
        !(app.services.store.tagsOf('illust', [w.id]).get(w.id) ?? []).some((t) => mutes.tags.includes(t.name)),
    )!
  novel = fixtures.novelWhere(app.services.store, 'w.restrict = 0 AND w.x_restrict = 0 AND w.id > 20')!
})
afterAll(() => app.close())

const detail = async (token?: string) => (await app.get(`/v1/illust/detail?illust_id=${work.id}`, token)).illust
const ok = async (res: Response) => expect(res.status, await res.clone().text()).toBe(200)

describe('caller-relative fields', () => {
  it('are false for anonymous callers', async () => {
    const visible = new Set(
      fixtures.worksWhere(app.services.store, 'w.restrict = 0 AND w.x_restrict = 0').map((w) => w.id),
    )
    const bookmarked = fixtures
      .bookmarksOf(app.services.store, 'illust', 1)
      .find((b) => visible.has(b.item_id))!.item_id
    const { illust } = await app.get(`/v1/illust/detail?illust_id=${bookmarked}`)
    expect(illust.is_bookmarked).toBe(false)
    expect(illust.is_muted).toBe(false)
    expect(illust.user.is_followed).toBe(false)
    const asDemo = (await app.get(`/v1/illust/detail?illust_id=${bookmarked}`, demo)).illust
    expect(asDemo.is_bookmarked).toBe(true)
  })

  it('bookmark add and delete change is_bookmarked for that caller only, in detail and in lists', async () => {
    expect((await detail(demo)).is_bookmarked).toBe(false)
    await ok(
      await app.post(
        '/v2/illust/bookmark/add',
        { illust_id: String(work.id), restrict: 'private', 'tags[]': 'mine' },
        demo,
      ),
    )
    expect((await detail(demo)).is_bookmarked).toBe(true)
    expect((await detail(other)).is_bookmarked).toBe(false)
    const priv = await app.get('/v1/user/bookmarks/illust?user_id=1&restrict=private', demo)
    expect(priv.illusts[0].id).toBe(work.id)
    expect(priv.illusts[0].is_bookmarked).toBe(true)
    const bd = await app.get(`/v2/illust/bookmark/detail?illust_id=${work.id}`, demo)
    expect(bd.bookmark_detail.restrict).toBe('private')
    expect(bd.bookmark_detail.tags).toContainEqual({ name: 'mine', is_registered: true })
    await ok(await app.post('/v1/illust/bookmark/delete', { illust_id: String(work.id) }, demo))
    expect((await detail(demo)).is_bookmarked).toBe(false)
  })

  it('total_bookmarks counts a new bookmark once', async () => {
    const before = (await detail(demo)).total_bookmarks
    await ok(await app.post('/v2/illust/bookmark/add', { illust_id: String(work.id) }, other))
    await ok(await app.post('/v2/illust/bookmark/add', { illust_id: String(work.id), restrict: 'private' }, other))
    expect((await detail(demo)).total_bookmarks).toBe(before + 1)
    await ok(await app.post('/v1/illust/bookmark/delete', { illust_id: String(work.id) }, other))
    expect((await detail(demo)).total_bookmarks).toBe(before)
  })

  it('novel bookmarks work the same way', async () => {
    await ok(await app.post('/v2/novel/bookmark/add', { novel_id: String(novel.id), restrict: 'public' }, other))
    expect((await app.get(`/v2/novel/detail?novel_id=${novel.id}`, other)).novel.is_bookmarked).toBe(true)
    expect((await app.get(`/v2/novel/detail?novel_id=${novel.id}`, demo)).novel.is_bookmarked).toBe(
      fixtures.bookmarksOf(app.services.store, 'novel', 1).some((b) => b.item_id === novel.id),
    )
    await ok(await app.post('/v1/novel/bookmark/delete', { novel_id: String(novel.id) }, other))
    expect((await app.get(`/v2/novel/detail?novel_id=${novel.id}`, other)).novel.is_bookmarked).toBe(false)
  })

  it('follow and unfollow change user.is_followed for that caller only', async () => {
    expect((await detail(demo)).user.is_followed).toBe(false)
    await ok(await app.post('/v1/user/follow/add', { user_id: String(work.user_id), restrict: 'public' }, demo))
    expect((await detail(demo)).user.is_followed).toBe(true)
    expect((await detail(other)).user.is_followed).toBe(false)
    const profile = await app.get(`/v1/user/detail?user_id=${work.user_id}`, demo)
    expect(profile.user.is_followed).toBe(true)
    await ok(await app.post('/v1/user/follow/delete', { user_id: String(work.user_id) }, demo))
    expect((await detail(demo)).user.is_followed).toBe(false)
  })

  it('muting the author or one of the tags sets is_muted for that caller only', async () => {
    expect((await detail(demo)).is_muted).toBe(false)
    await ok(await app.post('/v1/mute/edit', { 'add_user_ids[]': String(work.user_id) }, demo))
    expect((await detail(demo)).is_muted).toBe(true)
    expect((await detail(other)).is_muted).toBe(false)
    await ok(await app.post('/v1/mute/edit', { 'delete_user_ids[]': String(work.user_id) }, demo))
    expect((await detail(demo)).is_muted).toBe(false)
    const tag = (await detail(demo)).tags[0].name
    await ok(await app.post('/v1/mute/edit', [['add_tags[]', tag]], demo))
    expect((await detail(demo)).is_muted).toBe(true)
    const list = await app.get('/v1/mute/list', demo)
    expect(list.muted_tags.map((t: { tag: { name: string } }) => t.tag.name)).toContain(tag)
    await ok(await app.post('/v1/mute/edit', [['delete_tags[]', tag]], demo))
    expect((await detail(demo)).is_muted).toBe(false)
  })
})
