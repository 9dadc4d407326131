import type { CatalogueStore } from './store.ts'

// The whole catalogue as the leak tests (contract/leaks.test.ts) read it, to count in JS, apart from the store's
// queries, what a caller may see; and the one write they need, a tag of their own. Part of the data-access module, so
// table names stay in this folder.

const all = <T>(store: CatalogueStore, sql: string, ...params: unknown[]) => store.db.prepare(sql).all(...params) as T[]

export interface ItemFacts {
  id: number
  user_id: number
  /** works: illust, manga or ugoira; novels: 'novel' */
  type: string
  restrict: number
  x_restrict: number
  ai_type: number
  series_id: number | null
}

export const leakFixtures = {
  items: (store: CatalogueStore, kind: 'illust' | 'novel') =>
    all<ItemFacts>(
      store,
      kind === 'illust'
        ? 'SELECT id, user_id, type, restrict, x_restrict, ai_type, series_id FROM works ORDER BY id'
        : "SELECT id, user_id, 'novel' AS type, restrict, x_restrict, ai_type, series_id FROM novels ORDER BY id",
    ),
  series: (store: CatalogueStore, kind: 'illust' | 'novel') =>
    all<{ id: number; user_id: number; title: string; caption: string }>(
      store,
      `SELECT id, user_id, title, caption FROM ${kind}_series ORDER BY id`,
    ),
  /** Every bookmark with its tags (one row per tag; a bookmark without tags has `name` null). */
  bookmarks: (store: CatalogueStore, kind: 'illust' | 'novel') =>
    all<{ user_id: number; item_id: number; restrict: number; name: string | null }>(
      store,
      `SELECT b.user_id, b.item_id, b.restrict, t.name FROM ${kind}_bookmarks b
       LEFT JOIN ${kind}_bookmark_tags t ON t.bookmark_id = b.id ORDER BY b.id`,
    ),
  /** Every use of a tag on an item, by tag name. */
  tagUses: (store: CatalogueStore) =>
    all<{ kind: 'illust' | 'novel'; item_id: number; name: string }>(
      store,
      `SELECT 'illust' AS kind, x.work_id AS item_id, t.name FROM work_tags x JOIN tags t ON t.id = x.tag_id
       UNION ALL SELECT 'novel', x.novel_id, t.name FROM novel_tags x JOIN tags t ON t.id = x.tag_id`,
    ),
  /** Accounts whose AI setting is off (their lists leave out others' AI works, which the JS count would need). */
  aiOff: (store: CatalogueStore) =>
    all<{ id: number }>(store, 'SELECT id FROM users WHERE show_ai = 0').map((r) => r.id),
  /** Makes every item of a series restrict 2 (its author's alone); answers their ids. */
  hideSeries: (store: CatalogueStore, kind: 'illust' | 'novel', seriesId: number) => {
    const items = kind === 'illust' ? 'works' : 'novels'
    store.db.prepare(`UPDATE ${items} SET restrict = 2 WHERE series_id = ?`).run(seriesId)
    return all<{ id: number }>(store, `SELECT id FROM ${items} WHERE series_id = ?`, seriesId).map((r) => r.id)
  },
  /** Adds a tag of that name on the works (after their last tag); answers its id. */
  tagWorks: (store: CatalogueStore, name: string, workIds: number[]) => {
    const id = Number(
      store.db.prepare('INSERT INTO tags (name, translated_name) VALUES (?, NULL)').run(name).lastInsertRowid,
    )
    for (const w of workIds)
      store.db
        .prepare(
          'INSERT INTO work_tags (work_id, pos, tag_id) VALUES (?, (SELECT COALESCE(MAX(pos), 0) + 1 FROM work_tags WHERE work_id = ?), ?)',
        )
        .run(w, w, id)
    return id
  },
}
