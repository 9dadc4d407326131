import type Database from 'better-sqlite3'
import type { Statement } from 'better-sqlite3'
import type { Caller, Kind } from './store.ts'
import { VISIBLE } from './visibility.ts'
import { preparedOnce } from './prepared.ts'
import { containsPattern, type SqlFragment, type TermMatcher } from '../search/compile.ts'

// The SQL of the follow feeds, the newest lists, the user lists (followers, my pixiv, search, related, recommended)
// and the AI-show setting, reached as `store.social`; item visibility is the store's own VISIBLE fragment,
// so these lists obey the same rule (restrict, age setting, AI setting) as every other.

/** A user matches a term when their name or account contains it (case-insensitive for ASCII, as LIKE is). */
export const userTermMatcher: TermMatcher = (term) => {
  const p = containsPattern(term)
  return { sql: `(u.name LIKE ? ESCAPE '\\' OR u.account LIKE ? ESCAPE '\\')`, params: [p, p] }
}

const items = (kind: Kind) => (kind === 'illust' ? 'works' : 'novels')
const json = (ids: readonly number[]) => JSON.stringify(ids)

export type FeedRestrict = 'public' | 'private' | 'all'

export class SocialQueries {
  private readonly q: (sql: string) => Statement

  constructor(db: Database.Database) {
    this.q = preparedOnce(db)
  }

  // ---- feeds -----------------------------------------------------------------------------------------

  /** The visible items of the users the caller follows (`restrict`: which of its follows), newest first. */
  followFeed(kind: Kind, caller: Caller, restrict: FeedRestrict, offset: number, limit: number): number[] {
    const which = restrict === 'all' ? '' : `AND f.restrict = ${restrict === 'private' ? 1 : 0}`
    return this.ids(
      `SELECT w.id FROM ${items(kind)} w
       WHERE w.user_id IN (SELECT f.followee_id FROM follows f WHERE f.follower_id = @me ${which}) AND ${VISIBLE}
       ORDER BY w.created_ts DESC, w.id DESC LIMIT @limit OFFSET @offset`,
      { me: caller.id, maxX: caller.maxX, limit, offset },
    )
  }

  /**
   * The newest visible items, at most `maxId` (the `max_illust_id` / `max_novel_id` cursor): ids rise with time, so
   * id order is newest first and a cursor by id never skips or repeats an item when new ones arrive.
   */
  newest(kind: Kind, caller: Caller, type: 'illust' | 'manga' | undefined, maxId: number, limit: number): number[] {
    const typeSql = type === 'manga' ? "AND w.type = 'manga'" : type === 'illust' ? "AND w.type != 'manga'" : ''
    return this.ids(
      `SELECT w.id FROM ${items(kind)} w WHERE w.id <= @max ${typeSql} AND ${VISIBLE} ORDER BY w.id DESC LIMIT @limit`,
      { me: caller.id, maxX: caller.maxX, max: maxId, limit },
    )
  }

  // ---- user lists ------------------------------------------------------------------------------------

  /** Users who follow `userId` publicly, newest follow first (a private follow is its follower's secret). */
  followers(userId: number, offset: number, limit: number): number[] {
    return this.ids(
      `SELECT follower_id AS id FROM follows WHERE followee_id = @uid AND restrict = 0
       ORDER BY seq DESC LIMIT @limit OFFSET @offset`,
      { uid: userId, limit, offset },
    )
  }

  /**
   * My pixiv of `userId`: the users it follows and who follow it back, newest follow first. A follow that belongs to
   * someone other than the caller counts only when public, so the list never reveals another's private follow.
   */
  mypixiv(userId: number, callerId: number, offset: number, limit: number): number[] {
    return this.ids(
      `SELECT x.followee_id AS id FROM follows x
       JOIN follows y ON y.follower_id = x.followee_id AND y.followee_id = x.follower_id
       WHERE x.follower_id = @uid AND (x.restrict = 0 OR x.follower_id = @me) AND (y.restrict = 0 OR y.follower_id = @me)
       ORDER BY x.seq DESC LIMIT @limit OFFSET @offset`,
      { uid: userId, me: callerId, limit, offset },
    )
  }

