import type { CatalogueStore } from './store.ts'

// Facts about the generated catalogue that tests and benchmarks look up instead of hard-coding ids.
// Part of the data-access module, so table names stay in this folder.

const one = <T>(store: CatalogueStore, sql: string, ...params: unknown[]) => store.db.prepare(sql).get(...params) as T
const all = <T>(store: CatalogueStore, sql: string, ...params: unknown[]) => store.db.prepare(sql).all(...params) as T[]

export const fixtures = {
  /** A tag name with at least `min` public all-ages works. */
  commonTag: (store: CatalogueStore, min = 100) =>
    one<{ name: string; n: number }>(
      store,
      `SELECT t.name, COUNT(*) AS n FROM work_tags x JOIN tags t ON t.id = x.tag_id JOIN works w ON w.id = x.work_id
       WHERE w.restrict = 0 AND w.x_restrict = 0 GROUP BY t.id HAVING n >= ? ORDER BY n ASC LIMIT 1`,
      min,
    ),
  longestNovelSeries: (store: CatalogueStore) =>
    one<{ series_id: number; n: number }>(
      store,
      'SELECT series_id, COUNT(*) AS n FROM novels WHERE series_id IS NOT NULL GROUP BY series_id ORDER BY n DESC LIMIT 1',
    ),
  longestIllustSeries: (store: CatalogueStore) =>
    one<{ series_id: number; n: number }>(
      store,
      'SELECT series_id, COUNT(*) AS n FROM works WHERE series_id IS NOT NULL GROUP BY series_id ORDER BY n DESC LIMIT 1',
    ),
  workWhere: (store: CatalogueStore, where: string) =>
    one<{ id: number; user_id: number } | undefined>(
      store,
      `SELECT id, user_id FROM works w WHERE ${where} ORDER BY id LIMIT 1`,
    ),
  worksWhere: (store: CatalogueStore, where: string) =>
    all<{ id: number; user_id: number }>(store, `SELECT id, user_id FROM works w WHERE ${where} ORDER BY id`),
  novelWhere: (store: CatalogueStore, where: string) =>
    one<{ id: number; user_id: number } | undefined>(
      store,
      `SELECT id, user_id FROM novels w WHERE ${where} ORDER BY id LIMIT 1`,
    ),
  novelsWhere: (store: CatalogueStore, where: string) =>
    all<{ id: number; user_id: number }>(store, `SELECT id, user_id FROM novels w WHERE ${where} ORDER BY id`),
  /** Works tagged with one of the tags whose name or translation contains `word`. */
  worksTaggedLike: (store: CatalogueStore, word: string) =>
    all<{ id: number; restrict: number; x_restrict: number; user_id: number }>(
      store,
      `SELECT DISTINCT w.id, w.restrict, w.x_restrict, w.user_id FROM works w JOIN work_tags x ON x.work_id = w.id
       JOIN tags t ON t.id = x.tag_id WHERE instr(t.name, ?) > 0 OR instr(t.translated_name, ?) > 0`,
      word,
      word,
    ),
  bookmarksOf: (store: CatalogueStore, kind: 'illust' | 'novel', userId: number) =>
    all<{ id: number; item_id: number; restrict: number }>(
      store,
      `SELECT id, item_id, restrict FROM ${kind}_bookmarks WHERE user_id = ? ORDER BY id DESC`,
      userId,
    ),
  /** Every bookmark of a kind, with its tags (sorted, comma-joined): the whole table, for before/after comparisons. */
  bookmarkTable: (store: CatalogueStore, kind: 'illust' | 'novel') =>
    all<{ id: number; user_id: number; item_id: number; restrict: number; tags: string }>(
      store,
      `SELECT b.id, b.user_id, b.item_id, b.restrict,
         COALESCE((SELECT group_concat(name, ',') FROM (SELECT name FROM ${kind}_bookmark_tags t
           WHERE t.bookmark_id = b.id ORDER BY name)), '') AS tags
       FROM ${kind}_bookmarks b ORDER BY b.id`,
    ),
  /** The total_bookmarks counter of each of `ids`. */
  totalBookmarks: (store: CatalogueStore, kind: 'illust' | 'novel', ids: number[]) =>
    new Map(
      all<{ id: number; n: number }>(
        store,
        `SELECT id, total_bookmarks AS n FROM ${kind === 'illust' ? 'works' : 'novels'}
         WHERE id IN (SELECT value FROM json_each(?))`,
        JSON.stringify(ids),
      ).map((r) => [r.id, r.n]),
    ),
  /** Whether `a` follows `b` (publicly or privately): the tests' own reading, apart from the store's queries. */
  follows: (store: CatalogueStore, a: number, b: number) =>
    one<{ n: number }>(store, 'SELECT COUNT(*) AS n FROM follows WHERE follower_id = ? AND followee_id = ?', a, b).n >
    0,
  /** A mutual follow of `of`, other than `not`. */
  mutualPair: (store: CatalogueStore, of: number, not = 0) =>
    one<{ a: number; b: number } | undefined>(
      store,
      `SELECT x.follower_id AS a, x.followee_id AS b FROM follows x JOIN follows y
       ON y.follower_id = x.followee_id AND y.followee_id = x.follower_id WHERE x.follower_id = ? AND x.followee_id != ? LIMIT 1`,
      of,
      not,
    ),
  /** A user other than the demo account who neither follows nor is followed by `userId`. */
  strangerOf: (store: CatalogueStore, userId: number) =>
    one<{ id: number }>(
      store,
      `SELECT id FROM users u WHERE id != ? AND id != 1 AND NOT EXISTS (SELECT 1 FROM follows WHERE (follower_id = ? AND followee_id = u.id)
       OR (follower_id = u.id AND followee_id = ?)) ORDER BY id LIMIT 1`,
      userId,
      userId,
      userId,
    ).id,
  userAccount: (store: CatalogueStore, id: number) =>
    one<{ account: string }>(store, 'SELECT account FROM users WHERE id = ?', id).account,
  activityScores: (store: CatalogueStore, ids: number[], fromDay: number, toDay: number) =>
    new Map(
      all<{ id: number; score: number }>(
        store,
        `SELECT work_id AS id, SUM(bookmarks * 20 + views) AS score FROM work_activity
         WHERE day BETWEEN ? AND ? AND work_id IN (SELECT value FROM json_each(?)) GROUP BY work_id`,
        fromDay,
        toDay,
        JSON.stringify(ids),
      ).map((r) => [r.id, r.score]),
    ),
  /** The first JST day with any activity (the catalogue's first ranking day). */
  firstActivityDay: (store: CatalogueStore, kind: 'illust' | 'novel') =>
    one<{ d: number }>(store, `SELECT MIN(day) AS d FROM ${kind === 'illust' ? 'work' : 'novel'}_activity`).d,
}
