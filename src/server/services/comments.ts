import type { Kind, NovelRow, WorkRow } from '../data/store.ts'
import type { CommentRow } from '../data/comments.ts'
import type { View } from '../wire/view.ts'
import type { CommentContext } from '../wire/comments.ts'
import { badRequest, forbidden, notFound } from '../http/errors.ts'
import type { ServiceDeps } from './deps.ts'
import type { FollowService } from './follows.ts'
import type { ItemService } from './items.ts'

/** comment_access_control: 0 anyone may comment; 1 only users the author follows (and the author). */
export const COMMENTS_FROM_FOLLOWED_ONLY = 1

const noComment = () => notFound('The comment has been deleted or does not exist.')

const accessControl = (kind: Kind, row: WorkRow | NovelRow) =>
  kind === 'illust' ? (row as WorkRow).comment_access_control : 0

// Comments on works and novels: lists (v1: every comment with its parent; v3: a thread's first comments), replies,
// add and delete. A work the caller may not see has its comments as hidden as itself (404 everywhere); comments by
// users the caller muted are left out of lists. Replies count in total_comments, as on pixiv, so a write invalidates
// the item.
export class CommentService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly items: ItemService,
    private readonly follows: FollowService,
  ) {}

  /** What the serializer needs beside the rows: their parents (with `parents`) and every author. */
  async context(rows: readonly CommentRow[], parents: boolean): Promise<CommentContext> {
    const { comments, users } = this.deps.repos
    const parentRows = parents
      ? await comments.byIds([...new Set(rows.flatMap((r) => (r.parent_id ? [r.parent_id] : [])))])
      : new Map<number, CommentRow>()
    const authors = await users.byIds([...new Set([...rows, ...parentRows.values()].map((r) => r.user_id))])
    return { parents: parentRows, users: authors }
  }

  /** A comment of this kind whose item the caller may see. */
  private async visibleComment(view: View, kind: Kind, id: number): Promise<CommentRow> {
    const row = await this.deps.repos.comments.get(id)
    if (!row || row.kind !== kind) throw noComment()
    await this.items.visible(view, kind, row.item_id)
    return row
  }

  async list(view: View, kind: Kind, itemId: number, v1: boolean, offset: number, limit: number) {
    const item = await this.items.visible(view, kind, itemId)
    const rows = await this.deps.repos.comments.page(kind, itemId, {
      rootsOnly: !v1,
      mutedUsers: view.mutedUsers(),
      viewer: view.caller.id,
      seeHeld: view.caller.admin === true,
      offset,
      limit,
    })
    return { item, rows, accessControl: accessControl(kind, item) }
  }

  async replies(view: View, kind: Kind, commentId: number, offset: number, limit: number) {
    const root = await this.visibleComment(view, kind, commentId)
    return this.deps.repos.comments.replies(root.id, {
      mutedUsers: view.mutedUsers(),
      viewer: view.caller.id,
      seeHeld: view.caller.admin === true,
      offset,
      limit,
    })
  }

  async add(view: View, kind: Kind, itemId: number, text: string, parentId: number | undefined): Promise<CommentRow> {
    const me = view.caller.id
    const item = await this.items.visible(view, kind, itemId)
    if (
      accessControl(kind, item) === COMMENTS_FROM_FOLLOWED_ONLY &&
      me !== item.user_id &&
      !(await this.follows.follows(item.user_id, me))
    )
      throw forbidden('The author accepts comments only from users they follow.')
    let root: number | null = null
    if (parentId !== undefined) {
      const parent = await this.deps.repos.comments.get(parentId)
      if (!parent) throw noComment()
      if (parent.kind !== kind || parent.item_id !== itemId)
        throw badRequest(
          `parent_comment_id must be a comment on this ${kind === 'illust' ? 'work' : 'novel'}`,
          'The comment you are replying to does not exist.',
        )
      // Threads are two levels deep: a reply to a reply joins the thread of the comment it answers.
      root = parent.parent_id ?? parent.id
    }
    const row = await this.deps.repos.comments.add(kind, itemId, me, root, text, this.deps.nowS())
    await this.deps.caches.bus.publish({ items: [{ kind, id: itemId }] }) // its total_comments changed
    return row
  }

  async remove(view: View, kind: Kind, commentId: number): Promise<void> {
    const row = await this.deps.repos.comments.get(commentId)
    if (!row || row.kind !== kind) throw noComment()
    if (row.user_id !== view.caller.id) {
      // Someone else's comment: forbidden where the caller can see it, not there at all where they cannot.
      await this.items.visible(view, kind, row.item_id)
      throw forbidden('Only its author can delete a comment.')
    }
    await this.deps.repos.comments.delete(row.id)
    await this.deps.caches.bus.publish({ items: [{ kind, id: row.item_id }] })
  }

  /** An admin deletes any comment (services/moderation.ts: after its checks, before its log line). */
  async removeAny(commentId: number): Promise<void> {
    const row = await this.deps.repos.comments.get(commentId)
    if (!row) throw noComment()
    await this.deps.repos.comments.delete(row.id)
    await this.deps.caches.bus.publish({ items: [{ kind: row.kind, id: row.item_id }] })
  }
}
