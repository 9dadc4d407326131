import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FIRST_OWN_ACCOUNT_ID } from '../data/accounts.ts'
import { SIGN_UP_LIMITS } from '../auth/sign-in-guard.ts'
import { openTestApp, type TestApp } from '../testing/harness.ts'

// Sign-up (POST /v1/easel/signup), the registration mode and the admins' invites, as a newcomer, an admin and a member
// see them: who may make an account in each mode, what an invite is worth before and after its one use, and that a
// refused sign-up writes nothing. The demo catalogue's admin is the demo account.

let app: TestApp
/** The service's clock, moved by the expiry test. */
let now = Math.floor(Date.now() / 1000)
beforeAll(() => {
  app = openTestApp({}, { nowS: () => now })
})
afterAll(() => app.close())

const DAY = 86_400
let seq = 0
/** An account name no other test uses. */
const fresh = (base = 'newcomer') => `${base}${process.pid % 1000}_${++seq}`

const signUp = (fields: Record<string, string>, target = app) => target.post('/v1/easel/signup', fields)
const errorOf = async (res: Response, status: number) => {
  expect(res.status).toBe(status)
  const body = (await res.json()) as { error: Record<string, unknown> }
  expect(Object.keys(body.error).sort()).toEqual(['message', 'reason', 'user_message', 'user_message_details'])
  expect(body.error.user_message).toMatch(/\w/)
  return body.error
}
/** The field-keyed refusal a form reads: `{"invite": ["used"]}`. */
const fieldError = async (res: Response) => JSON.parse(String((await errorOf(res, 400)).message)) as object
const registration = (invite?: string, target = app) =>
  target.get<{ mode: string; first_account: boolean; invite: string | null }>(
    `/v1/easel/registration${invite === undefined ? '' : `?invite=${encodeURIComponent(invite)}`}`,
  )
const newInvite = async (token: string, days = '7') => {
  const res = await app.post('/v1/easel/invites/add', { expires_in_days: days }, token)
  expect(res.status).toBe(200)
  expect(res.headers.get('cache-control')).toBe('no-store')
  return (await res.json()) as { code: string; invite: { id: number; expires_at: string; used_by: unknown } }
}
const exists = async (account: string) => (await app.services.repos.users.byAccount(account)) !== undefined

let admin: string
let member: string
beforeAll(async () => {
  admin = await app.login('demo')
  member = await app.login((await app.services.repos.users.byId(2))!.account)
})

describe('roles', () => {
  it('the demo account is the admin; a generated account is a member; neither answer is for anyone else', async () => {
    expect(await app.get('/v1/easel/account', admin)).toEqual({
      account: { id: 1, name: 'Demo', account: 'demo', role: 'admin' },
    })
    expect((await app.get<{ account: { role: string } }>('/v1/easel/account', member)).account.role).toBe('member')
    expect((await app.fetch('/v1/easel/account')).status).toBe(400)
  })

  it('a member can reach none of the admins’ endpoints, and changes nothing by trying', async () => {
    const before = await app.get<{ invites: unknown[] }>('/v1/easel/invites', admin)
    await errorOf(await app.fetch('/v1/easel/invites', { token: member }), 403)
    await errorOf(await app.post('/v1/easel/invites/add', {}, member), 403)
    await errorOf(await app.post('/v1/easel/registration/edit', { mode: 'open' }, member), 403)
    const mine = await newInvite(admin)
    await errorOf(await app.post('/v1/easel/invites/revoke', { invite_id: String(mine.invite.id) }, member), 403)
    expect((await registration()).mode).toBe('invite')
    expect((await registration(mine.code)).invite).toBe('valid')
    expect((await app.get<{ invites: unknown[] }>('/v1/easel/invites', admin)).invites).toHaveLength(
      before.invites.length + 1,
    )
  })
})

