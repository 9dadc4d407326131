import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react'
import { READING_POSITION_SAVE_DELAY_MS } from '../../../tunables.ts'
import { distanceTo, offsetAtEdge, type BlockBox } from './reading-geometry.ts'
import { saveReadingPosition } from './reading-position.ts'

// Keeps the reader's place as a character offset: measured from the laid-out blocks (`data-start`/`data-end`) at the
// reading edge whenever the text scrolls, saved per novel, and put back when the view opens again or when the layout
// changes under the reader (font size, line spacing, font, writing mode).
//
// Horizontal text scrolls with the window; its reading edge is the top of the viewport below the sticky header
// (the root's scroll-padding-top). Vertical text scrolls inside its own box, right to left; its reading edge is the
// box's right content edge.

function scrollPaddingTop(): number {
  const value = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop)
  return Number.isFinite(value) ? value : 0
}

/** The page's blocks and the reading edge, along the reading direction. */
function measure(el: HTMLElement, vertical: boolean): { blocks: BlockBox[]; edge: number } {
  const blocks: BlockBox[] = []
  for (const node of el.querySelectorAll<HTMLElement>('[data-start]')) {
    const r = node.getBoundingClientRect()
    const start = Number(node.dataset.start)
    const end = Number(node.dataset.end)
    // vertical-rl reads right to left: distance along the reading direction is -x.
    blocks.push(
      vertical ? { start, end, before: -r.right, after: -r.left } : { start, end, before: r.top, after: r.bottom },
    )
  }
  if (!vertical) return { blocks, edge: scrollPaddingTop() }
  const box = el.getBoundingClientRect()
  return { blocks, edge: -(box.right - parseFloat(getComputedStyle(el).paddingRight || '0')) }
}

/** Moves the text forward along the reading direction by `distance` px (back when negative). */
function advance(el: HTMLElement, vertical: boolean, distance: number) {
  if (distance === 0) return
  // In vertical-rl, going forward is going left: scrollLeft decreases (it runs from 0 down to negative values).
  if (vertical) el.scrollBy({ left: -distance, behavior: 'instant' })
  else window.scrollBy({ top: distance, behavior: 'instant' })
}

export interface ReadingPositionOptions {
  novelId: number
  /** The element holding the page's blocks; in vertical mode it is also the scroll container. */
  textRef: RefObject<HTMLElement | null>
  vertical: boolean
  /** Changes whenever the text is laid out differently (font size, spacing, font, writing mode). */
  layoutKey: string
  /** Where to open: an offset on the page shown, or null to leave the scroll where it is. */
  initialOffset: number | null
  /** The page shown: a change of page starts the position at the new page's first character. */
  pageStart: number
}

/** Tracks and saves the reading position; restores it on open and across layout changes. */
export function useReadingPosition({
  novelId,
  textRef,
  vertical,
  layoutKey,
  initialOffset,
  pageStart,
}: ReadingPositionOptions) {
  const current = useRef<number | null>(initialOffset)
  const pendingRestore = useRef<number | null>(initialOffset)

  const restore = (offset: number) => {
    const el = textRef.current
    if (!el) return
    const { blocks, edge } = measure(el, vertical)
    advance(el, vertical, distanceTo(blocks, offset, edge))
  }

  // Opening: after the router's own scroll handling (a layout effect of the shell that runs after ours, resetting
  // to the top on a new navigation), so this is an effect, not a layout effect.
  useEffect(() => {
    const offset = pendingRestore.current
    pendingRestore.current = null
    if (offset === null) return
    if (vertical) textRef.current?.scrollIntoView({ block: 'start', behavior: 'instant' })
    restore(offset)
    // Once, for the novel this view opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  // Another page of the same novel: the position is its first character until the text scrolls.
  const shownPage = useRef(pageStart)
  useEffect(() => {
    if (shownPage.current === pageStart) return
    shownPage.current = pageStart
    current.current = pageStart
    saveReadingPosition(novelId, pageStart)
  }, [novelId, pageStart])

  // The layout changed under the reader: bring the same character back to the reading edge before anything paints.
  const firstLayout = useRef(true)
  useLayoutEffect(() => {
    if (firstLayout.current) {
      firstLayout.current = false
      return
    }
    if (current.current !== null) restore(current.current)
    // Only on a change of layout; `restore` reads the latest refs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [layoutKey])

  // Follow the scroll, and save a moment after it stops (and at once when the page goes away).
  useEffect(() => {
    const el = textRef.current
    if (!el) return
    let frame = 0
    let timer: ReturnType<typeof setTimeout> | undefined
    const save = () => {
      clearTimeout(timer)
      timer = undefined
      if (current.current !== null) saveReadingPosition(novelId, current.current)
    }
    const onScroll = () => {
      if (frame) return
      frame = requestAnimationFrame(() => {
        frame = 0
        // Leaving the view: the router has already taken the text out of the document (and scrolled the window for
        // the next view) before this effect is cleaned up. Nothing left to measure.
        if (!el.isConnected) return
        const { blocks, edge } = measure(el, vertical)
        const offset = offsetAtEdge(blocks, edge)
        if (offset === null) return
        current.current = offset
        clearTimeout(timer)
        timer = setTimeout(save, READING_POSITION_SAVE_DELAY_MS)
      })
    }
    const onHide = () => {
      if (document.visibilityState === 'hidden') save()
    }
    const target: HTMLElement | Window = vertical ? el : window
    target.addEventListener('scroll', onScroll, { passive: true })
    window.addEventListener('pagehide', save)
    document.addEventListener('visibilitychange', onHide)
    return () => {
      target.removeEventListener('scroll', onScroll)
      window.removeEventListener('pagehide', save)
      document.removeEventListener('visibilitychange', onHide)
      cancelAnimationFrame(frame)
      // Leaving the novel (or switching the writing mode): keep what was read so far.
      if (timer !== undefined) save()
    }
  }, [novelId, vertical, textRef])
}
