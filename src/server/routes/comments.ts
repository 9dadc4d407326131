import type { Hono } from 'hono'
import type { AppContext, AppEnv, Services } from '../context.ts'
import type { Kind, NovelRow, WorkRow } from '../data/store.ts'
import type { CommentRow } from '../data/comments.ts'
import { on } from '../http/endpoint.ts'
import { badRequest, forbidden, notFound } from '../http/errors.ts'
import { nextUrl, PAGE_SIZE } from '../http/paging.ts'
import { commentsToWire } from '../wire/comments.ts'
import { pageOf, sendJson, visibleItem } from './common.ts'

// Comments on works and novels: lists (v1: every comment with its parent; v3: a thread's first comments), replies,
// add and delete. A work the caller may not see has its comments as hidden as itself (404 everywhere); comments by
// users the caller muted are left out of lists. Replies count in total_comments, as on pixiv.

/** comment_access_control: 0 anyone may comment; 1 only users the author follows (and the author). */
export const COMMENTS_FROM_FOLLOWED_ONLY = 1

const noComment = () => notFound('The comment has been deleted or does not exist.')

export function commentRoutes(app: Hono<AppEnv>, { store, nowS, caches }: Services) {
  const accessControl = (kind: Kind, row: WorkRow | NovelRow) =>
    kind === 'illust' ? (row as WorkRow).comment_access_control : 0

  /** A comment of this kind whose item the caller may see. */
  const visibleComment = (c: AppContext, kind: Kind, id: number): CommentRow => {
    const row = store.comments.get(id)
    if (!row || row.kind !== kind) throw noComment()
    visibleItem(c, kind, row.item_id)
    return row
  }

  const list = (c: AppContext, kind: Kind, itemId: number, offset: number, v1: boolean, withTotal: boolean) => {
    const item = visibleItem(c, kind, itemId)
    const { items, more } = pageOf(
      store.comments.page(kind, itemId, {
        rootsOnly: !v1,
        mutedUsers: c.var.view.mutedUsers(),
        offset,
        limit: PAGE_SIZE + 1,
      }),
    )
    return sendJson(c, {
      ...(v1 || withTotal ? { total_comments: item.total_comments } : {}),
      comments: v1 ? commentsToWire(c.var.view, items, { parents: true }) : commentsToWire(c.var.view, items),
      next_url: nextUrl(c, c.var.origin, more ? { offset: offset + PAGE_SIZE } : null),
      comment_access_control: accessControl(kind, item),
    })
  }

  const replies = (c: AppContext, kind: Kind, commentId: number, offset: number) => {
    const root = visibleComment(c, kind, commentId)
    const { items, more } = pageOf(
      store.comments.replies(root.id, { mutedUsers: c.var.view.mutedUsers(), offset, limit: PAGE_SIZE + 1 }),
    )
    return sendJson(c, {
      comments: commentsToWire(c.var.view, items),
      next_url: nextUrl(c, c.var.origin, more ? { offset: offset + PAGE_SIZE } : null),
    })
  }

  const add = (c: AppContext, kind: Kind, itemId: number, text: string, parentId: number | undefined) => {
    const me = c.var.caller.id
    const item = visibleItem(c, kind, itemId)
    if (
      accessControl(kind, item) === COMMENTS_FROM_FOLLOWED_ONLY &&
      me !== item.user_id &&
      !store.followedAmong(item.user_id, [me]).has(me)
    )
      throw forbidden('The author accepts comments only from users they follow.')
    let root: number | null = null
    if (parentId !== undefined) {
      const parent = store.comments.get(parentId)
      if (!parent) throw noComment()
      if (parent.kind !== kind || parent.item_id !== itemId)
        throw badRequest(
          `parent_comment_id must be a comment on this ${kind === 'illust' ? 'work' : 'novel'}`,
          'The comment you are replying to does not exist.',
        )
      // Threads are two levels deep: a reply to a reply joins the thread of the comment it answers.
      root = parent.parent_id ?? parent.id
    }
    const row = store.comments.add(kind, itemId, me, root, text, nowS())
    caches.items.invalidate(kind, itemId) // its total_comments changed
    return sendJson(c, { comment: commentsToWire(c.var.view, [row], { parents: true })[0] })
  }

  const remove = (c: AppContext, kind: Kind, commentId: number) => {
    const row = store.comments.get(commentId)
    if (!row || row.kind !== kind) throw noComment()
    if (row.user_id !== c.var.caller.id) {
      // Someone else's comment: forbidden where the caller can see it, not there at all where they cannot.
      visibleItem(c, kind, row.item_id)
      throw forbidden('Only its author can delete a comment.')
    }
    store.comments.delete(row.id)
    caches.items.invalidate(kind, row.item_id)
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