describe('sign-up with an invite (the default mode)', () => {
  it('says the mode and what a code is worth before anyone signs up', async () => {
    expect(await registration()).toEqual({ mode: 'invite', first_account: false, invite: null })
    expect((await registration('no-such-code')).invite).toBe('unknown')
  })

  it('an invite makes one member account, signed in at once; the invite is then used, for good', async () => {
    const { code, invite } = await newInvite(admin)
    expect(Date.parse(invite.expires_at) - now * 1000).toBe(7 * DAY * 1000)
    const account = fresh()
    const res = await signUp({ account, name: 'New Comer', password: 'a long passphrase', invite: code })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const token = (await res.json()) as { access_token: string; refresh_token: string; user: { id: string } }
    expect(Number(token.user.id)).toBeGreaterThanOrEqual(FIRST_OWN_ACCOUNT_ID)
    expect(await app.get('/v1/easel/account', token.access_token)).toEqual({
      account: { id: Number(token.user.id), name: 'New Comer', account, role: 'member' },
    })
    // the password signs in; the profile is there for everyone
    expect(await app.login(account, 'a long passphrase')).toMatch(/\S/)
    const profile = await app.get<{ user: { account: string } }>(`/v1/user/detail?user_id=${token.user.id}`)
    expect(profile.user.account).toBe(account)
    // used: said so, listed with the account, and refused to a second newcomer (who is not made)
    expect((await registration(code)).invite).toBe('used')
    const listed = (await app.get<{ invites: Record<string, unknown>[] }>('/v1/easel/invites', admin)).invites
    expect(listed.find((i) => i.id === invite.id)).toMatchObject({
      used_by: { id: Number(token.user.id), name: 'New Comer', account },
    })
    const second = fresh()
    expect(
      await fieldError(await signUp({ account: second, name: 'Second', password: 'a long passphrase', invite: code })),
    ).toEqual({ invite: ['used'] })
    expect(await exists(second)).toBe(false)
    // a used invite cannot be withdrawn
    await errorOf(await app.post('/v1/easel/invites/revoke', { invite_id: String(invite.id) }, admin), 404)
  })

  it('without an invite, with an unknown one or an expired one: refused, and no account is made', async () => {
    const account = fresh()
    const base = { account, name: 'Nobody', password: 'a long passphrase' }
    expect(await fieldError(await signUp(base))).toEqual({ invite: ['required'] })
    expect(await fieldError(await signUp({ ...base, invite: 'made-up' }))).toEqual({ invite: ['unknown'] })
    const { code } = await newInvite(admin, '1')
    now += DAY + 1
    try {
      expect((await registration(code)).invite).toBe('expired')
      expect(await fieldError(await signUp({ ...base, invite: code }))).toEqual({ invite: ['expired'] })
    } finally {
      now -= DAY + 1
    }
    expect(await exists(account)).toBe(false)
  })

  it('each bad field is named, nothing is written, and the invite stays unused', async () => {
    const { code } = await newInvite(admin)
    const good = { account: fresh(), name: 'Fine', password: 'a long passphrase', invite: code }
    const refusals: [Record<string, string>, object][] = [
      [{ account: 'Capitals' }, { account: ['invalid'] }],
      [{ account: 'ab' }, { account: ['invalid'] }],
      [{ account: 'has space' }, { account: ['invalid'] }],
      [{ account: '../etc' }, { account: ['invalid'] }],
      [{ account: 'demo' }, { account: ['taken'] }],
      [{ name: 'bell\u0007' }, { name: ['invalid'] }],
      [{ password: 'short' }, { password: ['too short'] }],
      // seven characters that are fourteen UTF-16 units: characters are what count
      [{ password: '🎨🎨🎨🎨🎨🎨🎨' }, { password: ['too short'] }],
    ]
    for (const [change, said] of refusals) expect(await fieldError(await signUp({ ...good, ...change }))).toEqual(said)
    expect(await exists(good.account)).toBe(false)
    expect((await registration(code)).invite).toBe('valid')
    expect((await signUp(good)).status).toBe(200)
  })

  it('an admin withdraws an unused invite: it is unknown from then on', async () => {
    const { code, invite } = await newInvite(admin)
    expect((await app.post('/v1/easel/invites/revoke', { invite_id: String(invite.id) }, admin)).status).toBe(200)
    expect((await registration(code)).invite).toBe('unknown')
    await errorOf(await app.post('/v1/easel/invites/revoke', { invite_id: String(invite.id) }, admin), 404)
    expect(
      await fieldError(await signUp({ account: fresh(), name: 'Late', password: 'a long passphrase', invite: code })),
    ).toEqual({ invite: ['unknown'] })
  })
})

