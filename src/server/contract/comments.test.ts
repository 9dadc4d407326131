import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { WireComment, WireCommentPage, WireCommentPageV1 } from '../../api/wire-responses.ts'
import { openTestApp, walk, type TestApp } from '../testing/harness.ts'
import { fixtures } from '../data/fixtures.ts'
import { HOSTILE_WORK_IDS } from '../generator/generate.ts'
import { MAX_COMMENT_LENGTH } from '../../api/endpoints.ts'

// Comments (issue 13): lists, threads, add and delete as a client sees them; comments as hidden as their work;
// nobody deletes another's comment; the counters agree with the rows; hostile text comes back exactly as stored.

let app: TestApp
const tokens = new Map<number, string>()
const token = async (userId: number) => {
  let t = tokens.get(userId)
  if (!t) tokens.set(userId, (t = await app.login(fixtures.userAccount(app.services.store, userId))))
  return t
}

const ERROR_BODY = {
  error: {
    user_message: expect.any(String),
    message: expect.any(String),
    reason: expect.any(String),
    user_message_details: {},
  },
}

/** A public all-ages work with at least `min` comments, and at least one thread with replies. */
function busyWork(min: number) {
  const store = app.services.store
  return store.comments
    .busiestItems('illust', min, 'w.restrict = 0 AND w.x_restrict = 0')
    .find((w) =>
      store.comments
        .page('illust', w.id, { rootsOnly: false, mutedUsers: [], offset: 0, limit: 500 })
        .some((c) => c.parent_id),
    )!
}

const detailTotal = async (kind: 'illust' | 'novel', id: number, tok?: string) => {
  const body = await app.get(
    kind === 'illust' ? `/v1/illust/detail?illust_id=${id}` : `/v2/novel/detail?novel_id=${id}`,
    tok,
  )
  return (body.illust ?? body.novel).total_comments as number
}

beforeAll(() => {
  app = openTestApp()
})
afterAll(() => app.close())

