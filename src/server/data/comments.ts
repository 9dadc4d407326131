import type Database from 'better-sqlite3'
import type { Statement } from 'better-sqlite3'
import type { Kind } from './store.ts'
import { DROP_HOLDS_OF_COMMENT_SQL } from './moderation.ts'
import { preparedOnce } from './prepared.ts'

// Comments on works and novels (the `comments` table), reached as `store.comments`. Part of the data-access module:
// the SQL lives here, prepared once, every value bound.
//
// Threads are two levels deep: a comment is either a thread's first comment (parent_id null) or a reply whose
// parent_id is that first comment. The item's total_comments counts every row, replies included (pixiv counts
// them too), and changes in the same transaction as the rows.

export interface CommentRow {
  id: number
  kind: Kind
  item_id: number
  user_id: number
  /** the thread's first comment, for a reply */
  parent_id: number | null
  body: string
  created_ts: number
  /** 1 when the comment has replies */
  has_replies: number
}

export interface CommentPageQuery {
  /** leave out replies (the v3 list and its threads) */
  rootsOnly: boolean
  /** users whose comments the caller does not want to see */
  mutedUsers: readonly number[]
  /** the caller (0: anonymous): comments a moderator hid are left out, but for their authors */
  viewer?: number
  /** an admin: hidden comments are listed too */
  seeHeld?: boolean
  offset: number
  limit: number
}

const COLUMNS = `c.id, c.kind, c.item_id, c.user_id, c.parent_id, c.body, c.created_ts,
  EXISTS (SELECT 1 FROM comments r WHERE r.parent_id = c.id) AS has_replies`

const NOT_MUTED = 'c.user_id NOT IN (SELECT value FROM json_each(@muted))'

/** Comments a moderator hid (moderation_holds) are their authors' and the admins' to see. */
const NOT_HELD = `(@seeHeld = 1 OR c.user_id = @viewer
  OR NOT EXISTS (SELECT 1 FROM moderation_holds h WHERE h.kind = 'comment' AND h.target_id = c.id))`

const itemTable = (kind: Kind) => (kind === 'illust' ? 'works' : 'novels')

export class CommentStore {
  private readonly db: Database.Database
  /** Prepared on first use (an old catalogue without the table still opens), then kept. */
  private readonly q: (sql: string) => Statement

  constructor(db: Database.Database) {
    this.db = db
    this.q = preparedOnce(db)
  }

  get(id: number): CommentRow | undefined {
    return this.q(`SELECT ${COLUMNS} FROM comments c WHERE c.id = ?`).get(id) as CommentRow | undefined
  }

  /** Comments by id (for the parents of a page's replies); missing ids are left out. */
  byIds(ids: readonly number[]): Map<number, CommentRow> {
    if (ids.length === 0) return new Map()
    const rows = this.q(`SELECT ${COLUMNS} FROM comments c WHERE c.id IN (SELECT value FROM json_each(?))`).all(
      JSON.stringify(ids),
    ) as CommentRow[]
    return new Map(rows.map((r) => [r.id, r]))
  }

  /** One page of an item's comments, newest first. */
  page(kind: Kind, itemId: number, query: CommentPageQuery): CommentRow[] {
    const roots = query.rootsOnly ? 'AND c.parent_id IS NULL' : ''
    return this.q(
      `SELECT ${COLUMNS} FROM comments c WHERE c.kind = @kind AND c.item_id = @item ${roots} AND ${NOT_MUTED}
       AND ${NOT_HELD} ORDER BY c.created_ts DESC, c.id DESC LIMIT @limit OFFSET @offset`,
    ).all({
      kind,
      item: itemId,
      muted: JSON.stringify(query.mutedUsers),
      viewer: query.viewer ?? 0,
      seeHeld: query.seeHeld ? 1 : 0,
      limit: query.limit,
      offset: query.offset,
    }) as CommentRow[]
  }

