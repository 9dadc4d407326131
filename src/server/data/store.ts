import Database from 'better-sqlite3'
import type { Statement } from 'better-sqlite3'
import { compileQuery, type SqlFragment, type TermMatcher } from '../search/compile.ts'
import type { QueryNode } from '../search/query.ts'
import { CommentStore } from './comments.ts'
import { SocialQueries } from './social.ts'
import { TagSuggestions } from './tag-suggestions.ts'
import { preparedOnce } from './prepared.ts'
import { LibraryFiles } from './library-files.ts'
import {
  AI_SHOWN_SQL,
  LIBRARY_OWNER_SQL,
  PUBLIC_FOR_CALLER_SQL,
  PUBLIC_OF_AGE_SQL,
  VISIBLE_SQL,
  type Viewer,
} from '../services/visibility.ts'

// The data-access module: every SQL statement of the service lives in this folder, and nothing
// outside it knows a table name. Statements are prepared once; every value is a bound parameter.

/** Who is asking (the visibility rule's viewer, services/visibility.ts): id 0 is an anonymous caller. */
export type Caller = Viewer
export const ANONYMOUS: Caller = { id: 0, maxX: 0 }

export type Kind = 'illust' | 'novel'

export interface WorkRow {
  id: number
  user_id: number
  type: 'illust' | 'manga' | 'ugoira'
  title: string
  caption: string
  created_ts: number
  width: number
  height: number
  page_count: number
  ext: 'jpg' | 'png'
  sanity_level: number
  x_restrict: number
  restrict: number
  ai_type: number
  book_style: number
  total_view: number
  total_bookmarks: number
  total_comments: number
  comment_access_control: number
  series_id: number | null
  series_order: number | null
  tools_json: string
  frame_delays_json: string | null
  restricted_mode: number
  male_share: number
}

export interface NovelRow {
  id: number
  user_id: number
  title: string
  caption: string
  created_ts: number
  restrict: number
  x_restrict: number
  is_original: number
  ai_type: number
  page_count: number
  text_length: number
  total_view: number
  total_bookmarks: number
  total_comments: number
  series_id: number | null
  series_order: number | null
  cover_hash: string | null
}

export interface UserRow {
  id: number
  name: string
  account: string
  comment: string
  password_hash: string | null
  x_restrict: number
  is_premium: number
  profile_date: string
  profile_hash: string
  profile_json: string
  show_ai: number
  /** `admin` or `member` */
  role: string
}

export interface TagRow {
  id: number
  name: string
  translated_name: string | null
}

export interface IllustSeriesRow {
  id: number
  user_id: number
  title: string
  caption: string
  created_ts: number
  cover_token: string
}

export interface NovelSeriesRow {
  id: number
  user_id: number
  title: string
  caption: string
  is_original: number
  is_concluded: number
  created_ts: number
}

/** A session (a refresh token row) as the account's list of signed-in devices shows it. */
export interface SessionRow {
  id: number
  /** unix seconds; 0 for a session older than schema 6 */
  created_ts: number
  /** unix seconds of its last renewal; 0 for a session older than schema 6 not renewed since */
  used_ts: number
  /** the sign-in's User-Agent, or the name its owner gave an app's token */
  client: string
}

export interface BookmarkRow {
  id: number
  item_id: number
  restrict: number
}

export type SearchTarget = 'partial_match_for_tags' | 'exact_match_for_tags' | 'title_and_caption' | 'text' | 'keyword'
export type SearchSort = 'date_desc' | 'date_asc' | 'popular_desc' | 'popular_male_desc' | 'popular_female_desc'

export interface SearchQuery {
  /** the parsed query (search/query.ts) */
  expr: QueryNode
  target: SearchTarget
  sort: SearchSort
  /** inclusive unix-second bounds on created_ts */
  since?: number
  until?: number
  /** false: leave out fully AI-generated works */
  showAi: boolean
  bookmarkMin?: number
  bookmarkMax?: number
}

export interface RankingSpec {
  /** first and last JST day numbers of the period */
  fromDay: number
  toDay: number
  xRestrict: number
  type?: 'manga' | 'illust'
  aiOnly?: boolean
  originalOnly?: boolean
  rookieOnly?: boolean
  audience?: 'male' | 'female'
}

const json = (ids: readonly (number | string)[]) => JSON.stringify(ids)

const table = (kind: Kind) =>
  kind === 'illust'
    ? {
        items: 'works',
        bookmarks: 'illust_bookmarks',
        bookmarkTags: 'illust_bookmark_tags',
        itemTags: 'work_tags',
        tagItem: 'work_id',
        activity: 'work_activity',
        activityItem: 'work_id',
      }
    : {
        items: 'novels',
        bookmarks: 'novel_bookmarks',
        bookmarkTags: 'novel_bookmark_tags',
        itemTags: 'novel_tags',
        tagItem: 'novel_id',
        activity: 'novel_activity',
        activityItem: 'novel_id',
      }

// The visibility rule's SQL (services/visibility.ts, where the rule is stated once), under the names the queries use.
export const AI_SHOWN = AI_SHOWN_SQL
export const LIBRARY_OWNER = LIBRARY_OWNER_SQL
export const VISIBLE = VISIBLE_SQL

const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

export class CatalogueStore {
  readonly db: Database.Database
  /** comments and their counters (comments.ts) */
  readonly comments: CommentStore
  /** feeds, newest lists, user lists and the AI-show setting (social.ts) */
  readonly social: SocialQueries
  /** autocomplete, under the items' visibility rule (tag-suggestions.ts) */
  readonly tagSuggestions: TagSuggestions
  /** an imported work's files (library-files.ts); empty in a demo catalogue */
  readonly library: LibraryFiles
  private readonly q: (sql: string) => Statement

