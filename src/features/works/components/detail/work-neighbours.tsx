import { useEffect, useMemo, useRef, type PointerEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import { useT } from '../../../../lib/i18n/i18n.ts'
import { paths } from '../../../../lib/paths.ts'
import { neighboursIn } from '../../../../lib/source-list.ts'
import { workStepForKey } from '../../lib/keyboard.ts'
import { classifySwipe } from '../../lib/swipe.ts'
import '../../../../lib/i18n/messages/en/artwork.ts'

export interface Neighbours {
  prev?: number
  next?: number
}

/** The works before and after this one in the list the viewer came from (none after a bare deep link). */
export function useNeighbours(id: number): Neighbours {
  return useMemo(() => {
    const { prev, next } = neighboursIn(id)
    return { prev, next }
  }, [id])
}

/** ArrowLeft / ArrowRight anywhere on the page (except in fields and widgets that use arrows) step through the list. */
export function useArrowKeyNavigation({ prev, next }: Neighbours) {
  const navigate = useNavigate()
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const step = workStepForKey(event)
      const target = step === 'prev' ? prev : step === 'next' ? next : undefined
      if (target === undefined) return
      event.preventDefault()
      void navigate(paths.artwork(target))
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [prev, next, navigate])
}

interface Start {
  id: number
  x: number
  y: number
  t: number
}

/**
 * Pointer handlers for the media area: a horizontal swipe (touch or pen) moves to the previous or next work. Not
 * while the page is pinch-zoomed, the image is shown at full size, or inside a widget with its own gestures.
 */
export function useSwipeNavigation({ prev, next }: Neighbours) {
  const navigate = useNavigate()
  const start = useRef<Start | null>(null)

  const zoomed = (target: EventTarget) => {
    if ((window.visualViewport?.scale ?? 1) > 1.01) return true
    return target instanceof Element && !!target.closest('[data-zoomed="true"], [data-own-gestures]')
  }

  return {
    onPointerDown(event: PointerEvent) {
      if (event.pointerType === 'mouse' || !event.isPrimary || zoomed(event.target)) {
        start.current = null
        return
      }
      start.current = { id: event.pointerId, x: event.clientX, y: event.clientY, t: event.timeStamp }
    },
    onPointerUp(event: PointerEvent) {
      const s = start.current
      start.current = null
      if (!s || s.id !== event.pointerId || zoomed(event.target)) return
      const direction = classifySwipe({
        dx: event.clientX - s.x,
        dy: event.clientY - s.y,
        durationMs: event.timeStamp - s.t,
      })
      const target = direction === 'prev' ? prev : direction === 'next' ? next : undefined
      if (target !== undefined) void navigate(paths.artwork(target))
    },
    onPointerCancel() {
      start.current = null
    },
  }
}

const linkClass =
  'inline-flex min-h-11 items-center gap-1 rounded-full border border-line px-4 py-1.5 text-sm font-medium hover:bg-line/50 sm:min-h-10'

/** Visible previous/next links of the source list (the arrow keys and swipes do the same). */
export function NeighbourLinks({ prev, next }: Neighbours) {
  const t = useT()
  if (prev === undefined && next === undefined) return null
  return (
    <nav aria-label={t('artwork.neighbours.label')} className="flex gap-2">
      {prev !== undefined && (
        <Link
          to={paths.artwork(prev)}
          rel="prev"
          className={linkClass}
          aria-keyshortcuts="ArrowLeft"
          data-neighbour="prev"
        >
          <span aria-hidden="true">←</span> {t('artwork.neighbours.prev')}
        </Link>
      )}
      {next !== undefined && (
        <Link
          to={paths.artwork(next)}
          rel="next"
          className={linkClass}
          aria-keyshortcuts="ArrowRight"
          data-neighbour="next"
        >
          {t('artwork.neighbours.next')} <span aria-hidden="true">→</span>
        </Link>
      )}
    </nav>
  )
}
