import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  WireAuditEntry,
  WireModerationHeld,
  WireModerationLog,
  WireModerationTargetAnswer,
  WireReport,
  WireReportList,
} from '../../api/wire-responses.ts'
import { SUSPENDED } from '../routes/auth.ts'
import { openTestApp, type TestApp } from '../testing/harness.ts'

// Moderation as a member, the admin, the author of what is moderated and an anonymous reader see it, on the engine
// under test: reports go to the admins; a hidden work or novel is its author's alone (no detail, list or search shows
// it to anyone else) until it is restored, and its author's edits do not bring it back; a hidden comment likewise; a
// suspended account's sessions end, it cannot sign in, and its works leave every list until it is reinstated; every
// action is in the log. Members reach none of it.

let app: TestApp
beforeAll(() => {
  app = openTestApp()
})
afterAll(() => app.close())

let admin: string
let author: string
const authorId = 3
let member: string
let memberId: number
let bystander: string
beforeAll(async () => {
  const { repos } = app.services
  admin = await app.login('demo')
  author = await app.login((await repos.users.byId(authorId))!.account)
  memberId = 4
  member = await app.login((await repos.users.byId(memberId))!.account)
  bystander = await app.login((await repos.users.byId(5))!.account)
})

const errorOf = async (res: Response, status: number) => {
  expect(res.status, await res.clone().text()).toBe(status)
  const body = (await res.json()) as { error: { message: string; user_message: string } }
  expect(body.error.message + body.error.user_message).toMatch(/\w/)
  return body.error
}
const ok = async (res: Response) => {
  expect(res.status, await res.clone().text()).toBe(200)
  return res.json()
}
const report = (kind: string, id: number, token: string, reason = 'spam', note = '') =>
  app.post('/v1/easel/report', { kind, target_id: String(id), reason, note }, token)
const moderate = (kind: string, id: number, action: string, note = '', token = admin) =>
  app.post('/v1/easel/moderation/item', { kind, target_id: String(id), action, note }, token)
const suspend = (userId: number, action: string, note = '', token = admin) =>
  app.post('/v1/easel/moderation/user', { user_id: String(userId), action, note }, token)
const openReports = async () =>
  (await app.get<WireReportList>('/v1/easel/moderation/reports?state=open', admin)).reports
const closedReports = async () =>
  (await app.get<WireReportList>('/v1/easel/moderation/reports?state=closed', admin)).reports
const log = async () => (await app.get<WireModerationLog>('/v1/easel/moderation/log', admin)).entries
/** Whether the caller sees the work: its detail, not the placeholder a work one may not see answers with. */
const sees = async (id: number, token?: string) => {
  const res = await app.fetch(`/v1/illust/detail?illust_id=${id}`, { token })
  if (res.status === 404) return false
  expect(res.status).toBe(200)
  const { illust } = (await res.json()) as { illust: { id: number; visible: boolean } }
  return illust.visible && illust.id === id
}
const userIllusts = async (userId: number, token?: string) =>
  (await app.get<{ illusts: { id: number }[] }>(`/v1/user/illusts?user_id=${userId}&type=illust`, token)).illusts.map(
    (i) => i.id,
  )

/** A work of the author's everyone can see (its first public illustration). */
let work: number
beforeAll(async () => {
  work = (await userIllusts(authorId))[0]!
  expect(await sees(work)).toBe(true)
})

/** A work the member posts, with a tag of its own to search by. */
const tag = `moderated${process.pid}`
const postWork = async (token: string, title = 'To be moderated') => {
  const form = new FormData()
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 9, g: 99, b: 199 } } })
    .png()
    .toBuffer()
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'page.png')
  const upload = (await ok(await app.fetch('/v1/easel/upload', { method: 'POST', body: form, token }))) as {
    upload: { id: number }
  }
  const res = await app.post(
    '/v1/easel/illust/add',
    [
      ['title', title],
      ['type', 'illust'],
      ['tags[]', tag],
      ['upload_ids[]', String(upload.upload.id)],
    ],
    token,
  )
  return ((await ok(res)) as { illust: { id: number } }).illust.id
}
const searchIds = async (token?: string) =>
  (
    await app.get<{ illusts: { id: number }[] }>(
      `/v1/search/illust?word=${tag}&search_target=exact_match_for_tags&sort=date_desc`,
      token,
    )
  ).illusts.map((i) => i.id)

