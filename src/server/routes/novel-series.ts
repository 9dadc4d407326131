import type { Hono } from 'hono'
import type { WireNovelSeriesDetail } from '../../api/wire-responses.ts'
import type { CatalogueStore } from '../data/store.ts'
import type { AppContext, AppEnv, Services } from '../context.ts'
import type { RawJson } from '../wire/raw-json.ts'
import { on } from '../http/endpoint.ts'
import { notFound } from '../http/errors.ts'
import { nextUrl, PAGE_SIZE } from '../http/paging.ts'
import { pageOf, sendJson } from './common.ts'

const NO_SERIES = 'The series does not exist.'

/** The head of a novel series page as the caller sees it: the detail, its first and its latest visible novel. */
export interface NovelSeriesHead {
  novel_series_detail: WireNovelSeriesDetail
  novel_series_first_novel: RawJson | null
  novel_series_latest_novel: RawJson | null
}

/** The series' head for this caller; undefined when there is no such series, none of it visible, or no author. */
export function novelSeriesHead(c: AppContext, store: CatalogueStore, seriesId: number): NovelSeriesHead | undefined {
  const series = store.novelSeries(seriesId)
  if (!series) return undefined
  const view = c.var.view
  const caller = c.var.caller
  const stats = store.seriesStats('novel', series.id, caller)
  // A series of novels the caller may not see is, to the caller, no series: its title, caption and author would tell.
  if (stats.count === 0) return undefined
  const author = view.usersById([series.user_id])
  const authorRow = author.rows.get(series.user_id)
  if (!authorRow) return undefined
  const first = store.seriesPage('novel', series.id, caller, 0, 1)
  const latest = stats.last !== null ? store.seriesPage('novel', series.id, caller, stats.last - 1, 1) : []
  return {
    novel_series_detail: {
      id: series.id,
      title: series.title,
      caption: series.caption,
      is_original: series.is_original === 1,
      is_concluded: series.is_concluded === 1,
      content_count: stats.count,
      total_character_count: stats.chars ?? 0,
      user: view.user(authorRow, author.followed.has(series.user_id)),
      display_text: `Chapters 1–${stats.count}`,
      novel_ai_type: 1,
      watchlist_added: false,
    },
    novel_series_first_novel: view.listNovels(first)[0] ?? null,
    novel_series_latest_novel: view.listNovels(latest)[0] ?? null,
  }
}

/**
 * `/v2/novel/series` and gallery-dl's `/v1/novel/series` (it reads `novels` and pages by the query of `next_url`):
 * one answer, paged by `last_order`, the series order of the last entry of the page.
 */
export function novelSeriesRoutes(app: Hono<AppEnv>, { store }: Services) {
  const page = (c: AppContext, q: { series_id: number; last_order?: number }) => {
    const head = novelSeriesHead(c, store, q.series_id)
    if (!head) throw notFound(NO_SERIES)
    const after = q.last_order ?? 0
    const { items, more } = pageOf(store.seriesPage('novel', q.series_id, c.var.caller, after, PAGE_SIZE + 1))
    return sendJson(c, {
      ...head,
      novels: c.var.view.listNovels(items),
      next_url: nextUrl(c, c.var.origin, more ? { last_order: store.novel(items.at(-1)!)!.series_order ?? 0 } : null),
    })
  }
  on(app, 'novelSeries', page)
  on(app, 'novelSeriesV1', page)
}
