import type { Hono } from 'hono'
import type { AppContext, AppEnv, Services } from '../context.ts'
import type { Kind } from '../data/store.ts'
import { on } from '../http/endpoint.ts'
import { nextUrl, PAGE_SIZE } from '../http/paging.ts'
import { commentsToWire } from '../wire/comments.ts'
import { pageOf, sendJson } from './common.ts'

// Comments on works and novels (services/comments.ts holds who may read, write and delete them).

export function commentRoutes(app: Hono<AppEnv>, { domain }: Services) {
  const { comments } = domain

  const list = async (c: AppContext, kind: Kind, itemId: number, offset: number, v1: boolean, withTotal: boolean) => {
    const view = c.get('view')
    const found = await comments.list(view, kind, itemId, v1, offset, PAGE_SIZE + 1)
    const { items, more } = pageOf(found.rows)
    const context = await comments.context(items, v1)
    return sendJson(c, {
      ...(v1 || withTotal ? { total_comments: found.item.total_comments } : {}),
      comments: v1 ? commentsToWire(view, items, context, { parents: true }) : commentsToWire(view, items, context),
      next_url: nextUrl(c, c.get('origin'), more ? { offset: offset + PAGE_SIZE } : null),
      comment_access_control: found.accessControl,
    })
  }

  const replies = async (c: AppContext, kind: Kind, commentId: number, offset: number) => {
    const view = c.get('view')
    const { items, more } = pageOf(await comments.replies(view, kind, commentId, offset, PAGE_SIZE + 1))
    return sendJson(c, {
      comments: commentsToWire(view, items, await comments.context(items, false)),
      next_url: nextUrl(c, c.get('origin'), more ? { offset: offset + PAGE_SIZE } : null),
    })
  }

  const add = async (c: AppContext, kind: Kind, itemId: number, text: string, parentId: number | undefined) => {
    const view = c.get('view')
    const row = await comments.add(view, kind, itemId, text, parentId)
    const context = await comments.context([row], true)
    return sendJson(c, { comment: commentsToWire(view, [row], context, { parents: true })[0] })
  }

  const remove = async (c: AppContext, kind: Kind, commentId: number) => {
    await comments.remove(c.get('view'), kind, commentId)
    return sendJson(c, {})
  }

  on(app, 'illustComments', (c, q) => list(c, 'illust', q.illust_id, q.offset, true, true))
  on(app, 'illustCommentsV3', (c, q) => list(c, 'illust', q.illust_id, q.offset, false, !!q.include_total_comments))
  on(app, 'novelComments', (c, q) => list(c, 'novel', q.novel_id, q.offset, true, true))
  on(app, 'illustCommentReplies', (c, q) => replies(c, 'illust', q.comment_id, q.offset))
  on(app, 'novelCommentReplies', (c, q) => replies(c, 'novel', q.comment_id, q.offset))
  on(app, 'addIllustComment', (c, q) => add(c, 'illust', q.illust_id, q.comment, q.parent_comment_id))
  on(app, 'addNovelComment', (c, q) => add(c, 'novel', q.novel_id, q.comment, q.parent_comment_id))
  on(app, 'deleteIllustComment', (c, q) => remove(c, 'illust', q.comment_id))
  on(app, 'deleteNovelComment', (c, q) => remove(c, 'novel', q.comment_id))
}
