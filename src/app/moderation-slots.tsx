import type { QueryKey } from '@tanstack/react-query'
import type { Comment } from '../api/model.ts'
import { lazyModule } from '../lib/lazy-module.ts'

// Moderation's Report (and the admins' tools, which it loads for a signed-in reader) on the work and novel pages: a
// chunk of its own, asked for as the page renders, so neither the page's code nor the first script's list of it
// carries moderation.
const moderation = lazyModule(() => import('../features/moderation/components/item-moderation.tsx'))

/** A comment's Report (and the admins' tools): the comments feature's `Actions` slot. */
export function CommentActions(props: { comment: Comment; onChange: () => Promise<unknown> }) {
  const CommentModeration = moderation.use()?.CommentModeration
  return CommentModeration ? <CommentModeration {...props} /> : null
}

/**
 * A work's or a novel's Report (and the admins' tools), beside its bookmark. `detailKey`: its detail answer;
 * `listKeys`: what moderating it changes (the lists it leaves or comes back to, its author's counts).
 */
export function ItemActions({
  kind,
  item,
  detailKey,
  listKeys,
}: {
  kind: 'illust' | 'novel'
  item: { id: number; title: string; user: { id: number } }
  detailKey: QueryKey
  listKeys: readonly QueryKey[]
}) {
  const ItemModeration = moderation.use()?.ItemModeration
  if (!ItemModeration) return null
  return (
    <ItemModeration
      kind={kind}
      id={item.id}
      authorId={item.user.id}
      label={item.title}
      detailKey={detailKey}
      listKeys={listKeys}
    />
  )
}
