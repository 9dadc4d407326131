// Geometry of a novel list, apart from rendering: cards of one fixed height in as many equal columns as fit, so every
// row's place is known before a single cover loads (exact virtualization, no shift, Back lands on the same row).

import {
  GRID_GAP,
  GRID_GAP_BREAKPOINT,
  GRID_GAP_NARROW,
  NOVEL_CARD_HEIGHT,
  NOVEL_CARD_MIN_WIDTH,
} from '../../../tunables.ts'

export interface NovelGrid {
  columns: number
  /** Height of one row of cards (all rows are equal). */
  rowHeight: number
  /** Space between rows and between columns. */
  gap: number
  /** Rows needed for `count` cards. */
  rows: number
}

/** The columns and rows of `count` cards in a container `width` CSS px wide (at least one column). */
export function novelGrid(width: number, count: number): NovelGrid {
  const gap = width < GRID_GAP_BREAKPOINT ? GRID_GAP_NARROW : GRID_GAP
  const columns = Math.max(1, Math.floor((Math.max(0, width) + gap) / (NOVEL_CARD_MIN_WIDTH + gap)))
  return { columns, rowHeight: NOVEL_CARD_HEIGHT, gap, rows: Math.ceil(Math.max(0, count) / columns) }
}

/** Document y of the top of row `row`, relative to the list's top. */
export const rowTop = (grid: NovelGrid, row: number) => row * (grid.rowHeight + grid.gap)

/** Height of `rows` rows with the gaps between them (no gap after the last). */
export const rowsHeight = (grid: NovelGrid, rows: number) =>
  rows <= 0 ? 0 : rows * grid.rowHeight + (rows - 1) * grid.gap

/** The row under `y` (relative to the list's top), clamped to the rows there are; -1 when there are none. */
export function rowAt(grid: NovelGrid, y: number): number {
  if (grid.rows === 0) return -1
  return Math.min(grid.rows - 1, Math.max(0, Math.floor(y / (grid.rowHeight + grid.gap))))
}