  constructor(file: string, opts: { readonly?: boolean } = {}) {
    this.db = new Database(file, { readonly: opts.readonly ?? false, fileMustExist: true })
    if (!opts.readonly) {
      this.db.pragma('journal_mode = WAL')
      // FULL: an acknowledged bookmark is on disk before the answer leaves, so it survives kill -9 and power loss.
      this.db.pragma('synchronous = FULL')
    }
    this.db.pragma('busy_timeout = 5000')
    this.db.pragma('cache_size = -65536')
    this.db.pragma('mmap_size = 268435456')
    this.db.pragma('temp_store = MEMORY')
    this.q = preparedOnce(this.db)
    this.comments = new CommentStore(this.db)
    this.social = new SocialQueries(this.db)
    this.tagSuggestions = new TagSuggestions(this.db, () => this.itemsVersion())
    this.library = new LibraryFiles(this.db)
  }

  close() {
    this.db.close()
  }

  // ---- catalogue facts -------------------------------------------------------------------------------

  meta(): Record<string, string> {
    const rows = this.q('SELECT key, value FROM meta').all() as { key: string; value: string }[]
    return Object.fromEntries(rows.map((r) => [r.key, r.value]))
  }

  /** The latest JST day with activity, i.e. the latest ranking date. */
  latestActivityDay(kind: Kind): number {
    const t = table(kind)
    const r = this.q(`SELECT MAX(day) AS d FROM ${t.activity}`).get() as { d: number | null }
    return r.d ?? 0
  }

  /** The latest JST day with activity on or before `day` (the ranking a later date shows); undefined if none. */
  activityDayOnOrBefore(kind: Kind, day: number): number | undefined {
    const t = table(kind)
    const r = this.q(`SELECT MAX(day) AS d FROM ${t.activity} WHERE day <= ?`).get(day) as { d: number | null }
    return r.d ?? undefined
  }

  // ---- users -----------------------------------------------------------------------------------------

  user(id: number): UserRow | undefined {
    return this.q('SELECT * FROM users WHERE id = ?').get(id) as UserRow | undefined
  }

  userByAccount(account: string): UserRow | undefined {
    return this.q('SELECT * FROM users WHERE account = ?').get(account) as UserRow | undefined
  }

  users(ids: readonly number[]): Map<number, UserRow> {
    const rows = this.q('SELECT * FROM users WHERE id IN (SELECT value FROM json_each(?))').all(json(ids)) as UserRow[]
    return new Map(rows.map((r) => [r.id, r]))
  }

  isMutual(a: number, b: number): boolean {
    if (!a || !b) return false
    return !!this.q(
      `SELECT 1 FROM follows x JOIN follows y ON y.follower_id = x.followee_id AND y.followee_id = x.follower_id
       WHERE x.follower_id = ? AND x.followee_id = ?`,
    ).get(a, b)
  }

  /** Of `userIds`, those the caller follows. */
  /** Everyone the user follows and everyone who follows the user (either restrict). */
  followSets(userId: number): { following: number[]; followers: number[] } {
    const ids = (sql: string) => (this.q(sql).all(userId) as { id: number }[]).map((r) => r.id)
    return {
      following: ids('SELECT followee_id AS id FROM follows WHERE follower_id = ?'),
      followers: ids('SELECT follower_id AS id FROM follows WHERE followee_id = ?'),
    }
  }

  followedAmong(me: number, userIds: readonly number[]): Set<number> {
    if (!me || userIds.length === 0) return new Set()
    const rows = this.q(
      'SELECT followee_id AS id FROM follows WHERE follower_id = ? AND followee_id IN (SELECT value FROM json_each(?))',
    ).all(me, json(userIds)) as { id: number }[]
    return new Set(rows.map((r) => r.id))
  }

  userCounts(userId: number, caller: Caller) {
    const p = { me: caller.id, maxX: caller.maxX, uid: userId }
    const works = this.q(
      `SELECT SUM(type != 'manga') AS illusts, SUM(type = 'manga') AS manga FROM works w WHERE w.user_id = @uid AND ${VISIBLE}`,
    ).get(p) as { illusts: number | null; manga: number | null }
    const novels = this.q(`SELECT COUNT(*) AS n FROM novels w WHERE w.user_id = @uid AND ${VISIBLE}`).get(p) as {
      n: number
    }
    const one = (sql: string) => (this.q(sql).get(userId) as { n: number }).n
    return {
      illusts: works.illusts ?? 0,
      manga: works.manga ?? 0,
      novels: novels.n,
      follows: one('SELECT COUNT(*) AS n FROM follows WHERE follower_id = ? AND restrict = 0'),
      // as /v1/user/mypixiv lists them: a follow not the caller's own counts only when public
      mypixiv: (
        this.q(
          `SELECT COUNT(*) AS n FROM follows x JOIN follows y ON y.follower_id = x.followee_id AND y.followee_id = x.follower_id
           WHERE x.follower_id = @uid AND (x.restrict = 0 OR x.follower_id = @me) AND (y.restrict = 0 OR y.follower_id = @me)`,
        ).get({ uid: userId, me: caller.id }) as { n: number }
      ).n,
      // Counted as the lists they count are shown: only what the caller may see (a bookmark of a hidden work, a
      // series of hidden works, is no part of what the caller can open).
      publicIllustBookmarks: (
        this.q(
          `SELECT COUNT(*) AS n FROM illust_bookmarks b JOIN works w ON w.id = b.item_id
           WHERE b.user_id = @uid AND b.restrict = 0 AND ${VISIBLE}`,
        ).get(p) as { n: number }
      ).n,
      illustSeries: this.visibleSeriesCount('illust', userId, caller),
      novelSeries: this.visibleSeriesCount('novel', userId, caller),
    }
  }

