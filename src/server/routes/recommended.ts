import type { Hono } from 'hono'
import type { AppEnv, AppContext, Services } from '../context.ts'
import type { ContentType } from '../data/repositories.ts'
import { on } from '../http/endpoint.ts'
import { nextUrl, PAGE_SIZE } from '../http/paging.ts'
import { pageOf, sendJson } from './common.ts'

export function recommendedRoutes(app: Hono<AppEnv>, { domain }: Services) {
  const { recommendation, items } = domain

  const illusts = async (
    c: AppContext,
    q: {
      content_type?: ContentType
      include_ranking_illusts?: boolean
      max_bookmark_id_for_recommend?: number
      min_bookmark_id_for_recent_illust?: number
      offset: number
    },
  ) => {
    const view = c.get('view')
    const caller = c.get('caller')
    const window = await recommendation.window(
      'illust',
      caller,
      q.max_bookmark_id_for_recommend,
      q.min_bookmark_id_for_recent_illust,
    )
    const ids = await recommendation.items('illust', caller, q.content_type ?? 'illust', window)
    const { items: page, more } = pageOf(ids.slice(q.offset, q.offset + PAGE_SIZE + 1))
    const cursor = window
      ? {
          max_bookmark_id_for_recommend: window.max,
          min_bookmark_id_for_recent_illust: window.min,
          offset: q.offset + PAGE_SIZE,
        }
      : { offset: q.offset + PAGE_SIZE }
    return sendJson(c, {
      illusts: await items.list(view, 'illust', page),
      ranking_illusts: q.include_ranking_illusts
        ? await items.list(view, 'illust', await recommendation.rankingTop('illust'))
        : [],
      contest_exists: false,
      privacy_policy: {},
      next_url: nextUrl(c, c.get('origin'), more ? cursor : null),
    })
  }
  on(app, 'recommendedIllusts', illusts)
  on(app, 'recommendedIllustsNologin', illusts)

  on(app, 'recommendedNovels', async (c, q) => {
    const view = c.get('view')
    const caller = c.get('caller')
    const window = await recommendation.window('novel', caller, q.max_bookmark_id_for_recommend, undefined)
    const ids = await recommendation.items('novel', caller, undefined, window)
    const { items: page, more } = pageOf(ids.slice(q.offset, q.offset + PAGE_SIZE + 1))
    const cursor = window
      ? { max_bookmark_id_for_recommend: window.max, offset: q.offset + PAGE_SIZE }
      : { offset: q.offset + PAGE_SIZE }
    return sendJson(c, {
      novels: await items.list(view, 'novel', page),
      ranking_novels: q.include_ranking_novels
        ? await items.list(view, 'novel', await recommendation.rankingTop('novel'))
        : [],
      privacy_policy: {},
      next_url: nextUrl(c, c.get('origin'), more ? cursor : null),
    })
  })
}
