import type pg from 'pg'
import type { UserFileRow } from '../../library-user-files.ts'
import type { UserCounts, UserRepository } from '../../repositories.ts'
import type { UserRow } from '../../store.ts'
import { row, rows } from '../pool.ts'
import { pgVisible } from '../visibility-sql.ts'

// Users: rows, profile counters (of what the caller may see), the AI-show setting, imported users' files and the
// figures recommendation reads. The SQL of store.ts (users, userCounts), social.ts and library-files.ts (userFiles).

export function pgUsers(pool: pg.Pool): UserRepository {
  return {
    byId: (id) => row<UserRow>(pool, 'SELECT * FROM users WHERE id = $1', [id]),
    byAccount: (account) => row<UserRow>(pool, 'SELECT * FROM users WHERE account = $1', [account]),
    byIds: async (ids) => {
      if (ids.length === 0) return new Map()
      const found = await rows<UserRow>(pool, 'SELECT * FROM users WHERE id = ANY($1::bigint[]) ORDER BY id', [ids])
      return new Map(found.map((r) => [r.id, r]))
    },

    // One statement (one round trip, one connection of the pool), each counter a subquery: $1 the user, $2 the
    // caller's id and $3 its age setting (the visibility fragment's parameters).
    counts: async (userId, caller) => {
      const vis = pgVisible(caller, 2)
      const series = (table: string, items: string) =>
        `(SELECT COUNT(*) FROM ${table} s
          WHERE s.user_id = $1 AND EXISTS (SELECT 1 FROM ${items} w WHERE w.series_id = s.id AND ${vis.sql}))`
      const counted = await row<UserCounts>(
        pool,
        `SELECT
           (SELECT COUNT(*) FROM works w WHERE w.user_id = $1 AND w.type <> 'manga' AND ${vis.sql}) AS illusts,
           (SELECT COUNT(*) FROM works w WHERE w.user_id = $1 AND w.type = 'manga' AND ${vis.sql}) AS manga,
           (SELECT COUNT(*) FROM novels w WHERE w.user_id = $1 AND ${vis.sql}) AS novels,
           (SELECT COUNT(*) FROM follows WHERE follower_id = $1 AND restrict = 0) AS follows,
           -- as /v1/user/mypixiv lists them: a follow not the caller's own counts only when public
           (SELECT COUNT(*) FROM follows x
            JOIN follows y ON y.follower_id = x.followee_id AND y.followee_id = x.follower_id
            WHERE x.follower_id = $1 AND (x.restrict = 0 OR x.follower_id = $2)
              AND (y.restrict = 0 OR y.follower_id = $2)) AS mypixiv,
           -- only what the caller may see, as the list it counts is shown
           (SELECT COUNT(*) FROM illust_bookmarks b JOIN works w ON w.id = b.item_id
            WHERE b.user_id = $1 AND b.restrict = 0 AND ${vis.sql}) AS "publicIllustBookmarks",
           ${series('illust_series', 'works')} AS "illustSeries",
           ${series('novel_series', 'novels')} AS "novelSeries"`,
        [userId, ...vis.params],
      )
      return counted!
    },

    showAi: async (userId) => {
      const r = await row<{ show_ai: number }>(pool, 'SELECT show_ai FROM users WHERE id = $1', [userId])
      return r ? r.show_ai !== 0 : true
    },
    setShowAi: async (userId, show) => {
      await pool.query('UPDATE users SET show_ai = $1 WHERE id = $2', [show ? 1 : 0, userId])
    },

    files: (userId) =>
      rows<UserFileRow>(
        pool,
        'SELECT role, path, width, height, ext, bytes, mtime_ms FROM user_files WHERE user_id = $1 ORDER BY role',
        [userId],
      ),

    authorPopularity: () =>
      rows<{ user_id: number; bookmarks: number; works: number }>(
        pool,
        `SELECT user_id, SUM(total_bookmarks) AS bookmarks, COUNT(*) AS works FROM works
         WHERE restrict = 0 AND x_restrict = 0 GROUP BY user_id ORDER BY user_id`,
      ),

    authorTags: (userId, limit) =>
      rows<{ tag_id: number; n: number }>(
        pool,
        `SELECT x.tag_id, COUNT(*) AS n FROM works w JOIN work_tags x ON x.work_id = w.id
         WHERE w.user_id = $1 AND w.restrict = 0 GROUP BY x.tag_id ORDER BY n DESC, x.tag_id LIMIT $2`,
        [userId, limit],
      ),

    bookmarkedTags: (userId, depth, limit) =>
      rows<{ tag_id: number; n: number }>(
        pool,
        `WITH recent AS (SELECT item_id FROM illust_bookmarks WHERE user_id = $1 ORDER BY id DESC LIMIT $2)
         SELECT x.tag_id, COUNT(*) AS n FROM recent JOIN work_tags x ON x.work_id = recent.item_id
         GROUP BY x.tag_id ORDER BY n DESC, x.tag_id LIMIT $3`,
        [userId, depth, limit],
      ),

    authorsWithTags: async (tagIds) => {
      const found = await rows<{ user_id: number; n: number }>(
        pool,
        `SELECT w.user_id, COUNT(DISTINCT w.id) AS n FROM work_tags x JOIN works w ON w.id = x.work_id
         WHERE x.tag_id = ANY($1::bigint[]) AND w.restrict = 0 GROUP BY w.user_id ORDER BY w.user_id`,
        [tagIds],
      )
      return new Map(found.map((r) => [r.user_id, r.n]))
    },

    coBookmarkedAuthors: async (userId) => {
      const found = await rows<{ user_id: number; n: number }>(
        pool,
        `WITH fans AS (SELECT DISTINCT b.user_id FROM illust_bookmarks b JOIN works w ON w.id = b.item_id
                       WHERE w.user_id = $1 AND b.user_id <> $1)
         SELECT w.user_id, COUNT(DISTINCT b.user_id) AS n FROM illust_bookmarks b JOIN works w ON w.id = b.item_id
         WHERE b.user_id IN (SELECT user_id FROM fans) AND w.user_id <> $1 AND w.restrict = 0
         GROUP BY w.user_id ORDER BY w.user_id`,
        [userId],
      )
      return new Map(found.map((r) => [r.user_id, r.n]))
    },
  }
}
