import type { Comment, Illust, User } from '../../api/model.ts'
import { CommentSection } from '../../features/comments/components/comment-section.tsx'
import { FollowButton } from '../../features/users/components/follow-button.tsx'
import { workQueries } from '../../features/works/api/work-queries.ts'
import { ArtworkScreen } from '../../features/works/components/artwork-screen.tsx'
import { lazyModule } from '../../lib/lazy-module.ts'
import { usersKey } from '../../lib/user-detail-query.ts'

// Moderation's Report (and the admins' tools, which it loads for a signed-in reader): a chunk of its own, asked for
// as the work renders, so neither this page's code nor the first script's list of it carries moderation.
const moderation = lazyModule(() => import('../../features/moderation/components/item-moderation.tsx'))

// What moderating a work changes: every list of works (it leaves them, or comes back), and its author's counts.
const LIST_KEYS = [workQueries.all(), usersKey()]

function CommentActions(props: { comment: Comment; onChange: () => Promise<unknown> }) {
  const CommentModeration = moderation.use()?.CommentModeration
  return CommentModeration ? <CommentModeration {...props} /> : null
}

function WorkComments({ work }: { work: Illust }) {
  return <CommentSection kind="illust" id={work.id} initialTotal={work.totalComments} Actions={CommentActions} />
}

function AuthorFollow({ user }: { user: User }) {
  return <FollowButton userId={user.id} userName={user.name} isFollowed={!!user.isFollowed} />
}

function WorkModeration({ work }: { work: Illust }) {
  const ItemModeration = moderation.use()?.ItemModeration
  if (!ItemModeration) return null
  return (
    <ItemModeration
      kind="illust"
      id={work.id}
      authorId={work.user.id}
      label={work.title}
      detailKey={workQueries.detail(work.id).queryKey}
      listKeys={LIST_KEYS}
    />
  )
}

/**
 * `/artworks/:id`: the works feature's detail screen, with the comments feature's section under the work, the users
 * feature's follow toggle beside the author, and moderation's Report (and the admins' tools) beside the bookmark.
 */
export default function ArtworkRoute() {
  return <ArtworkScreen Comments={WorkComments} Follow={AuthorFollow} Actions={WorkModeration} />
}