describe('members report; only admins moderate', () => {
  it('a report names what a member can see, once while open; their own and what they cannot see are refused', async () => {
    expect((await ok(await report('illust', work, member, 'spam', 'Posted three times'))) as object).toEqual({})
    // again while open: nothing more
    await ok(await report('illust', work, member, 'sexual'))
    const mine = (await openReports()).filter((r) => r.target.kind === 'illust' && r.target.id === work)
    expect(mine).toHaveLength(1)
    expect(mine[0]).toMatchObject({
      reason: 'spam',
      note: 'Posted three times',
      reporter: { id: memberId },
      closed_at: null,
      resolution: null,
      target: { kind: 'illust', id: work, exists: true, held: false, user: { id: authorId } },
    })
    expect(mine[0]!.target.label).toMatch(/\S/)
    await errorOf(await report('illust', work, author), 403)
    await errorOf(await report('illust', 999_999_999, member), 404)
    await errorOf(await report('illust', work, member, 'boring'), 400)
    await errorOf(await app.post('/v1/easel/report', { kind: 'illust', target_id: String(work), reason: 'spam' }), 400)
  })

  it('a member reaches none of the admins’ endpoints, and changes nothing by trying', async () => {
    const before = await openReports()
    const reportId = before[0]!.id
    for (const res of [
      await app.fetch('/v1/easel/moderation/reports', { token: member }),
      await app.fetch('/v1/easel/moderation/held', { token: member }),
      await app.fetch('/v1/easel/moderation/log', { token: member }),
      await app.post('/v1/easel/moderation/report/dismiss', { report_id: String(reportId) }, member),
      await moderate('illust', work, 'hide', '', member),
      await moderate('illust', work, 'delete', '', member),
      await suspend(authorId, 'suspend', '', member),
    ])
      await errorOf(res, 403)
    for (const res of [await app.fetch('/v1/easel/moderation/reports'), await moderate('illust', work, 'hide', '', '')])
      await errorOf(res, 400)
    expect(await openReports()).toEqual(before)
    expect(await sees(work)).toBe(true)
    expect(await log()).toEqual([])
  })
})