  /** How many of the user's series have at least one item the caller may see. */
  visibleSeriesCount(kind: Kind, userId: number, caller: Caller): number {
    const t = table(kind)
    const series = kind === 'illust' ? 'illust_series' : 'novel_series'
    return (
      this.q(
        `SELECT COUNT(*) AS n FROM ${series} s
         WHERE s.user_id = @uid AND EXISTS (SELECT 1 FROM ${t.items} w WHERE w.series_id = s.id AND ${VISIBLE})`,
      ).get({ uid: userId, me: caller.id, maxX: caller.maxX }) as { n: number }
    ).n
  }

  /** Users the given user follows, newest follow first; private follows only when `includePrivate`. */
  following(userId: number, restrict: 0 | 1, offset: number, limit: number): number[] {
    const rows = this.q(
      'SELECT followee_id AS id FROM follows WHERE follower_id = ? AND restrict = ? ORDER BY seq DESC LIMIT ? OFFSET ?',
    ).all(userId, restrict, limit, offset) as { id: number }[]
    return rows.map((r) => r.id)
  }

  follow(me: number, userId: number, restrict: 0 | 1) {
    this.q(
      `INSERT INTO follows (follower_id, followee_id, restrict, seq)
       VALUES (?, ?, ?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM follows))
       ON CONFLICT (follower_id, followee_id) DO UPDATE SET restrict = excluded.restrict`,
    ).run(me, userId, restrict)
  }

  unfollow(me: number, userId: number) {
    this.q('DELETE FROM follows WHERE follower_id = ? AND followee_id = ?').run(me, userId)
  }

  // ---- refresh tokens --------------------------------------------------------------------------------

  /**
   * Keeps a new refresh token (a sign-in, or a token made for an app); answers its session id, which the access tokens
   * issued from it name.
   */
  saveRefreshToken(hash: string, userId: number, expiresTs: number, nowTs: number, client: string): number {
    const info = this.q(
      'INSERT INTO refresh_tokens (token_hash, user_id, expires_ts, created_ts, used_ts, client) VALUES (?, ?, ?, ?, ?, ?)',
    ).run(hash, userId, expiresTs, nowTs, nowTs, client)
    return Number(info.lastInsertRowid)
  }

  /**
   * Checks a refresh token, as pixiv's work: reusable until revoked. A valid one gets its expiry pushed to
   * `expiresTs` (a token in use never lapses) and its last use set to now; answers its user and session if it was
   * valid and unexpired.
   */
  useRefreshToken(hash: string, nowTs: number, expiresTs: number): { userId: number; sessionId: number } | undefined {
    return this.db.transaction(() => {
      const row = this.q('SELECT id, user_id, expires_ts FROM refresh_tokens WHERE token_hash = ?').get(hash) as
        { id: number; user_id: number; expires_ts: number } | undefined
      this.q('DELETE FROM refresh_tokens WHERE expires_ts < ?').run(nowTs)
      if (!row || row.expires_ts < nowTs) return undefined
      this.q('UPDATE refresh_tokens SET expires_ts = ?, used_ts = ? WHERE id = ?').run(expiresTs, nowTs, row.id)
      return { userId: row.user_id, sessionId: row.id }
    })()
  }

  /** The user's unexpired sessions, the most recently used first. */
  sessionsOf(userId: number, nowTs: number): SessionRow[] {
    return this.q(
      `SELECT id, created_ts, used_ts, client FROM refresh_tokens WHERE user_id = ? AND expires_ts >= ?
       ORDER BY used_ts DESC, id DESC`,
    ).all(userId, nowTs) as SessionRow[]
  }

  /** Ends one of the user's sessions by id (another user's is left alone); whether there was one. */
  revokeSession(userId: number, sessionId: number): boolean {
    return this.q('DELETE FROM refresh_tokens WHERE id = ? AND user_id = ?').run(sessionId, userId).changes > 0
  }

  /** A new password hash, and every session of the account ended, at once; answers the sessions ended. */
  setPassword(userId: number, passwordHash: string): number[] {
    return this.db.transaction(() => {
      this.q('UPDATE users SET password_hash = ? WHERE id = ?').run(passwordHash, userId)
      return this.revokeRefreshTokensOf(userId)
    })()
  }

  /** A session (refresh token row) by id: its user and expiry, if it has not been revoked. */
  session(id: number): { userId: number; expiresTs: number } | undefined {
    const row = this.q('SELECT user_id, expires_ts FROM refresh_tokens WHERE id = ?').get(id) as
      { user_id: number; expires_ts: number } | undefined
    return row && { userId: row.user_id, expiresTs: row.expires_ts }
  }

  /** Revokes one refresh token (sign-out); answers its session, if it existed. */
  revokeRefreshToken(hash: string): { sessionId: number; userId: number } | undefined {
    const row = this.q('DELETE FROM refresh_tokens WHERE token_hash = ? RETURNING id, user_id').get(hash) as
      { id: number; user_id: number } | undefined
    return row && { sessionId: row.id, userId: row.user_id }
  }

  /** Revokes every refresh token of a user (sign out everywhere, a password change); answers their session ids. */
  revokeRefreshTokensOf(userId: number): number[] {
    const rows = this.q('DELETE FROM refresh_tokens WHERE user_id = ? RETURNING id').all(userId) as { id: number }[]
    return rows.map((r) => r.id)
  }

