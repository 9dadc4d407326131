import { expect } from 'vitest'

// Two instances of the service over one catalogue, driven alternately: what a write through one changes is seen
// through the other on the very next request, in every caller-relative field and counter. The same scenario runs on
// instances in this process (several-instances.test.ts) and on real processes over PostgreSQL.

/** One instance as a client sees it: requests to its own address. */
export interface Instance {
  name: string
  fetch(path: string, init?: RequestInit & { token?: string }): Promise<Response>
}

async function call(i: Instance, path: string, token?: string, form?: Record<string, string>): Promise<any> {
  const res = await i.fetch(
    path,
    form
      ? {
          method: 'POST',
          token,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(form).toString(),
        }
      : { token },
  )
  const text = await res.text()
  if (res.status !== 200) throw new Error(`${i.name}: ${form ? 'POST' : 'GET'} ${path} → ${res.status} ${text}`)
  return JSON.parse(text)
}

export async function signIn(i: Instance, username = 'demo', password = 'demo') {
  const body = await call(i, '/auth/token', undefined, { grant_type: 'password', username, password })
  return {
    access: body.access_token as string,
    refresh: body.refresh_token as string,
    userId: Number(body.user.id),
  }
}

/**
 * The scenario: the demo account signs in on `a`, and every step writes through one instance and reads through the
 * other (each read having been made, and cached, there before the write). Throws (through expect) at the first
 * stale answer.
 */