describe('a hidden work', () => {
  let posted: number

  it('is its author’s alone: no detail, list or search shows it to anyone else; its reports close; the log keeps it', async () => {
    posted = await postWork(member)
    expect(await searchIds()).toContain(posted)
    expect(await userIllusts(memberId)).toContain(posted)
    await ok(await report('illust', posted, bystander, 'copyright'))

    await ok(await moderate('illust', posted, 'hide', 'Traced from another artist'))
    for (const token of [undefined, bystander, admin]) {
      expect(await sees(posted, token), String(token)).toBe(false)
      expect(await searchIds(token)).not.toContain(posted)
      expect(await userIllusts(memberId, token)).not.toContain(posted)
    }
    expect(await sees(posted, member)).toBe(true)
    // the report on it is closed by the action
    expect((await openReports()).some((r) => r.target.id === posted)).toBe(false)
    expect((await closedReports()).find((r) => r.target.id === posted)).toMatchObject({
      resolution: 'hide',
      closed_by: { id: 1 },
      target: { held: true, exists: true },
    })
    const [entry] = await log()
    expect(entry).toMatchObject({
      action: 'hide',
      note: 'Traced from another artist',
      admin: { id: 1, account: 'demo' },
      target: { kind: 'illust', id: posted, label: 'To be moderated', held: true, user: { id: memberId } },
    } satisfies Partial<Record<keyof WireAuditEntry, unknown>>)
    const held = await app.get<WireModerationHeld>('/v1/easel/moderation/held', admin)
    expect(held.held.map((h) => [h.target.kind, h.target.id])).toContainEqual(['illust', posted])
    expect(await app.get(`/v1/easel/moderation/target?kind=illust&target_id=${posted}`, admin)).toEqual({
      target: expect.objectContaining({
        kind: 'illust',
        id: posted,
        held: true,
        exists: true,
        label: 'To be moderated',
      }),
    })
    await errorOf(
      await app.fetch(`/v1/easel/moderation/target?kind=illust&target_id=${posted}`, { token: member }),
      403,
    )
    await errorOf(await app.fetch('/v1/easel/moderation/target?kind=user&target_id=999999999', { token: admin }), 404)
    // hiding again changes nothing, and logs nothing
    await ok(await moderate('illust', posted, 'hide'))
    expect((await log()).length).toBe(1)
  })

  it('stays hidden when its author edits it public, and comes back as they left it when restored', async () => {
    const edit = await app.post(
      '/v1/easel/illust/edit',
      [
        ['illust_id', String(posted)],
        ['title', 'Edited while hidden'],
        ['type', 'illust'],
        ['restrict', 'public'],
        ['tags[]', tag],
        ...(await app.get<{ pages: { id: number }[] }>(`/v1/easel/illust/pages?illust_id=${posted}`, member)).pages.map(
          (p): [string, string] => ['upload_ids[]', String(p.id)],
        ),
      ],
      member,
    )
    await ok(edit)
    expect(await sees(posted, bystander)).toBe(false)
    // its author is told, with the restrict it will get back
    const pages = await app.get(`/v1/easel/illust/pages?illust_id=${posted}`, member)
    expect(pages).toMatchObject({ held: { restrict: 'public' } })
    expect(await searchIds()).not.toContain(posted)

    await ok(await moderate('illust', posted, 'unhide', 'Permission shown'))
    expect(await sees(posted)).toBe(true)
    expect(await searchIds()).toContain(posted)
    const detail = (await app.get(`/v1/illust/detail?illust_id=${posted}`)) as { illust: { title: string } }
    expect(detail.illust.title).toBe('Edited while hidden')
    expect((await log())[0]).toMatchObject({ action: 'unhide', note: 'Permission shown' })
    expect(await app.get(`/v1/easel/illust/pages?illust_id=${posted}`, member)).not.toHaveProperty('held')
    const held = await app.get<WireModerationHeld>('/v1/easel/moderation/held', admin)
    expect(held.held.some((h) => h.target.id === posted)).toBe(false)
  })

  it('is deleted by an admin (logged, with its title kept); an archive’s or the demo’s work is hidden instead', async () => {
    await ok(await moderate('illust', posted, 'delete', 'Repost'))
    expect(await sees(posted, member)).toBe(false)
    expect((await log())[0]).toMatchObject({
      action: 'delete',
      target: { kind: 'illust', id: posted, label: 'Edited while hidden', exists: false, user: { id: memberId } },
    })
    await errorOf(await moderate('illust', work, 'delete'), 400)
    expect(await sees(work)).toBe(true)
    await errorOf(await moderate('illust', posted, 'hide'), 404)
  })
})

describe('a hidden novel', () => {
  it('is its author’s alone until restored; its author’s editor is told', async () => {
    const res = await app.post('/v1/easel/novel/add', { title: 'Held novel', text: '[chapter:一]本文' }, member)
    const novel = ((await ok(res)) as { novel: { id: number } }).novel.id
    const seesNovel = async (token?: string) => {
      const got = await app.fetch(`/v2/novel/detail?novel_id=${novel}`, { token })
      if (got.status === 404) return false
      const body = (await got.json()) as { novel: { id: number; visible: boolean } }
      return body.novel.visible && body.novel.id === novel
    }
    const newest = async () =>
      (await app.get<{ novels: { id: number }[] }>(`/v1/user/novels?user_id=${memberId}`)).novels.map((n) => n.id)
    expect(await seesNovel()).toBe(true)
    expect(await newest()).toContain(novel)
    await ok(await moderate('novel', novel, 'hide'))
    expect(await seesNovel()).toBe(false)
    expect(await seesNovel(bystander)).toBe(false)
    expect(await seesNovel(member)).toBe(true)
    expect(await newest()).not.toContain(novel)
    expect(await app.get(`/v1/easel/novel/source?novel_id=${novel}`, member)).toMatchObject({
      held: { restrict: 'public' },
    })
    await ok(await moderate('novel', novel, 'unhide'))
    expect(await seesNovel()).toBe(true)
    expect(await newest()).toContain(novel)
  })
})

