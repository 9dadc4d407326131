import { useInfiniteQuery } from '@tanstack/react-query'
import { useNavigate, useOutletContext, useSearchParams } from 'react-router'
import { LinkTabs } from '../../components/tabs.tsx'
import { workQueries } from '../../features/works/api/work-queries.ts'
import type { BookmarkListParams } from '../../lib/api-client.ts'
import { paths } from '../../lib/paths.ts'
import { BookmarkTagFilter } from '../bookmark-tag-filter.tsx'
import { WorkList } from '../work-list.tsx'
import type { UserOutletContext } from './user-layout.tsx'

/** `/users/:id/bookmarks/artworks` (`?restrict=private` for one's own, `?tag=` to narrow). */
export function Component() {
  const { userId, userName, isSelf } = useOutletContext<UserOutletContext>()
  const [search] = useSearchParams()
  const restrict = isSelf && search.get('restrict') === 'private' ? 'private' : 'public'
  const tag = search.get('tag') || undefined
  const params: BookmarkListParams = { userId, restrict, ...(tag ? { tag } : {}) }
  const key = `${restrict}:${tag ?? ''}`
  const navigate = useNavigate()
  // The bookmark tags' first page: enough for a filter, and one request.
  const tags = useInfiniteQuery(workQueries.bookmarkTags({ userId, restrict }))

  return (
    <>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-wrap gap-3">
          <LinkTabs
            label="Kind of bookmark"
            tabs={[
              { href: paths.userBookmarks(userId), label: 'Artworks', current: true },
              { href: paths.userNovelBookmarks(userId), label: 'Novels', current: false },
            ]}
          />
          {isSelf && (
            <LinkTabs
              label="Visibility"
              tabs={[
                { href: paths.userBookmarks(userId, { tag }), label: 'Public', current: restrict === 'public' },
                {
                  href: paths.userBookmarks(userId, { restrict: 'private', tag }),
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
              paths.userBookmarks(userId, {
                restrict: restrict === 'private' ? 'private' : undefined,
                tag: next,
              }),
            )
          }
        />
      </div>
      <WorkList
        key={key}
        query={workQueries.bookmarks(params)}
        listKey={`bookmarks:${userId}:${key}`}
        label={`${isSelf ? 'Your' : `${userName}’s`} ${restrict === 'private' ? 'private ' : ''}bookmarks${tag ? ` tagged ${tag}` : ''}`}
        emptyMessage={tag ? `No bookmarks tagged “${tag}”.` : 'No bookmarks yet.'}
      />
    </>
  )
}
