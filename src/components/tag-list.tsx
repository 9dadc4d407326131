import { Link } from 'react-router'
import type { Tag } from '../api/model.ts'

/** A detail view's tags, each a link to its search (`href`), with the translation beside it. Nothing without tags. */
export function TagList({ tags, href }: { tags: readonly Tag[]; href: (tag: string) => string }) {
  if (tags.length === 0) return null
  return (
    <ul aria-label="Tags" className="flex flex-wrap gap-x-3 sm:gap-y-1">
      {tags.map((tag) => (
        <li key={tag.name}>
          <Link
            to={href(tag.name)}
            className="inline-flex min-h-11 min-w-11 items-center text-accent underline decoration-accent/40 underline-offset-2 hover:decoration-accent sm:inline sm:min-h-0 sm:min-w-0"
          >
            #{tag.name}
          </Link>
          {tag.translatedName && tag.translatedName !== tag.name && (
            <span className="ml-1 text-sm text-muted" lang="en">
              {tag.translatedName}
            </span>
          )}
        </li>
      ))}
    </ul>
  )
}
