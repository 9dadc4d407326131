// Page-level shortcuts (arrow keys between works) must not steal keys from fields, menus or widgets that use them.

interface ElementLike {
  tagName?: string
  isContentEditable?: boolean
  closest?: (selector: string) => unknown
}

const TEXT_TAGS = new Set(['INPUT', 'TEXTAREA', 'SELECT'])

/** Whether a key event's target takes arrow keys itself (form fields, editable text, sliders, listboxes…). */
export function ownsArrowKeys(target: EventTarget | ElementLike | null): boolean {
  const el = target as ElementLike | null
  if (!el || typeof el.tagName !== 'string') return false
  if (TEXT_TAGS.has(el.tagName.toUpperCase()) || el.isContentEditable) return true
  return !!el.closest?.(
    '[contenteditable=""],[contenteditable="true"],[role="slider"],[role="listbox"],[role="menu"],[role="tablist"],[role="grid"],[role="radiogroup"],[data-own-arrows]',
  )
}

export interface KeyLike {
  key: string
  altKey: boolean
  ctrlKey: boolean
  metaKey: boolean
  shiftKey: boolean
  defaultPrevented: boolean
  target: EventTarget | null
}

/** 'prev' / 'next' for an unmodified ArrowLeft / ArrowRight that nothing else handles. */
export function workStepForKey(event: KeyLike): 'prev' | 'next' | null {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return null
  if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return null
  if (ownsArrowKeys(event.target)) return null
  return event.key === 'ArrowLeft' ? 'prev' : 'next'
}