export async function alternate(a: Instance, b: Instance) {
  const me = await signIn(a)
  const token = me.access
  // a public work in the day's ranking, not bookmarked, whose author the demo account neither follows nor muted
  const ranking = await call(b, '/v1/illust/ranking?mode=day', token)
  const work = (ranking.illusts as any[]).find(
    (w) =>
      !w.is_bookmarked &&
      !w.is_muted &&
      !w.user.is_followed &&
      w.user.id !== me.userId &&
      w.restrict === 0 &&
      !w.x_restrict,
  )
  expect(work, 'a work to write about').toBeDefined()
  const workId = String(work.id)
  const authorId = String(work.user.id)
  const detail = async (i: Instance) => (await call(i, `/v1/illust/detail?illust_id=${workId}`, token)).illust
  const profile = async (i: Instance, userId: string | number) => call(i, `/v1/user/detail?user_id=${userId}`, token)
  const firstBookmark = async (i: Instance) =>
    (await call(i, `/v1/user/bookmarks/illust?user_id=${me.userId}&restrict=public`, token)).illusts[0]?.id
  const inRanking = async (i: Instance) =>
    ((await call(i, '/v1/illust/ranking?mode=day', token)).illusts as any[]).find((w) => w.id === work.id)

  // Both instances have read (and cached) everything the writes below change.
  const before = await detail(a)
  for (const i of [a, b]) {
    expect(await detail(i)).toMatchObject({ is_bookmarked: false, total_bookmarks: before.total_bookmarks })
    expect((await profile(i, authorId)).user.is_followed).toBe(false)
    expect((await profile(i, me.userId)).profile.total_follow_users).toBeTypeOf('number')
    await firstBookmark(i)
    expect((await inRanking(i)).is_muted).toBe(false)
  }
  const following = (await profile(b, me.userId)).profile.total_follow_users as number

  // a bookmark through A: B's detail, list and counter
  await call(a, '/v2/illust/bookmark/add', token, { illust_id: workId, restrict: 'public' })
  expect(await detail(b)).toMatchObject({ is_bookmarked: true, total_bookmarks: before.total_bookmarks + 1 })
  expect(await firstBookmark(b)).toBe(work.id)
  expect(await detail(a)).toMatchObject({ is_bookmarked: true, total_bookmarks: before.total_bookmarks + 1 })

  // a follow through B: A's user objects (the profile's and the work's) and the account's counter
  await call(b, '/v1/user/follow/add', token, { user_id: authorId, restrict: 'public' })
  expect((await profile(a, authorId)).user.is_followed).toBe(true)
  expect((await detail(a)).user.is_followed).toBe(true)
  expect((await profile(a, me.userId)).profile.total_follow_users).toBe(following + 1)
  expect((await inRanking(b)).user.is_followed).toBe(true)

  // a mute through A: B's lists mark the author's work
  await call(a, '/v1/mute/edit', token, { 'add_user_ids[]': authorId })
  expect((await inRanking(b)).is_muted).toBe(true)
  await call(b, '/v1/mute/edit', token, { 'delete_user_ids[]': authorId })
  expect((await inRanking(a)).is_muted).toBe(false)

  // a comment through B: A's counter and list
  await call(b, '/v1/illust/comment/add', token, { illust_id: workId, comment: 'seen from the other side' })
  expect((await detail(a)).total_comments).toBe(before.total_comments + 1)
  const comments = await call(a, `/v3/illust/comments?illust_id=${workId}`, token)
  expect((comments.comments as any[]).map((c) => c.comment)).toContain('seen from the other side')

  // a novel posted and then edited through A: B, which has read (and kept) its first text, answers the edited one
  const { novel } = await call(a, '/v1/easel/novel/add', token, { title: 'Twin text', text: 'the first draft' })
  const textOf = async (i: Instance) => (await call(i, `/v1/novel/text?novel_id=${novel.id}`, token)).novel_text
  expect(await textOf(b)).toBe('the first draft')
  await call(a, '/v1/easel/novel/edit', token, { novel_id: String(novel.id), title: 'Twin text', text: 'the second' })
  expect(await textOf(b)).toBe('the second')
  expect(await textOf(a)).toBe('the second')

  // undone through the other instance than the one that did it
  await call(b, '/v1/illust/bookmark/delete', token, { illust_id: workId })
  expect(await detail(a)).toMatchObject({ is_bookmarked: false, total_bookmarks: before.total_bookmarks })
  await call(a, '/v1/user/follow/delete', token, { user_id: authorId })
  expect((await profile(b, authorId)).user.is_followed).toBe(false)
  expect((await profile(b, me.userId)).profile.total_follow_users).toBe(following)

  // signing out through A ends the access token on B at once (not when B reads the session again)
  expect((await b.fetch('/v1/mute/list', { token })).status).toBe(200)
  await call(a, '/auth/revoke', undefined, { refresh_token: me.refresh })
  expect((await b.fetch('/v1/mute/list', { token })).status).toBe(400)

  // a device signed out from the list of signed-in devices on B ends its access token on A at once; the others stay
  const [kept, lost] = [await signIn(a), await signIn(a)]
  const current = async (i: Instance, t: string) =>
    ((await call(i, '/v1/easel/sessions', t)).sessions as { id: number; is_current: boolean }[]).find(
      (s) => s.is_current,
    )!.id
  expect((await a.fetch('/v1/mute/list', { token: lost.access })).status).toBe(200)
  await call(b, '/v1/easel/sessions/revoke', kept.access, { session_id: String(await current(b, lost.access)) })
  expect((await a.fetch('/v1/mute/list', { token: lost.access })).status).toBe(400)
  expect((await a.fetch('/v1/mute/list', { token: kept.access })).status).toBe(200)

  // an invite made on A signs a newcomer up on B, who signs in on A at once; the invite is then used on both
  const { code } = await call(a, '/v1/easel/invites/add', kept.access, {})
  const account = `twin${Date.now() % 1_000_000}`
  await call(b, '/v1/easel/signup', undefined, { account, name: 'Twin', password: 'a long passphrase', invite: code })
  expect((await signIn(a, account, 'a long passphrase')).access).toMatch(/\S/)
  for (const i of [a, b]) expect((await call(i, `/v1/easel/registration?invite=${code}`)).invite).toBe('used')
}
