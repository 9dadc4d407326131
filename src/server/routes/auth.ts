import type { Hono } from 'hono'
import type { WireTokenFields, WireTokenResponse } from '../../api/wire.ts'
import type { AppEnv, Services } from '../services.ts'
import type { UserRow } from '../data/store.ts'
import type { View } from '../wire/view.ts'
import {
  ACCESS_TOKEN_TTL_S,
  hashRefreshToken,
  newRefreshToken,
  REFRESH_TOKEN_TTL_S,
  verifyPassword,
} from '../auth/tokens.ts'
import { profileImagePath } from '../images/paths.ts'
import { on } from '../http/endpoint.ts'
import { tokenError } from '../http/errors.ts'

/** Token answers carry credentials: no cache (a browser's, a proxy's, the gallery's service worker's) may keep one. */
const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' }

export function authRoutes(app: Hono<AppEnv>, { store, signer, nowS }: Services) {
  /** A token answer: a new access token, and the refresh token given (a renewal) or a new one (a sign-in). */
  const issue = (user: UserRow, view: View, refreshToken?: string): WireTokenResponse => {
    const now = nowS()
    let refresh = refreshToken
    if (refresh === undefined) {
      refresh = newRefreshToken()
      store.saveRefreshToken(hashRefreshToken(refresh), user.id, now + REFRESH_TOKEN_TTL_S)
    }
    const image = view.imageUrl(
      profileImagePath({ id: user.id, profileDate: user.profile_date, profileHash: user.profile_hash }),
    )
    const fields: WireTokenFields = {
      access_token: signer.issueAccess(user.id, now),
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

  // Parameters past the table's limits (256 characters) are refused in OAuth's shape before this runs.
  on(app, 'token', async (c, fields) => {
    if (fields.grant_type === 'password') {
      const user = fields.username ? store.userByAccount(fields.username) : undefined
      const ok = await verifyPassword(fields.password ?? '', user?.password_hash ?? null)
      if (!user || !ok) return c.json(tokenError('invalid_grant', 'Invalid username or password', 1508), 400, NO_STORE)
      return c.json(issue(user, c.var.view), 200, NO_STORE)
    }
    if (fields.grant_type === 'refresh_token') {
      // Reusable, as pixiv's: pixivpy and gallery-dl keep one refresh token and sign in with it on every run.
      const now = nowS()
      const token = fields.refresh_token
      const userId = token ? store.useRefreshToken(hashRefreshToken(token), now, now + REFRESH_TOKEN_TTL_S) : undefined
      const user = userId ? store.user(userId) : undefined
      if (!user || !token) return c.json(tokenError('invalid_grant', 'Invalid refresh token', 1508), 400, NO_STORE)
      return c.json(issue(user, c.var.view, token), 200, NO_STORE)
    }
    return c.json(
      tokenError('invalid_request', 'Invalid grant_type parameter or parameter missing', 918),
      400,
      NO_STORE,
    )
  })

  // Sign-out: the refresh token stops working at once (access tokens already issued run out within the hour).
  // Revoking an unknown token is no error, so a repeated sign-out or a stale tab never sees one.
  on(app, 'revokeToken', (c, q) => {
    store.revokeRefreshToken(hashRefreshToken(q.refresh_token))
    return c.json({}, 200, NO_STORE)
  })
}