  // ---- items (works and novels) ----------------------------------------------------------------------

  work(id: number): WorkRow | undefined {
    return this.q('SELECT * FROM works WHERE id = ?').get(id) as WorkRow | undefined
  }

  novel(id: number): NovelRow | undefined {
    return this.q('SELECT * FROM novels WHERE id = ?').get(id) as NovelRow | undefined
  }

  /** Rows for the ids, in the order of the ids (missing ids are skipped). */
  worksByIds(ids: readonly number[]): WorkRow[] {
    return this.byIds('works', ids) as WorkRow[]
  }

  novelsByIds(ids: readonly number[]): NovelRow[] {
    return this.byIds('novels', ids) as NovelRow[]
  }

  private byIds(name: 'works' | 'novels', ids: readonly number[]) {
    if (ids.length === 0) return []
    const rows = this.q(`SELECT * FROM ${name} WHERE id IN (SELECT value FROM json_each(?))`).all(json(ids)) as {
      id: number
    }[]
    const byId = new Map(rows.map((r) => [r.id, r]))
    return ids.flatMap((id) => byId.get(id) ?? [])
  }

  tagsOf(kind: Kind, ids: readonly number[]): Map<number, (TagRow & { by_author?: number })[]> {
    const t = table(kind)
    const extra = kind === 'novel' ? ', x.by_author' : ''
    const rows = this.q(
      `SELECT x.${t.tagItem} AS item, t.id, t.name, t.translated_name${extra} FROM ${t.itemTags} x JOIN tags t ON t.id = x.tag_id
       WHERE x.${t.tagItem} IN (SELECT value FROM json_each(?)) ORDER BY x.${t.tagItem}, x.pos`,
    ).all(json(ids)) as (TagRow & { item: number; by_author?: number })[]
    const out = new Map<number, (TagRow & { by_author?: number })[]>()
    for (const { item, ...tag } of rows) {
      let list = out.get(item)
      if (!list) out.set(item, (list = []))
      list.push(tag)
    }
    return out
  }

  illustSeries(id: number): IllustSeriesRow | undefined {
    return this.q('SELECT * FROM illust_series WHERE id = ?').get(id) as IllustSeriesRow | undefined
  }

  illustSeriesByCoverToken(token: string): IllustSeriesRow | undefined {
    return this.q('SELECT * FROM illust_series WHERE cover_token = ?').get(token) as IllustSeriesRow | undefined
  }

  novelSeries(id: number): NovelSeriesRow | undefined {
    return this.q('SELECT * FROM novel_series WHERE id = ?').get(id) as NovelSeriesRow | undefined
  }

  seriesTitles(kind: Kind, ids: readonly number[]): Map<number, string> {
    const name = kind === 'illust' ? 'illust_series' : 'novel_series'
    const rows = this.q(`SELECT id, title FROM ${name} WHERE id IN (SELECT value FROM json_each(?))`).all(
      json(ids),
    ) as {
      id: number
      title: string
    }[]
    return new Map(rows.map((r) => [r.id, r.title]))
  }

  seriesStats(kind: Kind, seriesId: number, caller: Caller) {
    const t = table(kind)
    const lengthCol = kind === 'novel' ? 'SUM(w.text_length)' : '0'
    return this.q(
      `SELECT COUNT(*) AS count, ${lengthCol} AS chars, MIN(w.series_order) AS first, MAX(w.series_order) AS last
       FROM ${t.items} w WHERE w.series_id = @sid AND ${VISIBLE}`,
    ).get({ sid: seriesId, me: caller.id, maxX: caller.maxX }) as {
      count: number
      chars: number | null
      first: number | null
      last: number | null
    }
  }

  /** Series entries after `afterOrder` in series order (the `last_order` cursor). */
  seriesPage(kind: Kind, seriesId: number, caller: Caller, afterOrder: number, limit: number, offset = 0): number[] {
    const t = table(kind)
    const rows = this.q(
      `SELECT w.id FROM ${t.items} w WHERE w.series_id = @sid AND w.series_order > @after AND ${VISIBLE}
       ORDER BY w.series_order, w.id LIMIT @limit OFFSET @offset`,
    ).all({ sid: seriesId, after: afterOrder, limit, offset, me: caller.id, maxX: caller.maxX }) as { id: number }[]
    return rows.map((r) => r.id)
  }

  /** The neighbours of a series entry, for the novel text's series_prev / series_next. */
  seriesNeighbours(kind: Kind, seriesId: number, order: number, caller: Caller) {
    const t = table(kind)
    const p = { sid: seriesId, o: order, me: caller.id, maxX: caller.maxX }
    const prev = this.q(
      `SELECT w.id FROM ${t.items} w WHERE w.series_id = @sid AND w.series_order < @o AND ${VISIBLE} ORDER BY w.series_order DESC, w.id DESC LIMIT 1`,
    ).get(p) as { id: number } | undefined
    const next = this.q(
      `SELECT w.id FROM ${t.items} w WHERE w.series_id = @sid AND w.series_order > @o AND ${VISIBLE} ORDER BY w.series_order, w.id LIMIT 1`,
    ).get(p) as { id: number } | undefined
    return { prev: prev?.id, next: next?.id }
  }

