import { useNavigate, useSearchParams } from 'react-router'
import type { BookmarkTag } from '../../../api/model.ts'
import { LinkTabs } from '../../../components/tabs.tsx'
import type { BookmarkListParams } from '../../../lib/api-client.ts'
import { t as translate, useT } from '../../../lib/i18n/i18n.ts'
import { paths } from '../../../lib/paths.ts'
import { BookmarkTagFilter } from './bookmark-tag-filter.tsx'
import '../../../lib/i18n/messages/en/bookmarks.ts'
import '../../../lib/i18n/messages/en/common.ts'
import '../../../lib/i18n/messages/en/users.ts'

// What the artworks and the novels bookmark pages share: which bookmarks the URL asks for, and the controls above
// the list (the kind switch, public/private for one's own, the tag filter).

export type BookmarkKind = 'artworks' | 'novels'

const pathOf = { artworks: paths.userBookmarks, novels: paths.userNovelBookmarks } as const

/** Whose bookmarks a page shows (the user page's layout knows). */
export interface BookmarkOwner {
  userId: number
  userName: string
  /** The signed-in viewer's own: only then may the page show private bookmarks. */
  isSelf: boolean
}

export interface BookmarkScope extends BookmarkOwner {
  restrict: 'public' | 'private'
  tag: string | undefined
  params: BookmarkListParams
  /** Changes with restrict and tag: the list's identity. */
  key: string
}

/**
 * The bookmarks a URL asks for: `?restrict=private` (one's own only) and `?tag=`. The page and the route's loader
 * both read the URL through this, so they ask for the very same list.
 */
export function bookmarkListParams(
  search: URLSearchParams,
  userId: number,
  isSelf: boolean,
): BookmarkListParams & { restrict: 'public' | 'private' } {
  const restrict = isSelf && search.get('restrict') === 'private' ? 'private' : 'public'
  const tag = search.get('tag') || undefined
  return { userId, restrict, ...(tag ? { tag } : {}) }
}

/** The bookmarks a page of `owner`'s shows, from the URL. */
export function useBookmarkScope(owner: BookmarkOwner): BookmarkScope {
  const [search] = useSearchParams()
  const params = bookmarkListParams(search, owner.userId, owner.isSelf)
  const { restrict, tag } = params
  return { ...owner, restrict, tag, params, key: `${restrict}:${tag ?? ''}` }
}

export function BookmarkControls({
  kind,
  scope: { userId, isSelf, restrict, tag },
  tags,
}: {
  kind: BookmarkKind
  scope: BookmarkScope
  /** The owner's bookmark tags of this kind and restrict. */
  tags: readonly BookmarkTag[]
}) {
  const t = useT()
  const navigate = useNavigate()
  const path = pathOf[kind]
  return (
    <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
      <div className="flex flex-wrap gap-3">
        <LinkTabs
          label={t('bookmarks.kind')}
          tabs={[
            { href: paths.userBookmarks(userId), label: t('common.artworks'), current: kind === 'artworks' },
            { href: paths.userNovelBookmarks(userId), label: t('common.novels'), current: kind === 'novels' },
          ]}
        />
        {isSelf && (
          <LinkTabs
            label={t('users.visibility')}
            tabs={[
              { href: path(userId, { tag }), label: t('common.public'), current: restrict === 'public' },
              {
                href: path(userId, { restrict: 'private', tag }),
                label: t('common.private'),
                current: restrict === 'private',
              },
            ]}
          />
        )}
      </div>
      <BookmarkTagFilter
        tags={tags}
        tag={tag}
        onSelect={(next) =>
          void navigate(path(userId, { restrict: restrict === 'private' ? 'private' : undefined, tag: next }))
        }
      />
    </div>
  )
}

// Whose bookmarks (yours, or someone's), public or private, of which kind: each combination is a sentence of its own,
// as languages order the words differently. A tag, when chosen, follows.
const LIST_LABELS = {
  artworks: {
    self: { public: 'bookmarks.label.yours', private: 'bookmarks.label.yoursPrivate' },
    other: { public: 'bookmarks.label.theirs', private: 'bookmarks.label.theirsPrivate' },
  },
  novels: {
    self: { public: 'bookmarks.label.yoursNovels', private: 'bookmarks.label.yoursPrivateNovels' },
    other: { public: 'bookmarks.label.theirsNovels', private: 'bookmarks.label.theirsPrivateNovels' },
  },
} as const

/** A bookmark list's accessible name: "Your private bookmarks tagged cat". */
export function bookmarkListLabel(
  kind: BookmarkKind,
  { isSelf, name, restrict, tag }: { isSelf: boolean; name: string; restrict: 'public' | 'private'; tag?: string },
): string {
  const label = translate(LIST_LABELS[kind][isSelf ? 'self' : 'other'][restrict], { name })
  return tag ? translate('bookmarks.label.tagged', { label, tag }) : label
}