  /** One page of a thread's replies, oldest first (a conversation reads downwards). */
  replies(rootId: number, query: Omit<CommentPageQuery, 'rootsOnly'>): CommentRow[] {
    return this.q(
      `SELECT ${COLUMNS} FROM comments c WHERE c.parent_id = @root AND ${NOT_MUTED} AND ${NOT_HELD}
       ORDER BY c.created_ts ASC, c.id ASC LIMIT @limit OFFSET @offset`,
    ).all({
      root: rootId,
      muted: JSON.stringify(query.mutedUsers),
      viewer: query.viewer ?? 0,
      seeHeld: query.seeHeld ? 1 : 0,
      limit: query.limit,
      offset: query.offset,
    }) as CommentRow[]
  }

  /** Adds a comment and counts it on its item, together. `parentId` must already be a thread's first comment. */
  add(kind: Kind, itemId: number, userId: number, parentId: number | null, body: string, nowTs: number): CommentRow {
    return this.db.transaction(() => {
      const info = this.q(
        'INSERT INTO comments (kind, item_id, user_id, parent_id, body, created_ts) VALUES (?, ?, ?, ?, ?, ?)',
      ).run(kind, itemId, userId, parentId, body, nowTs)
      this.q(`UPDATE ${itemTable(kind)} SET total_comments = total_comments + 1 WHERE id = ?`).run(itemId)
      return this.get(Number(info.lastInsertRowid))!
    })()
  }

  /**
   * Deletes a comment, and with a thread's first comment its replies (they answer nothing once it is gone), and
   * takes them off the item's counter, together. Returns how many rows went.
   */
  delete(id: number): number {
    return this.db.transaction(() => {
      const row = this.get(id)
      if (!row) return 0
      this.q(DROP_HOLDS_OF_COMMENT_SQL).run({ target: id })
      const replies = this.q('DELETE FROM comments WHERE parent_id = ?').run(id).changes
      this.q('DELETE FROM comments WHERE id = ?').run(id)
      const removed = replies + 1
      this.q(`UPDATE ${itemTable(row.kind)} SET total_comments = MAX(total_comments - ?, 0) WHERE id = ?`).run(
        removed,
        row.item_id,
      )
      return removed
    })()
  }

  /** How many comments (replies included) an item has, counted from the rows. */
  countRows(kind: Kind, itemId: number): number {
    return (
      this.q('SELECT COUNT(*) AS n FROM comments WHERE kind = ? AND item_id = ?').get(kind, itemId) as { n: number }
    ).n
  }

  /**
   * Items whose total_comments differs from their rows (an empty list when the counters are right): one query over
   * the whole catalogue, for tests and checks.
   */
  counterMismatches(): { kind: Kind; id: number; counter: number; rows: number }[] {
    const of = (kind: Kind) =>
      this.q(
        `SELECT '${kind}' AS kind, w.id, w.total_comments AS counter,
           (SELECT COUNT(*) FROM comments c WHERE c.kind = '${kind}' AND c.item_id = w.id) AS rows
         FROM ${itemTable(kind)} w WHERE counter != rows`,
      ).all() as { kind: Kind; id: number; counter: number; rows: number }[]
    return [...of('illust'), ...of('novel')]
  }

  /** Facts about the generated comments that tests look up instead of hard-coding ids. */
  stats() {
    return this.q(
      `SELECT COUNT(*) AS total, SUM(parent_id IS NOT NULL) AS replies, COUNT(DISTINCT user_id) AS authors,
         COUNT(DISTINCT kind || item_id) AS items, SUM(user_id = 1) AS byDemo
       FROM comments`,
    ).get() as { total: number; replies: number; authors: number; items: number; byDemo: number }
  }

  /**
   * Items (of a kind) with at least `min` comments, most first, with their author and who may see them. `where` is a
   * fixed SQL condition on `w` written in code (tests), never built from input.
   */
  busiestItems(kind: Kind, min: number, where = '1') {
    return this.q(
      `SELECT w.id, w.user_id, w.restrict, w.x_restrict, w.total_comments FROM ${itemTable(kind)} w
       WHERE w.total_comments >= ? AND ${where} ORDER BY w.total_comments DESC, w.id LIMIT 50`,
    ).all(min) as { id: number; user_id: number; restrict: number; x_restrict: number; total_comments: number }[]
  }
}
