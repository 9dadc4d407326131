import { Link } from 'react-router'
import type { Tag } from '../api/model.ts'
import { useLang, useT, type Lang } from '../lib/i18n/i18n.ts'
import '../lib/i18n/messages/en/components.ts'

/**
 * The translation to show beside a tag's name, or nothing. The translations are English: an English reader sees one
 * beside the (mostly Japanese) name; a Japanese reader reads the name itself, as pixiv shows it.
 */
export function tagTranslation(tag: { name: string; translatedName?: string | null }, lang: Lang): string | null {
  if (lang !== 'en' || !tag.translatedName || tag.translatedName === tag.name) return null
  return tag.translatedName
}

/** A detail view's tags, each a link to its search (`href`), with the translation beside it. Nothing without tags. */
export function TagList({ tags, href }: { tags: readonly Tag[]; href: (tag: string) => string }) {
  const t = useT()
  const lang = useLang()
  if (tags.length === 0) return null
  return (
    <ul aria-label={t('components.tags')} className="flex flex-wrap gap-x-3 sm:gap-y-1">
      {tags.map((tag) => {
        const translation = tagTranslation(tag, lang)
        return (
          <li key={tag.name} data-content>
            <Link
              to={href(tag.name)}
              className="inline-flex min-h-11 min-w-11 items-center text-accent underline decoration-accent/40 underline-offset-2 hover:decoration-accent sm:inline sm:min-h-0 sm:min-w-0"
            >
              #{tag.name}
            </Link>
            {translation && (
              <span className="ml-1 text-sm text-muted" lang="en">
                {translation}
              </span>
            )}
          </li>
        )
      })}
    </ul>
  )
}