describe('lists', () => {
  it('v1 pages through every comment, newest first, 30 a page, with next_url and parent_comment', async () => {
    const work = busyWork(45)
    const { items, pages, urls } = await walk<WireCommentPageV1['comments'][number]>(
      app,
      `/v1/illust/comments?illust_id=${work.id}`,
      'comments',
    )
    expect(items).toHaveLength(work.total_comments)
    expect(new Set(items.map((c) => c.id)).size).toBe(items.length)
    expect(pages[0]).toHaveLength(30)
    expect(urls[0]).toMatch(new RegExp(`/v1/illust/comments\\?illust_id=${work.id}&offset=30$`))
    const dates = items.map((c) => Date.parse(c.date))
    expect([...dates].sort((a, b) => b - a)).toEqual(dates)
    const first = await app.get<WireCommentPageV1>(`/v1/illust/comments?illust_id=${work.id}`)
    expect(first.total_comments).toBe(work.total_comments)
    expect(first.comment_access_control).toBe(0)
    const replies = items.filter((c) => 'id' in c.parent_comment)
    expect(replies.length).toBeGreaterThan(0)
    for (const c of items) {
      expect(c.comment.length).toBeGreaterThan(0)
      expect(c.date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+09:00$/)
      expect(Object.keys(c.user).sort()).toEqual(['account', 'id', 'name', 'profile_image_urls'])
      expect(c.stamp).toBeNull()
      if ('id' in c.parent_comment) {
        // the parent is a thread's first comment on the same work, no later than its reply
        const parent = items.find((p) => p.id === (c.parent_comment as WireComment).id)!
        expect(parent.parent_comment).toEqual({})
        expect(Date.parse(parent.date)).toBeLessThanOrEqual(Date.parse(c.date))
        expect(parent.has_replies).toBe(true)
      }
    }
  })

  it('v3 lists a thread’s first comments; their replies come from the replies endpoint', async () => {
    const work = busyWork(45)
    const v1 = await walk<WireCommentPageV1['comments'][number]>(
      app,
      `/v1/illust/comments?illust_id=${work.id}`,
      'comments',
    )
    const v3 = await walk<WireComment>(app, `/v3/illust/comments?illust_id=${work.id}`, 'comments')
    const roots = v1.items.filter((c) => !('id' in c.parent_comment))
    expect(v3.items.map((c) => c.id)).toEqual(roots.map((c) => c.id))
    for (const c of v3.items) expect(c).not.toHaveProperty('parent_comment')
    const threaded = v3.items.filter((c) => c.has_replies)
    expect(threaded.length).toBeGreaterThan(0)
    for (const root of threaded) {
      const { items } = await walk<WireComment>(app, `/v2/illust/comment/replies?comment_id=${root.id}`, 'comments')
      const expected = v1.items.filter((c) => (c.parent_comment as WireComment).id === root.id).map((c) => c.id)
      expect(items.map((c) => c.id).sort()).toEqual(expected.sort())
      // oldest first: a conversation reads downwards
      const dates = items.map((c) => Date.parse(c.date))
      expect([...dates].sort((a, b) => a - b)).toEqual(dates)
    }
  })

  it('v3 has total_comments only when asked for it', async () => {
    const work = busyWork(5)
    const plain = await app.get<WireCommentPage>(`/v3/illust/comments?illust_id=${work.id}`)
    expect(plain).not.toHaveProperty('total_comments')
    expect(plain.comment_access_control).toBe(0)
    const asked = await app.get<WireCommentPage>(`/v3/illust/comments?illust_id=${work.id}&include_total_comments=true`)
    expect(asked.total_comments).toBe(work.total_comments)
  })

  it('novels have comments, threads and replies too', async () => {
    const store = app.services.store
    const novel = store.comments.busiestItems('novel', 3, 'w.restrict = 0 AND w.x_restrict = 0')[0]!
    const v1 = await walk<WireCommentPageV1['comments'][number]>(
      app,
      `/v1/novel/comments?novel_id=${novel.id}`,
      'comments',
    )
    expect(v1.items).toHaveLength(novel.total_comments)
    expect(await detailTotal('novel', novel.id)).toBe(novel.total_comments)
    const reply = v1.items.find((c) => 'id' in c.parent_comment)
    if (reply) {
      const parentId = (reply.parent_comment as WireComment).id
      const r = await walk<WireComment>(app, `/v2/novel/comment/replies?comment_id=${parentId}`, 'comments')
      expect(r.items.map((c) => c.id)).toContain(reply.id)
    }
  })

  it('the demo catalogue has threads by many users, the demo user’s own among them', () => {
    const s = app.services.store.comments.stats()
    expect(s.total).toBeGreaterThan(10_000)
    expect(s.replies).toBeGreaterThan(s.total * 0.1)
    expect(s.authors).toBeGreaterThan(100)
    expect(s.byDemo).toBeGreaterThanOrEqual(5)
  })

  it('leaves out comments by users the caller muted', async () => {
    const work = busyWork(20)
    const demo = await token(1)
    const before = await walk<WireComment>(app, `/v1/illust/comments?illust_id=${work.id}`, 'comments', demo)
    const muted = before.items.find((c) => c.user.id !== 1 && c.user.id !== work.user_id)!.user.id
    const res = await app.post('/v1/mute/edit', [['add_user_ids[]', String(muted)]], demo)
    expect(res.status).toBe(200)
    try {
      const after = await walk<WireComment>(app, `/v1/illust/comments?illust_id=${work.id}`, 'comments', demo)
      expect(after.items.map((c) => c.id)).toEqual(before.items.filter((c) => c.user.id !== muted).map((c) => c.id))
      // others still see them
      const anon = await walk<WireComment>(app, `/v1/illust/comments?illust_id=${work.id}`, 'comments')
      expect(anon.items.some((c) => c.user.id === muted)).toBe(true)
    } finally {
      await app.post('/v1/mute/edit', [['delete_user_ids[]', String(muted)]], demo)
    }
  })
})

