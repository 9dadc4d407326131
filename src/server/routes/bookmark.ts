import type { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv, Services } from '../services.ts'
import type { Kind } from '../data/store.ts'
import { arrayField, cursorValue, id, offset, parse, restrict } from '../http/params.ts'
import { badRequest, forbidden, notFound } from '../http/errors.ts'
import { nextUrl, PAGE_SIZE } from '../http/paging.ts'
import { form, pageOf, query, requireUser, sendJson } from './common.ts'

const MAX_BOOKMARK_TAGS = 10
const MAX_TAG_LENGTH = 100

export function bookmarkRoutes(app: Hono<AppEnv>, { store, nowS, caches }: Services) {
  const listFor = (kind: Kind) => {
    const schema = z.object({
      user_id: id('user_id'),
      restrict: restrict.default('public'),
      max_bookmark_id: cursorValue('max_bookmark_id').optional(),
      tag: z.string().max(MAX_TAG_LENGTH, `tag must be at most ${MAX_TAG_LENGTH} characters`).optional(),
    })
    app.get(`/v1/user/bookmarks/${kind}`, (c) => {
      const q = parse(schema, query(c))
      if (!store.user(q.user_id)) throw notFound('User has left or the user ID does not exist.')
      if (q.restrict === 'private' && c.var.caller.id !== q.user_id)
        throw forbidden('Private bookmarks are only visible to their owner.')
      const rows = store.bookmarks(
        kind,
        q.user_id,
        q.restrict === 'private' ? 1 : 0,
        c.var.caller,
        q.max_bookmark_id ?? Number.MAX_SAFE_INTEGER,
        PAGE_SIZE + 1,
        q.tag || undefined,
      )
      const { items, more } = pageOf(rows)
      return sendJson(c, {
        [kind === 'illust' ? 'illusts' : 'novels']: c.var.view.list(
          kind,
          items.map((b) => b.item_id),
        ),
        next_url: nextUrl(c, c.var.origin, more ? { max_bookmark_id: items.at(-1)!.id } : null),
      })
    })
  }
  listFor('illust')
  listFor('novel')

  const itemParam = (kind: Kind) => (kind === 'illust' ? 'illust_id' : 'novel_id')
  const itemOr404 = (
    kind: Kind,
    itemId: number,
    c: { var: { view: { canSee: (r: { user_id: number; restrict: number; x_restrict: number }) => boolean } } },
  ) => {
    const row = kind === 'illust' ? store.work(itemId) : store.novel(itemId)
    if (!row || !c.var.view.canSee(row))
      throw notFound(`The ${kind === 'illust' ? 'artwork' : 'novel'} does not exist.`)
    return row
  }

  const detailFor = (kind: Kind) =>
    app.get(`/v2/${kind}/bookmark/detail`, (c) => {
      const me = requireUser(c)
      const q = parse(z.object({ [itemParam(kind)]: id(itemParam(kind)) }), query(c)) as Record<string, number>
      const itemId = q[itemParam(kind)]!
      itemOr404(kind, itemId, c)
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
    })
  detailFor('illust')
  detailFor('novel')

  const tagsFor = (kind: Kind) =>
    app.get(`/v1/user/bookmark-tags/${kind}`, (c) => {
      const q = parse(z.object({ user_id: id('user_id'), restrict: restrict.default('public'), offset }), query(c))
      if (!store.user(q.user_id)) throw notFound('User has left or the user ID does not exist.')
      if (q.restrict === 'private' && c.var.caller.id !== q.user_id)
        throw forbidden('Private bookmarks are only visible to their owner.')
      const { items, more } = pageOf(
        store.bookmarkTags(kind, q.user_id, q.restrict === 'private' ? 1 : 0, q.offset, PAGE_SIZE + 1),
      )
      return sendJson(c, {
        bookmark_tags: items,
        next_url: nextUrl(c, c.var.origin, more ? { offset: q.offset + PAGE_SIZE } : null),
      })
    })
  tagsFor('illust')
  tagsFor('novel')

  const addFor = (kind: Kind, version: 'v1' | 'v2') =>
    app.post(`/${version}/${kind}/bookmark/add`, async (c) => {
      const me = requireUser(c)
      const body = await form(c)
      const q = parse(
        z.object({ [itemParam(kind)]: id(itemParam(kind)), restrict: restrict.default('public') }),
        body.fields,
      ) as {
        restrict: 'public' | 'private'
      } & Record<string, number>
      const itemId = q[itemParam(kind)]!
      const tags = arrayField(body.entries, 'tags')
      if (tags.length > MAX_BOOKMARK_TAGS) throw badRequest(`tags must be at most ${MAX_BOOKMARK_TAGS}`)
      if (tags.some((t) => t.length > MAX_TAG_LENGTH))
        throw badRequest(`each tag must be at most ${MAX_TAG_LENGTH} characters`)
      itemOr404(kind, itemId, c)
      store.addBookmark(kind, me, itemId, q.restrict === 'private' ? 1 : 0, tags, nowS())
      caches.items.invalidate(kind, itemId) // its total_bookmarks changed
      return sendJson(c, {})
    })
  addFor('illust', 'v2')
  addFor('novel', 'v2')

  const deleteFor = (kind: Kind) =>
    app.post(`/v1/${kind}/bookmark/delete`, async (c) => {
      const me = requireUser(c)
      const q = parse(z.object({ [itemParam(kind)]: id(itemParam(kind)) }), (await form(c)).fields) as Record<
        string,
        number
      >
      const itemId = q[itemParam(kind)]!
      const row = kind === 'illust' ? store.work(itemId) : store.novel(itemId)
      if (!row) throw notFound(`The ${kind === 'illust' ? 'artwork' : 'novel'} does not exist.`)
      store.deleteBookmark(kind, me, itemId)
      caches.items.invalidate(kind, itemId)
      return sendJson(c, {})
    })
  deleteFor('illust')
  deleteFor('novel')
}
