import type { Illust } from '../../api/model.ts'
import { CommentSection } from '../../features/comments/components/comment-section.tsx'
import { ArtworkPage } from '../../features/works/routes/artwork-page.tsx'

function WorkComments({ work }: { work: Illust }) {
  return <CommentSection kind="illust" id={work.id} initialTotal={work.totalComments} />
}

/** `/artworks/:id`: the works feature's detail, with the comments feature's section under the work. */
export default function ArtworkRoute() {
  return <ArtworkPage Comments={WorkComments} />
}
