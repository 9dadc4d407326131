import type { Hono } from 'hono'
import type { AppEnv, AppContext, Services } from '../context.ts'
import type { Caller, CatalogueStore, Kind } from '../data/store.ts'
import { on } from '../http/endpoint.ts'
import { nextUrl, PAGE_SIZE } from '../http/paging.ts'
import { pageOf, sendJson } from './common.ts'

/** How many recommendations one seed set yields, and how many recent bookmarks seed it. */
export const RECOMMEND_SIZE = 300
const SEED_DEPTH = 100
const DAY_S = 86400

type ContentType = 'illust' | 'manga' | undefined

/**
 * The ordered recommendation list for a caller. Signed in: scored from the seed bookmarks (ids in [min, max]) by
 * shared tags and authors, weighted by popularity and recency, leaving out what was bookmarked up to max; so the same
 * cursor always gives the same list. Anonymous: popularity and recency alone.
 */
export function recommend(
  store: CatalogueStore,
  kind: Kind,
  caller: Caller,
  type: ContentType,
  window: { min: number; max: number } | undefined,
  nowS: number,
): number[] {
  const recency = (ts: number) => 1 + 1 / (1 + Math.max(0, nowS - ts) / (60 * DAY_S))
  const popular = (exclude: Set<number>) =>
    store
      .popularCandidates(kind, caller, type, RECOMMEND_SIZE * 4)
      .filter((w) => !exclude.has(w.id))
      .map((w) => ({ id: w.id, score: Math.log2(2 + w.total_bookmarks) * recency(w.created_ts) }))
      .sort((a, b) => b.score - a.score || b.id - a.id)
      .map((w) => w.id)

  const seeds = window && caller.id ? store.bookmarkSeeds(kind, caller.id, window.min, window.max) : []
  if (!window || seeds.length === 0) return popular(new Set()).slice(0, RECOMMEND_SIZE)

  const tagWeight = new Map<number, number>()
  for (const t of store.tagIdsOfItems(
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

  const exclude = store.bookmarkedUpTo(kind, caller.id, window.max)
  const scored = store
    .recommendCandidates(kind, caller, topTags, topAuthors, type)
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
  return [...scored, ...popular(have)].slice(0, RECOMMEND_SIZE)
}

export function recommendedRoutes(app: Hono<AppEnv>, { store, caches, catalogueNow }: Services) {
  const list = (c: AppContext, kind: Kind, type: ContentType, window: { min: number; max: number } | undefined) => {
    const caller = c.var.caller
    // keyed by the caller's version: its follows and settings decide what it may be recommended (user.ts)
    const version = caches.callers.version(caller.id)
    const key = `${kind}:${caller.id}:${caller.maxX}:${version}:${type}:${window?.min}:${window?.max}`
    return caches.recommend.getOrCompute(key, () => recommend(store, kind, caller, type, window, catalogueNow))
  }
  const rankingTop = (kind: Kind) => {
    const day = store.latestActivityDay(kind)
    return caches.ranking
      .getOrCompute(`${kind}:day:${day}`, () => store.ranking(kind, { fromDay: day, toDay: day, xRestrict: 0 }, 500))
      .slice(0, 10)
  }
  /** The seed window: pinned by the cursor, or the caller's newest bookmarks on a first page. */
  const windowOf = (c: AppContext, kind: Kind, max: number | undefined, min: number | undefined) => {
    const me = c.var.caller.id
    if (!me) return undefined
    if (max === undefined) return store.bookmarkWindow(kind, me, SEED_DEPTH)
    if (min === undefined) return { max, min: store.bookmarkWindow(kind, me, SEED_DEPTH, max).min }
    return { max, min }
  }

  const illusts = (
    c: AppContext,
    q: {
      content_type?: ContentType
      include_ranking_illusts?: boolean
      max_bookmark_id_for_recommend?: number
      min_bookmark_id_for_recent_illust?: number
      offset: number
    },
  ) => {
    const window = windowOf(c, 'illust', q.max_bookmark_id_for_recommend, q.min_bookmark_id_for_recent_illust)
    const ids = list(c, 'illust', q.content_type ?? 'illust', window)
    const { items, more } = pageOf(ids.slice(q.offset, q.offset + PAGE_SIZE + 1))
    const cursor = window
      ? {
          max_bookmark_id_for_recommend: window.max,
          min_bookmark_id_for_recent_illust: window.min,
          offset: q.offset + PAGE_SIZE,
        }
      : { offset: q.offset + PAGE_SIZE }
    return sendJson(c, {
      illusts: c.var.view.listIllusts(items),
      ranking_illusts: q.include_ranking_illusts ? c.var.view.listIllusts(rankingTop('illust')) : [],
      contest_exists: false,
      privacy_policy: {},
      next_url: nextUrl(c, c.var.origin, more ? cursor : null),
    })
  }
  on(app, 'recommendedIllusts', illusts)
  on(app, 'recommendedIllustsNologin', illusts)

  on(app, 'recommendedNovels', (c, q) => {
    const window = windowOf(c, 'novel', q.max_bookmark_id_for_recommend, undefined)
    const ids = list(c, 'novel', undefined, window)
    const { items, more } = pageOf(ids.slice(q.offset, q.offset + PAGE_SIZE + 1))
    const cursor = window
      ? { max_bookmark_id_for_recommend: window.max, offset: q.offset + PAGE_SIZE }
      : { offset: q.offset + PAGE_SIZE }
    return sendJson(c, {
      novels: c.var.view.listNovels(items),
      ranking_novels: q.include_ranking_novels ? c.var.view.listNovels(rankingTop('novel')) : [],
      privacy_policy: {},
      next_url: nextUrl(c, c.var.origin, more ? cursor : null),
    })
  })
}