describe('visibility: a work’s comments are as hidden as the work', () => {
  it('a restricted work: 404 for anonymous and other users, 200 for its author', async () => {
    const store = app.services.store
    const work = store.comments.busiestItems('illust', 1, 'w.restrict = 2 AND w.x_restrict = 0 AND w.user_id != 1')[0]!
    const rootId = store.comments.page('illust', work.id, { rootsOnly: true, mutedUsers: [], offset: 0, limit: 1 })[0]!
      .id
    const stranger = fixtures.strangerOf(store, work.user_id)
    const paths = [
      `/v1/illust/comments?illust_id=${work.id}`,
      `/v3/illust/comments?illust_id=${work.id}`,
      `/v2/illust/comment/replies?comment_id=${rootId}`,
    ]
    for (const who of [undefined, await token(stranger)]) {
      for (const p of paths) {
        const res = await app.fetch(p, { token: who })
        expect(res.status, p).toBe(404)
        expect(await res.json()).toEqual(ERROR_BODY)
      }
      if (who) {
        const add = await app.post('/v1/illust/comment/add', { illust_id: String(work.id), comment: 'hi' }, who)
        expect(add.status).toBe(404)
        // someone else's comment on a work the caller cannot see: not there at all, not "forbidden"
        const del = await app.post('/v1/illust/comment/delete', { comment_id: String(rootId) }, who)
        expect(del.status).toBe(404)
      }
    }
    const author = await token(work.user_id)
    for (const p of paths) expect((await app.fetch(p, { token: author })).status, p).toBe(200)
    const page = await app.get<WireCommentPageV1>(paths[0]!, author)
    expect(page.total_comments).toBe(work.total_comments)
  })

  it('an R-18 work: 404 for anonymous, 200 for a user who shows R-18', async () => {
    const store = app.services.store
    const work = store.comments.busiestItems('illust', 1, 'w.restrict = 0 AND w.x_restrict = 1')[0]!
    for (const p of [`/v1/illust/comments?illust_id=${work.id}`, `/v3/illust/comments?illust_id=${work.id}`])
      expect((await app.fetch(p)).status).toBe(404)
    expect(store.user(1)!.x_restrict).toBeGreaterThanOrEqual(1)
    const page = await app.get<WireCommentPageV1>(`/v1/illust/comments?illust_id=${work.id}`, await token(1))
    expect(page.total_comments).toBe(work.total_comments)
  })

  it('a novel the caller cannot see: 404', async () => {
    const store = app.services.store
    const novel = store.comments.busiestItems('novel', 1, 'w.restrict = 0 AND w.x_restrict > 0')[0]!
    expect((await app.fetch(`/v1/novel/comments?novel_id=${novel.id}`)).status).toBe(404)
    expect((await app.fetch(`/v1/novel/comments?novel_id=${novel.id}`, { token: await token(1) })).status).toBe(200)
  })

  it('unknown works, novels and comments: 404', async () => {
    for (const p of [
      '/v1/illust/comments?illust_id=987654321',
      '/v3/illust/comments?illust_id=987654321',
      '/v1/novel/comments?novel_id=987654321',
      '/v2/illust/comment/replies?comment_id=987654321',
      '/v2/novel/comment/replies?comment_id=987654321',
    ])
      expect((await app.fetch(p)).status, p).toBe(404)
  })
})