describe('the registration mode', () => {
  it('open lets anyone sign up without an invite; closed lets no one, with or without one', async () => {
    try {
      expect((await app.post('/v1/easel/registration/edit', { mode: 'open' }, admin)).status).toBe(200)
      expect((await registration()).mode).toBe('open')
      expect((await signUp({ account: fresh(), name: 'Walk-in', password: 'a long passphrase' })).status).toBe(200)

      expect((await app.post('/v1/easel/registration/edit', { mode: 'closed' }, admin)).status).toBe(200)
      const { code } = await newInvite(admin)
      const account = fresh()
      const error = await errorOf(
        await signUp({ account, name: 'Shut out', password: 'a long passphrase', invite: code }),
        403,
      )
      expect(error.message).toBe('registration is closed')
      expect(await exists(account)).toBe(false)
      expect((await registration(code)).invite).toBe('valid')
    } finally {
      await app.post('/v1/easel/registration/edit', { mode: 'invite' }, admin)
    }
  })
})

describe('a catalogue without accounts', () => {
  let empty: TestApp
  beforeAll(async () => {
    empty = openTestApp()
    empty.services.store.db.prepare('UPDATE users SET password_hash = NULL').run()
    await empty.mirror('UPDATE users SET password_hash = NULL')
    await empty.post('/v1/easel/registration/edit', {}) // nobody may: no account, so no admin
  })
  afterAll(() => empty.close())

  it('takes its first account whatever the mode, as its admin; two at once make one admin, the other is refused', async () => {
    expect(await registration(undefined, empty)).toMatchObject({ first_account: true })
    const a = fresh('first')
    const b = fresh('first')
    const results = await Promise.all([
      signUp({ account: a, name: 'First', password: 'a long passphrase' }, empty),
      signUp({ account: b, name: 'Also first', password: 'a long passphrase' }, empty),
    ])
    expect(results.map((r) => r.status).sort()).toEqual([200, 400])
    const made = results.find((r) => r.status === 200)!
    const refused = results.find((r) => r.status === 400)!
    expect(await fieldError(refused)).toEqual({ invite: ['required'] })
    const token = (await made.json()) as { access_token: string }
    expect((await empty.get<{ account: { role: string } }>('/v1/easel/account', token.access_token)).account.role).toBe(
      'admin',
    )
    expect(await registration(undefined, empty)).toMatchObject({ first_account: false, mode: 'invite' })
  })
})

describe('sign-up flood', () => {
  it(`one address gets ${SIGN_UP_LIMITS.address} sign-ups an hour, then 429 with Retry-After, and no account`, async () => {
    const flood = openTestApp({ registration: 'open' })
    try {
      let refused: Response | undefined
      for (let i = 0; i <= SIGN_UP_LIMITS.address && !refused; i++) {
        const res = await signUp({ account: fresh('flood'), name: 'Flood', password: 'a long passphrase' }, flood)
        if (res.status !== 200) refused = res
      }
      expect(refused).toBeDefined()
      const error = await errorOf(refused!, 429)
      expect(error.message).toBe('Too many sign-ups')
      const wait = Number(refused!.headers.get('retry-after'))
      expect(wait).toBeGreaterThan(0)
      expect(wait).toBeLessThanOrEqual(SIGN_UP_LIMITS.windowS)
    } finally {
      await flood.close()
    }
  })

  it('SIGNUP_LIMIT sets the number an address gets (0: no limit)', async () => {
    const twoAnHour = openTestApp({ registration: 'open', signUpsPerHour: 2 })
    const unlimited = openTestApp({ registration: 'open', signUpsPerHour: 0 })
    try {
      const statuses = async (on: typeof app, n: number) => {
        const out: number[] = []
        for (let i = 0; i < n; i++)
          out.push((await signUp({ account: fresh('limit'), name: 'Limit', password: 'a long passphrase' }, on)).status)
        return out
      }
      expect(await statuses(twoAnHour, 3)).toEqual([200, 200, 429])
      expect(new Set(await statuses(unlimited, SIGN_UP_LIMITS.address + 1))).toEqual(new Set([200]))
    } finally {
      await twoAnHour.close()
      await unlimited.close()
    }
  })
})

