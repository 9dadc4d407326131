// What every collection layout must hold for the collection to virtualize it (for the layouts' own tests): the
// virtualizer places row r at the sum of the heights and gaps before it, so the layout's own tops must agree, every
// item sits in exactly one row, and finding an item's row or the row under a y agrees with the rows.

import type { CollectionLayout } from '../../components/collection/collection-layout.ts'

/** The problems of `layout` laid out over `count` items, as sentences (none: it holds). */
export function layoutProblems(layout: CollectionLayout, count: number): string[] {
  const problems: string[] = []
  let top = 0
  let next = 0
  for (let r = 0; r < layout.rows; r++) {
    if (Math.abs(layout.rowTop(r) - top) > 0.01) problems.push(`row ${r} starts at ${layout.rowTop(r)}, not ${top}`)
    const [start, end] = layout.rowItems(r)
    if (start !== next) problems.push(`row ${r} starts at item ${start}, not ${next}`)
    if (end <= start) problems.push(`row ${r} holds no item`)
    for (let i = start; i < end; i++)
      if (layout.rowOf(i) !== r) problems.push(`item ${i} is said to be in row ${layout.rowOf(i)}, not ${r}`)
    const middle = layout.rowTop(r) + layout.rowHeight(r) / 2
    if (layout.itemAt(middle) !== start)
      problems.push(`the item at y ${middle} is ${layout.itemAt(middle)}, not ${start}`)
    next = end
    top += layout.rowHeight(r) + layout.gap
  }
  if (next !== count) problems.push(`the rows hold ${next} items, not ${count}`)
  const height = layout.rows > 0 ? top - layout.gap : 0
  if (Math.abs(layout.height - height) > 0.01) problems.push(`the height is ${layout.height}, not ${height}`)
  if (layout.rowOf(count) !== -1)
    problems.push(`item ${count} (past the end) is said to be in row ${layout.rowOf(count)}`)
  return problems
}