  userItems(
    kind: Kind,
    userId: number,
    caller: Caller,
    type: 'illust' | 'manga' | undefined,
    offset: number,
    limit: number,
  ) {
    const t = table(kind)
    const typeSql = type === 'manga' ? "AND w.type = 'manga'" : type === 'illust' ? "AND w.type != 'manga'" : ''
    const rows = this.q(
      `SELECT w.id FROM ${t.items} w WHERE w.user_id = @uid ${typeSql} AND ${VISIBLE} ORDER BY w.id DESC LIMIT @limit OFFSET @offset`,
    ).all({ uid: userId, limit, offset, me: caller.id, maxX: caller.maxX }) as { id: number }[]
    return rows.map((r) => r.id)
  }

  novelText(id: number): string | undefined {
    return (this.q('SELECT text FROM novel_texts WHERE novel_id = ?').get(id) as { text: string } | undefined)?.text
  }

  novelImages(id: number): { image_id: number; width: number; height: number }[] {
    return this.q('SELECT image_id, width, height FROM novel_images WHERE novel_id = ? ORDER BY image_id').all(id) as {
      image_id: number
      width: number
      height: number
    }[]
  }

  // ---- search ----------------------------------------------------------------------------------------

  private tagIdCache = new Map<string, number[]>()
  private tagIdCacheVersion: string | undefined

  /**
   * The version of the catalogue's works and tags (meta `items_version`): a library import that changed them bumps
   * it, and caches derived from them (this one, the tag suggestions') start again, in every connection (the search
   * workers' too). A demo catalogue never changes it.
   */
  itemsVersion(): string {
    const row = this.q("SELECT value FROM meta WHERE key = 'items_version'").get() as { value: string } | undefined
    return row?.value ?? ''
  }

  /** Tag ids matching one word: part of a name or a translated name, or all of one. */
  tagIdsFor(word: string, exact: boolean): number[] {
    const key = `${exact ? '=' : '~'}${word}`
    const version = this.itemsVersion()
    if (version !== this.tagIdCacheVersion) {
      this.tagIdCache.clear()
      this.tagIdCacheVersion = version
    }
    let ids = this.tagIdCache.get(key)
    if (!ids) {
      const rows = exact
        ? this.q('SELECT id FROM tags WHERE name = ? OR translated_name = ? COLLATE NOCASE').all(word, word)
        : this.q("SELECT id FROM tags WHERE name LIKE ? ESCAPE '\\' OR translated_name LIKE ? ESCAPE '\\'").all(
            likePattern(word),
            likePattern(word),
          )
      ids = (rows as { id: number }[]).map((r) => r.id)
      if (this.tagIdCache.size > 5000) this.tagIdCache.clear()
      this.tagIdCache.set(key, ids)
    }
    return ids
  }

  /** One page of search hits (ids), `limit` long from `offset`. */
  search(kind: Kind, query: SearchQuery, caller: Caller, offset: number, limit: number): number[] {
    const t = table(kind)
    const params: Record<string, unknown> = { me: caller.id, maxX: caller.maxX, limit, offset }
    const where: string[] = [VISIBLE]
    // Each term of the parsed query becomes one membership test; compileQuery combines them with AND, OR and NOT.
    const taggedWith = (tagIds: number[]): SqlFragment => ({
      sql: `w.id IN (SELECT ${t.tagItem} FROM ${t.itemTags} WHERE tag_id IN (SELECT value FROM json_each(?)))`,
      params: [json(tagIds)],
    })
    const tagTerm =
      (exact: boolean): TermMatcher =>
      (text) =>
        taggedWith(this.tagIdsFor(text, exact))
    // Terms ORed together are one set of tags: one pass over the tag index, where SQLite would make one per term.
    const tagsOfAny = (exact: boolean) => (texts: string[]) =>
      taggedWith([...new Set(texts.flatMap((text) => this.tagIdsFor(text, exact)))])
    const textTerm =
      (cols: string[]): TermMatcher =>
      (text) => ({
        sql: cols.map((c) => `${c} LIKE ? ESCAPE '\\'`).join(' OR '),
        params: cols.map(() => likePattern(text)),
      })
    const matchers: Record<SearchTarget, TermMatcher> = {
      partial_match_for_tags: tagTerm(false),
      exact_match_for_tags: tagTerm(true),
      title_and_caption: textTerm(['w.title', 'w.caption']),
      keyword: (text) => {
        const a = textTerm(['w.title', 'w.caption'])(text)
        const b = tagTerm(false)(text)
        return { sql: `${a.sql} OR ${b.sql}`, params: [...a.params, ...b.params] }
      },
      text: textTerm(['(SELECT text FROM novel_texts x WHERE x.novel_id = w.id)']),
    }
    const anyMatchers: Partial<Record<SearchTarget, (texts: string[]) => SqlFragment>> = {
      partial_match_for_tags: tagsOfAny(false),
      exact_match_for_tags: tagsOfAny(true),
      keyword: (texts) => {
        const a = texts.map(textTerm(['w.title', 'w.caption']))
        const b = tagsOfAny(false)(texts)
        return { sql: [...a, b].map((f) => f.sql).join(' OR '), params: [...a, b].flatMap((f) => f.params) }
      },
    }
    const match = compileQuery(query.expr, matchers[query.target], anyMatchers[query.target])
    where.push(match.sql)
    if (query.since !== undefined) {
      where.push('w.created_ts >= @since')
      params.since = query.since
    }
    if (query.until !== undefined) {
      where.push('w.created_ts <= @until')
      params.until = query.until
    }
    if (!query.showAi) where.push('w.ai_type != 2')
    if (query.bookmarkMin !== undefined) {
      where.push('w.total_bookmarks >= @bmin')
      params.bmin = query.bookmarkMin
    }
    if (query.bookmarkMax !== undefined) {
      where.push('w.total_bookmarks <= @bmax')
      params.bmax = query.bookmarkMax
    }
    const male = kind === 'illust' ? 'w.male_share' : '(w.id % 101)'
    const order = {
      date_desc: 'w.created_ts DESC, w.id DESC',
      date_asc: 'w.created_ts ASC, w.id ASC',
      popular_desc: 'w.total_bookmarks DESC, w.id DESC',
      popular_male_desc: `w.total_bookmarks * ${male} DESC, w.id DESC`,
      popular_female_desc: `w.total_bookmarks * (100 - ${male}) DESC, w.id DESC`,
    }[query.sort]
    const sql = `SELECT w.id FROM ${t.items} w WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT @limit OFFSET @offset`
    return (this.q(sql).all(...match.params, params) as { id: number }[]).map((r) => r.id)
  }

