import { startTransition, useCallback, useEffect, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { contentBoxWidth } from './content-box.ts'

// The grid container's width and its top edge in document coordinates (the virtualizer's scrollMargin). Both are
// remembered per list, so a list that comes back (Back navigation) lays out its cached rows at their final size in its
// very first render: the router's scroll restoration runs in that same commit and needs the full height to land on the
// saved position.
//
// A list starts from a width known before it mounts (its own from before, or the page's content column: every list
// fills it), so nothing here reads layout while React commits. A read there forces the browser to lay out the page in
// the middle of the commit (on a phone's first load, the freshly inserted grid: tens of milliseconds), and a width that
// differs from the one rendered then re-renders the whole grid in that same task. The container's ResizeObserver
// reports its size right after the browser's own layout instead, before that frame paints, when reading the top costs
// nothing. Only when no width is known at all does the container measure itself as it mounts (still empty then).

interface Geometry {
  width: number
  top: number
}

const remembered = new Map<string, Geometry>()
/** The width of the page's content column, which every list fills: where a list that has not measured itself starts. */
let contentWidth = 0

/**
 * Where the first list to mount begins (document y), when index.html's first view showed its first rows: the page
 * lays its list out there or a little lower (the first view never stands taller above it). Without it a list starts
 * from 0 and renders the rows of the whole screen, which the first read of its real top then takes out again: on a
 * phone's first load of the ranking, five cards rendered, laid out and removed, one long task each way.
 */
let firstListTop = 0

/** Notes where the first view's grid begins (held-first-view.tsx), for the first list to mount. */
export function noteFirstListTop(grid: Element) {
  firstListTop = documentTop(grid)
}

/** Reads the content column's width once (index.html's static one, laid out before any script ran: main.tsx). */
export function noteContentWidth(el: HTMLElement) {
  const width = contentBoxWidth(el)
  if (width > 0) contentWidth = width
}

/**
 * Ref callback for the page's content column (`<main>`): follows its content width, so a list mounting later starts
 * at its final width and lays out its rows in its first render.
 */
export function observeContentWidth(el: HTMLElement | null) {
  if (!el || typeof ResizeObserver === 'undefined') return
  const observer = new ResizeObserver((entries) => {
    const width = entries[entries.length - 1]?.contentBoxSize?.[0]?.inlineSize
    if (width && width > 0) contentWidth = Math.floor(width)
  })
  observer.observe(el)
  return () => observer.disconnect()
}

function documentTop(el: Element): number {
  return Math.round(el.getBoundingClientRect().top + window.scrollY)
}

export function useGridContainer(cacheKey: string) {
  const [geometry, setGeometry] = useState<Geometry>(
    () => remembered.get(cacheKey) ?? { width: contentWidth, top: firstListTop },
  )
  const elRef = useRef<HTMLDivElement | null>(null)
  const observerRef = useRef<ResizeObserver | null>(null)

  /** Takes the container's width (and reads its top); `how` the state changes (see the observer below). */
  const update = useCallback(
    (width: number, how: 'now' | 'before-paint' | 'transition') => {
      const el = elRef.current
      if (!el) return
      const next = { width: Math.floor(width), top: documentTop(el) }
      remembered.set(cacheKey, next)
      const apply = () => setGeometry((prev) => (prev.width === next.width && prev.top === next.top ? prev : next))
      if (how === 'before-paint') flushSync(apply)
      else if (how === 'transition') startTransition(apply)
      else apply()
    },
    [cacheKey],
  )

  const attach = useCallback(
    (el: HTMLDivElement | null) => {
      observerRef.current?.disconnect()
      observerRef.current = null
      elRef.current = el
      if (!el) return
      let known = remembered.get(cacheKey)?.width ?? contentWidth
      if (known <= 0 || typeof ResizeObserver === 'undefined') {
        // No width to start from (nothing has been laid out yet): measure now, while the container is still empty.
        known = Math.floor(el.getBoundingClientRect().width)
        update(known, 'now')
      }
      if (typeof ResizeObserver === 'undefined') return
      let first = true
      const observer = new ResizeObserver((entries) => {
        const entry = entries[entries.length - 1]
        if (!entry) return
        const width = Math.floor(entry.contentBoxSize?.[0]?.inlineSize ?? entry.contentRect.width)
        // The first report settles the width the first render assumed: if that was wrong, the frame about to be
        // painted must not show the rows at the wrong width. A later resize re-renders as any update does. The top
        // alone (same width) only decides which rows are mounted: a transition, in slices.
        update(width, width === known ? 'transition' : first ? 'before-paint' : 'now')
        known = width
        first = false
      })
      observer.observe(el)
      observerRef.current = observer
    },
    [cacheKey, update],
  )

  // Content above the grid (a page header, the hidden-count line) can move it without resizing it: re-read the top
  // after every render. After the paint, where the layout is already done: the top only decides which rows are
  // mounted (the rows are placed relative to the container), so a late correction moves nothing on screen.
  useEffect(() => {
    firstListTop = 0 // the first list is in: any other starts from its own
    const el = elRef.current
    if (!el) return
    const top = documentTop(el)
    startTransition(() =>
      setGeometry((prev) => {
        if (prev.top === top) return prev
        const next = { ...prev, top }
        remembered.set(cacheKey, next)
        return next
      }),
    )
  })

  /** `attach` is the container's ref callback. */
  return { attach, width: geometry.width, top: geometry.top }
}
