import { useInfiniteQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { useNavigate, useOutletContext, useSearchParams } from 'react-router'
import { LinkTabs } from '../../components/tabs.tsx'
import { workQueries } from '../../features/works/api/work-queries.ts'
import type { BookmarkListParams } from '../../lib/api-client.ts'
import { paths } from '../../lib/paths.ts'
import { WorkList } from '../work-list.tsx'
import type { UserOutletContext } from './user-layout.tsx'

/** The bookmark tags of the list, first page only: enough for a filter, and one request. */
function TagFilter({
  userId,
  restrict,
  tag,
}: {
  userId: number
  restrict: 'public' | 'private'
  tag: string | undefined
}) {
  const id = useId()
  const navigate = useNavigate()
  const { data } = useInfiniteQuery(workQueries.bookmarkTags({ userId, restrict }))
  const tags = data?.pages.flatMap((p) => p.bookmarkTags) ?? []
  if (tags.length === 0 && !tag) return null
  const known = tags.some((t) => t.name === tag)
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm text-muted">
        Tag
      </label>
      <select
        id={id}
        value={tag ?? ''}
        onChange={(e) =>
          void navigate(
            paths.userBookmarks(userId, {
              restrict: restrict === 'private' ? 'private' : undefined,
              tag: e.target.value || undefined,
            }),
          )
        }
        className="h-10 max-w-60 rounded-full border border-line bg-surface px-3 text-sm text-ink"
      >
        <option value="">All bookmarks</option>
        {tag && !known && <option value={tag}>{tag}</option>}
        {tags.map((t) => (
          <option key={t.name} value={t.name}>
            {t.name} ({t.count})
          </option>
        ))}
      </select>
    </div>
  )
}

/** `/users/:id/bookmarks/artworks` (`?restrict=private` for one's own, `?tag=` to narrow). */
export function Component() {
  const { userId, userName, isSelf } = useOutletContext<UserOutletContext>()
  const [search] = useSearchParams()
  const restrict = isSelf && search.get('restrict') === 'private' ? 'private' : 'public'
  const tag = search.get('tag') || undefined
  const params: BookmarkListParams = { userId, restrict, ...(tag ? { tag } : {}) }
  const key = `${restrict}:${tag ?? ''}`

  return (
    <>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        {isSelf ? (
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
        ) : (
          <span />
        )}
        <TagFilter userId={userId} restrict={restrict} tag={tag} />
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
