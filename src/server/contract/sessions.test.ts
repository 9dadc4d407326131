import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestApp, type TestApp } from '../testing/harness.ts'

// The account's signed-in devices (GET /v1/easel/sessions), signing one out (…/revoke), a refresh token made for an
// App API client (…/add) and a password change (/v1/easel/password), as a user and a client see them: which tokens
// keep working afterwards, and what another account can and cannot touch.

let app: TestApp
beforeAll(() => {
  app = openTestApp()
})
afterAll(() => app.close())

/** The account name of a generated user (every generated account has the demo's password). */
const accountOf = async (id: number) => (await app.services.repos.users.byId(id))!.account

interface Signed {
  access_token: string
  refresh_token: string
}

const signIn = async (account: string, password: string, userAgent: string) => {
  const res = await app.fetch('/auth/token', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': userAgent },
    body: new URLSearchParams({ grant_type: 'password', username: account, password }).toString(),
  })
  expect(res.status, `sign-in of ${account}`).toBe(200)
  return (await res.json()) as Signed
}
const renew = (refreshToken: string) =>
  app.post('/auth/token', { grant_type: 'refresh_token', refresh_token: refreshToken })
const sessionsOf = async (token: string) =>
  (await app.get<{ sessions: Record<string, unknown>[] }>('/v1/easel/sessions', token)).sessions
/** Whether an access token still gets the caller's own answers (its session alive). */
const works = async (accessToken: string) => (await app.fetch('/v1/mute/list', { token: accessToken })).status === 200
const expectErrorBody = async (res: Response, status: number) => {
  expect(res.status).toBe(status)
  const body = (await res.json()) as { error: Record<string, unknown> }
  expect(Object.keys(body.error).sort()).toEqual(['message', 'reason', 'user_message', 'user_message_details'])
  expect(body.error.user_message).toMatch(/\w/)
}

describe('signed-in devices', () => {
  it('lists each sign-in with its client and times, this device marked, the most recently used first', async () => {
    const phone = await signIn('demo', 'demo', 'Mozilla/5.0 (Linux; Android 14; Pixel 7) Mobile')
    const laptop = await signIn('demo', 'demo', 'gallery-dl/1.25.3')
    const seen = await sessionsOf(phone.access_token)
    const phoneRow = seen.find((s) => s.client === 'Mozilla/5.0 (Linux; Android 14; Pixel 7) Mobile')
    const laptopRow = seen.find((s) => s.client === 'gallery-dl/1.25.3')
    expect(phoneRow).toMatchObject({ is_current: true })
    expect(laptopRow).toMatchObject({ is_current: false })
    for (const row of [phoneRow!, laptopRow!]) {
      expect(Object.keys(row).sort()).toEqual(['client', 'created_at', 'id', 'is_current', 'last_used_at'])
      expect(Math.abs(Date.parse(String(row.created_at)) - Date.now())).toBeLessThan(60_000)
      expect(row.last_used_at).toBe(row.created_at)
    }
    // the same list, seen from the other device, marks that one
    expect((await sessionsOf(laptop.access_token)).find((s) => s.is_current)?.id).toBe(laptopRow!.id)
    // newest first: the laptop signed in last
    const ids = seen.map((s) => s.id)
    expect(ids.indexOf(laptopRow!.id)).toBeLessThan(ids.indexOf(phoneRow!.id))
    // another account sees none of these
    const other = await signIn(await accountOf(2), 'demo', 'other')
    const theirs = (await sessionsOf(other.access_token)).map((s) => s.id)
    expect(theirs).not.toContain(phoneRow!.id)
    expect(theirs).not.toContain(laptopRow!.id)
    expect((await app.fetch('/v1/easel/sessions')).status).toBe(400)
  })

  it('signing a device out ends its refresh token and its access tokens at once; the others keep working', async () => {
    const kept = await signIn('demo', 'demo', 'kept')
    const lost = await signIn('demo', 'demo', 'lost')
    const lostId = (await sessionsOf(kept.access_token)).find((s) => s.client === 'lost')!.id as number
    const res = await app.post('/v1/easel/sessions/revoke', { session_id: String(lostId) }, kept.access_token)
    expect(res.status).toBe(200)
    expect(await works(lost.access_token)).toBe(false)
    expect((await renew(lost.refresh_token)).status).toBe(400)
    expect(await works(kept.access_token)).toBe(true)
    expect((await renew(kept.refresh_token)).status).toBe(200)
    expect((await sessionsOf(kept.access_token)).map((s) => s.id)).not.toContain(lostId)
    // gone: a second sign-out of it is a 404 with the error body
    await expectErrorBody(
      await app.post('/v1/easel/sessions/revoke', { session_id: String(lostId) }, kept.access_token),
      404,
    )
  })

  it("another account's session cannot be signed out: 404, and it keeps working", async () => {
    const mine = await signIn('demo', 'demo', 'mine')
    const theirs = await signIn(await accountOf(2), 'demo', 'theirs')
    const theirId = (await sessionsOf(theirs.access_token)).find((s) => s.is_current)!.id as number
    await expectErrorBody(
      await app.post('/v1/easel/sessions/revoke', { session_id: String(theirId) }, mine.access_token),
      404,
    )
    expect(await works(theirs.access_token)).toBe(true)
    expect((await renew(theirs.refresh_token)).status).toBe(200)
  })
})

