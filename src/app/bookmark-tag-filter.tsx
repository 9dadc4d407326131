import { useId } from 'react'
import type { BookmarkTag } from '../api/model.ts'

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
  const id = useId()
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
        onChange={(e) => onSelect(e.target.value || undefined)}
        className="h-11 max-w-60 rounded-full border border-line bg-surface px-3 text-sm text-ink sm:h-10"
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
