import type { Hono } from 'hono'
import type { WireTokenFields, WireTokenResponse } from '../../api/wire.ts'
import type { WireSession } from '../../api/wire-responses.ts'
import {
  ACCOUNT_PATTERN,
  bioHasControlCharacter,
  hasControlCharacter,
  MIN_PASSWORD_LENGTH,
  passwordLength,
} from '../../api/account-endpoints.ts'
import { isWebAddress } from '../../api/web-address.ts'
import type { AppContext, AppEnv, Services } from '../context.ts'
import type { PostingService } from '../services/posting.ts'
import type { SessionRow, UserRow } from '../data/store.ts'
import type { View } from '../wire/view.ts'
import { ACCESS_TOKEN_TTL_S, newPasswordHash, verifyPassword } from '../auth/tokens.ts'
import { HashGate, SIGN_UP_LIMITS, SignInThrottle, SignUpThrottle } from '../auth/sign-in-guard.ts'
import { pathDate, profileImagePath } from '../images/paths.ts'
import { on } from '../http/endpoint.ts'
import { ApiError, badRequest, forbidden, notFound, tokenError } from '../http/errors.ts'
import { clientAddress } from '../http/client-address.ts'
import { sendJson } from './common.ts'

/** Token answers carry credentials: no cache (a browser's, a proxy's, the gallery's service worker's) may keep one. */
const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' }

/** What a session is called in the list of signed-in devices when it began with a sign-in: the client's User-Agent. */
const MAX_CLIENT_LENGTH = 200

/** A refusal a form shows by its field: the error message is `{"<field>": ["<why>"]}`, `say` the user message. */
const field = (name: string, why: string, say: string) => badRequest(JSON.stringify({ [name]: [why] }), say)

/** Why an invite did not let a sign-up in, as the refusal says it. */
const INVITE_REFUSALS = {
  required: 'Signing up here needs an invite link from an admin.',
  unknown: 'That invite link is not known.',
  used: 'That invite link has been used.',
  expired: 'That invite link has expired.',
}
const inviteRefused = (why: keyof typeof INVITE_REFUSALS) => field('invite', why, INVITE_REFUSALS[why])
const closed = () => new ApiError(403, 'registration is closed', 'New accounts are not being made here.')

/** An account's names, as sign-up and a profile edit take them. */
function checkNames(q: { account: string; name: string }) {
  if (!ACCOUNT_PATTERN.test(q.account))
    throw field('account', 'invalid', 'An account name is 3 to 32 lowercase letters, digits, _ or -.')
  if (hasControlCharacter(q.name)) throw field('name', 'invalid', 'The name must not hold control characters.')
}

const isoOrNull = (ts: number) => (ts > 0 ? new Date(ts * 1000).toISOString() : null)
const wireSession = (row: SessionRow, current: number | null): WireSession => ({
  id: row.id,
  client: row.client,
  created_at: isoOrNull(row.created_ts),
  last_used_at: isoOrNull(row.used_ts),
  is_current: row.id === current,
})

/** What a suspended account's sign-in answers. */
export const SUSPENDED = 'This account is suspended. Contact the admins of this site.'

