// Rows of a list virtualized against the window's scroll (the works' justified grid, the novels' columns), so the page
// scrolls naturally and the router's scroll restoration finds its place again on Back.

import { defaultRangeExtractor, useWindowVirtualizer, type Range } from '@tanstack/react-virtual'
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

/**
 * The virtualizer of the rows, and the focus handlers for their container (each row element carries `data-row`): the
 * row holding keyboard focus stays mounted.
 */
export function useWindowRows({ count, estimateSize, gap, overscan, top, getItemKey }: WindowRowsOptions) {
  const [focusedRow, setFocusedRow] = useState<number | null>(null)
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
    initialRect: typeof window === 'undefined' ? undefined : { width: window.innerWidth, height: window.innerHeight },
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
