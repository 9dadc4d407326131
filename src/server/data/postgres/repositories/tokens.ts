import type pg from 'pg'
import type { TokenRepository } from '../../repositories.ts'
import type { SessionRow } from '../../store.ts'
import { row, rows } from '../pool.ts'

// Refresh tokens (sessions): sign-in, renewal, sign-out. The SQL of store.ts (saveRefreshToken … revokeRefreshTokensOf).
// Each method is one statement, so each is atomic on its own: no read-then-write a concurrent request could slip
// between (SQLite gets that from its single writer).

export function pgTokens(pool: pg.Pool): TokenRepository {
  return {
    save: async (hash, userId, expiresTs, nowTs, client) =>
      (await row<{ id: number }>(
        pool,
        `INSERT INTO refresh_tokens (token_hash, user_id, expires_ts, created_ts, used_ts, client)
         VALUES ($1, $2, $3, $4, $4, $5) RETURNING id`,
        [hash, userId, expiresTs, nowTs, client],
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
         UPDATE refresh_tokens SET expires_ts = $3, used_ts = $2 WHERE token_hash = $1 AND expires_ts >= $2
         RETURNING id, user_id`,
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

    sessionsOf: (userId, nowTs) =>
      rows<SessionRow>(
        pool,
        `SELECT id, created_ts, used_ts, client FROM refresh_tokens WHERE user_id = $1 AND expires_ts >= $2
         ORDER BY used_ts DESC, id DESC`,
        [userId, nowTs],
      ),

    revokeSession: async (userId, sessionId) =>
      ((await pool.query('DELETE FROM refresh_tokens WHERE id = $1 AND user_id = $2', [sessionId, userId])).rowCount ??
        0) > 0,

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

    // One statement: the new hash and the end of every session commit together, or neither does.
    setPassword: async (userId, passwordHash) =>
      (
        await rows<{ id: number }>(
          pool,
          `WITH changed AS (UPDATE users SET password_hash = $2 WHERE id = $1)
           DELETE FROM refresh_tokens WHERE user_id = $1 RETURNING id`,
          [userId, passwordHash],
        )
      )
        .map((r) => r.id)
        .sort((a, b) => a - b),
  }
}
