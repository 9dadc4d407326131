import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestApp, type TestApp } from '../testing/harness.ts'
import { fixtures } from '../data/fixtures.ts'

// Signed-in answers are built from cached per-account state (relations, bookmark list pages). Each write must show in
// the very next answer, read after the same answer was cached.

let app: TestApp
beforeAll(() => {
  app = openTestApp()
})
afterAll(() => app.close())

const ok = async (res: Response) => expect(res.status, await res.clone().text()).toBe(200)
const ids = (body: { illusts: { id: number }[] }) => body.illusts.map((w) => w.id)

describe('cached caller state', () => {
  it('a new bookmark heads the owner’s cached first page at once, and leaves it when deleted', async () => {
    const demo = await app.login('demo')
    const first = `/v1/user/bookmarks/illust?user_id=1`
    const before = ids(await app.get(first, demo))
    const bookmarked = new Set(fixtures.bookmarksOf(app.services.store, 'illust', 1).map((b) => b.item_id))
    const work = fixtures
      .worksWhere(app.services.store, 'w.restrict = 0 AND w.x_restrict = 0')
      .find((w) => !bookmarked.has(w.id))!
    await ok(await app.post('/v2/illust/bookmark/add', { illust_id: String(work.id) }, demo))
    const after = await app.get<{ illusts: { id: number; is_bookmarked: boolean }[] }>(first, demo)
    expect(after.illusts[0]!.id).toBe(work.id)
    expect(after.illusts.every((w) => w.is_bookmarked)).toBe(true)
    await ok(await app.post('/v1/illust/bookmark/delete', { illust_id: String(work.id) }, demo))
    expect(ids(await app.get(first, demo))).toEqual(before)
  })

  it('a follow made after a first read reveals the other’s restrict-1 works once it is mutual', async () => {
    const store = app.services.store
    const [work] = fixtures.worksWhere(store, 'w.restrict = 1 AND w.x_restrict = 0')
    const authorId = work!.user_id
    const strangerId = fixtures.strangerOf(store, authorId)
    const stranger = await app.login(fixtures.userAccount(store, strangerId))
    const author = await app.login(fixtures.userAccount(store, authorId))
    const list = `/v1/user/illusts?user_id=${authorId}`
    const listed = async () => {
      const seen: number[] = []
      let url: string | null = list
      while (url) {
        const page: { illusts: { id: number }[]; next_url: string | null } = await app.get(url, stranger)
        seen.push(...ids(page))
        url = page.next_url
      }
      return seen
    }
    expect(await listed()).not.toContain(work!.id)
    await ok(await app.post('/v1/user/follow/add', { user_id: String(authorId) }, stranger))
    expect(await listed()).not.toContain(work!.id) // one way is not mutual
    await ok(await app.post('/v1/user/follow/add', { user_id: String(strangerId) }, author))
    expect(await listed()).toContain(work!.id)
    await ok(await app.post('/v1/user/follow/delete', { user_id: String(strangerId) }, author))
    expect(await listed()).not.toContain(work!.id)
  })

  it('a mute shows in the next list answer, and so does its removal', async () => {
    const demo = await app.login('demo')
    const page = await app.get<{ illusts: { id: number; user: { id: number }; is_muted: boolean }[] }>(
      '/v1/illust/ranking?mode=day',
      demo,
    )
    const target = page.illusts.find((w) => !w.is_muted)!
    await ok(await app.post('/v1/mute/edit', { 'add_user_ids[]': String(target.user.id) }, demo))
    const muted = await app.get<typeof page>('/v1/illust/ranking?mode=day', demo)
    expect(muted.illusts.find((w) => w.id === target.id)!.is_muted).toBe(true)
    await ok(await app.post('/v1/mute/edit', { 'delete_user_ids[]': String(target.user.id) }, demo))
    const unmuted = await app.get<typeof page>('/v1/illust/ranking?mode=day', demo)
    expect(unmuted.illusts.find((w) => w.id === target.id)!.is_muted).toBe(false)
  })
})
