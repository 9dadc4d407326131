import { useId, useState, type FormEvent } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { useT } from '../../../lib/i18n/i18n.ts'
import { paths } from '../../../lib/paths.ts'
import '../../../lib/i18n/messages/en/app.ts'
import { routeHref } from '../../../api/gallery-routes.ts'

/**
 * The header's search box, on every page. A word searches works (or novels, from the novel search), keeping the
 * filters already chosen; a pasted pixiv-style link or share text with one inside opens that view instead.
 */
const SEARCH_ROUTES = ['search', 'searchNovels', 'searchUsers'] as const

export function SearchBox({ className = '' }: { className?: string }) {
  const t = useT()
  const location = useLocation()
  const navigate = useNavigate()
  const id = useId()
  const onSearch = SEARCH_ROUTES.some((route) => location.pathname === routeHref(route))
  const currentWord = onSearch ? (new URLSearchParams(location.search).get('word') ?? '') : ''
  // The typed text, until the URL's word changes (Back, a tag link): then the box shows the new word.
  const [draft, setDraft] = useState({ word: currentWord, text: currentWord })
  const text = draft.word === currentWord ? draft.text : currentWord
  const setText = (next: string) => setDraft({ word: currentWord, text: next })

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const value = text.trim()
    if (!value) return
    // Every link has a slash; a plain word does not need the resolver, which loads only when a link is pasted.
    if (value.includes('/')) {
      const { linkTarget } = await import('../../../lib/link-resolver.ts')
      const link = linkTarget(value, window.location.origin)
      if (link) {
        setText('')
        void navigate(link)
        return
      }
    }
    const kept: Record<string, string> = {}
    if (onSearch) for (const [k, v] of new URLSearchParams(location.search)) kept[k] = v
    const query = { ...kept, word: value }
    void navigate(
      location.pathname === routeHref('searchNovels')
        ? paths.searchNovels(query)
        : location.pathname === routeHref('searchUsers')
          ? paths.searchUsers({ word: value })
          : paths.search(query),
    )
  }

  return (
    <form role="search" onSubmit={(e) => void submit(e)} className={`flex min-w-0 items-center ${className}`}>
      <label htmlFor={id} className="sr-only">
        {t('app.searchBox.label')}
      </label>
      <input
        id={id}
        type="search"
        name="word"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={t('app.searchBox.placeholder')}
        enterKeyHint="search"
        autoComplete="off"
        className="h-11 w-full min-w-0 rounded-l-full border border-r-0 border-line bg-surface px-4 text-base text-ink placeholder:text-muted sm:h-10 sm:text-sm"
      />
      <button
        type="submit"
        className="inline-flex h-11 min-w-11 shrink-0 items-center justify-center rounded-r-full border border-line bg-surface px-3 text-muted hover:text-ink sm:h-10"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className="size-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <circle cx="8.5" cy="8.5" r="5.5" />
          <path d="m13 13 4 4" strokeLinecap="round" />
        </svg>
        <span className="sr-only">{t('app.searchBox.submit')}</span>
      </button>
    </form>
  )
}
