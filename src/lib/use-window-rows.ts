// Rows of a list virtualized against the window's scroll (the works' justified grid, the novels' columns), so the page
// scrolls naturally and the router's scroll restoration finds its place again on Back.

import {
  defaultRangeExtractor,
  observeWindowOffset,
  observeWindowRect,
  useWindowVirtualizer,
  type Range,
  type Virtualizer,
} from '@tanstack/react-virtual'
import { useCallback, useState, type FocusEvent } from 'react'

export interface WindowRowsOptions {
  count: number
  /** Exact row heights (from the layout), never measured. */
  estimateSize: (index: number) => number
  gap: number
  overscan: number
  /** Document y of the rows' container (the virtualizer's scrollMargin). */
  top: number
  /**
   * A new identity whenever the layout changes: the virtualizer recomputes row offsets only when an option it keys on
   * changes.
   */
  getItemKey: (index: number) => string
}

const noScrollWrite = () => {}

type WindowObserver<Callback> = (instance: Virtualizer<Window, Element>, cb: Callback) => (() => void) | undefined

/**
 * The library's window observer, attached in the first frame after React's commit instead of in it. Attaching reads
 * the window (`innerHeight`, `scrollY`) at once, and a read right after a commit forces the style and layout of
 * everything the commit inserted into the commit's own task: on a grid's first load that was a third of the longest
 * task. Read in the next frame's callbacks, it is the layout the browser was about to do anyway. Until then the
 * virtualizer works from `initialRect` and `initialOffset`, read as it was created.
 */
function fromNextFrame<Callback>(observe: WindowObserver<Callback>): WindowObserver<Callback> {
  return (instance, cb) => {
    let stop: (() => void) | undefined
    const frame = requestAnimationFrame(() => (stop = observe(instance, cb)))
    return () => {
      cancelAnimationFrame(frame)
      stop?.()
    }
  }
}

const observeRectFromNextFrame = fromNextFrame(observeWindowRect)

/**
 * The scroll offset from the next frame on. A first read that finds the page scrolled elsewhere than the rows were
 * laid out for (Back, restoring a position before that frame) counts as a scroll: the virtualizer then renders the
 * rows at once, before the frame paints, as it does for the scroll event its listener was not yet there to hear.
 */
const observeOffsetFromNextFrame: WindowObserver<(offset: number, isScrolling: boolean) => void> = (instance, cb) => {
  let first = true
  return fromNextFrame(observeWindowOffset)(instance, (offset, isScrolling) => {
    const moved = first && Math.abs(offset - (instance.scrollOffset ?? offset)) >= 1
    first = false
    cb(offset, isScrolling || moved)
  })
}

const readViewport = () => ({ width: window.innerWidth, height: window.innerHeight })

/**
 * The virtualizer of the rows, and the focus handlers for their container (each row element carries `data-row`): the
 * row holding keyboard focus stays mounted.
 */
export function useWindowRows({ count, estimateSize, gap, overscan, top, getItemKey }: WindowRowsOptions) {
  const [focusedRow, setFocusedRow] = useState<number | null>(null)
  // Read once, as the first render starts (the virtualizer keeps the first it gets): not on every render, where the
  // layout may be out of date and reading it would force it.
  const [initialRect] = useState(readViewport)
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range)
      if (focusedRow === null) return indexes
      // Keep the row holding keyboard focus mounted (scrolling away must not drop focus to <body>), and its
      // neighbours, so Tab and Shift+Tab always find the next card in the DOM even before the scroll that focusing
      // caused has reached the virtualizer.
      const extra = [focusedRow - 1, focusedRow, focusedRow + 1].filter(
        (i) => i >= 0 && i < range.count && !indexes.includes(i),
      )
      return extra.length ? [...indexes, ...extra].sort((a, b) => a - b) : indexes
    },
    [focusedRow],
  )

  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize,
    gap,
    overscan,
    scrollMargin: top,
    getItemKey,
    rangeExtractor,
    // The window's scroll is the browser's and the router's: the virtualizer only reads it. Left to write it, it puts
    // back the offset it latched at its first render (the detail page's, on Back) whenever it attaches to the window,
    // which in StrictMode happens again after <ScrollRestoration> restored the list's position. It has nothing of its
    // own to write: row heights are exact (no measured-size corrections) and nothing here calls `scrollTo*`.
    scrollToFn: noScrollWrite,
    initialRect,
    observeElementRect: observeRectFromNextFrame,
    observeElementOffset: observeOffsetFromNextFrame,
  })

  const onFocusCapture = useCallback((e: FocusEvent<HTMLDivElement>) => {
    const row = (e.target as HTMLElement).closest<HTMLElement>('[data-row]')
    setFocusedRow(row ? Number(row.dataset.row) : null)
  }, [])
  const onBlurCapture = useCallback((e: FocusEvent<HTMLDivElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocusedRow(null)
  }, [])

  return { virtualizer, focusHandlers: { onFocusCapture, onBlurCapture } }
}

export type RowFocusHandlers = ReturnType<typeof useWindowRows>['focusHandlers']
