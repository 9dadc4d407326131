import type pg from 'pg'
import type { TokenRepository } from '../../repositories.ts'
import { row, rows } from '../pool.ts'

// Refresh tokens (sessions): sign-in, renewal, sign-out. The SQL of store.ts (saveRefreshToken … revokeRefreshTokensOf).
// Each method is one statement, so each is atomic on its own: no read-then-write a concurrent request could slip
// between (SQLite gets that from its single writer).

export function pgTokens(pool: pg.Pool): TokenRepository {
  return {
    save: async (hash, userId, expiresTs) =>
      (await row<{ id: number }>(
        pool,
        'INSERT INTO refresh_tokens (token_hash, user_id, expires_ts) VALUES ($1, $2, $3) RETURNING id',
        [hash, userId, expiresTs],
      ))!.id,

    /**
     * A renewal (tokens are reusable until revoked, as pixiv's): a valid, unexpired token's expiry moves to
     * `expiresTs`, and expired tokens go, in one statement. The update holds the row's lock, so a renewal and a
     * revocation of one token at once come out one after the other: a token revoked first is not renewed, and a
     * renewal never brings back a row a revocation took.
     */
    use: async (hash, nowTs, expiresTs) => {
      const used = await row<{ id: number; user_id: number }>(
        pool,
        `WITH expired AS (DELETE FROM refresh_tokens WHERE expires_ts < $2)
         UPDATE refresh_tokens SET expires_ts = $3 WHERE token_hash = $1 AND expires_ts >= $2 RETURNING id, user_id`,
        [hash, nowTs, expiresTs],
      )
      return used && { userId: used.user_id, sessionId: used.id }
    },

    session: async (id) => {
      const found = await row<{ user_id: number; expires_ts: number }>(
        pool,
        'SELECT user_id, expires_ts FROM refresh_tokens WHERE id = $1',
        [id],
      )
      return found && { userId: found.user_id, expiresTs: found.expires_ts }
    },

    revoke: async (hash) => {
      const gone = await row<{ id: number; user_id: number }>(
        pool,
        'DELETE FROM refresh_tokens WHERE token_hash = $1 RETURNING id, user_id',
        [hash],
      )
      return gone && { sessionId: gone.id, userId: gone.user_id }
    },

    revokeAllOf: async (userId) =>
      (await rows<{ id: number }>(pool, 'DELETE FROM refresh_tokens WHERE user_id = $1 RETURNING id', [userId]))
        .map((r) => r.id)
        .sort((a, b) => a - b),
  }
}
