import { useInfiniteQuery } from '@tanstack/react-query'
import { useOutletContext } from 'react-router'
import { novelQueries } from '../../features/novels/api/novel-queries.ts'
import { InfiniteNovelList } from '../../features/novels/components/infinite-novel-list.tsx'
import { useT } from '../../lib/i18n/i18n.ts'
import {
  BookmarkControls,
  bookmarkListLabel,
  useBookmarkScope,
} from '../../features/bookmarks/components/bookmark-controls.tsx'
import type { UserOutletContext } from './user-layout.tsx'
import { preloadNovelPage } from '../preload.ts'
import '../../lib/i18n/messages/en/bookmarks.ts'

/**
 * `/users/:id/bookmarks/novels` (`?restrict=private` for one's own, `?tag=` to narrow): bookmarked novels, newest
 * bookmark first, paged by the `max_bookmark_id` cursor.
 */
export function Component() {
  const t = useT()
  const scope = useBookmarkScope(useOutletContext<UserOutletContext>())
  const { userId, userName, isSelf, restrict, tag, params, key } = scope
  // The bookmark tags' first page: enough for a filter, and one request.
  const tags = useInfiniteQuery(novelQueries.bookmarkTags({ userId, restrict }))

  return (
    <>
      <BookmarkControls kind="novels" scope={scope} tags={tags.data?.pages.flatMap((p) => p.bookmarkTags) ?? []} />
      <InfiniteNovelList
        onCardIntent={preloadNovelPage}
        key={key}
        query={novelQueries.bookmarks(params)}
        listKey={`novel-bookmarks:${userId}:${key}`}
        label={bookmarkListLabel('novels', { isSelf, name: userName, restrict, tag })}
        emptyMessage={tag ? t('bookmarks.novelsEmptyTagged', { tag }) : t('bookmarks.novelsEmpty')}
      />
    </>
  )
}
