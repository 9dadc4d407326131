// The full-screen viewer's slides: a work's pages, with a step to the previous and next work of the source list at
// either end, so swiping past the last page moves on to the next work (DESIGN.md §3.6). Pure, for unit tests.

export interface PageSlide {
  kind: 'page'
  /** 1-based page number. */
  page: number
  src: string
  alt: string
  width: number
  height: number
}

export interface WorkStepSlide {
  kind: 'work'
  direction: 'prev' | 'next'
  workId: number
}

export type ViewerSlide = PageSlide | WorkStepSlide

export interface ViewerPage {
  src: string
  alt: string
}

/** The pages, bracketed by a step to the neighbouring works that exist. Pages share the work's size. */
export function viewerSlides(
  pages: readonly ViewerPage[],
  size: { width: number; height: number },
  neighbours: { prev?: number; next?: number },
): ViewerSlide[] {
  const slides: ViewerSlide[] = pages.map((p, i) => ({
    kind: 'page',
    page: i + 1,
    src: p.src,
    alt: p.alt,
    width: size.width,
    height: size.height,
  }))
  if (slides.length === 0) return slides
  if (neighbours.prev !== undefined) slides.unshift({ kind: 'work', direction: 'prev', workId: neighbours.prev })
  if (neighbours.next !== undefined) slides.push({ kind: 'work', direction: 'next', workId: neighbours.next })
  return slides
}

/** The slide index showing `page` (1-based; 'last' for the last page), clamped to the pages that exist. */
export function slideIndexOfPage(slides: readonly ViewerSlide[], page: number | 'last'): number {
  const pages = slides.flatMap((s, i) => (s.kind === 'page' ? [{ page: s.page, index: i }] : []))
  if (pages.length === 0) return 0
  if (page === 'last') return pages[pages.length - 1]!.index
  const wanted = Math.min(Math.max(1, Math.round(page)), pages.length)
  return pages[wanted - 1]!.index
}

/** "2 / 5" for a page slide; null for a step to another work. */
export function pageCounter(slides: readonly ViewerSlide[], index: number): string | null {
  const slide = slides[index]
  if (!slide || slide.kind !== 'page') return null
  const total = slides.filter((s) => s.kind === 'page').length
  return `${slide.page} / ${total}`
}