export function authRoutes(
  app: Hono<AppEnv>,
  { domain, signer, nowS, config, repos }: Services,
  posting: PostingService,
) {
  const { tokens, accounts } = domain
  const throttle = new SignInThrottle()
  const signUps =
    config.signUpsPerHour === 0 ? undefined : new SignUpThrottle({ ...SIGN_UP_LIMITS, address: config.signUpsPerHour })
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

  /** A new session of the user's (a sign-in, a sign-up), named by the client's User-Agent, and its token answer. */
  const signedIn = async (c: AppContext, user: UserRow) => {
    const client = (c.req.header('user-agent') ?? '').slice(0, MAX_CLIENT_LENGTH)
    return c.json(issue(user, c.get('view'), await tokens.open(user.id, client)), 200, NO_STORE)
  }

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
      // the right password of a suspended account (services/moderation.ts) opens no session
      if (await repos.moderation.isSuspended(user.id))
        return c.json(tokenError('invalid_grant', SUSPENDED, 1508), 400, NO_STORE)
      return signedIn(c, user)
    }
    if (fields.grant_type === 'refresh_token') {
      // Reusable, as pixiv's: pixivpy and gallery-dl keep one refresh token and sign in with it on every run. Each
      // renewal stays in the refresh token's session, so revoking it ends every access token issued from it.
      const token = fields.refresh_token
      const renewed = token ? await tokens.renew(token) : undefined
      if (!renewed || !token) return c.json(tokenError('invalid_grant', 'Invalid refresh token', 1508), 400, NO_STORE)
      return c.json(issue(renewed.user, c.get('view'), { refreshToken: token, id: renewed.sessionId }), 200, NO_STORE)
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

  /**
   * The caller's password, checked as a sign-in checks it: the same limits on wrong guesses (by account and address),
   * the same hashing queue. Answers nothing when it is right; throws the error to answer otherwise.
   */
  const checkPassword = async (c: AppContext, userId: number, password: string) => {
    const user = await tokens.userById(userId)
    const attempt = throttle.begin(user?.account ?? '', clientAddress(c, config.trustProxy))
    if ('retryAfterS' in attempt)
      throw new ApiError(429, 'Too many password attempts', 'Too many attempts. Please wait a moment.', {
        'Retry-After': String(attempt.retryAfterS),
      })
    const ok = await hashing.run(() => verifyPassword(password, user?.password_hash))
    if (ok === undefined) {
      attempt.withdrawn()
      throw new ApiError(503, 'Busy', 'The service is busy. Please try again in a moment.', { 'Retry-After': '1' })
    }
    if (!ok) throw field('password', 'wrong password', 'The password is not right.')
    attempt.succeeded()
  }

  // The account's signed-in devices: every session, which the caller can end one by one (its own included).
  on(app, 'sessions', async (c) => {
    const rows = await tokens.sessionsOf(c.get('caller').id)
    return sendJson(c, { sessions: rows.map((row) => wireSession(row, c.get('session'))) })
  })

  on(app, 'revokeSession', async (c, q) => {
    if (!(await tokens.revokeSession(c.get('caller').id, q.session_id))) throw notFound('No such session of yours.')
    return sendJson(c, {})
  })

  // A refresh token for an App API client, shown once: the password is asked again, so a stolen access token (an hour
  // at most) cannot be turned into a lasting one.
  on(app, 'addSession', async (c, q) => {
    await checkPassword(c, c.get('caller').id, q.password)
    const session = await tokens.open(c.get('caller').id, q.client)
    return c.json(
      { refresh_token: session.refreshToken, session: wireSession(session, c.get('session')) },
      200,
      NO_STORE,
    )
  })

  // A new account, signed in at once. The rules of who may (the mode, the first account, the invite) are the account
  // service's; what is refused says which field, in the error message's {"<field>": [why]} (the gallery's forms read it).
  on(app, 'signUp', async (c, q) => {
    checkNames(q)
    if (passwordLength(q.password) < MIN_PASSWORD_LENGTH)
      throw field('password', 'too short', `The password must have at least ${MIN_PASSWORD_LENGTH} characters.`)
    const mode = await accounts.mode(config.registration)
    if (mode === 'closed' && !(await accounts.firstAccount())) throw closed()
    if (mode === 'invite' && q.invite === undefined && !(await accounts.firstAccount())) throw inviteRefused('required')
    const wait = signUps?.begin(clientAddress(c, config.trustProxy))
    if (wait)
      throw new ApiError(429, 'Too many sign-ups', 'Too many sign-ups from here. Please wait a while.', {
        'Retry-After': String(wait.retryAfterS),
      })
    const passwordHash = await hashing.run(() => newPasswordHash(q.password))
    if (passwordHash === undefined)
      throw new ApiError(503, 'busy', 'The service is busy. Please try again in a moment.', { 'Retry-After': '1' })
    const made = await accounts.signUp(
      { account: q.account, name: q.name, passwordHash, profileDate: pathDate(nowS()) },
      mode,
      q.invite,
    )
    if (!made.made) {
      if (made.why === 'taken') throw field('account', 'taken', 'That account name is taken.')
      if (made.why === 'closed') throw closed()
      const state = q.invite === undefined ? 'required' : await accounts.inviteState(q.invite)
      // a valid state here lost a race for its one use
      throw inviteRefused(state === 'valid' ? 'used' : state)
    }
    const user = (await tokens.userById(made.userId))!
    return signedIn(c, user)
  })

  // The caller's profile. The same names as a sign-up's, refused the same way.
  on(app, 'editProfile', async (c, q) => {
    checkNames(q)
    if (bioHasControlCharacter(q.comment ?? ''))
      throw field('comment', 'invalid', 'The bio must not hold control characters.')
    const webpage = q.webpage ?? ''
    if (webpage !== '' && !isWebAddress(webpage))
      throw field('webpage', 'invalid', 'The web page must be an address starting with http:// or https://.')
    const done = await accounts.editProfile(c.get('caller').id, {
      name: q.name,
      account: q.account,
      comment: q.comment ?? '',
      webpage,
    })
    if (done === 'taken') throw field('account', 'taken', 'That account name is taken.')
    if (done === 'fixed') throw field('account', 'fixed', 'The library owner’s account name is set by OWNER_USERNAME.')
    return c.json({}, 200, NO_STORE)
  })

  // Deleting one's account: after its password (throttled as a sign-in). A library's owner is its configuration's
  // (the next start would make it again), and a catalogue keeps at least one admin.
  on(app, 'deleteAccount', async (c, q) => {
    const user = await domain.users.existing(c.get('caller').id)
    if (user.account === (await repos.catalogue.meta()).owner_account)
      throw forbidden("The library's owner account cannot be deleted.")
    if (user.role === 'admin' && (await repos.accounts.adminCount()) <= 1)
      throw forbidden('The only admin cannot be deleted: make another admin first.')
    await checkPassword(c, user.id, q.password)
    await posting.deleteAccount(user.id)
    return c.json({}, 200, NO_STORE)
  })

  on(app, 'changePassword', async (c, q) => {
    if (passwordLength(q.new_password) < MIN_PASSWORD_LENGTH)
      throw field(
        'new_password',
        `at least ${MIN_PASSWORD_LENGTH} characters`,
        `The new password must have at least ${MIN_PASSWORD_LENGTH} characters.`,
      )
    await checkPassword(c, c.get('caller').id, q.current_password)
    await tokens.setPassword(c.get('caller').id, await newPasswordHash(q.new_password))
    return c.json({}, 200, NO_STORE)
  })
}
