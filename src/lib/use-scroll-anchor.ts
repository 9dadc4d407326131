import { useEffect, useLayoutEffect, useRef } from 'react'

// Keeps the item being looked at in view when a list's layout changes (rotation, resize), for the lists virtualized
// against the window's scroll. Its place is noted after each paint, when reading the scroll position costs no layout;
// before the paint of a new layout, the page scrolls so that the item's row is back where it was on screen.

export interface ScrollAnchorOptions {
  /** Changes whenever the layout does (the grid's width, the novel list's columns). */
  layoutKey: number
  /** The layout has a size (the container has been measured). */
  ready: boolean
  /** Document y of the list's container. */
  top: number
  /** The first item of the row at `y` (container coordinates), or -1. */
  itemAt: (y: number) => number
  /** The y of the row holding `item` (container coordinates), or undefined. */
  rowTopOf: (item: number) => number | undefined
}

export function useScrollAnchor({ layoutKey, ready, top, itemAt, rowTopOf }: ScrollAnchorOptions) {
  const anchor = useRef<{ layoutKey: number; item: number; offset: number } | null>(null)
  useLayoutEffect(() => {
    const prev = anchor.current
    if (!prev || !ready || prev.layoutKey === layoutKey) return
    const y = rowTopOf(prev.item)
    if (y !== undefined && window.scrollY > top) window.scrollTo(0, top + y - prev.offset)
  })
  useEffect(() => {
    if (!ready) return
    // The row a quarter down the viewport: below any sticky header, where the eye is.
    const item = itemAt(window.scrollY - top + window.innerHeight / 4)
    const y = item >= 0 ? rowTopOf(item) : undefined
    anchor.current =
      y !== undefined ? { layoutKey, item, offset: top + y - window.scrollY } : { layoutKey, item: 0, offset: 0 }
  })
}
