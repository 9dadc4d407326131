import type { UserRow } from '../data/store.ts'
import { hashRefreshToken, newRefreshToken, REFRESH_TOKEN_TTL_S } from '../auth/tokens.ts'
import type { ServiceDeps } from './deps.ts'

// Sessions (refresh tokens): sign-in, renewal and sign-out, and the session cache they keep current.
export class TokenService {
  constructor(private readonly deps: ServiceDeps) {}

  userByAccount(account: string): Promise<UserRow | undefined> {
    return this.deps.repos.users.byAccount(account)
  }

  /** A new session for the user (a sign-in): its refresh token and id. */
  async open(userId: number): Promise<{ refreshToken: string; id: number }> {
    const refreshToken = newRefreshToken()
    const id = await this.deps.repos.tokens.save(
      hashRefreshToken(refreshToken),
      userId,
      this.deps.nowS() + REFRESH_TOKEN_TTL_S,
    )
    return { refreshToken, id }
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
