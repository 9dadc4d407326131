import { useEffect, useState, type RefObject } from 'react'

/**
 * The 1-based page of a vertical page list that crosses the middle of the viewport, for the "3 / 12" counter.
 * Pages are the container's elements with `data-page`.
 */
export function useVisiblePage(container: RefObject<HTMLElement | null>, pageCount: number): number {
  const [page, setPage] = useState(1)

  useEffect(() => {
    const root = container.current
    if (!root || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue
          const n = Number((entry.target as HTMLElement).dataset.page)
          if (n > 0) setPage(n)
        }
      },
      // A line across the middle of the viewport: whichever page it crosses is the one being read.
      { rootMargin: '-50% 0px -50% 0px' },
    )
    for (const el of root.querySelectorAll('[data-page]')) observer.observe(el)
    return () => observer.disconnect()
  }, [container, pageCount])

  return page
}
