import { useEffect, useState, type RefObject } from 'react'

/**
 * True once the element has come within `margin` px of the viewport, and from then on: for content below the fold
 * that is worth fetching only when the reader heads its way. True at once where IntersectionObserver is missing.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin: number): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined')
  useEffect(() => {
    const element = ref.current
    if (near || !element) return
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: `${margin}px 0px`,
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [near, margin, ref])
  return near
}
