import type pg from 'pg'
import type { CommentRow } from '../../comments.ts'
import type { CommentRepository } from '../../repositories.ts'
import type { Kind } from '../../store.ts'
import { DROP_HOLDS_OF_COMMENT_SQL } from '../../moderation.ts'
import { row, rows, transaction } from '../pool.ts'

// Comments on works and novels, two levels deep (a thread's first comment, parent_id null, and its replies), with
// the item's total_comments (every row, replies included) changed in the same transaction as the rows. The SQL of
// comments.ts.

const COLUMNS = `c.id, c.kind, c.item_id, c.user_id, c.parent_id, c.body, c.created_ts,
  (EXISTS (SELECT 1 FROM comments r WHERE r.parent_id = c.id))::integer AS has_replies`

const itemTable = (kind: Kind) => (kind === 'illust' ? 'works' : 'novels')

/** Comments a moderator hid are their authors' and the admins' to see (the SQL of ../../comments.ts). */
const notHeld = (seeHeld: string, viewer: string) => `(${seeHeld}::boolean OR c.user_id = ${viewer}::bigint
  OR NOT EXISTS (SELECT 1 FROM moderation_holds h WHERE h.kind = 'comment' AND h.target_id = c.id))`

const get = (db: pg.Pool | pg.ClientBase, id: number) =>
  row<CommentRow>(db, `SELECT ${COLUMNS} FROM comments c WHERE c.id = $1`, [id])

export function pgComments(pool: pg.Pool): CommentRepository {
  return {
    get: (id) => get(pool, id),

    byIds: async (ids) => {
      if (ids.length === 0) return new Map()
      const found = await rows<CommentRow>(
        pool,
        `SELECT ${COLUMNS} FROM comments c WHERE c.id = ANY($1::bigint[]) ORDER BY c.id`,
        [ids],
      )
      return new Map(found.map((r) => [r.id, r]))
    },

    // newest first
    page: (kind, itemId, query) =>
      rows<CommentRow>(
        pool,
        `SELECT ${COLUMNS} FROM comments c
         WHERE c.kind = $1 AND c.item_id = $2 ${query.rootsOnly ? 'AND c.parent_id IS NULL' : ''}
           AND c.user_id <> ALL($3::bigint[]) AND ${notHeld('$6', '$7')}
         ORDER BY c.created_ts DESC, c.id DESC LIMIT $4 OFFSET $5`,
        [kind, itemId, query.mutedUsers, query.limit, query.offset, query.seeHeld === true, query.viewer ?? 0],
      ),

    // oldest first: a conversation reads downwards
    replies: (rootId, query) =>
      rows<CommentRow>(
        pool,
        `SELECT ${COLUMNS} FROM comments c WHERE c.parent_id = $1 AND c.user_id <> ALL($2::bigint[])
           AND ${notHeld('$5', '$6')}
         ORDER BY c.created_ts ASC, c.id ASC LIMIT $3 OFFSET $4`,
        [rootId, query.mutedUsers, query.limit, query.offset, query.seeHeld === true, query.viewer ?? 0],
      ),

    /**
     * Adds a comment and counts it on its item, together. A reply first takes a share lock on its thread's first
     * comment, so it cannot be written beside a deletion of that thread (which locks the row for update): the reply
     * either lands before and goes with the thread, counter included, or after, beside no row.
     */
    add: (kind, itemId, userId, parentId, body, nowTs) =>
      transaction(pool, async (client) => {
        if (parentId !== null) await client.query('SELECT 1 FROM comments WHERE id = $1 FOR SHARE', [parentId])
        const inserted = await row<{ id: number }>(
          client,
          `INSERT INTO comments (kind, item_id, user_id, parent_id, body, created_ts) VALUES ($1, $2, $3, $4, $5, $6)
           RETURNING id`,
          [kind, itemId, userId, parentId, body, nowTs],
        )
        await client.query(`UPDATE ${itemTable(kind)} SET total_comments = total_comments + 1 WHERE id = $1`, [itemId])
        return (await get(client, inserted!.id))!
      }),

    /**
     * Deletes a comment, and with a thread's first comment its replies, and takes them off the item's counter,
     * together. The row is locked first: two deletions of one comment at once count it off once.
     */
    delete: (id) =>
      transaction(pool, async (client) => {
        const target = await row<{ kind: Kind; item_id: number }>(
          client,
          'SELECT kind, item_id FROM comments WHERE id = $1 FOR UPDATE',
          [id],
        )
        if (!target) return
        await client.query(DROP_HOLDS_OF_COMMENT_SQL.replaceAll('@target', '$1'), [id])
        const replies = (await client.query('DELETE FROM comments WHERE parent_id = $1', [id])).rowCount ?? 0
        await client.query('DELETE FROM comments WHERE id = $1', [id])
        await client.query(
          `UPDATE ${itemTable(target.kind)} SET total_comments = GREATEST(total_comments - $1, 0) WHERE id = $2`,
          [replies + 1, target.item_id],
        )
      }),
  }
}