describe('add and delete', () => {
  it('adds a comment and a reply, counts them, and deletes the thread with its replies', async () => {
    const store = app.services.store
    const work = busyWork(3)
    const a = await token(1)
    const before = await detailTotal('illust', work.id, a) // warms the item cache, which the add must invalidate
    const res = await app.post('/v1/illust/comment/add', { illust_id: String(work.id), comment: '  Lovely!  ' }, a)
    expect(res.status).toBe(200)
    const { comment } = (await res.json()) as { comment: WireCommentPageV1['comments'][number] }
    expect(comment).toMatchObject({ comment: 'Lovely!', user: { id: 1 }, parent_comment: {}, has_replies: false })
    expect(await detailTotal('illust', work.id, a)).toBe(before + 1)

    const b = await token(fixtures.strangerOf(store, 1))
    const reply = await app.post(
      '/v1/illust/comment/add',
      { illust_id: String(work.id), comment: 'Agreed', parent_comment_id: String(comment.id) },
      b,
    )
    expect(reply.status).toBe(200)
    const r = ((await reply.json()) as { comment: WireCommentPageV1['comments'][number] }).comment
    expect((r.parent_comment as WireComment).id).toBe(comment.id)
    // a reply to the reply joins the same thread
    const nested = await app.post(
      '/v1/illust/comment/add',
      { illust_id: String(work.id), comment: 'me too', parent_comment_id: String(r.id) },
      a,
    )
    const n = ((await nested.json()) as { comment: WireComment & { parent_comment: WireComment } }).comment
    expect(n.parent_comment.id).toBe(comment.id)
    expect(await detailTotal('illust', work.id)).toBe(before + 3)
    const top = await app.get<WireCommentPage>(`/v3/illust/comments?illust_id=${work.id}`)
    expect(top.comments[0]).toMatchObject({ id: comment.id, has_replies: true })
    const thread = await app.get<WireCommentPage>(`/v2/illust/comment/replies?comment_id=${comment.id}`)
    expect(thread.comments.map((c) => c.id)).toEqual([r.id, n.id])
    expect(store.comments.counterMismatches()).toEqual([])

    const del = await app.post('/v1/illust/comment/delete', { comment_id: String(comment.id) }, a)
    expect(del.status).toBe(200)
    expect(await del.json()).toEqual({})
    expect(await detailTotal('illust', work.id)).toBe(before)
    expect(store.comments.get(r.id)).toBeUndefined()
    expect(store.comments.counterMismatches()).toEqual([])
  })

  it('deleting a reply takes one off the count', async () => {
    const work = busyWork(3)
    const a = await token(1)
    const before = await detailTotal('illust', work.id)
    const root = (await app.get<WireCommentPage>(`/v3/illust/comments?illust_id=${work.id}`)).comments[0]!
    const res = await app.post(
      '/v1/illust/comment/add',
      { illust_id: String(work.id), comment: 'reply', parent_comment_id: String(root.id) },
      a,
    )
    const id = ((await res.json()) as { comment: WireComment }).comment.id
    expect(await detailTotal('illust', work.id)).toBe(before + 1)
    expect((await app.post('/v1/illust/comment/delete', { comment_id: String(id) }, a)).status).toBe(200)
    expect(await detailTotal('illust', work.id)).toBe(before)
    expect(app.services.store.comments.get(root.id)).toBeDefined()
  })

  it('novels: add, reply and delete keep the counter', async () => {
    const store = app.services.store
    const novel = store.comments.busiestItems('novel', 1, 'w.restrict = 0 AND w.x_restrict = 0')[0]!
    const a = await token(1)
    const before = await detailTotal('novel', novel.id, a)
    const res = await app.post('/v1/novel/comment/add', { novel_id: String(novel.id), comment: '続きが楽しみ' }, a)
    expect(res.status).toBe(200)
    const id = ((await res.json()) as { comment: WireComment }).comment.id
    expect(await detailTotal('novel', novel.id, a)).toBe(before + 1)
    // the illust endpoints do not know a novel's comment
    expect((await app.post('/v1/illust/comment/delete', { comment_id: String(id) }, a)).status).toBe(404)
    expect((await app.fetch(`/v2/illust/comment/replies?comment_id=${id}`)).status).toBe(404)
    expect((await app.post('/v1/novel/comment/delete', { comment_id: String(id) }, a)).status).toBe(200)
    expect(await detailTotal('novel', novel.id, a)).toBe(before)
    expect(store.comments.counterMismatches()).toEqual([])
  })

  it('nobody deletes another’s comment: 403, and the comment stays', async () => {
    const store = app.services.store
    const work = busyWork(3)
    const comment = store.comments.page('illust', work.id, {
      rootsOnly: false,
      mutedUsers: [],
      offset: 0,
      limit: 1,
    })[0]!
    // neither another user nor the work's own author
    const others = [fixtures.strangerOf(store, comment.user_id), work.user_id].filter((u) => u !== comment.user_id)
    for (const u of others) {
      const res = await app.post('/v1/illust/comment/delete', { comment_id: String(comment.id) }, await token(u))
      expect(res.status).toBe(403)
      expect(await res.json()).toEqual(ERROR_BODY)
    }
    expect(store.comments.get(comment.id)).toBeDefined()
    expect(await detailTotal('illust', work.id)).toBe(work.total_comments)
    const page = await app.get<WireCommentPageV1>(`/v1/illust/comments?illust_id=${work.id}`)
    expect(page.comments.some((c) => c.id === comment.id)).toBe(true)
  })

  it('anonymous callers cannot add or delete: 400 invalid_request', async () => {
    const work = busyWork(1)
    for (const [p, f] of [
      ['/v1/illust/comment/add', { illust_id: String(work.id), comment: 'hi' }],
      ['/v1/novel/comment/add', { novel_id: '1', comment: 'hi' }],
      ['/v1/illust/comment/delete', { comment_id: '1' }],
      ['/v1/novel/comment/delete', { comment_id: '1' }],
    ] as const) {
      const res = await app.post(p, f)
      expect(res.status, p).toBe(400)
      const body = (await res.json()) as { error: { message: string } }
      expect(body).toEqual(ERROR_BODY)
      expect(body.error.message).toMatch(/invalid_request/)
    }
    expect(await detailTotal('illust', work.id)).toBe(work.total_comments)
  })

  it('unknown comment id: 404', async () => {
    const res = await app.post('/v1/illust/comment/delete', { comment_id: '987654321' }, await token(1))
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual(ERROR_BODY)
  })

  it('refuses bad input with the error body', async () => {
    const store = app.services.store
    const work = busyWork(3)
    const other = store.comments
      .busiestItems('illust', 3, 'w.restrict = 0 AND w.x_restrict = 0')
      .find((w) => w.id !== work.id)!
    const otherComment = store.comments.page('illust', other.id, {
      rootsOnly: true,
      mutedUsers: [],
      offset: 0,
      limit: 1,
    })[0]!
    const novelComment = store.comments.page(
      'novel',
      store.comments.busiestItems('novel', 1, 'w.restrict = 0 AND w.x_restrict = 0')[0]!.id,
      { rootsOnly: true, mutedUsers: [], offset: 0, limit: 1 },
    )[0]!
    const a = await token(1)
    const illust = String(work.id)
    const bad: Record<string, string>[] = [
      { illust_id: illust, comment: '' },
      { illust_id: illust, comment: '   \n  ' },
      { illust_id: illust },
      { illust_id: illust, comment: 'x'.repeat(MAX_COMMENT_LENGTH + 1) },
      { comment: 'no work' },
      { illust_id: 'abc', comment: 'x' },
      { illust_id: illust, comment: 'x', parent_comment_id: 'abc' },
      { illust_id: illust, comment: 'x', parent_comment_id: String(otherComment.id) },
      { illust_id: illust, comment: 'x', parent_comment_id: String(novelComment.id) },
    ]
    for (const fields of bad) {
      const res = await app.post('/v1/illust/comment/add', fields, a)
      expect(res.status, JSON.stringify(fields)).toBe(400)
      expect(await res.json()).toEqual(ERROR_BODY)
    }
    const unknownParent = await app.post(
      '/v1/illust/comment/add',
      { illust_id: illust, comment: 'x', parent_comment_id: '987654321' },
      a,
    )
    expect(unknownParent.status).toBe(404)
    expect(await detailTotal('illust', work.id)).toBe(work.total_comments)
    // 140 characters (after trimming) is allowed
    const ok = await app.post('/v1/illust/comment/add', { illust_id: illust, comment: ` ${'y'.repeat(140)} ` }, a)
    expect(ok.status).toBe(200)
    expect(((await ok.json()) as { comment: WireComment }).comment.comment).toBe('y'.repeat(140))
  })

  it('comment_access_control 1: only users the author follows may comment', async () => {
    const store = app.services.store
    const work = store.comments
      .busiestItems('illust', 0, 'w.comment_access_control = 1 AND w.restrict = 0 AND w.x_restrict = 0')
      .find((w) => store.following(w.user_id, 0, 0, 1).length > 0)!
    const detail = await app.get(`/v1/illust/detail?illust_id=${work.id}`)
    expect(detail.illust.comment_access_control).toBe(1)
    expect((await app.get<WireCommentPage>(`/v3/illust/comments?illust_id=${work.id}`)).comment_access_control).toBe(1)
    const stranger = fixtures.strangerOf(store, work.user_id)
    const refused = await app.post(
      '/v1/illust/comment/add',
      { illust_id: String(work.id), comment: 'hi' },
      await token(stranger),
    )
    expect(refused.status).toBe(403)
    expect(await refused.json()).toEqual(ERROR_BODY)
    const followed = store.following(work.user_id, 0, 0, 1)[0]!
    const allowed = await app.post(
      '/v1/illust/comment/add',
      { illust_id: String(work.id), comment: 'hi' },
      await token(followed),
    )
    expect(allowed.status).toBe(200)
    const own = await app.post(
      '/v1/illust/comment/add',
      { illust_id: String(work.id), comment: 'thanks' },
      await token(work.user_id),
    )
    expect(own.status).toBe(200)
    // every generated comment there is by a user the author follows, or the author
    for (const c of store.comments.page('illust', work.id, { rootsOnly: false, mutedUsers: [], offset: 0, limit: 500 }))
      expect(c.user_id === work.user_id || fixtures.follows(store, work.user_id, c.user_id)).toBe(true)
  })
})

