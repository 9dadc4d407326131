import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestApp, type TestApp } from '../testing/harness.ts'
import { fixtures } from '../data/fixtures.ts'
import { socialFixtures } from '../data/social-fixtures.ts'
import { kindedItemsOf } from '../testing/visibility.ts'

// POST /v1/user/ai-show-settings/edit: with the setting off, others' AI-generated items (ai_type 2) are left out of
// every list for that account only; the detail answer and the account's own works keep them; the setting outlives
// the token.

let app: TestApp
/** An author of AI works who follows someone, and whose setting the test turns off. */
let me: number
let token: string
let demoToken: string
let otherAiWork: number

beforeAll(async () => {
  app = openTestApp()
  const store = app.services.store
  const graph = socialFixtures.follows(store)
  const followers = new Set(graph.map((e) => e.follower_id))
  me = socialFixtures.aiAuthors(store, 2).find((a) => a.user_id !== 1 && followers.has(a.user_id))!.user_id
  token = await app.login(fixtures.userAccount(store, me))
  demoToken = await app.login('demo')
  otherAiWork = fixtures.workWhere(
    store,
    `w.ai_type = 2 AND w.restrict = 0 AND w.x_restrict = 0 AND w.user_id != ${me}`,
  )!.id
})
afterAll(() => app.close())

type Listed = { kind: 'illust' | 'novel'; item: { id: number; user: { id: number } } & Record<string, unknown> }
const aiOf = (x: Listed) => (x.kind === 'illust' ? x.item.illust_ai_type : x.item.novel_ai_type)

/** The lists an AI-generated item could appear in. */
function listPaths(): string[] {
  const aiTag = encodeURIComponent('AI生成')
  const aiAuthor = socialFixtures.aiAuthors(app.services.store, 2).find((a) => a.user_id !== me)!.user_id
  return [
    `/v1/search/illust?word=${aiTag}`,
    `/v1/search/illust?word=${aiTag}&offset=30`,
    `/v1/search/novel?word=${aiTag}`,
    '/v1/illust/ranking?mode=day_ai',
    '/v1/illust/ranking?mode=day',
    '/v1/novel/ranking?mode=day_ai',
    '/v1/illust/recommended',
    '/v1/novel/recommended',
    '/v2/illust/follow?restrict=all',
    '/v2/illust/follow?restrict=all&offset=30',
    '/v1/novel/follow?restrict=all',
    '/v1/illust/new',
    '/v1/illust/new?content_type=manga',
    '/v1/novel/new',
    `/v2/illust/related?illust_id=${otherAiWork}`,
    `/v1/user/illusts?user_id=${aiAuthor}`,
    '/v1/user/recommended',
    '/v1/trending-tags/illust',
  ]
}

/** Every listed item of the paths, as the caller gets them. */
async function listed(tok: string): Promise<Listed[]> {
  const out: Listed[] = []
  for (const p of listPaths()) out.push(...(kindedItemsOf(await app.get(p, tok)) as unknown as Listed[]))
  return out
}

const othersAi = (items: Listed[]) => items.filter((x) => aiOf(x) === 2 && x.item.user.id !== me)

describe('the AI-show setting', () => {
  it('is on by default: the lists hold AI-generated works of others', async () => {
    expect((await app.get('/v1/user/ai-show-settings', token)).show_ai).toBe(true)
    expect(othersAi(await listed(token)).length).toBeGreaterThan(20)
  })

  it('off: no AI-generated item of another in any list, for that account, after a new sign-in too', async () => {
    const res = await app.post('/v1/user/ai-show-settings/edit', { show_ai: 'false' }, token)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({})
    // a new access token reads the stored setting
    token = await app.login(fixtures.userAccount(app.services.store, me))
    expect(await app.get('/v1/user/ai-show-settings', token)).toEqual({ show_ai: false })
    const items = await listed(token)
    expect(items.length).toBeGreaterThan(200)
    expect(othersAi(items).map((x) => `${x.kind} ${x.item.id}`)).toEqual([])
    const search = await app.get<{ show_ai: boolean }>(`/v1/search/illust?word=${encodeURIComponent('AI生成')}`, token)
    expect(search.show_ai).toBe(false)
  })

  it('off for one account only: another still gets them', async () => {
    expect(othersAi(await listed(demoToken)).length).toBeGreaterThan(20)
  })

  it("off: the account's own AI works stay in its lists, and an AI work's detail still answers in full", async () => {
    const own = await app.get<{ illusts: { illust_ai_type: number }[] }>(`/v1/user/illusts?user_id=${me}`, token)
    expect(own.illusts.some((w) => w.illust_ai_type === 2)).toBe(true)
    const detail = await app.get<{ illust: { visible: boolean; title: string; illust_ai_type: number } }>(
      `/v1/illust/detail?illust_id=${otherAiWork}`,
      token,
    )
    expect(detail.illust.visible).toBe(true)
    expect(detail.illust.illust_ai_type).toBe(2)
    expect(detail.illust.title).not.toBe('')
  })

  it('on again (as `setting`, which some clients send): the works come back', async () => {
    expect((await app.post('/v1/user/ai-show-settings/edit', { setting: 'true' }, token)).status).toBe(200)
    expect(await app.get('/v1/user/ai-show-settings', token)).toEqual({ show_ai: true })
    expect(othersAi(await listed(token)).length).toBeGreaterThan(20)
  })

  it('refuses a request without a value, an anonymous caller, and a value that is not a boolean', async () => {
    expect((await app.post('/v1/user/ai-show-settings/edit', {}, token)).status).toBe(400)
    expect((await app.post('/v1/user/ai-show-settings/edit', { show_ai: 'false' })).status).toBe(400)
    expect((await app.post('/v1/user/ai-show-settings/edit', { show_ai: 'maybe' }, token)).status).toBe(400)
    expect((await app.fetch('/v1/user/ai-show-settings')).status).toBe(400)
    expect(await app.get('/v1/user/ai-show-settings', token)).toEqual({ show_ai: true })
  })
})
