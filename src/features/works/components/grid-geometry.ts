// The work grid's geometry, apart from rendering: row heights per density and width, the justified rows of the
// loaded works, placeholder blocks for loading states, and when to ask for the next page.

import {
  justifiedLayout,
  type JustifiedLayout,
  type LayoutBox,
  type LayoutItem,
} from '../../../lib/justified-layout.ts'
import type { Density } from '../../../lib/settings.ts'
import {
  GRID_GAP,
  GRID_GAP_BREAKPOINT,
  GRID_GAP_NARROW,
  GRID_MAX_ASPECT_RATIO,
  GRID_MIN_ASPECT_RATIO,
  GRID_NARROW_WIDTH,
  GRID_ROW_HEIGHT,
  GRID_WIDE_WIDTH,
} from '../../../tunables.ts'

/** The row height the grid aims for at this container width and density. */
export function targetRowHeight(containerWidth: number, density: Density): number {
  const { min, max } = GRID_ROW_HEIGHT[density]
  const t = (containerWidth - GRID_NARROW_WIDTH) / (GRID_WIDE_WIDTH - GRID_NARROW_WIDTH)
  return Math.round(min + (max - min) * Math.min(1, Math.max(0, t)))
}

export function gridGap(containerWidth: number): number {
  return containerWidth < GRID_GAP_BREAKPOINT ? GRID_GAP_NARROW : GRID_GAP
}

export interface GridGeometry extends JustifiedLayout {
  gap: number
  targetRowHeight: number
  containerWidth: number
}

/** The justified rows of `items` (anything with a width and height) for this container and density. */
export function gridLayout(items: readonly LayoutItem[], containerWidth: number, density: Density): GridGeometry {
  const target = targetRowHeight(containerWidth, density)
  const gap = gridGap(containerWidth)
  const layout = justifiedLayout(items, {
    containerWidth,
    targetRowHeight: target,
    gap,
    minAspectRatio: GRID_MIN_ASPECT_RATIO,
    maxAspectRatio: GRID_MAX_ASPECT_RATIO,
  })
  return { ...layout, gap, targetRowHeight: target, containerWidth }
}

/**
 * Aspect ratios of placeholder cells: a mix of portrait, square and landscape, like a typical page of works, so the
 * skeleton looks like the grid that replaces it.
 */
const PLACEHOLDER_RATIOS = [0.71, 1.33, 0.75, 1, 1.6, 0.71, 0.8, 1.41, 1, 0.75, 1.78, 0.71]

/**
 * Placeholder blocks filling at least `minHeight` px (whole rows, never fewer than one), laid out like the grid at
 * this width and density. `y` is relative to the first block row.
 */
export function placeholderBlocks(containerWidth: number, density: Density, minHeight: number): LayoutBox[] {
  if (!(containerWidth > 0)) return []
  const target = targetRowHeight(containerWidth, density)
  const gap = gridGap(containerWidth)
  const rowsWanted = Math.max(1, Math.ceil((minHeight + gap) / (target + gap)))
  // Enough items for the rows wanted: a row at the target height holds about width / (ratio × target) cells.
  const perRow = Math.max(1, Math.ceil(containerWidth / (0.7 * target)))
  const items: LayoutItem[] = []
  for (let i = 0; i < (rowsWanted + 1) * perRow; i++) {
    const r = PLACEHOLDER_RATIOS[i % PLACEHOLDER_RATIOS.length]!
    items.push({ width: r * 100, height: 100 })
  }
  const layout = justifiedLayout(items, {
    containerWidth,
    targetRowHeight: target,
    gap,
    minAspectRatio: GRID_MIN_ASPECT_RATIO,
    maxAspectRatio: GRID_MAX_ASPECT_RATIO,
  })
  const rows = layout.rows.filter((row) => row.complete).slice(0, rowsWanted)
  return rows.flatMap((row) => row.boxes)
}

/** The height the blocks of `placeholderBlocks` take (0 for none). */
export function blocksHeight(blocks: readonly LayoutBox[]): number {
  let bottom = 0
  for (const b of blocks) bottom = Math.max(bottom, b.y + b.height)
  return bottom
}

/**
 * CSS `background` layers that paint `blocks` (shifted down by `offsetY`) in `color`: placeholders drawn as a
 * background rather than as elements, so the rows that replace them move nothing on screen (no layout shift).
 */
export function blocksBackground(blocks: readonly LayoutBox[], offsetY: number, color: string): string {
  return blocks
    .map(
      (b) => `linear-gradient(${color}, ${color}) ${b.x}px ${b.y + offsetY}px / ${b.width}px ${b.height}px no-repeat`,
    )
    .join(', ')
}

/** Index of the row that holds document-relative `y` (rows measured from the grid's top): the first row whose bottom
 * edge (gap included) lies below `y`; the last row when `y` is past the end; -1 when there are no rows. */
export function rowIndexAt(rows: readonly { y: number; height: number }[], y: number, gap = 0): number {
  if (rows.length === 0) return -1
  let lo = 0
  let hi = rows.length - 1
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    const row = rows[mid]!
    if (row.y + row.height + gap > y) hi = mid
    else lo = mid + 1
  }
  return lo
}

/** Index of the row that holds item `index`; -1 when none does. */
export function rowOfItem(rows: readonly { start: number; end: number }[], index: number): number {
  let lo = 0
  let hi = rows.length - 1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    const row = rows[mid]!
    if (index < row.start) hi = mid - 1
    else if (index >= row.end) lo = mid + 1
    else return mid
  }
  return -1
}
