import { useCallback, useLayoutEffect, useRef, useState } from 'react'

// The grid container's width (from a ResizeObserver) and its top edge in document coordinates (the virtualizer's
// scrollMargin). Both are remembered per list, so a list that comes back (Back navigation) lays out its cached rows
// at their final size in its very first render: the router's scroll restoration runs in that same commit and needs
// the full height to land on the saved position.

interface Geometry {
  width: number
  top: number
}

const remembered = new Map<string, Geometry>()
let lastWidth = 0

function documentTop(el: Element): number {
  return Math.round(el.getBoundingClientRect().top + window.scrollY)
}

export function useGridContainer(cacheKey: string) {
  const [geometry, setGeometry] = useState<Geometry>(() => remembered.get(cacheKey) ?? { width: lastWidth, top: 0 })
  const elRef = useRef<HTMLDivElement | null>(null)
  const observerRef = useRef<ResizeObserver | null>(null)

  const update = useCallback(
    (width?: number) => {
      const el = elRef.current
      if (!el) return
      const next = { width: Math.floor(width ?? el.getBoundingClientRect().width), top: documentTop(el) }
      remembered.set(cacheKey, next)
      if (next.width > 0) lastWidth = next.width
      setGeometry((prev) => (prev.width === next.width && prev.top === next.top ? prev : next))
    },
    [cacheKey],
  )

  const attach = useCallback(
    (el: HTMLDivElement | null) => {
      observerRef.current?.disconnect()
      observerRef.current = null
      elRef.current = el
      if (!el) return
      update()
      if (typeof ResizeObserver === 'undefined') return
      const observer = new ResizeObserver((entries) => {
        const entry = entries[entries.length - 1]
        update(entry?.contentBoxSize?.[0]?.inlineSize ?? entry?.contentRect.width)
      })
      observer.observe(el)
      observerRef.current = observer
    },
    [update],
  )

  // Content above the grid (a page header, the hidden-count line) can move it without resizing it: re-read the top
  // after every render, before paint. Cheap: one getBoundingClientRect; the state only changes when the top did.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- deliberately every render (see above)
  useLayoutEffect(() => {
    const el = elRef.current
    if (!el) return
    const top = documentTop(el)
    setGeometry((prev) => {
      if (prev.top === top) return prev
      const next = { ...prev, top }
      remembered.set(cacheKey, next)
      return next
    })
  })

  /** `attach` is the container's ref callback. */
  return { attach, width: geometry.width, top: geometry.top }
}
