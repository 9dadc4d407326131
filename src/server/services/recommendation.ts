import type { Caller, Kind } from '../data/store.ts'
import type { ContentType, Repositories } from '../data/repositories.ts'
import type { ServiceDeps } from './deps.ts'

/** How many recommendations one seed set yields, and how many recent bookmarks seed it. */
export const RECOMMEND_SIZE = 300
const SEED_DEPTH = 100
const DAY_S = 86400
/** Longest related / recommended users list kept per seed. */
const SUGGESTIONS = 300

/** A window of seed bookmarks: ids in [min, max]. */
export interface SeedWindow {
  min: number
  max: number
}

/**
 * The ordered recommendation list for a caller. Signed in: scored from the seed bookmarks (ids in [min, max]) by
 * shared tags and authors, weighted by popularity and recency, leaving out what was bookmarked up to max; so the same
 * cursor always gives the same list. Anonymous: popularity and recency alone.
 */
export async function recommend(
  repos: Repositories,
  kind: Kind,
  caller: Caller,
  type: ContentType,
  window: SeedWindow | undefined,
  nowS: number,
): Promise<number[]> {
  const recency = (ts: number) => 1 + 1 / (1 + Math.max(0, nowS - ts) / (60 * DAY_S))
  const popular = async (exclude: Set<number>) =>
    (await repos.catalogue.popularCandidates(kind, caller, type, RECOMMEND_SIZE * 4))
      .filter((w) => !exclude.has(w.id))
      .map((w) => ({ id: w.id, score: Math.log2(2 + w.total_bookmarks) * recency(w.created_ts) }))
      .sort((a, b) => b.score - a.score || b.id - a.id)
      .map((w) => w.id)

  const seeds = window && caller.id ? await repos.bookmarks.seeds(kind, caller.id, window.min, window.max) : []
  if (!window || seeds.length === 0) return (await popular(new Set())).slice(0, RECOMMEND_SIZE)

  const tagWeight = new Map<number, number>()
  for (const t of await repos.tags.idsOfItems(
    kind,
    seeds.map((s) => s.item_id),
  ))
    tagWeight.set(t, (tagWeight.get(t) ?? 0) + 1)
  const authorWeight = new Map<number, number>()
  for (const s of seeds) authorWeight.set(s.user_id, (authorWeight.get(s.user_id) ?? 0) + 1)
  const topTags = [...tagWeight]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, 20)
    .map(([t]) => t)
  const topAuthors = [...authorWeight]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, 20)
    .map(([u]) => u)

  const exclude = await repos.bookmarks.upTo(kind, caller.id, window.max)
  const scored = (await repos.catalogue.recommendCandidates(kind, caller, topTags, topAuthors, type))
    .filter((w) => !exclude.has(w.id))
    .map((w) => {
      const tags = JSON.parse(w.tag_ids) as number[]
      const affinity =
        tags.reduce((sum, t) => sum + (tagWeight.get(t) ?? 0), 0) + 3 * (authorWeight.get(w.user_id) ?? 0)
      return { id: w.id, score: affinity * Math.log2(2 + w.total_bookmarks) * recency(w.created_ts) }
    })
    .sort((a, b) => b.score - a.score || b.id - a.id)
    .slice(0, RECOMMEND_SIZE)
    .map((w) => w.id)
  if (scored.length >= RECOMMEND_SIZE) return scored
  const have = new Set([...scored, ...exclude])
  return [...scored, ...(await popular(have))].slice(0, RECOMMEND_SIZE)
}

const ranked = (scores: Map<number, number>) =>
  [...scores]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, SUGGESTIONS)
    .map(([id]) => id)

/** A cached list: the cache's value, or the computed one, kept under the key. */
async function cached<V>(
  cache: { get(k: string): V | undefined; set(k: string, v: V): void },
  key: string,
  compute: () => Promise<V>,
) {
  let v = cache.get(key)
  if (v === undefined) cache.set(key, (v = await compute()))
  return v
}

// Recommendations: works and novels for the caller, the daily ranking's top beside them, and users (related to a
// seed, recommended to the caller). Lists are cached by the caller's version (its follows and settings decide them).
export class RecommendationService {
  constructor(private readonly deps: ServiceDeps) {}

