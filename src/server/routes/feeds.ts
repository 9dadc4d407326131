import type { Hono } from 'hono'
import type { AppContext, AppEnv, Services } from '../context.ts'
import type { Kind } from '../data/store.ts'
import type { FeedRestrict } from '../data/social.ts'
import { on } from '../http/endpoint.ts'
import { nextUrl, PAGE_SIZE } from '../http/paging.ts'
import { pageOf, sendJson } from './common.ts'

// The follow feeds (new works of the users one follows) and everyone's newest works. Visibility, the age setting and
// the AI setting come with the store's VISIBLE rule; muted authors and tags are marked by the view, as in every list.

/** Cursor ids are below 2^53; without a cursor a list starts at the newest item. */
const NEWEST = Number.MAX_SAFE_INTEGER

export function feedRoutes(app: Hono<AppEnv>, { store }: Services) {
  const social = store.social

  const feed = (c: AppContext, kind: Kind, q: { restrict: FeedRestrict; offset: number }) => {
    const ids = social.followFeed(kind, c.var.caller, q.restrict, q.offset, PAGE_SIZE + 1)
    const { items, more } = pageOf(ids)
    return sendJson(c, {
      [kind === 'illust' ? 'illusts' : 'novels']: c.var.view.list(kind, items),
      next_url: nextUrl(c, c.var.origin, more ? { offset: q.offset + PAGE_SIZE } : null),
    })
  }
  on(app, 'followIllusts', (c, q) => feed(c, 'illust', q))
  on(app, 'followNovels', (c, q) => feed(c, 'novel', q))

  // The next page starts below the last id of this one.
  on(app, 'newIllusts', (c, q) => {
    const ids = social.newest('illust', c.var.caller, q.content_type, q.max_illust_id ?? NEWEST, PAGE_SIZE + 1)
    const { items, more } = pageOf(ids)
    return sendJson(c, {
      illusts: c.var.view.listIllusts(items),
      next_url: nextUrl(c, c.var.origin, more ? { max_illust_id: items.at(-1)! - 1 } : null),
    })
  })

  on(app, 'newNovels', (c, q) => {
    const ids = social.newest('novel', c.var.caller, undefined, q.max_novel_id ?? NEWEST, PAGE_SIZE + 1)
    const { items, more } = pageOf(ids)
    return sendJson(c, {
      novels: c.var.view.listNovels(items),
      next_url: nextUrl(c, c.var.origin, more ? { max_novel_id: items.at(-1)! - 1 } : null),
    })
  })
}
