import { fixtures } from '../data/fixtures.ts'
import type { CatalogueStore } from '../data/store.ts'

// Who may see what (DESIGN.md §2.4), stated independently of the service's code (the follow graph is read with the
// tests' own query, not the store's isMutual): the contract test of visibility and the reliability suite's
// authorization matrix both judge answers by it.

export interface Caller {
  /** 0 for an anonymous caller */
  id: number
  /** the caller's age setting (anonymous: 0) */
  maxX: number
}

export interface WireItem {
  id: number
  restrict: number
  x_restrict: number
  visible: boolean
  is_bookmarked?: boolean
  user: { id: number; is_followed?: boolean }
}

/** May `who` see this item? restrict 0 everyone, 1 the author and their mutual follows, 2 the author; x_restrict by age. */
export function allowed(
  store: CatalogueStore,
  who: Caller,
  item: { restrict: number; x_restrict: number; user: { id: number } },
): boolean {
  if (item.x_restrict > who.maxX) return false
  if (item.restrict === 0 || item.user.id === who.id) return true
  const author = item.user.id
  return (
    item.restrict === 1 &&
    who.id > 0 &&
    fixtures.follows(store, who.id, author) &&
    fixtures.follows(store, author, who.id)
  )
}

/** All work and novel items in a list response, wherever the endpoint puts them, each with its kind. */
export function kindedItemsOf(body: Record<string, any>): { kind: 'illust' | 'novel'; item: WireItem }[] {
  const out: { kind: 'illust' | 'novel'; item: WireItem }[] = []
  const add = (kind: 'illust' | 'novel', items: WireItem[] | undefined) => {
    for (const item of items ?? []) out.push({ kind, item })
  }
  add('illust', body.illusts)
  add('novel', body.novels)
  add('illust', body.ranking_illusts)
  add('novel', body.ranking_novels)
  for (const p of body.user_previews ?? []) {
    add('illust', p.illusts)
    add('novel', p.novels)
  }
  add(
    'illust',
    (body.trend_tags ?? []).map((t: { illust: WireItem }) => t.illust),
  )
  if (body.illust_series_first_illust) add('illust', [body.illust_series_first_illust])
  for (const k of ['novel_series_first_novel', 'novel_series_latest_novel']) if (body[k]) add('novel', [body[k]])
  return out
}

/** All work and novel items in a list response, wherever the endpoint puts them. */
export function itemsOf(body: Record<string, any>): WireItem[] {
  return kindedItemsOf(body).map((x) => x.item)
}
