import type { WireComment, WireCommentUser } from '../../api/wire-responses.ts'
import type { CommentRow } from '../data/comments.ts'
import { isoJst } from '../images/paths.ts'
import type { UserRow } from '../data/store.ts'
import type { View } from './view.ts'

/** What comments are serialized with, read by the service (services/comments.ts): parents and authors. */
export interface CommentContext {
  parents: ReadonlyMap<number, CommentRow>
  users: ReadonlyMap<number, UserRow>
}

type WithParent = WireComment & { parent_comment: WireComment | Record<string, never> }

/**
 * Comment rows as wire objects, in order. The text goes out exactly as stored: comments are plain text, and the
 * gallery escapes them (the hostile ones of the demo catalogue check that it does). A comment whose author is gone
 * is left out.
 */
export function commentsToWire(
  view: View,
  rows: readonly CommentRow[],
  context: CommentContext,
  opts: { parents: true },
): WithParent[]
export function commentsToWire(
  view: View,
  rows: readonly CommentRow[],
  context: CommentContext,
  opts?: { parents?: false },
): WireComment[]
export function commentsToWire(
  view: View,
  rows: readonly CommentRow[],
  { parents, users }: CommentContext,
  opts: { parents?: boolean } = {},
): WireComment[] {
  const user = (id: number): WireCommentUser | undefined => {
    const row = users.get(id)
    if (!row) return undefined
    const { name, account, profile_image_urls } = view.user(row, false)
    return { id, name, account, profile_image_urls }
  }
  const one = (r: CommentRow, author: WireCommentUser): WireComment => ({
    id: r.id,
    comment: r.body,
    date: isoJst(r.created_ts),
    user: author,
    has_replies: r.has_replies === 1,
    stamp: null,
  })
  return rows.flatMap((r) => {
    const author = user(r.user_id)
    if (!author) return []
    const base = one(r, author)
    if (!opts.parents) return [base]
    const parentRow = r.parent_id ? parents.get(r.parent_id) : undefined
    const parentUser = parentRow && user(parentRow.user_id)
    // pixivpy's model has parent_comment between user and has_replies; clients do not depend on key order.
    const { has_replies, stamp, ...head } = base
    return [{ ...head, parent_comment: parentRow && parentUser ? one(parentRow, parentUser) : {}, has_replies, stamp }]
  })
}