describe('a refresh token for an App API client', () => {
  it('asks for the password; the token it gives renews as a sign-in does and is listed under its name', async () => {
    const me = await signIn('demo', 'demo', 'browser')
    const before = (await sessionsOf(me.access_token)).length
    await expectErrorBody(
      await app.post('/v1/easel/sessions/add', { client: 'gallery-dl', password: 'wrong' }, me.access_token),
      400,
    )
    expect(await sessionsOf(me.access_token)).toHaveLength(before)

    const res = await app.post('/v1/easel/sessions/add', { client: 'gallery-dl', password: 'demo' }, me.access_token)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const added = (await res.json()) as { refresh_token: string; session: Record<string, unknown> }
    expect(added.session).toMatchObject({ client: 'gallery-dl', is_current: false })
    // what gallery-dl does with it: renew, then read as the account
    const renewed = await renew(added.refresh_token)
    expect(renewed.status).toBe(200)
    const { access_token, user } = (await renewed.json()) as Signed & { user: { account: string } }
    expect(user.account).toBe('demo')
    expect(await works(access_token)).toBe(true)
    const listed = await sessionsOf(me.access_token)
    expect(listed).toHaveLength(before + 1)
    expect(listed.find((s) => s.id === added.session.id)).toMatchObject({ client: 'gallery-dl' })
  })
})

describe('a password change', () => {
  it('refuses a short new password or a wrong current one, changing nothing', async () => {
    const me = await signIn(await accountOf(3), 'demo', 'a')
    for (const [fields, why] of [
      [{ current_password: 'demo', new_password: 'short' }, 'new_password'],
      [{ current_password: 'not it', new_password: 'long enough now' }, 'password'],
    ] as const) {
      const res = await app.post('/v1/easel/password', fields, me.access_token)
      expect(res.status, why).toBe(400)
      const body = (await res.json()) as { error: { message: string; user_message: string } }
      expect(JSON.parse(body.error.message)).toHaveProperty(why)
      expect(body.error.user_message).toMatch(/password/i)
    }
    expect(await works(me.access_token)).toBe(true)
    await signIn(await accountOf(3), 'demo', 'the old password still works')
  })

  it('ends every session of the account, this one too; the new password signs in and the old does not', async () => {
    const here = await signIn(await accountOf(4), 'demo', 'here')
    const there = await signIn(await accountOf(4), 'demo', 'there')
    const bystander = await signIn(await accountOf(5), 'demo', 'someone else')
    const res = await app.post(
      '/v1/easel/password',
      { current_password: 'demo', new_password: 'correct horse battery' },
      here.access_token,
    )
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    for (const device of [here, there]) {
      expect(await works(device.access_token)).toBe(false)
      expect((await renew(device.refresh_token)).status).toBe(400)
    }
    expect(await works(bystander.access_token)).toBe(true)
    expect(
      (await app.post('/auth/token', { grant_type: 'password', username: await accountOf(4), password: 'demo' }))
        .status,
    ).toBe(400)
    const again = await signIn(await accountOf(4), 'correct horse battery', 'here again')
    expect((await sessionsOf(again.access_token)).map((s) => s.client)).toEqual(['here again'])
  })
})