  // ---- ranking, trending, related, recommended -------------------------------------------------------

  /** Public works ranked by their activity within the period; at most `limit`. */
  ranking(kind: Kind, spec: RankingSpec, limit: number): number[] {
    const t = table(kind)
    const where = [PUBLIC_OF_AGE_SQL]
    if (spec.type === 'manga') where.push("w.type = 'manga'")
    if (spec.type === 'illust') where.push("w.type != 'manga'")
    if (spec.aiOnly) where.push('w.ai_type = 2')
    else where.push('w.ai_type != 2')
    if (spec.originalOnly)
      where.push(
        `w.id IN (SELECT ${t.tagItem} FROM ${t.itemTags} WHERE tag_id = (SELECT id FROM tags WHERE name = 'オリジナル'))`,
      )
    if (spec.rookieOnly)
      where.push(
        `w.user_id IN (SELECT user_id FROM ${t.items} GROUP BY user_id HAVING MIN(created_ts) >= @rookieSince)`,
      )
    const male = kind === 'illust' ? 'w.male_share' : '(w.id % 101)'
    const weight =
      spec.audience === 'male' ? `${male} / 100.0` : spec.audience === 'female' ? `(100 - ${male}) / 100.0` : '1.0'
    const sql = `SELECT a.${t.activityItem} AS id, SUM(a.bookmarks * 20 + a.views) * ${weight} AS score
      FROM ${t.activity} a JOIN ${t.items} w ON w.id = a.${t.activityItem}
      WHERE a.day BETWEEN @from AND @to AND ${where.join(' AND ')}
      GROUP BY a.${t.activityItem} ORDER BY score DESC, id DESC LIMIT @limit`
    const rows = this.q(sql).all({
      from: spec.fromDay,
      to: spec.toDay,
      x: spec.xRestrict,
      limit,
      rookieSince: (spec.toDay - 120) * 86400 - 9 * 3600,
    }) as { id: number }[]
    return rows.map((r) => r.id)
  }

  /** Tags with the most bookmarks in the period, each with its most bookmarked public all-ages work. */
  trendingTags(fromDay: number, toDay: number, limit: number): { tag: TagRow; workId: number }[] {
    const rows = this.q(
      `WITH act AS (SELECT work_id, SUM(bookmarks) AS b FROM work_activity WHERE day BETWEEN ? AND ? GROUP BY work_id),
       ranked AS (SELECT x.tag_id, act.work_id, act.b,
                   ROW_NUMBER() OVER (PARTITION BY x.tag_id ORDER BY act.b DESC, act.work_id DESC) AS rn,
                   SUM(act.b) OVER (PARTITION BY x.tag_id) AS total
                  FROM act JOIN works w ON w.id = act.work_id JOIN work_tags x ON x.work_id = act.work_id
                  WHERE ${PUBLIC_OF_AGE_SQL.replace('@x', '0')})
       SELECT t.id, t.name, t.translated_name, ranked.work_id FROM ranked JOIN tags t ON t.id = ranked.tag_id
       WHERE rn = 1 ORDER BY total DESC, t.id LIMIT ?`,
    ).all(fromDay, toDay, limit) as (TagRow & { work_id: number })[]
    return rows.map(({ work_id, ...tag }) => ({ tag, workId: work_id }))
  }

  /** Works related to one: shared tags and the same author, weighted by popularity. */
  related(workId: number, caller: Caller, limit: number): number[] {
    const rows = this.q(
      `WITH seed AS (SELECT tag_id FROM work_tags WHERE work_id = @id),
            author AS (SELECT user_id FROM works WHERE id = @id)
       SELECT w.id, (SELECT COUNT(*) FROM work_tags x WHERE x.work_id = w.id AND x.tag_id IN (SELECT tag_id FROM seed))
                    + 2 * (w.user_id = (SELECT user_id FROM author)) AS overlap
       FROM works w
       WHERE w.id != @id AND w.id IN (SELECT work_id FROM work_tags WHERE tag_id IN (SELECT tag_id FROM seed)
                                      UNION SELECT id FROM works WHERE user_id = (SELECT user_id FROM author))
         AND ${VISIBLE}
       ORDER BY overlap DESC, w.total_bookmarks DESC, w.id DESC LIMIT @limit`,
    ).all({ id: workId, me: caller.id, maxX: caller.maxX, limit }) as { id: number }[]
    return rows.map((r) => r.id)
  }

  /** Candidates for popularity-based recommendation: public works the caller may see. */
  popularCandidates(kind: Kind, caller: Caller, type: 'illust' | 'manga' | undefined, limit: number) {
    const t = table(kind)
    const typeSql = type === 'manga' ? "AND w.type = 'manga'" : type === 'illust' ? "AND w.type != 'manga'" : ''
    return this.q(
      `SELECT w.id, w.user_id, w.total_bookmarks, w.created_ts FROM ${t.items} w
       WHERE ${PUBLIC_FOR_CALLER_SQL} ${typeSql} AND w.user_id != @me
       ORDER BY w.total_bookmarks DESC, w.id DESC LIMIT @limit`,
    ).all({ me: caller.id, maxX: caller.maxX, limit }) as {
      id: number
      user_id: number
      total_bookmarks: number
      created_ts: number
    }[]
  }