  /** Users matching every term (`matcher` per term), most followed first. */
  /** Users matching a compiled query (search/compile.ts over `userTermMatcher`), most followed first. */
  searchUsers(match: SqlFragment, offset: number, limit: number): number[] {
    const sql = `SELECT u.id FROM users u WHERE ${match.sql}
      ORDER BY (SELECT COUNT(*) FROM follows f WHERE f.followee_id = u.id AND f.restrict = 0) DESC, u.id
      LIMIT ? OFFSET ?`
    const rows = this.q(sql).all(...match.params, limit, offset) as { id: number }[]
    return rows.map((r) => r.id)
  }

  /** Every user with public all-ages works, with the bookmarks those works hold (popularity) and how many. */
  authorPopularity(): { user_id: number; bookmarks: number; works: number }[] {
    return this.q(
      `SELECT user_id, SUM(total_bookmarks) AS bookmarks, COUNT(*) AS works FROM works
       WHERE restrict = 0 AND x_restrict = 0 GROUP BY user_id`,
    ).all() as { user_id: number; bookmarks: number; works: number }[]
  }

  /** The most used tags of a user's public works, with their counts. */
  authorTags(userId: number, limit: number): { tag_id: number; n: number }[] {
    return this.q(
      `SELECT x.tag_id, COUNT(*) AS n FROM works w JOIN work_tags x ON x.work_id = w.id
       WHERE w.user_id = ? AND w.restrict = 0 GROUP BY x.tag_id ORDER BY n DESC, x.tag_id LIMIT ?`,
    ).all(userId, limit) as { tag_id: number; n: number }[]
  }

  /** The tags of the works a user bookmarked most recently (both restricts: these are the user's own tastes). */
  bookmarkedTags(userId: number, depth: number, limit: number): { tag_id: number; n: number }[] {
    return this.q(
      `WITH recent AS (SELECT item_id FROM illust_bookmarks WHERE user_id = ? ORDER BY id DESC LIMIT ?)
       SELECT x.tag_id, COUNT(*) AS n FROM recent JOIN work_tags x ON x.work_id = recent.item_id
       GROUP BY x.tag_id ORDER BY n DESC, x.tag_id LIMIT ?`,
    ).all(userId, depth, limit) as { tag_id: number; n: number }[]
  }

  /** Per author, how many of their public works carry any of the tags. */
  authorsWithTags(tagIds: readonly number[]): Map<number, number> {
    const rows = this.q(
      `SELECT w.user_id, COUNT(DISTINCT w.id) AS n FROM work_tags x JOIN works w ON w.id = x.work_id
       WHERE x.tag_id IN (SELECT value FROM json_each(?)) AND w.restrict = 0 GROUP BY w.user_id`,
    ).all(json(tagIds)) as { user_id: number; n: number }[]
    return new Map(rows.map((r) => [r.user_id, r.n]))
  }

  /** Per author, how many distinct users bookmarked both one of `userId`'s works and one of theirs. */
  coBookmarkedAuthors(userId: number): Map<number, number> {
    const rows = this.q(
      `WITH fans AS (SELECT DISTINCT b.user_id FROM illust_bookmarks b JOIN works w ON w.id = b.item_id
                     WHERE w.user_id = @uid AND b.user_id != @uid)
       SELECT w.user_id, COUNT(DISTINCT b.user_id) AS n FROM illust_bookmarks b JOIN works w ON w.id = b.item_id
       WHERE b.user_id IN fans AND w.user_id != @uid AND w.restrict = 0 GROUP BY w.user_id`,
    ).all({ uid: userId }) as { user_id: number; n: number }[]
    return new Map(rows.map((r) => [r.user_id, r.n]))
  }

  /** The users `me` follows, either restrict. */
  followees(me: number): Set<number> {
    const rows = this.q('SELECT followee_id AS id FROM follows WHERE follower_id = ?').all(me) as { id: number }[]
    return new Set(rows.map((r) => r.id))
  }

  // ---- the AI-show setting ---------------------------------------------------------------------------

  showAi(me: number): boolean {
    const row = this.q('SELECT show_ai FROM users WHERE id = ?').get(me) as { show_ai: number } | undefined
    return row ? row.show_ai !== 0 : true
  }

  setShowAi(me: number, show: boolean) {
    this.q('UPDATE users SET show_ai = ? WHERE id = ?').run(show ? 1 : 0, me)
  }

  private ids(sql: string, params: Record<string, unknown>): number[] {
    return (this.q(sql).all(params) as { id: number }[]).map((r) => r.id)
  }
}