describe('hostile text', () => {
  it('comes back exactly as stored, generated and posted alike', async () => {
    const store = app.services.store
    for (const id of HOSTILE_WORK_IDS) {
      const rows = store.comments.page('illust', id, { rootsOnly: false, mutedUsers: [], offset: 0, limit: 500 })
      expect(rows.some((r) => /<script|onerror|javascript:/i.test(r.body))).toBe(true)
      const { items } = await walk<WireComment>(app, `/v1/illust/comments?illust_id=${id}`, 'comments')
      expect(new Map(items.map((c) => [c.id, c.comment]))).toEqual(new Map(rows.map((r) => [r.id, r.body])))
    }
    const work = busyWork(1)
    const a = await token(1)
    for (const text of [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '<a href="javascript:alert(1)">x</a>',
      '\u202Egpj.exe\u202C',
      'ｗ'.repeat(140),
      '"quotes" & \\backslash\\ </script>',
    ]) {
      const res = await app.post('/v1/illust/comment/add', { illust_id: String(work.id), comment: text }, a)
      expect(res.status, text).toBe(200)
      const { comment } = (await res.json()) as { comment: WireComment }
      expect(comment.comment).toBe(text)
      const page = await app.get<WireCommentPage>(`/v3/illust/comments?illust_id=${work.id}`)
      expect(page.comments.find((c) => c.id === comment.id)?.comment).toBe(text)
    }
  })
})

describe('counters agree with the rows', () => {
  it('for every work and novel of the catalogue', () => {
    expect(app.services.store.comments.counterMismatches()).toEqual([])
  })

  it('through the API, for a sample of works and novels', async () => {
    const store = app.services.store
    const works = fixtures.worksWhere(store, 'w.restrict = 0 AND w.x_restrict = 0 AND w.id % 397 = 0')
    const novels = fixtures.novelsWhere(store, 'w.restrict = 0 AND w.x_restrict = 0 AND w.id % 97 = 0')
    expect(works.length + novels.length).toBeGreaterThan(20)
    for (const [kind, items] of [
      ['illust', works],
      ['novel', novels],
    ] as const) {
      for (const { id } of items) {
        const list = kind === 'illust' ? `/v1/illust/comments?illust_id=${id}` : `/v1/novel/comments?novel_id=${id}`
        const { items: comments } = await walk<WireComment>(app, list, 'comments')
        expect(comments.length, `${kind} ${id}`).toBe(await detailTotal(kind, id))
        expect(comments.length).toBe(store.comments.countRows(kind, id))
      }
    }
  })
})
