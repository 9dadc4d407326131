import type { TokenRepository } from '../data/repositories.ts'
import { Lru } from '../lru.ts'

/**
 * Which sessions (refresh token rows) are alive, for the check every signed-in request makes on the session its access
 * token names. Answers come from memory: a session is read from the database once, then again only after
 * RECHECK_S (so a revocation made by another process over the same database takes effect within that time too).
 * Revocations go through `ended` (in every instance, by the cache bus, services/cache-bus.ts), which forgets the
 * sessions at once.
 */
export class SessionCache {
  private readonly tokens: Pick<TokenRepository, 'session'>
  /** session id → its user and expiry, or null for a session that is gone; with when it was read */
  private readonly known: Lru<{ session: { userId: number; expiresTs: number } | null; readS: number }>

  constructor(tokens: Pick<TokenRepository, 'session'>, max = 10_000) {
    this.tokens = tokens
    this.known = new Lru(max)
  }

  /** Whether the session exists, belongs to the user and has not lapsed (an answer at once when it is held). */
  alive(sessionId: number, userId: number, nowS: number): boolean | Promise<boolean> {
    const key = String(sessionId)
    const entry = this.known.get(key)
    if (entry && nowS - entry.readS < RECHECK_S) return isAlive(entry.session, userId, nowS)
    return this.tokens.session(sessionId).then((session) => {
      this.known.set(key, { session: session ?? null, readS: nowS })
      return isAlive(session ?? null, userId, nowS)
    })
  }

  /** Sessions just revoked: their access tokens stop working with the next request. */
  ended(...sessionIds: number[]) {
    for (const id of sessionIds) this.known.delete(String(id))
  }

  /** Every session is read again (revocations may have been missed). */
  clear() {
    this.known.clear()
  }
}

/** How long a session's state read from the database is trusted, in seconds. */
export const RECHECK_S = 60

const isAlive = (session: { userId: number; expiresTs: number } | null, userId: number, nowS: number) =>
  session !== null && session.userId === userId && session.expiresTs >= nowS
