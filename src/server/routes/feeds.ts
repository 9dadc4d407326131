import type { Hono } from 'hono'
import type { AppContext, AppEnv, Services } from '../context.ts'
import type { Kind } from '../data/store.ts'
import type { FeedRestrict } from '../data/social.ts'
import { on } from '../http/endpoint.ts'
import { nextUrl, PAGE_SIZE } from '../http/paging.ts'
import { pageOf, sendJson } from './common.ts'

// The follow feeds (new works of the users one follows) and everyone's newest works (services/feeds.ts).

/** Cursor ids are below 2^53; without a cursor a list starts at the newest item. */
const NEWEST = Number.MAX_SAFE_INTEGER

export function feedRoutes(app: Hono<AppEnv>, { domain }: Services) {
  const { feeds, items } = domain

  const feed = async (c: AppContext, kind: Kind, q: { restrict: FeedRestrict; offset: number }) => {
    const view = c.get('view')
    const { items: page, more } = pageOf(await feeds.follow(view, kind, q.restrict, q.offset, PAGE_SIZE + 1))
    return sendJson(c, {
      [kind === 'illust' ? 'illusts' : 'novels']: await items.list(view, kind, page),
      next_url: nextUrl(c, c.get('origin'), more ? { offset: q.offset + PAGE_SIZE } : null),
    })
  }
  on(app, 'followIllusts', (c, q) => feed(c, 'illust', q))
  on(app, 'followNovels', (c, q) => feed(c, 'novel', q))

  // The next page starts below the last id of this one.
  on(app, 'newIllusts', async (c, q) => {
    const view = c.get('view')
    const ids = await feeds.newest(view, 'illust', q.content_type, q.max_illust_id ?? NEWEST, PAGE_SIZE + 1)
    const { items: page, more } = pageOf(ids)
    return sendJson(c, {
      illusts: await items.list(view, 'illust', page),
      next_url: nextUrl(c, c.get('origin'), more ? { max_illust_id: page.at(-1)! - 1 } : null),
    })
  })

  on(app, 'newNovels', async (c, q) => {
    const view = c.get('view')
    const ids = await feeds.newest(view, 'novel', undefined, q.max_novel_id ?? NEWEST, PAGE_SIZE + 1)
    const { items: page, more } = pageOf(ids)
    return sendJson(c, {
      novels: await items.list(view, 'novel', page),
      next_url: nextUrl(c, c.get('origin'), more ? { max_novel_id: page.at(-1)! - 1 } : null),
    })
  })
}
