import type { Hono } from 'hono'
import type { WireNovelSeriesDetail } from '../../api/wire-responses.ts'
import type { AppContext, AppEnv, Services } from '../context.ts'
import type { Domain } from '../services/domain.ts'
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
export async function novelSeriesHead(
  c: AppContext,
  domain: Domain,
  seriesId: number,
): Promise<NovelSeriesHead | undefined> {
  const view = c.get('view')
  const found = await domain.series.novel(view, seriesId)
  if (!found) return undefined
  const { series, stats, author } = found
  const [first, latest] = await Promise.all([
    domain.series.page(view, 'novel', series.id, 0, 1),
    stats.last !== null ? domain.series.page(view, 'novel', series.id, stats.last - 1, 1) : [],
  ])
  const [firstNovel, latestNovel] = await domain.items.lists(view, 'novel', [first, latest])
  return {
    novel_series_detail: {
      id: series.id,
      title: series.title,
      caption: series.caption,
      is_original: series.is_original === 1,
      is_concluded: series.is_concluded === 1,
      content_count: stats.count,
      total_character_count: stats.chars ?? 0,
      user: view.user(author, view.follows(series.user_id)),
      display_text: `Chapters 1–${stats.count}`,
      novel_ai_type: 1,
      watchlist_added: false,
    },
    novel_series_first_novel: firstNovel![0] ?? null,
    novel_series_latest_novel: latestNovel![0] ?? null,
  }
}

/**
 * `/v2/novel/series` and gallery-dl's `/v1/novel/series` (it reads `novels` and pages by the query of `next_url`):
 * one answer, paged by `last_order`, the series order of the last entry of the page.
 */
export function novelSeriesRoutes(app: Hono<AppEnv>, { domain }: Services) {
  const page = async (c: AppContext, q: { series_id: number; last_order?: number }) => {
    const head = await novelSeriesHead(c, domain, q.series_id)
    if (!head) throw notFound(NO_SERIES)
    const after = q.last_order ?? 0
    const view = c.get('view')
    const { items, more } = pageOf(await domain.series.page(view, 'novel', q.series_id, after, PAGE_SIZE + 1))
    const last = more ? await domain.items.row('novel', items.at(-1)!) : undefined
    return sendJson(c, {
      ...head,
      novels: await domain.items.list(view, 'novel', items),
      next_url: nextUrl(c, c.get('origin'), last ? { last_order: last.series_order ?? 0 } : null),
    })
  }
  on(app, 'novelSeries', page)
  on(app, 'novelSeriesV1', page)
}
