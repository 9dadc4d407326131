import { useInfiniteQuery } from '@tanstack/react-query'
import { useOutletContext } from 'react-router'
import { workQueries } from '../../features/works/api/work-queries.ts'
import { useT } from '../../lib/i18n/i18n.ts'
import {
  BookmarkControls,
  bookmarkListLabel,
  useBookmarkScope,
} from '../../features/bookmarks/components/bookmark-controls.tsx'
import type { UserOutletContext } from './user-layout.tsx'
import { WorkList } from '../work-list.tsx'
import '../../lib/i18n/messages/en/bookmarks.ts'

/** `/users/:id/bookmarks/artworks` (`?restrict=private` for one's own, `?tag=` to narrow). */
export function Component() {
  const t = useT()
  const scope = useBookmarkScope(useOutletContext<UserOutletContext>())
  const { userId, userName, isSelf, restrict, tag, params, key } = scope
  // The bookmark tags' first page: enough for a filter, and one request.
  const tags = useInfiniteQuery(workQueries.bookmarkTags({ userId, restrict }))

  return (
    <>
      <BookmarkControls kind="artworks" scope={scope} tags={tags.data?.pages.flatMap((p) => p.bookmarkTags) ?? []} />
      <WorkList
        key={key}
        query={workQueries.bookmarks(params)}
        listKey={`bookmarks:${userId}:${key}`}
        label={bookmarkListLabel('artworks', { isSelf, name: userName, restrict, tag })}
        emptyMessage={tag ? t('bookmarks.emptyTagged', { tag }) : t('bookmarks.empty')}
      />
    </>
  )
}
