import type { Novel } from '../../api/model.ts'
import { CommentSection } from '../../features/comments/components/comment-section.tsx'
import { novelQueries } from '../../features/novels/api/novel-queries.ts'
import { NovelScreen } from '../../features/novels/reader/novel-screen.tsx'
import { WorkCaption } from '../../features/works/components/detail/work-caption.tsx'
import { usersKey } from '../../lib/user-detail-query.ts'
import { CommentActions, ItemActions } from '../moderation-slots.tsx'

// What moderating a novel changes: every list of novels (it leaves them, or comes back), and its author's counts.
const LIST_KEYS = [novelQueries.all(), usersKey()]

function NovelComments({ novel }: { novel: Novel }) {
  return <CommentSection kind="novel" id={novel.id} initialTotal={novel.totalComments} Actions={CommentActions} />
}

function NovelModeration({ novel }: { novel: Novel }) {
  return (
    <ItemActions kind="novel" item={novel} detailKey={novelQueries.detail(novel.id).queryKey} listKeys={LIST_KEYS} />
  )
}

/**
 * `/novels/:id` (its own chunk): the novels feature's reader screen, with the works feature's caption view, the
 * comments feature's section under the text, and moderation's Report (and the admins' tools) beside the bookmark.
 */
export function Component() {
  return <NovelScreen Caption={WorkCaption} Comments={NovelComments} Actions={NovelModeration} />
}
