import type pg from 'pg'
import type { BookmarkRepository } from '../../repositories.ts'
import type { BookmarkRow, Kind } from '../../store.ts'
import { row, rows, transaction } from '../pool.ts'
import { pgVisible } from '../visibility-sql.ts'

// Bookmarks of works and novels: the lists (newest bookmark first, by id, filtered by the visibility rule), the
// caller's own marks, recommendation seeds, and adding and removing with the item's total_bookmarks in the same
// transaction. The SQL of store.ts (bookmarks … bookmarkTags, bookmarkSeeds, bookmarkWindow, bookmarkedUpTo).

const table = (kind: Kind) =>
  kind === 'illust'
    ? { items: 'works', bookmarks: 'illust_bookmarks', bookmarkTags: 'illust_bookmark_tags' }
    : { items: 'novels', bookmarks: 'novel_bookmarks', bookmarkTags: 'novel_bookmark_tags' }

export function pgBookmarks(pool: pg.Pool): BookmarkRepository {
  return {
    page: (kind, userId, restrict, caller, beforeId, limit, tag) => {
      const t = table(kind)
      const vis = pgVisible(caller, 5)
      const tagSql = tag ? `AND b.id IN (SELECT bookmark_id FROM ${t.bookmarkTags} WHERE name = $7)` : ''
      return rows<BookmarkRow>(
        pool,
        `SELECT b.id, b.item_id, b.restrict FROM ${t.bookmarks} b JOIN ${t.items} w ON w.id = b.item_id
         WHERE b.user_id = $1 AND b.restrict = $2 AND b.id < $3 ${tagSql} AND ${vis.sql}
         ORDER BY b.id DESC LIMIT $4`,
        [userId, restrict, beforeId, limit, ...vis.params, ...(tag ? [tag] : [])],
      )
    },

    among: async (kind, me, ids) => {
      if (!me || ids.length === 0) return new Set()
      const found = await rows<{ item_id: number }>(
        pool,
        `SELECT item_id FROM ${table(kind).bookmarks} WHERE user_id = $1 AND item_id = ANY($2::bigint[])`,
        [me, ids],
      )
      return new Set(found.map((r) => r.item_id))
    },

    of: async (kind, me, itemId) => {
      const t = table(kind)
      const mark = await row<{ id: number; restrict: number; tags: string[] }>(
        pool,
        `SELECT b.id, b.restrict,
           ARRAY(SELECT x.name FROM ${t.bookmarkTags} x WHERE x.bookmark_id = b.id ORDER BY x.name) AS tags
         FROM ${t.bookmarks} b WHERE b.user_id = $1 AND b.item_id = $2`,
        [me, itemId],
      )
      return mark
    },

    /**
     * Adds a bookmark, or updates the restrict and tags of one that exists (it keeps its id, so a walk of the list is
     * not shifted), with the counter, in one transaction. Bookmarking twice at once (two instances, two tabs) makes
     * one bookmark and counts it once: the insert that loses the race on (user_id, item_id) waits for the winner's
     * commit, inserts nothing and updates the winner's row instead. An existing bookmark is looked for first, so
     * bookmarking again takes no id from the sequence.
     */
    add: (kind, me, itemId, restrict, tags, nowTs) =>
      transaction(pool, async (client) => {
        const t = table(kind)
        const update = () =>
          row<{ id: number }>(
            client,
            `UPDATE ${t.bookmarks} SET restrict = $3 WHERE user_id = $1 AND item_id = $2 RETURNING id`,
            [me, itemId, restrict],
          )
        let id: number | undefined
        // at most a few rounds: only a removal landing between the insert that lost and the update makes another
        for (let round = 0; id === undefined; round++) {
          if (round === 3) throw new Error(`bookmark of ${kind} ${itemId} by ${me} kept changing under the write`)
          id = (await update())?.id
          if (id !== undefined) break
          const inserted = await row<{ id: number }>(
            client,
            `INSERT INTO ${t.bookmarks} (user_id, item_id, restrict, created_ts) VALUES ($1, $2, $3, $4)
             ON CONFLICT (user_id, item_id) DO NOTHING RETURNING id`,
            [me, itemId, restrict, nowTs],
          )
          if (!inserted) continue
          id = inserted.id
          await client.query(`UPDATE ${t.items} SET total_bookmarks = total_bookmarks + 1 WHERE id = $1`, [itemId])
        }
        await client.query(`DELETE FROM ${t.bookmarkTags} WHERE bookmark_id = $1`, [id])
        const names = [...new Set(tags)]
        if (names.length > 0)
          await client.query(
            `INSERT INTO ${t.bookmarkTags} (bookmark_id, name) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING`,
            [id, names],
          )
      }),

    /** Removes a bookmark and counts it off, together; removing one that is not there (or gone already) does nothing. */
    remove: (kind, me, itemId) =>
      transaction(pool, async (client) => {
        const t = table(kind)
        const gone = await row<{ id: number }>(
          client,
          `DELETE FROM ${t.bookmarks} WHERE user_id = $1 AND item_id = $2 RETURNING id`,
          [me, itemId],
        )
        if (!gone) return
        await client.query(`DELETE FROM ${t.bookmarkTags} WHERE bookmark_id = $1`, [gone.id])
        await client.query(`UPDATE ${t.items} SET total_bookmarks = GREATEST(total_bookmarks - 1, 0) WHERE id = $1`, [
          itemId,
        ])
      }),

    tags: (kind, userId, restrict, caller, offset, limit) => {
      const t = table(kind)
      const vis = pgVisible(caller, 5)
      return rows<{ name: string; count: number }>(
        pool,
        `SELECT x.name, COUNT(*) AS count FROM ${t.bookmarkTags} x JOIN ${t.bookmarks} b ON b.id = x.bookmark_id
         JOIN ${t.items} w ON w.id = b.item_id
         WHERE b.user_id = $1 AND b.restrict = $2 AND ${vis.sql}
         GROUP BY x.name ORDER BY count DESC, x.name LIMIT $3 OFFSET $4`,
        [userId, restrict, limit, offset, ...vis.params],
      )
    },

    seeds: (kind, userId, minId, maxId) => {
      const t = table(kind)
      return rows<{ item_id: number; user_id: number }>(
        pool,
        `SELECT b.item_id, w.user_id FROM ${t.bookmarks} b JOIN ${t.items} w ON w.id = b.item_id
         WHERE b.user_id = $1 AND b.id BETWEEN $2 AND $3 ORDER BY b.id DESC`,
        [userId, minId, maxId],
      )
    },

    window: async (kind, userId, depth, maxId = Number.MAX_SAFE_INTEGER) => {
      const found = await rows<{ id: number }>(
        pool,
        `SELECT id FROM ${table(kind).bookmarks} WHERE user_id = $1 AND id <= $2 ORDER BY id DESC LIMIT $3`,
        [userId, maxId, depth],
      )
      return { max: maxId === Number.MAX_SAFE_INTEGER ? (found[0]?.id ?? 0) : maxId, min: found.at(-1)?.id ?? 0 }
    },

    upTo: async (kind, userId, maxId) => {
      const found = await rows<{ item_id: number }>(
        pool,
        `SELECT item_id FROM ${table(kind).bookmarks} WHERE user_id = $1 AND id <= $2`,
        [userId, maxId],
      )
      return new Set(found.map((r) => r.item_id))
    },
  }
}
