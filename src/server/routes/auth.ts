import type { Hono } from 'hono'
import type { WireTokenFields, WireTokenResponse } from '../../api/wire.ts'
import type { AppEnv, Services } from '../context.ts'
import type { UserRow } from '../data/store.ts'
import type { View } from '../wire/view.ts'
import { ACCESS_TOKEN_TTL_S, verifyPassword } from '../auth/tokens.ts'
import { HashGate, SignInThrottle } from '../auth/sign-in-guard.ts'
import { profileImagePath } from '../images/paths.ts'
import { on } from '../http/endpoint.ts'
import { tokenError } from '../http/errors.ts'
import { clientAddress } from '../http/client-address.ts'

/** Token answers carry credentials: no cache (a browser's, a proxy's, the gallery's service worker's) may keep one. */
const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' }

export function authRoutes(app: Hono<AppEnv>, { domain, signer, nowS, config }: Services) {
  const { tokens } = domain
  const throttle = new SignInThrottle()
  const hashing = new HashGate()

  /** A token answer: a new access token for the session (a new one, of a sign-in, or the renewed refresh token's). */
  const issue = (user: UserRow, view: View, session: { refreshToken: string; id: number }): WireTokenResponse => {
    const now = nowS()
    const refresh = session.refreshToken
    const sessionId = session.id
    const image = view.imageUrl(
      profileImagePath({ id: user.id, profileDate: user.profile_date, profileHash: user.profile_hash }),
    )
    const fields: WireTokenFields = {
      access_token: signer.issueAccess(user.id, sessionId, now),
      expires_in: ACCESS_TOKEN_TTL_S,
      token_type: 'bearer',
      scope: '',
      refresh_token: refresh,
      user: {
        profile_image_urls: { px_16x16: image, px_50x50: image, px_170x170: image },
        id: String(user.id),
        name: user.name,
        account: user.account,
        mail_address: `${user.account}@easel.invalid`,
        is_premium: user.is_premium === 1,
        x_restrict: user.x_restrict,
        is_mail_authorized: true,
        require_policy_agreement: false,
      },
    }
    return { ...fields, response: fields }
  }

  const refused = (status: 429 | 503, message: string, retryAfterS: number) =>
    new Response(JSON.stringify(tokenError('temporarily_unavailable', message, status)), {
      status,
      headers: { 'Content-Type': 'application/json', 'Retry-After': String(retryAfterS), ...NO_STORE },
    })

  // Parameters past the table's limits (256 characters), and passwords or refresh tokens in the URL, are refused in
  // OAuth's shape before this runs.
  on(app, 'token', async (c, fields) => {
    if (fields.grant_type === 'password') {
      const username = fields.username ?? ''
      // Limits on wrong passwords first (auth/sign-in-guard.ts); a refusal costs no hashing.
      const attempt = throttle.begin(username, clientAddress(c, config.trustProxy))
      if ('retryAfterS' in attempt)
        return refused(429, 'Too many sign-in attempts. Please wait a moment.', attempt.retryAfterS)
      // Unknown accounts are hashed too (against a stand-in), so the time taken does not tell them from known ones.
      const user = username ? await tokens.userByAccount(username) : undefined
      const ok = await hashing.run(() => verifyPassword(fields.password ?? '', user?.password_hash))
      if (ok === undefined) {
        attempt.withdrawn()
        return refused(503, 'The service is busy. Please try again in a moment.', 1)
      }
      if (!user || !ok) return c.json(tokenError('invalid_grant', 'Invalid username or password', 1508), 400, NO_STORE)
      attempt.succeeded()
      return c.json(issue(user, c.var.view, await tokens.open(user.id)), 200, NO_STORE)
    }
    if (fields.grant_type === 'refresh_token') {
      // Reusable, as pixiv's: pixivpy and gallery-dl keep one refresh token and sign in with it on every run. Each
      // renewal stays in the refresh token's session, so revoking it ends every access token issued from it.
      const token = fields.refresh_token
      const renewed = token ? await tokens.renew(token) : undefined
      if (!renewed || !token) return c.json(tokenError('invalid_grant', 'Invalid refresh token', 1508), 400, NO_STORE)
      return c.json(issue(renewed.user, c.var.view, { refreshToken: token, id: renewed.sessionId }), 200, NO_STORE)
    }
    return c.json(
      tokenError('invalid_request', 'Invalid grant_type parameter or parameter missing', 918),
      400,
      NO_STORE,
    )
  })

  // Sign-out: the refresh token stops working at once, and so do the access tokens issued from it. With `all`, every
  // session of its account ends (sign out everywhere): holding one of the account's refresh tokens is the proof.
  // Revoking an unknown token is no error, so a repeated sign-out or a stale tab never sees one.
  on(app, 'revokeToken', async (c, q) => {
    await tokens.revoke(q.refresh_token, !!q.all)
    return c.json({}, 200, NO_STORE)
  })
}