  /** The caller's ordered list of `kind` for the seed window. */
  items(kind: Kind, caller: Caller, type: ContentType, window: SeedWindow | undefined): Promise<number[]> {
    const { caches, repos, catalogueNow } = this.deps
    const version = caches.callers.version(caller.id)
    const key = `${kind}:${caller.id}:${caller.maxX}:${version}:${type}:${window?.min}:${window?.max}`
    return cached(caches.recommend, key, () => recommend(repos, kind, caller, type, window, catalogueNow))
  }

  /** The seed window: pinned by the cursor, or the caller's newest bookmarks on a first page. */
  async window(
    kind: Kind,
    caller: Caller,
    max: number | undefined,
    min: number | undefined,
  ): Promise<SeedWindow | undefined> {
    const me = caller.id
    if (!me) return undefined
    const { bookmarks } = this.deps.repos
    if (max === undefined) return bookmarks.window(kind, me, SEED_DEPTH)
    if (min === undefined) return { max, min: (await bookmarks.window(kind, me, SEED_DEPTH, max)).min }
    return { max, min }
  }

  /** The top ten of the latest daily ranking. */
  async rankingTop(kind: Kind): Promise<number[]> {
    const { caches, repos } = this.deps
    const day = await repos.catalogue.latestActivityDay(kind)
    const ids = await cached(caches.ranking, `${kind}:day:${day}`, () =>
      repos.catalogue.ranking(kind, { fromDay: day, toDay: day, xRestrict: 0 }, 500),
    )
    return ids.slice(0, 10)
  }

  /** Authors with public all-ages works: their count of such works and the bookmarks those hold. */
  private async authors() {
    const { caches, repos } = this.deps
    const list = await cached(caches.recommend, 'users:authors', async () =>
      (await repos.users.authorPopularity()).flatMap((a) => [a.user_id, a.bookmarks, a.works]),
    )
    const out = new Map<number, { bookmarks: number; works: number }>()
    for (let i = 0; i < list.length; i += 3) out.set(list[i]!, { bookmarks: list[i + 1]!, works: list[i + 2]! })
    return out
  }

  /**
   * Users like the seed: authors whose works carry the seed's most used tags, and authors the seed's fans also
   * bookmark. The list depends on the seed alone (cached with the recommendations).
   */
  relatedUsers(seed: number): Promise<number[]> {
    const { caches, repos } = this.deps
    return cached(caches.recommend, `users:related:${seed}`, async () => {
      const known = await this.authors()
      const byTags = await repos.users.authorsWithTags((await repos.users.authorTags(seed, 20)).map((t) => t.tag_id))
      const fans = await repos.users.coBookmarkedAuthors(seed)
      const scores = new Map<number, number>()
      for (const id of new Set([...byTags.keys(), ...fans.keys()])) {
        if (id === seed || !known.has(id)) continue
        scores.set(id, Math.log2(1 + (byTags.get(id) ?? 0)) + 2 * Math.log2(1 + (fans.get(id) ?? 0)))
      }
      return ranked(scores)
    })
  }

  /**
   * Signed in: authors not yet followed, popular ones first, raised by how much of their work carries the tags of
   * what the caller bookmarks. Anonymous: popularity alone.
   */
  async recommendedUsers(me: number): Promise<number[]> {
    const { caches, repos } = this.deps
    // A new bookmark changes the caller's tastes: its newest bookmark id is part of the key.
    const newest = me ? (await repos.bookmarks.window('illust', me, 1)).max : 0
    return cached(caches.recommend, `users:recommended:${me}:${caches.callers.version(me)}:${newest}`, async () => {
      const known = await this.authors()
      const followed = me ? await repos.follows.followees(me) : new Set<number>()
      const affinity = me
        ? await repos.users.authorsWithTags((await repos.users.bookmarkedTags(me, 200, 20)).map((t) => t.tag_id))
        : new Map<number, number>()
      const scores = new Map<number, number>()
      for (const [id, a] of known) {
        if (id === me || followed.has(id)) continue
        scores.set(id, Math.log2(2 + a.bookmarks) * (1 + (2 * (affinity.get(id) ?? 0)) / a.works))
      }
      return ranked(scores)
    })
  }
}