describe('a hidden comment', () => {
  let comment: number
  const comments = async (token?: string) =>
    (await app.get<{ comments: { id: number }[] }>(`/v1/illust/comments?illust_id=${work}`, token)).comments.map(
      (c) => c.id,
    )

  it('is left out for everyone but its writer and the admins, until restored; deleting it is logged', async () => {
    const res = await app.post(
      '/v1/illust/comment/add',
      { illust_id: String(work), comment: 'Buy cheap pills' },
      member,
    )
    comment = ((await ok(res)) as { comment: { id: number } }).comment.id
    await ok(await report('comment', comment, author, 'spam'))
    await errorOf(await report('comment', comment, member), 403)

    await ok(await moderate('comment', comment, 'hide'))
    expect(await comments()).not.toContain(comment)
    expect(await comments(author)).not.toContain(comment)
    expect(await comments(member)).toContain(comment)
    expect(await comments(admin)).toContain(comment)
    expect((await closedReports()).find((r) => r.target.kind === 'comment')).toMatchObject({
      resolution: 'hide',
      target: { id: comment, label: 'Buy cheap pills', on: { kind: 'illust', id: work }, held: true },
    })
    await ok(await moderate('comment', comment, 'unhide'))
    expect(await comments()).toContain(comment)

    await ok(await moderate('comment', comment, 'delete', 'Spam'))
    expect(await comments(member)).not.toContain(comment)
    expect((await log())[0]).toMatchObject({
      action: 'delete',
      target: { kind: 'comment', id: comment, label: 'Buy cheap pills', exists: false },
    })
  })
})

