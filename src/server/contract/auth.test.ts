import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accessTokenFor, openTestApp, type TestApp } from '../testing/harness.ts'
import { TokenSigner } from '../auth/tokens.ts'

// POST /auth/token answers the reference §13 token shape; access tokens expire after 3600 s; refresh tokens are
// reusable until POST /auth/revoke.

let app: TestApp
beforeAll(() => {
  app = openTestApp()
})
afterAll(() => app.close())

const token = async (fields: Record<string, string>, path = '/auth/token') => app.post(path, fields)

describe('auth', () => {
  it('password grant answers the token fields at the top level and under response', async () => {
    const res = await token({
      grant_type: 'password',
      username: 'demo',
      password: 'demo',
      client_id: 'x',
      get_secure_url: '1',
    })
    expect(res.status).toBe(200)
    const body = (await res.json()) as any
    for (const fields of [body, body.response]) {
      expect(
        Object.keys(fields)
          .filter((k) => k !== 'response')
          .sort(),
      ).toEqual(['access_token', 'expires_in', 'token_type', 'scope', 'refresh_token', 'user'].sort())
      expect(fields.expires_in).toBe(3600)
      expect(fields.token_type).toBe('bearer')
      expect(fields.user.id).toBe('1')
      expect(fields.user.account).toBe('demo')
      expect(Object.keys(fields.user.profile_image_urls).sort()).toEqual(['px_16x16', 'px_170x170', 'px_50x50'])
    }
    const me = await app.get('/v2/illust/bookmark/detail?illust_id=1', body.access_token)
    expect(me.bookmark_detail).toBeDefined()
  })

  it("a refresh token is reusable, as pixiv's: three renewals give three working access tokens", async () => {
    const first = (await (await token({ grant_type: 'password', username: 'demo', password: 'demo' })).json()) as any
    for (let i = 0; i < 3; i++) {
      const res = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token, get_secure_url: '1' })
      expect(res.status).toBe(200)
      expect(res.headers.get('cache-control')).toBe('no-store')
      const renewed = (await res.json()) as any
      expect(renewed.refresh_token).toBe(first.refresh_token)
      expect(renewed.response.refresh_token).toBe(first.refresh_token)
      expect(renewed.expires_in).toBe(3600)
      expect((await app.fetch('/v1/mute/list', { token: renewed.access_token })).status).toBe(200)
    }
  })

  it('after /auth/revoke the refresh token is refused with 400 invalid_grant; others keep working', async () => {
    const signIn = async () =>
      (await (await token({ grant_type: 'password', username: 'demo', password: 'demo' })).json()) as any
    const [mine, other] = [await signIn(), await signIn()]
    expect(mine.refresh_token).not.toBe(other.refresh_token)
    const revoked = await token({ refresh_token: mine.refresh_token }, '/auth/revoke')
    expect(revoked.status).toBe(200)
    expect(revoked.headers.get('cache-control')).toBe('no-store')
    expect(await revoked.json()).toEqual({})
    const refused = await token({ grant_type: 'refresh_token', refresh_token: mine.refresh_token })
    expect(refused.status).toBe(400)
    const body = (await refused.json()) as any
    expect(body.error).toBe('invalid_grant')
    expect(body.has_error).toBe(true)
    expect((await token({ grant_type: 'refresh_token', refresh_token: other.refresh_token })).status).toBe(200)
    // Revoking again (a second sign-out, a stale tab) is no error; without a token it is.
    expect((await token({ refresh_token: mine.refresh_token }, '/auth/revoke')).status).toBe(200)
    expect((await token({}, '/auth/revoke')).status).toBe(400)
  })

  it('token answers, refusals included, are never stored by a cache', async () => {
    const ok = await token({ grant_type: 'password', username: 'demo', password: 'demo' })
    const bad = await token({ grant_type: 'password', username: 'demo', password: 'nope' })
    for (const res of [ok, bad]) expect(res.headers.get('cache-control')).toBe('no-store')
  })

  it('an access token stops working after 3600 s', async () => {
    const now = Math.floor(Date.now() / 1000)
    const fresh = await accessTokenFor(app.services, 1, now - 3599)
    const stale = await accessTokenFor(app.services, 1, now - 3601)
    expect((await app.fetch('/v1/mute/list', { token: fresh })).status).toBe(200)
    const res = await app.fetch('/v1/mute/list', { token: stale })
    expect(res.status).toBe(400)
    expect(((await res.json()) as any).error.message).toMatch(/invalid_grant/)
  })

  it('a token signed with another key, or tampered with, is refused', async () => {
    const other = new TokenSigner(Buffer.alloc(32, 1)).issueAccess(1, 1, Math.floor(Date.now() / 1000))
    const mine = await accessTokenFor(app.services, 2)
    const [payload, sig] = mine.split('.')
    // user 2's token made to say user 1, its signature kept
    const [, expiry, session] = Buffer.from(payload!, 'base64url').toString().split('.')
    const tampered = `${Buffer.from(`1.${expiry}.${session}`).toString('base64url')}.${sig}`
    for (const t of [other, tampered]) expect((await app.fetch('/v1/mute/list', { token: t })).status).toBe(400)
  })

  it('a token an older Easel issued (no session) works for the rest of its hour, and none lasting longer', async () => {
    // What a client such as gallery-dl may hold across an upgrade; it keeps an access token for an hour.
    const signer = app.services.signer
    const now = Math.floor(Date.now() / 1000)
    expect((await app.fetch('/v1/mute/list', { token: signer.issueLegacyAccess(1, now - 60) })).status).toBe(200)
    // A sessionless token expiring later than any issued before this start could have is no token of ours.
    const longer = signer.issueLegacyAccess(1, now, 3 * 3600)
    expect((await app.fetch('/v1/mute/list', { token: longer })).status).toBe(400)
  })

  it('passwords are stored as scrypt hashes, never as text', () => {
    const row = app.services.store.userByAccount('demo')!
    expect(row.password_hash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[0-9a-f]+\$[0-9a-f]{64}$/)
    expect(row.password_hash).not.toContain('demo')
  })
})

describe('rate limiting', () => {
  it('a burst past the limit gets 429 with Retry-After and the error body; other callers are unaffected', async () => {
    const limited = openTestApp({ rateLimit: { perSecond: 2, burst: 5 } })
    try {
      const tokenRes = await limited.post('/auth/token', { grant_type: 'password', username: 'demo', password: 'demo' })
      const signedIn = ((await tokenRes.json()) as any).access_token as string
      const statuses: number[] = []
      let retryAfter: string | null = null
      let body: any
      for (let i = 0; i < 8; i++) {
        const res = await limited.fetch('/v1/illust/ranking')
        statuses.push(res.status)
        if (res.status === 429) {
          retryAfter = res.headers.get('retry-after')
          body = await res.json()
        }
      }
      // The sign-in took one of the five; four more go through, then the bucket is empty.
      expect(statuses.slice(0, 4)).toEqual([200, 200, 200, 200])
      expect(statuses.slice(4)).toContain(429)
      expect(Number(retryAfter)).toBeGreaterThanOrEqual(1)
      expect(body.error.message).toBe('Rate Limit')
      // A signed-in caller has a bucket of their own.
      expect((await limited.fetch('/v1/illust/ranking', { token: signedIn })).status).toBe(200)
    } finally {
      limited.close()
    }
  })
})
