// The first view (first-view/first-view.ts) stays on the page through the app's first commit. React's first commit
// clears index.html's static root; the first view is taken out before it and put back into the shell's content column
// as the commit lands, so the same picture stays on screen. The opened page then replaces it in a commit of its own,
// rendered in a transition.
//
// Rendered in one commit, the shell and the page were one long task on a phone: their DOM, then, in the next frame,
// the style and layout of all of it (and of the type sizes the static header had not used). Apart, each commit and each
// frame is smaller: on `/`, the longest task after the first paint in Lighthouse's traces went from 33 to 23 ms.

import { startTransition, useEffect, useState } from 'react'
import { noteFirstListTop } from '../lib/use-grid-container.ts'
import { FIRST_VIEW_ATTRIBUTE, FIRST_VIEW_GRID_ATTRIBUTE } from './first-view/marker.ts'

let held: HTMLElement | null = null

/**
 * Takes index.html's first view, if it painted one, before React's first commit clears the static root, and notes
 * where its grid begins for the page's list. Not when the address names a place on the page (`#…`): the scroll
 * restorer looks for it as the first commit lands, and only the page has it.
 */
export function holdFirstView(container: HTMLElement): void {
  held = window.location.hash ? null : container.querySelector<HTMLElement>(`[${FIRST_VIEW_ATTRIBUTE}]`)
  // laid out already, as it was painted: reading it costs no layout
  const grid = held?.querySelector(`[${FIRST_VIEW_GRID_ATTRIBUTE}]`)
  if (grid) noteFirstListTop(grid)
}

/**
 * The held first view in place, inside whatever element renders this; nothing once the page has taken over. In a
 * block of the given classes: the shell's keeps the footer below the fold until the page is in (as its Suspense
 * fallback does); the view's own margins collapse through it, so it lays out as it did in index.html.
 */
export function HeldFirstView({ className }: { className: string }) {
  const view = held
  // Moved in once: a re-render of the shell while the page is held leaves it where it is.
  return view ? (
    <div className={className} ref={(slot) => void (slot && view.parentNode !== slot && slot.append(view))} />
  ) : null
}

/**
 * Whether the page waits behind the held first view: true in the app's first commit when there is one, then false, in
 * a transition started once that commit is on screen. The page renders in its place then.
 */
export function usePageHeld(): boolean {
  const [pageHeld, setPageHeld] = useState(() => held !== null)
  useEffect(() => {
    if (!pageHeld) return
    startTransition(() => {
      held = null
      setPageHeld(false)
    })
  }, [pageHeld])
  return pageHeld
}