  /** The caller's bookmarks with ids in [min, max] (both restricts): the seed of personal recommendations. */
  bookmarkSeeds(kind: Kind, userId: number, minId: number, maxId: number) {
    const t = table(kind)
    return this.q(
      `SELECT b.item_id, w.user_id FROM ${t.bookmarks} b JOIN ${t.items} w ON w.id = b.item_id
       WHERE b.user_id = ? AND b.id BETWEEN ? AND ? ORDER BY b.id DESC`,
    ).all(userId, minId, maxId) as { item_id: number; user_id: number }[]
  }

  /** The newest bookmark id of a user (at most `maxId`) and the id `depth` bookmarks below it: a seed window. */
  bookmarkWindow(
    kind: Kind,
    userId: number,
    depth: number,
    maxId = Number.MAX_SAFE_INTEGER,
  ): { max: number; min: number } {
    const t = table(kind)
    const rows = this.q(`SELECT id FROM ${t.bookmarks} WHERE user_id = ? AND id <= ? ORDER BY id DESC LIMIT ?`).all(
      userId,
      maxId,
      depth,
    ) as { id: number }[]
    return { max: maxId === Number.MAX_SAFE_INTEGER ? (rows[0]?.id ?? 0) : maxId, min: rows.at(-1)?.id ?? 0 }
  }

  /** Items bookmarked by `userId` with bookmark id ≤ maxId, to leave out of their recommendations. */
  bookmarkedUpTo(kind: Kind, userId: number, maxId: number): Set<number> {
    const t = table(kind)
    const rows = this.q(`SELECT item_id FROM ${t.bookmarks} WHERE user_id = ? AND id <= ?`).all(userId, maxId) as {
      item_id: number
    }[]
    return new Set(rows.map((r) => r.item_id))
  }

  /** Visible items sharing any of the tags or authors, with what scoring needs. */
  recommendCandidates(kind: Kind, caller: Caller, tagIds: number[], authorIds: number[], type?: 'illust' | 'manga') {
    const t = table(kind)
    const typeSql = type === 'manga' ? "AND w.type = 'manga'" : type === 'illust' ? "AND w.type != 'manga'" : ''
    return this.q(
      `SELECT w.id, w.user_id, w.total_bookmarks, w.created_ts,
              (SELECT json_group_array(x.tag_id ORDER BY x.pos) FROM ${t.itemTags} x WHERE x.${t.tagItem} = w.id) AS tag_ids
       FROM ${t.items} w
       WHERE w.id IN (SELECT ${t.tagItem} FROM ${t.itemTags} WHERE tag_id IN (SELECT value FROM json_each(@tags))
                      UNION SELECT id FROM ${t.items} WHERE user_id IN (SELECT value FROM json_each(@authors)))
         AND w.user_id != @me ${typeSql} AND ${VISIBLE}
       ORDER BY w.id`,
    ).all({ tags: json(tagIds), authors: json(authorIds), me: caller.id, maxX: caller.maxX }) as {
      id: number
      user_id: number
      total_bookmarks: number
      created_ts: number
      tag_ids: string
    }[]
  }

  tagIdsOfItems(kind: Kind, ids: readonly number[]): number[] {
    const t = table(kind)
    const rows = this.q(
      `SELECT tag_id FROM ${t.itemTags} WHERE ${t.tagItem} IN (SELECT value FROM json_each(?)) ORDER BY ${t.tagItem}, pos`,
    ).all(json(ids)) as { tag_id: number }[]
    return rows.map((r) => r.tag_id)
  }

  // ---- bookmarks -------------------------------------------------------------------------------------

  /** A page of a user's bookmarks, newest first, with bookmark id below `beforeId`, visible to the caller. */
  bookmarks(
    kind: Kind,
    userId: number,
    restrict: 0 | 1,
    caller: Caller,
    beforeId: number,
    limit: number,
    tag?: string,
  ) {
    const t = table(kind)
    const tagSql = tag ? `AND b.id IN (SELECT bookmark_id FROM ${t.bookmarkTags} WHERE name = @tag)` : ''
    return this.q(
      `SELECT b.id, b.item_id, b.restrict FROM ${t.bookmarks} b JOIN ${t.items} w ON w.id = b.item_id
       WHERE b.user_id = @uid AND b.restrict = @restrict AND b.id < @before ${tagSql} AND ${VISIBLE}
       ORDER BY b.id DESC LIMIT @limit`,
    ).all({ uid: userId, restrict, before: beforeId, limit, tag, me: caller.id, maxX: caller.maxX }) as BookmarkRow[]
  }

  bookmarkedAmong(kind: Kind, me: number, ids: readonly number[]): Set<number> {
    if (!me || ids.length === 0) return new Set()
    const t = table(kind)
    const rows = this.q(
      `SELECT item_id FROM ${t.bookmarks} WHERE user_id = ? AND item_id IN (SELECT value FROM json_each(?))`,
    ).all(me, json(ids)) as { item_id: number }[]
    return new Set(rows.map((r) => r.item_id))
  }

