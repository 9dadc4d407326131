import { useId } from 'react'
import type { BookmarkTag } from '../../../api/model.ts'
import { useT } from '../../../lib/i18n/i18n.ts'
import '../../../lib/i18n/messages/en/bookmarks.ts'

/**
 * Narrows a bookmark list to one of the owner's bookmark tags (a native select: keyboard and screen readers know it).
 * Nothing when the owner has no tags and none is chosen. A chosen tag the list does not know (a shared link) stays
 * selectable.
 */
export function BookmarkTagFilter({
  tags,
  tag,
  onSelect,
}: {
  tags: readonly BookmarkTag[]
  tag: string | undefined
  onSelect: (tag: string | undefined) => void
}) {
  const t = useT()
  const id = useId()
  if (tags.length === 0 && !tag) return null
  const known = tags.some((x) => x.name === tag)
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm text-muted">
        {t('bookmarks.tag')}
      </label>
      <select
        id={id}
        value={tag ?? ''}
        onChange={(e) => onSelect(e.target.value || undefined)}
        className="h-11 max-w-60 rounded-full border border-line bg-surface px-3 text-sm text-ink sm:h-10"
      >
        <option value="">{t('bookmarks.all')}</option>
        {tag && !known && (
          <option value={tag} data-content>
            {tag}
          </option>
        )}
        {tags.map((x) => (
          <option key={x.name} value={x.name} data-content>
            {x.name} ({x.count})
          </option>
        ))}
      </select>
    </div>
  )
}
