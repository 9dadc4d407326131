// Justified grid (DESIGN.md §3.3): rows of works at their own aspect ratios, each full row exactly as wide as the
// container. Rows are closed greedily from the front, and a row's break depends only on its own items and the one
// after it, so appending items never moves a complete row: a virtualized list does not jump as pages arrive.

export interface LayoutItem {
  width: number
  height: number
}

export interface LayoutBox {
  x: number
  y: number
  width: number
  height: number
}

export interface LayoutRow {
  /** Index of the row's first item in the input. */
  start: number
  /** Index after the row's last item. */
  end: number
  y: number
  height: number
  /** False for the trailing row that more items could still join (laid out at the target height, not stretched). */
  complete: boolean
  boxes: LayoutBox[]
}

export interface JustifiedLayout {
  rows: LayoutRow[]
  /** Every item's box, in input order. */
  boxes: LayoutBox[]
  /** From the top of the first row to the bottom of the last; 0 when empty. */
  height: number
}

export interface JustifiedOptions {
  containerWidth: number
  targetRowHeight: number
  /** Space between items and between rows. */
  gap?: number
  /** A complete row is never taller than this (defaults to 1.5 × the target). */
  maxRowHeight?: number
  /** Aspect ratios are clamped into [min, max] so a long manga page or a panorama keeps a usable cell. */
  minAspectRatio?: number
  maxAspectRatio?: number
}

export const DEFAULT_MIN_ASPECT_RATIO = 0.25
export const DEFAULT_MAX_ASPECT_RATIO = 4

/** Width over height, clamped; unusable sizes count as square. */
export function aspectRatio(item: LayoutItem, min = DEFAULT_MIN_ASPECT_RATIO, max = DEFAULT_MAX_ASPECT_RATIO): number {
  const ratio = item.width / item.height
  if (!Number.isFinite(ratio) || ratio <= 0) return 1
  return Math.min(max, Math.max(min, ratio))
}

export function justifiedLayout(items: readonly LayoutItem[], options: JustifiedOptions): JustifiedLayout {
  const width = options.containerWidth
  const target = options.targetRowHeight
  const gap = Math.max(0, options.gap ?? 0)
  const maxHeight = Math.max(target, options.maxRowHeight ?? target * 1.5)
  const empty: JustifiedLayout = { rows: [], boxes: [], height: 0 }
  if (!(width > 0) || !(target > 0) || items.length === 0) return empty

  const ratios = items.map((item) => aspectRatio(item, options.minAspectRatio, options.maxAspectRatio))
  /** The height at which items [start, end) exactly fill the width. */
  const fillHeight = (start: number, end: number, ratioSum: number) => (width - gap * (end - start - 1)) / ratioSum

  const rows: LayoutRow[] = []
  const boxes: LayoutBox[] = []
  let y = 0

  const place = (start: number, end: number, height: number, complete: boolean) => {
    const h = Math.round(height)
    const row: LayoutRow = { start, end, y, height: h, complete, boxes: [] }
    // Edges are rounded from the running sum, so widths add up and a complete row (always laid out at its fill
    // height) ends exactly at the container edge.
    let left = 0
    for (let i = start; i < end; i++) {
      const right = complete && i === end - 1 ? width : left + ratios[i]! * height
      const x = Math.round(left)
      const box = { x, y, width: Math.max(1, Math.round(right) - x), height: h }
      row.boxes.push(box)
      boxes.push(box)
      left = right + gap
    }
    rows.push(row)
    y += h + gap
  }

  let start = 0
  let sum = 0
  for (let i = 0; i < items.length; i++) {
    const withItem = fillHeight(start, i + 1, sum + ratios[i]!)
    if (withItem > target) {
      sum += ratios[i]!
      continue
    }
    // Item i brings the row down to the target or below: close the row with it, or without it when that lands
    // nearer the target (and within the maximum).
    const withoutItem = i > start ? fillHeight(start, i, sum) : Infinity
    if (withoutItem <= maxHeight && withoutItem - target < target - withItem) {
      place(start, i, withoutItem, true)
      start = i
      sum = ratios[i]!
      const alone = fillHeight(i, i + 1, sum)
      if (alone <= target) {
        place(i, i + 1, alone, true)
        start = i + 1
        sum = 0
      }
    } else {
      place(start, i + 1, withItem, true)
      start = i + 1
      sum = 0
    }
  }
  if (start < items.length) place(start, items.length, Math.min(target, fillHeight(start, items.length, sum)), false)

  return { rows, boxes, height: Math.max(0, y - gap) }
}