describe('a suspended account', () => {
  let session: string
  let hiddenBefore: number
  let works: number[]

  it('loses its sessions at once, cannot sign in, and its works leave every list', async () => {
    const { repos } = app.services
    const account = (await repos.users.byId(authorId))!.account
    session = await app.login(account)
    works = await userIllusts(authorId)
    expect(works.length).toBeGreaterThan(1)
    // one of its works an admin hid before; the suspension's end must not bring that one back
    hiddenBefore = works[1]!
    await ok(await moderate('illust', hiddenBefore, 'hide'))
    await ok(await report('illust', works[0]!, member, 'harassment'))

    await ok(await suspend(authorId, 'suspend', 'Harassing members'))
    await errorOf(await app.fetch('/v1/easel/account', { token: session }), 400)
    await errorOf(await app.fetch('/v1/easel/account', { token: author }), 400)
    const signIn = await app.post('/auth/token', { grant_type: 'password', username: account, password: 'demo' })
    expect(signIn.status).toBe(400)
    expect(await signIn.json()).toMatchObject({ errors: { system: { message: SUSPENDED } } })
    for (const token of [undefined, member, admin]) {
      expect(await userIllusts(authorId, token)).toEqual([])
      expect(await sees(works[0]!, token)).toBe(false)
    }
    expect((await closedReports()).find((r) => r.target.id === works[0])).toMatchObject({ resolution: 'suspend' })
    // held by the suspension alone, a work is not unhidden one by one: lifting the suspension shows it
    const targetOf = async (id: number) =>
      (await app.get<WireModerationTargetAnswer>(`/v1/easel/moderation/target?kind=illust&target_id=${id}`, admin))
        .target
    expect(await targetOf(works[0]!)).toMatchObject({ held: true, suspension_hold: true })
    expect(await targetOf(hiddenBefore)).toMatchObject({ held: true, suspension_hold: false })
    const refused = await errorOf(await moderate('illust', works[0]!, 'unhide'), 400)
    expect(refused.user_message).toMatch(/lift the suspension/)
    expect(await sees(works[0]!)).toBe(false)
    const held = await app.get<WireModerationHeld>('/v1/easel/moderation/held', admin)
    expect(held.held.find((h) => h.target.kind === 'user')).toMatchObject({
      target: { id: authorId, held: true, user: { id: authorId } },
    })
    expect((await log())[0]).toMatchObject({ action: 'suspend', note: 'Harassing members', target: { kind: 'user' } })
  })

  it('can do nothing with the tokens it held', async () => {
    for (const res of [
      await app.post('/v1/illust/bookmark/add', { illust_id: String(work), restrict: 'public' }, session),
      await app.post('/v1/illust/comment/add', { illust_id: String(work), comment: 'still here' }, session),
      await app.post('/v1/user/follow/add', { user_id: String(memberId), restrict: 'public' }, session),
      await app.post('/v1/easel/report', { kind: 'illust', target_id: String(work), reason: 'spam' }, session),
      await app.post('/v1/easel/profile/edit', { name: 'x', account: 'x' }, session),
    ])
      expect(res.status).toBe(400)
  })

  it('is reinstated: it signs in again and its works come back, but for the one an admin hid', async () => {
    await ok(await suspend(authorId, 'unsuspend'))
    const account = (await app.services.repos.users.byId(authorId))!.account
    await app.login(account)
    const back = await userIllusts(authorId)
    expect(back).not.toContain(hiddenBefore)
    expect(back).toEqual(expect.arrayContaining(works.filter((id) => id !== hiddenBefore)))
    expect(await sees(hiddenBefore)).toBe(false)
    await ok(await moderate('illust', hiddenBefore, 'unhide'))
    expect(await userIllusts(authorId)).toEqual(works)
  })

  it('refuses to suspend an admin or oneself', async () => {
    await errorOf(await suspend(1, 'suspend'), 403)
    await errorOf(await suspend(999_999_999, 'suspend'), 404)
  })
})

describe('roles', () => {
  const role = async (token: string) =>
    (await app.get<{ account: { role: string } }>('/v1/easel/account', token)).account.role

  it('an admin makes a member an admin and a member again; the catalogue keeps an admin; members cannot', async () => {
    await errorOf(await suspend(5, 'make_admin', '', member), 403)
    expect(await role(bystander)).toBe('member')
    await ok(await suspend(5, 'make_admin', 'Second moderator'))
    expect(await role(bystander)).toBe('admin')
    expect((await app.fetch('/v1/easel/moderation/log', { token: bystander })).status).toBe(200)
    expect((await log())[0]).toMatchObject({
      action: 'make_admin',
      note: 'Second moderator',
      target: { kind: 'user', id: 5 },
    })
    // an admin cannot be suspended
    await errorOf(await suspend(5, 'suspend'), 403)
    await ok(await suspend(5, 'make_member'))
    expect(await role(bystander)).toBe('member')
    await errorOf(await app.fetch('/v1/easel/moderation/log', { token: bystander }), 403)
    // the only admin stays one
    await errorOf(await suspend(1, 'make_member'), 403)
    expect(await role(admin)).toBe('admin')
  })
})

describe('reports are worked through', () => {
  it('a dismissed report is closed and logged with what it was about; dismissing twice is refused', async () => {
    await ok(await report('illust', work, bystander, 'other', 'Just checking'))
    const open = (await openReports()).find((r: WireReport) => r.reporter?.id === 5 && r.target.id === work)!
    await ok(await app.post('/v1/easel/moderation/report/dismiss', { report_id: String(open.id), note: 'Fine' }, admin))
    expect((await closedReports())[0]).toMatchObject({ id: open.id, resolution: 'dismiss', closed_by: { id: 1 } })
    expect((await log())[0]).toMatchObject({ action: 'dismiss', note: 'Fine', target: { kind: 'illust', id: work } })
    await errorOf(await app.post('/v1/easel/moderation/report/dismiss', { report_id: String(open.id) }, admin), 404)
  })
})
