import type { Hono } from 'hono'
import type { AppContext, AppEnv, Services } from '../context.ts'
import type { Kind } from '../data/store.ts'
import { on } from '../http/endpoint.ts'
import { forbidden, notFound } from '../http/errors.ts'
import { nextUrl, PAGE_SIZE } from '../http/paging.ts'
import { pageOf, requireUser, sendJson, visibleItem } from './common.ts'

type Restrict = 'public' | 'private'

/** `[bookmark id, item id, …]` (how a page is cached: flat numbers) as pairs. */
const pairs = (flat: readonly number[]) =>
  Array.from({ length: flat.length / 2 }, (_, i) => ({ id: flat[2 * i]!, itemId: flat[2 * i + 1]! }))

export function bookmarkRoutes(app: Hono<AppEnv>, { store, nowS, caches }: Services) {
  const list = (
    c: AppContext,
    kind: Kind,
    q: { user_id: number; restrict: Restrict; max_bookmark_id?: number; tag?: string },
  ) => {
    if (!caches.callers.user(q.user_id)) throw notFound('User has left or the user ID does not exist.')
    if (q.restrict === 'private' && c.var.caller.id !== q.user_id)
      throw forbidden('Private bookmarks are only visible to their owner.')
    const caller = c.var.caller
    // Which bookmarks a page holds depends on the list, the cursor, what the caller may see, and nothing else that
    // changes without moving one of the two accounts' versions.
    const key = JSON.stringify([
      kind,
      q.user_id,
      q.restrict,
      q.tag ?? '',
      q.max_bookmark_id ?? null,
      caller.id,
      caller.maxX,
      caches.callers.version(q.user_id),
      caches.callers.version(caller.id),
    ])
    const rows = caches.bookmarkPages.getOrCompute(key, () =>
      store
        .bookmarks(
          kind,
          q.user_id,
          q.restrict === 'private' ? 1 : 0,
          caller,
          q.max_bookmark_id ?? Number.MAX_SAFE_INTEGER,
          PAGE_SIZE + 1,
          q.tag || undefined,
        )
        .flatMap((b) => [b.id, b.item_id]),
    )
    const { items, more } = pageOf(pairs(rows))
    return sendJson(c, {
      [kind === 'illust' ? 'illusts' : 'novels']: c.var.view.list(
        kind,
        items.map((b) => b.itemId),
        caller.id === q.user_id,
      ),
      next_url: nextUrl(c, c.var.origin, more ? { max_bookmark_id: items.at(-1)!.id } : null),
    })
  }
  on(app, 'userIllustBookmarks', (c, q) => list(c, 'illust', q))
  on(app, 'userNovelBookmarks', (c, q) => list(c, 'novel', q))

  const detail = (c: AppContext, kind: Kind, itemId: number) => {
    const me = requireUser(c)
    visibleItem(c, kind, itemId)
    const mark = store.bookmarkOf(kind, me, itemId)
    const itemTags = (store.tagsOf(kind, [itemId]).get(itemId) ?? []).map((t) => t.name)
    const names = [...new Set([...itemTags, ...(mark?.tags ?? [])])]
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

  const tags = (c: AppContext, kind: Kind, q: { user_id: number; restrict: Restrict; offset: number }) => {
    if (!store.user(q.user_id)) throw notFound('User has left or the user ID does not exist.')
    if (q.restrict === 'private' && c.var.caller.id !== q.user_id)
      throw forbidden('Private bookmarks are only visible to their owner.')
    const { items, more } = pageOf(
      store.bookmarkTags(kind, q.user_id, q.restrict === 'private' ? 1 : 0, c.var.caller, q.offset, PAGE_SIZE + 1),
    )
    return sendJson(c, {
      bookmark_tags: items,
      next_url: nextUrl(c, c.var.origin, more ? { offset: q.offset + PAGE_SIZE } : null),
    })
  }
  on(app, 'illustBookmarkTags', (c, q) => tags(c, 'illust', q))
  on(app, 'novelBookmarkTags', (c, q) => tags(c, 'novel', q))

  const add = (c: AppContext, kind: Kind, itemId: number, q: { restrict: Restrict; tags: string[] }) => {
    const me = requireUser(c)
    visibleItem(c, kind, itemId)
    store.addBookmark(kind, me, itemId, q.restrict === 'private' ? 1 : 0, q.tags, nowS())
    caches.callers.changed(me)
    caches.items.invalidate(kind, itemId) // its total_bookmarks changed
    return sendJson(c, {})
  }
  on(app, 'addIllustBookmark', (c, q) => add(c, 'illust', q.illust_id, q))
  on(app, 'addNovelBookmark', (c, q) => add(c, 'novel', q.novel_id, q))

  const remove = (c: AppContext, kind: Kind, itemId: number) => {
    const me = requireUser(c)
    const row = kind === 'illust' ? store.work(itemId) : store.novel(itemId)
    if (!row) throw notFound(`The ${kind === 'illust' ? 'artwork' : 'novel'} does not exist.`)
    store.deleteBookmark(kind, me, itemId)
    caches.callers.changed(me)
    caches.items.invalidate(kind, itemId)
    return sendJson(c, {})
  }
  on(app, 'deleteIllustBookmark', (c, q) => remove(c, 'illust', q.illust_id))
  on(app, 'deleteNovelBookmark', (c, q) => remove(c, 'novel', q.novel_id))
}
