import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useState, type KeyboardEvent } from 'react'
import { MAX_TAGS } from '../../../api/posting-endpoints.ts'
import { useT } from '../../../lib/i18n/i18n.ts'
import { TAG_SUGGEST_DELAY_MS } from '../../../tunables.ts'
import { postingQueries } from '../api/posting-queries.ts'
import { fieldMessage } from '../posting-errors.ts'
import { normalizeTag, splitTags, tagProblem } from '../work-rules.ts'
import '../../../lib/i18n/messages/en/posting.ts'

/** Ends a tag as it is typed: a space (an ideographic one too) or a comma. */
const SEPARATOR = /[\s,、，\u3000]/

/** `value`, once it has not changed for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return settled
}

/**
 * The work's tags as chips, each with its remove button, and a field that adds one at Enter, a space or a comma (not
 * while an input method is composing), suggesting the catalogue's tags that match what is typed (a combobox: arrows
 * choose, Enter takes). Backspace in the empty field takes the last tag back to edit it.
 */
export function TagField({
  tags,
  onChange,
  error,
}: {
  tags: readonly string[]
  onChange: (tags: string[]) => void
  error: string | null
}) {
  const t = useT()
  const id = useId()
  const [text, setText] = useState('')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const [problem, setProblem] = useState<string | null>(null)
  const word = useSettled(normalizeTag(text), TAG_SUGGEST_DELAY_MS)
  const suggestions = useQuery({ ...postingQueries.tagSuggestions(word), enabled: open && word !== '' })
  const options = open && word !== '' ? (suggestions.data ?? []).filter((s) => !tags.includes(s.name)).slice(0, 8) : []
  const expanded = options.length > 0

  /** Adds the tags in `raw`; what is refused stays in the field, said beside it. */
  const commit = (raw: string) => {
    const next = [...tags]
    let refused: string | null = null
    for (const tag of splitTags(raw)) {
      const why = tagProblem(next, tag)
      if (why === 'empty') continue
      if (why) {
        refused = fieldMessage('tags', why)
        continue
      }
      next.push(tag)
    }
    if (next.length !== tags.length) onChange(next)
    setProblem(refused)
    setText('')
    setActive(-1)
  }

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    // An input method's Enter chooses its candidate; it is no tag yet.
    if (e.nativeEvent.isComposing || e.keyCode === 229) return
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!expanded) return
      e.preventDefault()
      const step = e.key === 'ArrowDown' ? 1 : -1
      // From the field (-1) through the options and back to the field.
      setActive((a) => {
        const next = a + step
        return next >= options.length ? -1 : next < -1 ? options.length - 1 : next
      })
      return
    }
    if (e.key === 'Enter') {
      // Never the form's submit: Enter ends a tag here.
      e.preventDefault()
      const chosen = options[active]
      commit(chosen ? chosen.name : text)
    } else if (e.key === 'Escape' && expanded) {
      e.preventDefault()
      setOpen(false)
    } else if (e.key === 'Backspace' && text === '' && tags.length > 0) {
      e.preventDefault()
      setText(tags.at(-1)!)
      onChange(tags.slice(0, -1))
    }
  }

  const hintId = `${id}-hint`
  const errorText = problem ?? error
  const listId = `${id}-list`
  const optionId = (i: number) => `${id}-option-${i}`

  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        {t('posting.fields.tags')}
      </label>
      <div className="flex flex-wrap items-center gap-2 rounded-lg border border-line bg-surface p-1.5 focus-within:border-accent">
        {tags.length > 0 && (
          <ul aria-label={t('posting.fields.tags')} className="contents">
            {tags.map((tag) => (
              <li
                key={tag}
                className="inline-flex items-center gap-1 rounded-full bg-line/60 py-0.5 pl-3 text-sm font-medium"
                data-content
              >
                {tag}
                <button
                  type="button"
                  className="inline-flex size-11 items-center justify-center rounded-full text-muted hover:text-ink sm:size-8"
                  aria-label={t('posting.fields.removeTag', { tag })}
                  onClick={() => onChange(tags.filter((x) => x !== tag))}
                >
                  <svg
                    aria-hidden="true"
                    viewBox="0 0 20 20"
                    className="size-4"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                  >
                    <path d="m5 5 10 10M15 5 5 15" strokeLinecap="round" />
                  </svg>
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="relative min-w-40 flex-1">
          <input
            id={id}
            role="combobox"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={expanded && active >= 0 && active < options.length ? optionId(active) : undefined}
            aria-describedby={`${hintId}${errorText ? ` ${id}-error` : ''}`}
            aria-invalid={errorText ? true : undefined}
            autoComplete="off"
            autoCapitalize="none"
            enterKeyHint="enter"
            placeholder={tags.length < MAX_TAGS ? t('posting.fields.tagInput') : ''}
            className="min-h-11 w-full bg-transparent px-2 text-base text-ink placeholder:text-muted focus:outline-none sm:min-h-9"
            value={text}
            onChange={(e) => {
              const value = e.target.value
              setOpen(true)
              setActive(-1)
              if (SEPARATOR.test(value.slice(-1)) && !(e.nativeEvent as InputEvent).isComposing) commit(value)
              else setText(value)
            }}
            onKeyDown={onKeyDown}
            onBlur={() => {
              setOpen(false)
              if (text.trim()) commit(text)
            }}
          />
          <ul
            id={listId}
            role="listbox"
            aria-label={t('posting.fields.tags')}
            hidden={!expanded}
            className="absolute inset-x-0 top-full z-20 mt-1 max-h-72 overflow-auto rounded-xl border border-line bg-surface p-1 shadow-lg"
          >
            {options.map((option, i) => (
              <li
                key={option.name}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                // Keeps the focus in the field: the click takes the tag, the blur would take the typed text.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => commit(option.name)}
                className={`flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-3 text-sm sm:min-h-9 ${
                  i === active ? 'bg-line/60' : 'hover:bg-line/40'
                }`}
              >
                <span className="font-medium" data-content>
                  {option.name}
                </span>
                {option.translatedName && <span className="text-muted">{option.translatedName}</span>}
              </li>
            ))}
          </ul>
        </div>
      </div>
      <p id={hintId} className="text-sm text-muted">
        {t('posting.fields.tagsHint', { max: MAX_TAGS, count: tags.length })}
      </p>
      {errorText && (
        <p id={`${id}-error`} className="text-sm font-medium text-danger">
          {errorText}
        </p>
      )}
    </div>
  )
}
