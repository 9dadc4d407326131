import type pg from 'pg'
import type { FollowRepository } from '../../repositories.ts'
import { rows, transaction } from '../pool.ts'

// Follows: the follow lists (newest follow first, by `seq`) and follow/unfollow. The SQL of store.ts (followSets,
// followedAmong, following, follow, unfollow) and social.ts (followers, mypixiv, followees). No counter is kept
// beside the rows: follow counts are counted from them.

/**
 * The advisory lock key every follow takes: `seq` is one order over all follows (max + 1, as on SQLite), and two
 * follows at once must not both read the same max (they would tie, and the lists' order would be the plan's whim).
 */
const FOLLOW_SEQ_LOCK = 0x45_61_73_65_6c_01 // "Easel" 1

const ids = async (pool: pg.Pool, sql: string, params: unknown[]) =>
  (await rows<{ id: number }>(pool, sql, params)).map((r) => r.id)

export function pgFollows(pool: pg.Pool): FollowRepository {
  return {
    sets: async (userId) => {
      const [following, followers] = await Promise.all([
        ids(pool, 'SELECT followee_id AS id FROM follows WHERE follower_id = $1 ORDER BY followee_id', [userId]),
        ids(pool, 'SELECT follower_id AS id FROM follows WHERE followee_id = $1 ORDER BY follower_id', [userId]),
      ])
      return { following, followers }
    },

    followedAmong: async (me, userIds) => {
      if (!me || userIds.length === 0) return new Set()
      return new Set(
        await ids(
          pool,
          'SELECT followee_id AS id FROM follows WHERE follower_id = $1 AND followee_id = ANY($2::bigint[])',
          [me, userIds],
        ),
      )
    },

    following: (userId, restrict, offset, limit) =>
      ids(
        pool,
        `SELECT followee_id AS id FROM follows WHERE follower_id = $1 AND restrict = $2
         ORDER BY seq DESC LIMIT $3 OFFSET $4`,
        [userId, restrict, limit, offset],
      ),

    // a private follow is its follower's secret
    followers: (userId, offset, limit) =>
      ids(
        pool,
        `SELECT follower_id AS id FROM follows WHERE followee_id = $1 AND restrict = 0
         ORDER BY seq DESC LIMIT $2 OFFSET $3`,
        [userId, limit, offset],
      ),

    // a follow that belongs to someone other than the caller counts only when public
    mypixiv: (userId, callerId, offset, limit) =>
      ids(
        pool,
        `SELECT x.followee_id AS id FROM follows x
         JOIN follows y ON y.follower_id = x.followee_id AND y.followee_id = x.follower_id
         WHERE x.follower_id = $1 AND (x.restrict = 0 OR x.follower_id = $2) AND (y.restrict = 0 OR y.follower_id = $2)
         ORDER BY x.seq DESC LIMIT $3 OFFSET $4`,
        [userId, callerId, limit, offset],
      ),

    followees: async (me) =>
      new Set(await ids(pool, 'SELECT followee_id AS id FROM follows WHERE follower_id = $1', [me])),

    // Following again changes only the restrict: the follow keeps its place in the lists.
    follow: (me, userId, restrict) =>
      transaction(pool, async (client) => {
        await client.query('SELECT pg_advisory_xact_lock($1)', [FOLLOW_SEQ_LOCK])
        await client.query(
          `INSERT INTO follows (follower_id, followee_id, restrict, seq)
           VALUES ($1, $2, $3, (SELECT COALESCE(MAX(seq), 0) + 1 FROM follows))
           ON CONFLICT (follower_id, followee_id) DO UPDATE SET restrict = EXCLUDED.restrict`,
          [me, userId, restrict],
        )
      }),

    unfollow: async (me, userId) => {
      await pool.query('DELETE FROM follows WHERE follower_id = $1 AND followee_id = $2', [me, userId])
    },
  }
}
