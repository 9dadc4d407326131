import type { Illust, User } from '../../api/model.ts'
import { CommentSection } from '../../features/comments/components/comment-section.tsx'
import { FollowButton } from '../../features/users/components/follow-button.tsx'
import { workQueries } from '../../features/works/api/work-queries.ts'
import { ArtworkScreen } from '../../features/works/components/artwork-screen.tsx'
import { usersKey } from '../../lib/user-detail-query.ts'
import { CommentActions, ItemActions } from '../moderation-slots.tsx'

// What moderating a work changes: every list of works (it leaves them, or comes back), and its author's counts.
const LIST_KEYS = [workQueries.all(), usersKey()]

function WorkComments({ work }: { work: Illust }) {
  return <CommentSection kind="illust" id={work.id} initialTotal={work.totalComments} Actions={CommentActions} />
}

function AuthorFollow({ user }: { user: User }) {
  return <FollowButton userId={user.id} userName={user.name} isFollowed={!!user.isFollowed} />
}

function WorkModeration({ work }: { work: Illust }) {
  return <ItemActions kind="illust" item={work} detailKey={workQueries.detail(work.id).queryKey} listKeys={LIST_KEYS} />
}

/**
 * `/artworks/:id`: the works feature's detail screen, with the comments feature's section under the work, the users
 * feature's follow toggle beside the author, and moderation's Report (and the admins' tools) beside the bookmark.
 */
export default function ArtworkRoute() {
  return <ArtworkScreen Comments={WorkComments} Follow={AuthorFollow} Actions={WorkModeration} />
}
