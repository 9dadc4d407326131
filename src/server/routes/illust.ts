import type { Hono } from 'hono'
import type { AppEnv, Services } from '../context.ts'
import { on } from '../http/endpoint.ts'
import { badRequest, notFound } from '../http/errors.ts'
import { nextUrl, PAGE_SIZE } from '../http/paging.ts'
import { illustSeriesCoverPath, isoJst, ugoiraZipPath } from '../images/paths.ts'
import { GONE, pageOf, sendJson, visibleItem } from './common.ts'

export function illustRoutes(app: Hono<AppEnv>, { store }: Services) {
  on(app, 'illustDetail', (c, q) => {
    const illust = c.var.view.illustDetail(q.illust_id)
    if (!illust) throw notFound(GONE.illust)
    return sendJson(c, { illust })
  })

  on(app, 'related', (c, q) => {
    visibleItem(c, 'illust', q.illust_id)
    const { items, more } = pageOf(store.related(q.illust_id, c.var.caller, q.offset + PAGE_SIZE + 1).slice(q.offset))
    return sendJson(c, {
      illusts: c.var.view.listIllusts(items),
      next_url: nextUrl(c, c.var.origin, more ? { offset: q.offset + PAGE_SIZE } : null),
    })
  })

  on(app, 'ugoiraMetadata', (c, q) => {
    const row = visibleItem(c, 'illust', q.illust_id)
    // an imported ugoira kept as a video has no frames to give (its detail names the video: easel_video)
    const video = store.library.ugoiraVideo(row.id)
    if (video)
      throw badRequest(
        'ugoira frames not available',
        `This ugoira is kept as a ${video.ext} video: its frames are not available.`,
      )
    if (row.type !== 'ugoira' || !row.frame_delays_json)
      throw badRequest('illust_id is not an ugoira', 'This work is not an ugoira.')
    const delays = JSON.parse(row.frame_delays_json) as number[]
    const subject = { id: row.id, createdTs: row.created_ts, type: row.type, ext: row.ext }
    return sendJson(c, {
      ugoira_metadata: {
        zip_urls: { medium: c.var.view.imageUrl(ugoiraZipPath(subject), { kind: 'illust', row }) },
        frames: delays.map((delay, i) => ({ file: `${String(i).padStart(6, '0')}.jpg`, delay })),
      },
    })
  })

  on(app, 'illustSeries', (c, q) => {
    const series = store.illustSeries(q.illust_series_id)
    if (!series) throw notFound('The series does not exist.')
    const view = c.var.view
    const stats = store.seriesStats('illust', series.id, c.var.caller)
    // A series of works the caller may not see is, to the caller, no series (as a hidden work's detail is not found).
    if (stats.count === 0) throw notFound('The series does not exist.')
    const firstId = store.seriesPage('illust', series.id, c.var.caller, 0, 1)
    const first = firstId.length ? view.illustObjects(firstId)[0] : undefined
    const { items, more } = pageOf(store.seriesPage('illust', series.id, c.var.caller, 0, PAGE_SIZE + 1, q.offset))
    const author = view.usersById([series.user_id])
    const authorRow = author.rows.get(series.user_id)
    if (!authorRow) throw notFound('The series does not exist.')
    return sendJson(c, {
      illust_series_detail: {
        id: series.id,
        title: series.title,
        caption: series.caption,
        cover_image_urls: {
          medium: c.var.view.imageUrl(
            illustSeriesCoverPath({ createdTs: series.created_ts, coverToken: series.cover_token }),
          ),
        },
        series_work_count: stats.count,
        create_date: isoJst(series.created_ts),
        width: first?.width ?? 782,
        height: first?.height ?? 410,
        user: view.user(authorRow, author.followed.has(series.user_id)),
        watchlist_added: false,
      },
      illust_series_first_illust: first ?? null,
      illusts: view.listIllusts(items),
      next_url: nextUrl(c, c.var.origin, more ? { offset: q.offset + PAGE_SIZE } : null),
    })
  })
}
