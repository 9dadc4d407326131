// The geometry an infinite collection (infinite-collection.tsx) is virtualized by, apart from rendering: rows of
// items with exact heights, known before a single image loads, so the virtualizer never measures, nothing shifts, and
// Back lands on the same row. The works' justified rows and the novels' card columns are the two implementations
// (like immich's JustifiedLayoutInterface): each feature builds its own from its pure maths.

import type { CSSProperties, ReactNode } from 'react'

export interface CollectionLayout {
  /**
   * Changes whenever the rows move for another reason than items arriving (the grid's width, the card columns): the
   * rows' keys and the scroll anchor key on it.
   */
  key: number
  /** How many rows the items fill. */
  rows: number
  /** Space between rows. */
  gap: number
  /** Height of row `row`, in CSS px. */
  rowHeight: (row: number) => number
  /** Top of row `row`, relative to the collection's top. */
  rowTop: (row: number) => number
  /** Items `[start, end)` of row `row`, as indexes into the visible items. */
  rowItems: (row: number) => readonly [start: number, end: number]
  /** The first item of the row under `y` (relative to the collection's top), clamped to the rows there are; -1 when there are none. */
  itemAt: (y: number) => number
  /** The row holding item `index`, or -1. */
  rowOf: (index: number) => number
  /** From the top of the first row to the bottom of the last; 0 when empty. */
  height: number
  /** What a row element adds to its absolute, full-width box (the card columns are a CSS grid). */
  row?: { className?: string; style?: CSSProperties }
  /** Rows kept mounted beyond the viewport on either side. */
  overscan: number
  /**
   * Placeholders at least `minHeight` px tall, to stand `top` px below the collection's top while more items may
   * come: a background for the container (drawn, not elements, so rows that arrive over it move nothing on screen)
   * or elements.
   */
  reserve: (minHeight: number, top: number) => CollectionReserve
}

export interface CollectionReserve {
  height: number
  background?: string
  content?: ReactNode
}
