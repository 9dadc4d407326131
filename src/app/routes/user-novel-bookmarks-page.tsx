import { useInfiniteQuery } from '@tanstack/react-query'
import { useNavigate, useOutletContext, useSearchParams } from 'react-router'
import { LinkTabs } from '../../components/tabs.tsx'
import { novelQueries } from '../../features/novels/api/novel-queries.ts'
import { InfiniteNovelList } from '../../features/novels/components/infinite-novel-list.tsx'
import type { BookmarkListParams } from '../../lib/api-client.ts'
import { paths } from '../../lib/paths.ts'
import { BookmarkTagFilter } from '../bookmark-tag-filter.tsx'
import type { UserOutletContext } from './user-layout.tsx'
import { preloadNovelPage } from '../preload.ts'

/**
 * `/users/:id/bookmarks/novels` (`?restrict=private` for one's own, `?tag=` to narrow): bookmarked novels, newest
 * bookmark first, paged by the `max_bookmark_id` cursor.
 */
export function Component() {
  const { userId, userName, isSelf } = useOutletContext<UserOutletContext>()
  const navigate = useNavigate()
  const [search] = useSearchParams()
  const restrict = isSelf && search.get('restrict') === 'private' ? 'private' : 'public'
  const tag = search.get('tag') || undefined
  const params: BookmarkListParams = { userId, restrict, ...(tag ? { tag } : {}) }
  const key = `${restrict}:${tag ?? ''}`
  // The bookmark tags' first page: enough for a filter, and one request.
  const tags = useInfiniteQuery(novelQueries.bookmarkTags({ userId, restrict }))

  return (
    <>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-wrap gap-3">
          <LinkTabs
            label="Kind of bookmark"
            tabs={[
              { href: paths.userBookmarks(userId), label: 'Artworks', current: false },
              { href: paths.userNovelBookmarks(userId), label: 'Novels', current: true },
            ]}
          />
          {isSelf && (
            <LinkTabs
              label="Visibility"
              tabs={[
                { href: paths.userNovelBookmarks(userId, { tag }), label: 'Public', current: restrict === 'public' },
                {
                  href: paths.userNovelBookmarks(userId, { restrict: 'private', tag }),
                  label: 'Private',
                  current: restrict === 'private',
                },
              ]}
            />
          )}
        </div>
        <BookmarkTagFilter
          tags={tags.data?.pages.flatMap((p) => p.bookmarkTags) ?? []}
          tag={tag}
          onSelect={(next) =>
            void navigate(
              paths.userNovelBookmarks(userId, {
                restrict: restrict === 'private' ? 'private' : undefined,
                tag: next,
              }),
            )
          }
        />
      </div>
      <InfiniteNovelList
        onCardIntent={preloadNovelPage}
        key={key}
        query={novelQueries.bookmarks(params)}
        listKey={`novel-bookmarks:${userId}:${key}`}
        label={`${isSelf ? 'Your' : `${userName}’s`} ${restrict === 'private' ? 'private ' : ''}novel bookmarks${tag ? ` tagged ${tag}` : ''}`}
        emptyMessage={tag ? `No novels bookmarked with “${tag}”.` : 'No novel bookmarks yet.'}
      />
    </>
  )
}
