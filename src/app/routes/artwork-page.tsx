import type { Illust } from '../../api/model.ts'
import { CommentSection } from '../../features/comments/components/comment-section.tsx'
import { ArtworkScreen } from '../../features/works/components/artwork-screen.tsx'

function WorkComments({ work }: { work: Illust }) {
  return <CommentSection kind="illust" id={work.id} initialTotal={work.totalComments} />
}

/** `/artworks/:id`: the works feature's detail screen, with the comments feature's section under the work. */
export default function ArtworkRoute() {
  return <ArtworkScreen Comments={WorkComments} />
}
