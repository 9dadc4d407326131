// Book-style works (illustBookStyle 1) read right to left in two-page spreads, as a printed Japanese book:
// the first page (the cover) stands alone, then pages 2–3, 4–5, … face each other with the lower number on the
// right. Pages here are 1-based, as the reader sees them.

/** The spreads of a book of `pageCount` pages, each in reading order (the first entry is the right-hand page). */
export function bookSpreads(pageCount: number): number[][] {
  const count = Math.max(0, Math.floor(pageCount))
  if (count === 0) return []
  const spreads: number[][] = [[1]]
  for (let page = 2; page <= count; page += 2) spreads.push(page + 1 <= count ? [page, page + 1] : [page])
  return spreads
}

/** The index of the spread that holds `page` (clamped to the book). */
export function spreadIndexOfPage(page: number, pageCount: number): number {
  const count = Math.max(1, Math.floor(pageCount))
  const p = Math.min(Math.max(1, Math.floor(page)), count)
  return p === 1 ? 0 : Math.floor(p / 2)
}

/** "2–3" for a pair, "1" for a page alone. */
export function spreadLabel(spread: readonly number[]): string {
  return spread.length > 1 ? `${spread[0]}–${spread[spread.length - 1]}` : String(spread[0] ?? '')
}
