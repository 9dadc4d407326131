import type { Hono } from 'hono'
import type { AppEnv, Services } from '../context.ts'
import { on } from '../http/endpoint.ts'
import { notFound } from '../http/errors.ts'
import { nextUrl, PAGE_SIZE } from '../http/paging.ts'
import { illustSeriesCoverPath, isoJst, ugoiraZipPath } from '../images/paths.ts'
import { GONE, pageOf, sendJson } from './common.ts'

export function illustRoutes(app: Hono<AppEnv>, { domain }: Services) {
  const { items, works, series: seriesService } = domain

  on(app, 'illustDetail', async (c, q) => {
    const illust = await items.detail(c.get('view'), 'illust', q.illust_id)
    if (!illust) throw notFound(GONE.illust)
    return sendJson(c, { illust })
  })

  on(app, 'related', async (c, q) => {
    const view = c.get('view')
    const { items: page, more } = pageOf(
      (await works.related(view, q.illust_id, q.offset + PAGE_SIZE + 1)).slice(q.offset),
    )
    return sendJson(c, {
      illusts: await items.list(view, 'illust', page),
      next_url: nextUrl(c, c.get('origin'), more ? { offset: q.offset + PAGE_SIZE } : null),
    })
  })

  on(app, 'ugoiraMetadata', async (c, q) => {
    const { row, delays } = await works.ugoira(c.get('view'), q.illust_id)
    const subject = { id: row.id, createdTs: row.created_ts, type: row.type, ext: row.ext }
    return sendJson(c, {
      ugoira_metadata: {
        zip_urls: { medium: c.get('view').imageUrl(ugoiraZipPath(subject), { kind: 'illust', row }) },
        frames: delays.map((delay, i) => ({ file: `${String(i).padStart(6, '0')}.jpg`, delay })),
      },
    })
  })

  on(app, 'illustSeries', async (c, q) => {
    const view = c.get('view')
    // A series of works the caller may not see is, to the caller, no series (as a hidden work's detail is not found).
    const found = await seriesService.illust(view, q.illust_series_id)
    if (!found) throw notFound('The series does not exist.')
    const { series, stats, author } = found
    const [firstId, pageIds] = await Promise.all([
      seriesService.page(view, 'illust', series.id, 0, 1),
      seriesService.page(view, 'illust', series.id, 0, PAGE_SIZE + 1, q.offset),
    ])
    const first = firstId.length ? (await items.illustObjects(view, firstId))[0] : undefined
    const { items: page, more } = pageOf(pageIds)
    return sendJson(c, {
      illust_series_detail: {
        id: series.id,
        title: series.title,
        caption: series.caption,
        cover_image_urls: {
          medium: view.imageUrl(
            illustSeriesCoverPath({ createdTs: series.created_ts, coverToken: series.cover_token }),
          ),
        },
        series_work_count: stats.count,
        create_date: isoJst(series.created_ts),
        width: first?.width ?? 782,
        height: first?.height ?? 410,
        user: view.user(author, view.follows(series.user_id)),
        watchlist_added: false,
      },
      illust_series_first_illust: first ?? null,
      illusts: await items.list(view, 'illust', page),
      next_url: nextUrl(c, c.get('origin'), more ? { offset: q.offset + PAGE_SIZE } : null),
    })
  })
}
