import type { SessionRow, UserRow } from '../data/store.ts'
import { hashRefreshToken, newRefreshToken, REFRESH_TOKEN_TTL_S } from '../auth/tokens.ts'
import type { ServiceDeps } from './deps.ts'

// Sessions (refresh tokens): sign-in, renewal and sign-out, and the session cache they keep current.
export class TokenService {
  constructor(private readonly deps: ServiceDeps) {}

  userByAccount(account: string): Promise<UserRow | undefined> {
    return this.deps.repos.users.byAccount(account)
  }

  userById(id: number): Promise<UserRow | undefined> {
    return this.deps.repos.users.byId(id)
  }

  /**
   * A new session for the user (a sign-in, or a token made for an app). `client` is what the list of signed-in devices
   * calls it (a User-Agent, or the name given to an app's token). Answers the session as that list shows it, with its
   * refresh token.
   */
  async open(userId: number, client: string): Promise<SessionRow & { refreshToken: string }> {
    const refreshToken = newRefreshToken()
    const now = this.deps.nowS()
    const id = await this.deps.repos.tokens.save(
      hashRefreshToken(refreshToken),
      userId,
      now + REFRESH_TOKEN_TTL_S,
      now,
      client,
    )
    return { refreshToken, id, created_ts: now, used_ts: now, client }
  }

  /** The user's signed-in devices (unexpired sessions), the most recently used first. */
  sessionsOf(userId: number): Promise<SessionRow[]> {
    return this.deps.repos.tokens.sessionsOf(userId, this.deps.nowS())
  }

  /** Ends one of the user's own sessions, in every instance at once; false when the user has none of that id. */
  async revokeSession(userId: number, sessionId: number): Promise<boolean> {
    const revoked = await this.deps.repos.tokens.revokeSession(userId, sessionId)
    if (revoked) await this.deps.caches.bus.publish({ sessions: [sessionId] })
    return revoked
  }

  /** A new password hash: every session of the account ends with it, in every instance. */
  async setPassword(userId: number, passwordHash: string): Promise<void> {
    const ended = await this.deps.repos.tokens.setPassword(userId, passwordHash)
    if (ended.length > 0) await this.deps.caches.bus.publish({ sessions: ended })
  }

  /**
   * A renewal: the refresh token's session and user, if it is valid (reusable, as pixiv's: pixivpy and gallery-dl keep
   * one refresh token and sign in with it on every run); its expiry moves on.
   */
  async renew(refreshToken: string): Promise<{ user: UserRow; sessionId: number } | undefined> {
    const now = this.deps.nowS()
    const { tokens, users } = this.deps.repos
    const session = await tokens.use(hashRefreshToken(refreshToken), now, now + REFRESH_TOKEN_TTL_S)
    const user = session ? await users.byId(session.userId) : undefined
    return user && session && { user, sessionId: session.sessionId }
  }

  /** Sign-out: the token's session ends (with `all`, every session of its account); an unknown token is no error. */
  async revoke(refreshToken: string, all: boolean): Promise<void> {
    const { tokens } = this.deps.repos
    const revoked = await tokens.revoke(hashRefreshToken(refreshToken))
    if (!revoked) return
    const ended = [revoked.sessionId, ...(all ? await tokens.revokeAllOf(revoked.userId) : [])]
    // in every instance: the access tokens of these sessions stop working with the next request, wherever it goes
    await this.deps.caches.bus.publish({ sessions: ended })
  }
}