  bookmarkOf(kind: Kind, me: number, itemId: number): { id: number; restrict: number; tags: string[] } | undefined {
    const t = table(kind)
    const row = this.q(`SELECT id, restrict FROM ${t.bookmarks} WHERE user_id = ? AND item_id = ?`).get(me, itemId) as
      { id: number; restrict: number } | undefined
    if (!row) return undefined
    const tags = this.q(`SELECT name FROM ${t.bookmarkTags} WHERE bookmark_id = ? ORDER BY name`).all(row.id) as {
      name: string
    }[]
    return { ...row, tags: tags.map((x) => x.name) }
  }

  /**
   * Adds a bookmark, or updates the restrict and tags of an existing one (which keeps its id, so a walk of the
   * bookmarks list is not shifted). One transaction: the counter and the row change together or not at all.
   */
  addBookmark(kind: Kind, me: number, itemId: number, restrict: 0 | 1, tags: string[], nowTs: number) {
    const t = table(kind)
    this.db.transaction(() => {
      const existing = this.q(`SELECT id FROM ${t.bookmarks} WHERE user_id = ? AND item_id = ?`).get(me, itemId) as
        { id: number } | undefined
      let id: number
      if (existing) {
        id = existing.id
        this.q(`UPDATE ${t.bookmarks} SET restrict = ? WHERE id = ?`).run(restrict, id)
        this.q(`DELETE FROM ${t.bookmarkTags} WHERE bookmark_id = ?`).run(id)
      } else {
        const info = this.q(
          `INSERT INTO ${t.bookmarks} (id, user_id, item_id, restrict, created_ts)
           VALUES ((SELECT COALESCE(MAX(id), 0) + 1 FROM ${t.bookmarks}), ?, ?, ?, ?)`,
        ).run(me, itemId, restrict, nowTs)
        id = Number(info.lastInsertRowid)
        this.q(`UPDATE ${t.items} SET total_bookmarks = total_bookmarks + 1 WHERE id = ?`).run(itemId)
      }
      for (const name of new Set(tags))
        this.q(`INSERT INTO ${t.bookmarkTags} (bookmark_id, name) VALUES (?, ?)`).run(id, name)
    })()
  }

  deleteBookmark(kind: Kind, me: number, itemId: number) {
    const t = table(kind)
    this.db.transaction(() => {
      const row = this.q(`SELECT id FROM ${t.bookmarks} WHERE user_id = ? AND item_id = ?`).get(me, itemId) as
        { id: number } | undefined
      if (!row) return
      this.q(`DELETE FROM ${t.bookmarkTags} WHERE bookmark_id = ?`).run(row.id)
      this.q(`DELETE FROM ${t.bookmarks} WHERE id = ?`).run(row.id)
      this.q(`UPDATE ${t.items} SET total_bookmarks = MAX(total_bookmarks - 1, 0) WHERE id = ?`).run(itemId)
    })()
  }

  /** Bookmark tags of a user with their counts, most used first: of the bookmarks of items the caller may see. */
  bookmarkTags(kind: Kind, userId: number, restrict: 0 | 1, caller: Caller, offset: number, limit: number) {
    const t = table(kind)
    return this.q(
      `SELECT x.name, COUNT(*) AS count FROM ${t.bookmarkTags} x JOIN ${t.bookmarks} b ON b.id = x.bookmark_id
       JOIN ${t.items} w ON w.id = b.item_id
       WHERE b.user_id = @uid AND b.restrict = @restrict AND ${VISIBLE}
       GROUP BY x.name ORDER BY count DESC, x.name LIMIT @limit OFFSET @offset`,
    ).all({ uid: userId, restrict, limit, offset, me: caller.id, maxX: caller.maxX }) as {
      name: string
      count: number
    }[]
  }

  // ---- mutes -----------------------------------------------------------------------------------------

  mutes(me: number): { tags: string[]; users: number[] } {
    if (!me) return { tags: [], users: [] }
    const rows = this.q('SELECT kind, value FROM mutes WHERE user_id = ? ORDER BY seq').all(me) as {
      kind: string
      value: string
    }[]
    return {
      tags: rows.filter((r) => r.kind === 'tag').map((r) => r.value),
      users: rows.filter((r) => r.kind === 'user').map((r) => Number(r.value)),
    }
  }

  tagsByNames(names: readonly string[]): Map<string, TagRow> {
    const rows = this.q('SELECT * FROM tags WHERE name IN (SELECT value FROM json_each(?))').all(
      json(names),
    ) as TagRow[]
    return new Map(rows.map((r) => [r.name, r]))
  }

  /** Applies a mute edit in one transaction; throws MuteLimitExceeded (and writes nothing) past `limit`. */
  editMutes(
    me: number,
    edit: { addTags: string[]; deleteTags: string[]; addUsers: number[]; deleteUsers: number[] },
    limit: number,
  ) {
    this.db.transaction(() => {
      const del = this.q('DELETE FROM mutes WHERE user_id = ? AND kind = ? AND value = ?')
      const add = this.q(
        `INSERT OR IGNORE INTO mutes (user_id, kind, value, seq)
         VALUES (?, ?, ?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM mutes WHERE user_id = ?))`,
      )
      for (const v of edit.deleteTags) del.run(me, 'tag', v)
      for (const v of edit.deleteUsers) del.run(me, 'user', String(v))
      for (const v of edit.addTags) add.run(me, 'tag', v, me)
      for (const v of edit.addUsers) add.run(me, 'user', String(v), me)
      const { n } = this.q('SELECT COUNT(*) AS n FROM mutes WHERE user_id = ?').get(me) as { n: number }
      if (n > limit) throw new MuteLimitExceeded()
    })()
  }
}

export class MuteLimitExceeded extends Error {}