describe('editing one’s profile', () => {
  const edit = (token: string, fields: Record<string, string>) => app.post('/v1/easel/profile/edit', fields, token)
  const detail = async (id: number) =>
    app.get<{ user: { name: string; account: string; comment: string }; profile: { webpage: string | null } }>(
      `/v1/user/detail?user_id=${id}`,
    )

  it('changes the name, account name, bio and web page everyone sees; the new account name is the one that signs in', async () => {
    const account = fresh('editor')
    const res = await signUp({ account, name: 'Before', password: 'a long passphrase' }, app)
    expect(res.status).toBe(400) // the default mode asks for an invite
    const { code } = await newInvite(admin)
    const made = (await (
      await signUp({ account, name: 'Before', password: 'a long passphrase', invite: code })
    ).json()) as { access_token: string; user: { id: string } }
    const id = Number(made.user.id)
    const renamed = fresh('renamed')
    const bio = 'Draws cats.\nひらがなも。'
    const ok = await edit(made.access_token, {
      name: 'After',
      account: renamed,
      comment: bio,
      webpage: 'https://cats.example/',
    })
    expect(ok.status).toBe(200)
    expect(await detail(id)).toMatchObject({
      user: { name: 'After', account: renamed, comment: bio },
      profile: { webpage: 'https://cats.example/' },
    })
    // the new name signs in, the old one no longer does
    expect(await app.login(renamed, 'a long passphrase')).toMatch(/\S/)
    expect(
      (await app.post('/auth/token', { grant_type: 'password', username: account, password: 'a long passphrase' }))
        .status,
    ).toBe(400)
    // an empty web page and bio clear them
    expect((await edit(made.access_token, { name: 'After', account: renamed, comment: '', webpage: '' })).status).toBe(
      200,
    )
    expect(await detail(id)).toMatchObject({ user: { comment: '' }, profile: { webpage: null } })
  })

  it('refuses another’s account name, a web page that is not http(s), control characters; and changes nothing', async () => {
    const before = await detail(2)
    const token = member
    const base = { name: before.user.name, account: before.user.account, comment: before.user.comment, webpage: '' }
    const refusals: [Record<string, string>, object][] = [
      [{ account: 'demo' }, { account: ['taken'] }],
      [{ account: 'Not Valid' }, { account: ['invalid'] }],
      [{ webpage: 'javascript:alert(1)' }, { webpage: ['invalid'] }],
      [{ webpage: 'example.com' }, { webpage: ['invalid'] }],
      [{ name: 'tab\u0000' }, { name: ['invalid'] }],
      [{ comment: 'bell\u0007' }, { comment: ['invalid'] }],
    ]
    for (const [change, said] of refusals) {
      const res = await edit(token, { ...base, ...change })
      // a NUL is refused by the table's own check, before the field's
      if (change.name?.includes('\u0000')) expect(res.status).toBe(400)
      else expect(await fieldError(res)).toEqual(said)
    }
    expect(await detail(2)).toEqual(before)
    expect((await app.post('/v1/easel/profile/edit', base)).status).toBe(400)
  })

  it('a new name is on the author’s works at once, however recently they were read', async () => {
    const { user } = await detail(2)
    const work = (await app.get<{ illusts: { id: number }[] }>('/v1/user/illusts?user_id=2')).illusts[0]!
    const byline = async () =>
      (await app.get<{ illust: { user: { name: string } } }>(`/v1/illust/detail?illust_id=${work.id}`)).illust.user.name
    expect(await byline()).toBe(user.name)
    const base = { name: 'A New Pen Name', account: user.account, comment: user.comment, webpage: '' }
    try {
      expect((await edit(member, base)).status).toBe(200)
      expect(await byline()).toBe('A New Pen Name')
    } finally {
      await edit(member, { ...base, name: user.name })
    }
  })
})
