// Paging decisions of an infinite list (works or novels), apart from rendering: the items of all pages, when to ask
// for the next page, and when to stop asking on its own.

export interface LoadMoreInput {
  /** Window scroll position (top edge of the viewport, document coordinates). */
  scrollY: number
  viewportHeight: number
  /** Document y of the bottom of the loaded rows. */
  contentBottom: number
  /** How close (in viewport heights) the viewport's bottom may get to `contentBottom` before loading more. */
  distanceViewports: number
}

/** Whether the viewport is near enough to the end of the loaded rows to load the next page. */
export function isNearEnd({ scrollY, viewportHeight, contentBottom, distanceViewports }: LoadMoreInput): boolean {
  const viewportBottom = scrollY + viewportHeight
  return contentBottom - viewportBottom <= distanceViewports * viewportHeight
}

/** The items of all pages in order, each id once (a page boundary that shifted would otherwise repeat one). */
export function uniqueById<P, T extends { id: number }>(
  pages: readonly P[] | undefined,
  itemsOf: (page: P) => readonly T[],
): T[] {
  if (!pages) return []
  const seen = new Set<number>()
  const out: T[] = []
  for (const page of pages) {
    for (const item of itemsOf(page)) {
      if (seen.has(item.id)) continue
      seen.add(item.id)
      out.push(item)
    }
  }
  return out
}

/**
 * How many pages at the end of the list added nothing the viewer can see (all hidden by the filters). The list stops
 * loading on its own after a few of those, so a search whose works are all filtered out does not page through
 * the whole result set unasked.
 */
export function trailingPagesWithoutVisible<P>(
  pages: readonly P[] | undefined,
  itemsOf: (page: P) => readonly { id: number }[],
  isVisible: (id: number) => boolean,
): number {
  if (!pages) return 0
  let count = 0
  for (let p = pages.length - 1; p >= 0; p--) {
    if (itemsOf(pages[p]!).some((w) => isVisible(w.id))) break
    count++
  }
  return count
}
