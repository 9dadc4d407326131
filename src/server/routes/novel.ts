import type { Hono } from 'hono'
import { z } from 'zod'
import type { WireNovelText } from '../../api/wire.ts'
import type { AppEnv, Services } from '../services.ts'
import { cursorValue, id, parse } from '../http/params.ts'
import { notFound } from '../http/errors.ts'
import { nextUrl, PAGE_SIZE } from '../http/paging.ts'
import { novelUploadedImagePaths, workImagePaths } from '../images/paths.ts'
import { pageOf, query, sendJson } from './common.ts'

const byNovel = z.object({ novel_id: id('novel_id') })
const GONE = 'The novel has been deleted or the novel ID does not exist.'

export function novelRoutes(app: Hono<AppEnv>, { store }: Services) {
  app.get('/v2/novel/detail', (c) => {
    const q = parse(byNovel, query(c))
    const novel = c.var.view.novelDetail(q.novel_id)
    if (!novel) throw notFound(GONE)
    return sendJson(c, { novel })
  })

  app.get('/v1/novel/text', (c) => {
    const q = parse(byNovel, query(c))
    const view = c.var.view
    const row = store.novel(q.novel_id)
    if (!row || !view.canSee(row)) throw notFound(GONE)
    const text = store.novelText(row.id) ?? ''
    const neighbours: { prev?: number; next?: number } = row.series_id
      ? store.seriesNeighbours('novel', row.series_id, row.series_order ?? 0, c.var.caller)
      : {}
    const one = (nid: number | undefined) => (nid ? (view.novelObjects([nid])[0] ?? {}) : {})

    const images: WireNovelText['images'] = {}
    for (const img of store.novelImages(row.id)) {
      const urls = novelUploadedImagePaths({ id: row.id, createdTs: row.created_ts }, img.image_id)
      images[String(img.image_id)] = {
        urls: Object.fromEntries(
          Object.entries(urls).map(([k, v]) => [k, c.var.imageOrigin + v]),
        ) as (typeof images)[string]['urls'],
      }
    }
    // Embedded works resolve through data, keyed by the literal marker value (reference §19.2).
    const illusts: WireNovelText['illusts'] = {}
    const markers = [...text.matchAll(/\[pixivimage:(\d{1,15})(?:-(\d{1,4}))?\]/g)]
    const embedded = view.illustObjects([...new Set(markers.map((m) => Number(m[1])))])
    const byId = new Map(embedded.map((w) => [w.id, w]))
    for (const m of markers) {
      const work = byId.get(Number(m[1]))
      const page = m[2] ? Number(m[2]) : 1
      if (!work || page < 1 || page > work.page_count) continue
      const workRow = { id: work.id, createdTs: Date.parse(work.create_date) / 1000, type: work.type, ext: '' }
      const original =
        work.page_count === 1
          ? work.meta_single_page.original_image_url!
          : work.meta_pages[page - 1]!.image_urls.original
      const paths = workImagePaths(workRow, page - 1)
      illusts[m[0].slice(12, -1)] = {
        illust: work,
        page,
        images: { small: c.var.imageOrigin + paths.squareMedium, medium: c.var.imageOrigin + paths.large, original },
      }
    }
    const body: WireNovelText = {
      novel_marker: {},
      novel_text: text,
      series_prev: one(neighbours.prev),
      series_next: one(neighbours.next),
      images,
      illusts,
    }
    return sendJson(c, body)
  })

  app.get('/v2/novel/series', (c) => {
    const q = parse(
      z.object({ series_id: id('series_id'), last_order: cursorValue('last_order').optional() }),
      query(c),
    )
    const series = store.novelSeries(q.series_id)
    if (!series) throw notFound('The series does not exist.')
    const view = c.var.view
    const caller = c.var.caller
    const stats = store.seriesStats('novel', series.id, caller)
    const author = view.usersById([series.user_id])
    const authorRow = author.rows.get(series.user_id)
    if (!authorRow) throw notFound('The series does not exist.')
    const after = q.last_order ?? 0
    const { items, more } = pageOf(store.seriesPage('novel', series.id, caller, after, PAGE_SIZE + 1))
    const firstId = store.seriesPage('novel', series.id, caller, 0, 1)
    const latest = stats.last !== null ? store.seriesPage('novel', series.id, caller, stats.last - 1, 1) : []
    return sendJson(c, {
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
      novel_series_first_novel: view.listNovels(firstId)[0] ?? null,
      novel_series_latest_novel: view.listNovels(latest)[0] ?? null,
      novels: view.listNovels(items),
      next_url: nextUrl(c, c.var.origin, more ? { last_order: store.novel(items.at(-1)!)!.series_order ?? 0 } : null),
    })
  })
}
