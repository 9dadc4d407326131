import type { Illust, User } from '../../api/model.ts'
import { CommentSection } from '../../features/comments/components/comment-section.tsx'
import { FollowButton } from '../../features/users/components/follow-button.tsx'
import { ArtworkScreen } from '../../features/works/components/artwork-screen.tsx'

function WorkComments({ work }: { work: Illust }) {
  return <CommentSection kind="illust" id={work.id} initialTotal={work.totalComments} />
}

function AuthorFollow({ user }: { user: User }) {
  return <FollowButton userId={user.id} userName={user.name} isFollowed={!!user.isFollowed} />
}

/**
 * `/artworks/:id`: the works feature's detail screen, with the comments feature's section under the work and the
 * users feature's follow toggle beside the author.
 */
export default function ArtworkRoute() {
  return <ArtworkScreen Comments={WorkComments} Follow={AuthorFollow} />
}
