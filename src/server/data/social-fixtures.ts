import type { CatalogueStore } from './store.ts'

// The tests' own reading of the follow graph, the users and the items, written apart from the service's queries
// (data/social.ts), so the feed and user-list contract tests compare the answers with an independent source.

export interface ItemFacts {
  id: number
  user_id: number
  type: string
  restrict: number
  x_restrict: number
  ai_type: number
  created_ts: number
}

export interface FollowEdge {
  follower_id: number
  followee_id: number
  restrict: number
  seq: number
}

const all = <T>(store: CatalogueStore, sql: string, ...params: unknown[]) => store.db.prepare(sql).all(...params) as T[]
const table = (kind: 'illust' | 'novel') => (kind === 'illust' ? 'works' : 'novels')

export const socialFixtures = {
  /** Every item of the given authors, newest first (no visibility applied: the test applies its own rule). */
  itemsOfAuthors: (store: CatalogueStore, kind: 'illust' | 'novel', authors: number[]) =>
    all<ItemFacts>(
      store,
      `SELECT id, user_id, ${kind === 'illust' ? 'type' : "'novel' AS type"}, restrict, x_restrict, ai_type, created_ts
       FROM ${table(kind)} WHERE user_id IN (SELECT value FROM json_each(?)) ORDER BY created_ts DESC, id DESC`,
      JSON.stringify(authors),
    ),
  /** The newest items of the whole catalogue, newest first. */
  newestItems: (store: CatalogueStore, kind: 'illust' | 'novel', limit: number) =>
    all<ItemFacts>(
      store,
      `SELECT id, user_id, ${kind === 'illust' ? 'type' : "'novel' AS type"}, restrict, x_restrict, ai_type, created_ts
       FROM ${table(kind)} ORDER BY created_ts DESC, id DESC LIMIT ?`,
      limit,
    ),
  itemFacts: (store: CatalogueStore, kind: 'illust' | 'novel', ids: number[]) =>
    all<ItemFacts>(
      store,
      `SELECT id, user_id, ${kind === 'illust' ? 'type' : "'novel' AS type"}, restrict, x_restrict, ai_type, created_ts
       FROM ${table(kind)} WHERE id IN (SELECT value FROM json_each(?))`,
      JSON.stringify(ids),
    ),
  /** The whole follow graph. */
  follows: (store: CatalogueStore) =>
    all<FollowEdge>(store, 'SELECT follower_id, followee_id, restrict, seq FROM follows ORDER BY seq'),
  users: (store: CatalogueStore) =>
    all<{ id: number; name: string; account: string; x_restrict: number; profile_json: string }>(
      store,
      'SELECT id, name, account, x_restrict, profile_json FROM users ORDER BY id',
    ),
  /** Authors of at least `min` public all-ages AI-generated works. */
  aiAuthors: (store: CatalogueStore, min: number) =>
    all<{ user_id: number; n: number }>(
      store,
      `SELECT user_id, COUNT(*) AS n FROM works WHERE ai_type = 2 AND restrict = 0 AND x_restrict = 0
       GROUP BY user_id HAVING n >= ? ORDER BY n DESC`,
      min,
    ),
  /** Each author's set of tags over their public works. */
  authorTagSets: (store: CatalogueStore) => {
    const out = new Map<number, Set<number>>()
    for (const r of all<{ user_id: number; tag_id: number }>(
      store,
      `SELECT DISTINCT w.user_id, x.tag_id FROM works w JOIN work_tags x ON x.work_id = w.id WHERE w.restrict = 0`,
    )) {
      let set = out.get(r.user_id)
      if (!set) out.set(r.user_id, (set = new Set()))
      set.add(r.tag_id)
    }
    return out
  },
  mutedUsers: (store: CatalogueStore, userId: number) =>
    all<{ value: string }>(
      store,
      "SELECT value FROM mutes WHERE user_id = ? AND kind = 'user' ORDER BY seq",
      userId,
    ).map((r) => Number(r.value)),
}
