import type { Novel } from '../../api/model.ts'
import { CommentSection } from '../../features/comments/components/comment-section.tsx'
import { NovelScreen } from '../../features/novels/reader/novel-screen.tsx'
import { WorkCaption } from '../../features/works/components/detail/work-caption.tsx'

function NovelComments({ novel }: { novel: Novel }) {
  return <CommentSection kind="novel" id={novel.id} initialTotal={novel.totalComments} />
}

/**
 * `/novels/:id` (its own chunk): the novels feature's reader screen, with the works feature's caption view and the
 * comments feature's section under the text.
 */
export function Component() {
  return <NovelScreen Caption={WorkCaption} Comments={NovelComments} />
}
