import type { Hono } from 'hono'
import type { AppContext, AppEnv, Services } from '../context.ts'
import type { Kind } from '../data/store.ts'
import type { Restrict } from '../services/bookmarks.ts'
import { on } from '../http/endpoint.ts'
import { nextUrl, PAGE_SIZE } from '../http/paging.ts'
import { pageOf, requireUser, sendJson } from './common.ts'

export function bookmarkRoutes(app: Hono<AppEnv>, { domain }: Services) {
  const { bookmarks, items } = domain

  const list = async (
    c: AppContext,
    kind: Kind,
    q: { user_id: number; restrict: Restrict; max_bookmark_id?: number; tag?: string },
  ) => {
    const view = c.get('view')
    const { items: page, more } = pageOf(await bookmarks.page(view, kind, q))
    return sendJson(c, {
      [kind === 'illust' ? 'illusts' : 'novels']: await items.list(
        view,
        kind,
        page.map((b) => b.itemId),
        view.caller.id === q.user_id,
      ),
      next_url: nextUrl(c, c.get('origin'), more ? { max_bookmark_id: page.at(-1)!.id } : null),
    })
  }
  on(app, 'userIllustBookmarks', (c, q) => list(c, 'illust', q))
  on(app, 'userNovelBookmarks', (c, q) => list(c, 'novel', q))

  const detail = async (c: AppContext, kind: Kind, itemId: number) => {
    requireUser(c)
    const { mark, names } = await bookmarks.detail(c.get('view'), kind, itemId)
    return sendJson(c, {
      bookmark_detail: {
        is_bookmarked: !!mark,
        tags: names.map((name) => ({ name, is_registered: !!mark?.tags.includes(name) })),
        restrict: mark?.restrict === 1 ? 'private' : 'public',
      },
    })
  }
  on(app, 'illustBookmarkDetail', (c, q) => detail(c, 'illust', q.illust_id))
  on(app, 'novelBookmarkDetail', (c, q) => detail(c, 'novel', q.novel_id))

  const tags = async (c: AppContext, kind: Kind, q: { user_id: number; restrict: Restrict; offset: number }) => {
    const { items: page, more } = pageOf(await bookmarks.tags(c.get('view'), kind, q, PAGE_SIZE + 1))
    return sendJson(c, {
      bookmark_tags: page,
      next_url: nextUrl(c, c.get('origin'), more ? { offset: q.offset + PAGE_SIZE } : null),
    })
  }
  on(app, 'illustBookmarkTags', (c, q) => tags(c, 'illust', q))
  on(app, 'novelBookmarkTags', (c, q) => tags(c, 'novel', q))

  const add = async (c: AppContext, kind: Kind, itemId: number, q: { restrict: Restrict; tags: string[] }) => {
    requireUser(c)
    await bookmarks.add(c.get('view'), kind, itemId, q.restrict, q.tags)
    return sendJson(c, {})
  }
  on(app, 'addIllustBookmark', (c, q) => add(c, 'illust', q.illust_id, q))
  on(app, 'addNovelBookmark', (c, q) => add(c, 'novel', q.novel_id, q))

  const remove = async (c: AppContext, kind: Kind, itemId: number) => {
    requireUser(c)
    await bookmarks.remove(c.get('view'), kind, itemId)
    return sendJson(c, {})
  }
  on(app, 'deleteIllustBookmark', (c, q) => remove(c, 'illust', q.illust_id))
  on(app, 'deleteNovelBookmark', (c, q) => remove(c, 'novel', q.novel_id))
}
