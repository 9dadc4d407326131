import { useLayoutEffect, useRef } from 'react'
import { useLocation, useNavigationType } from 'react-router'

const SCROLL_STORAGE_KEY = 'easel.scroll'
/** How long a restore keeps trying while the page grows to the saved height (content still rendering). */
const RESTORE_WINDOW_MS = 1_500

function loadPositions(): Map<string, number> {
  try {
    const raw = sessionStorage.getItem(SCROLL_STORAGE_KEY)
    return new Map(raw ? (JSON.parse(raw) as [string, number][]) : [])
  } catch {
    return new Map()
  }
}

/**
 * Back and Forward return to where that history entry was scrolled; a new entry starts at the top (or at the
 * element its hash names); a change of the hash alone leaves the scroll to the page. Positions survive a reload.
 */
export function ScrollRestorer() {
  const location = useLocation()
  const navigationType = useNavigationType()
  const positions = useRef<Map<string, number>>(null)
  positions.current ??= loadPositions()
  const currentKey = useRef(location.key)
  const previous = useRef<{ pathname: string; search: string } | null>(null)

  useLayoutEffect(() => {
    window.history.scrollRestoration = 'manual'
    let frame = 0
    const onScroll = () => {
      cancelAnimationFrame(frame)
      frame = requestAnimationFrame(() => positions.current!.set(currentKey.current, window.scrollY))
    }
    const persist = () => {
      positions.current!.set(currentKey.current, window.scrollY)
      try {
        // The latest 100 entries are plenty for Back and for a reload.
        sessionStorage.setItem(SCROLL_STORAGE_KEY, JSON.stringify([...positions.current!].slice(-100)))
      } catch {
        // Storage full or disabled: restoring after a reload is a nicety.
      }
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    window.addEventListener('pagehide', persist)
    return () => {
      cancelAnimationFrame(frame)
      window.removeEventListener('scroll', onScroll)
      window.removeEventListener('pagehide', persist)
    }
  }, [])

  useLayoutEffect(() => {
    currentKey.current = location.key
    const before = previous.current
    previous.current = { pathname: location.pathname, search: location.search }
    if (before && before.pathname === location.pathname && before.search === location.search) return // hash only

    const saved = navigationType === 'POP' ? positions.current!.get(location.key) : undefined
    if (saved === undefined) {
      const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null
      if (target) target.scrollIntoView()
      else window.scrollTo(0, 0)
      return
    }
    // The page may still be growing to its old height (a lazy view, images of known size): keep at it for a moment,
    // unless the reader takes over.
    const until = performance.now() + RESTORE_WINDOW_MS
    let frame = 0
    const stop = () => {
      cancelAnimationFrame(frame)
      for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const)
        window.removeEventListener(type, stop)
    }
    const attempt = () => {
      window.scrollTo(0, saved)
      if (Math.abs(window.scrollY - saved) > 1 && performance.now() < until) frame = requestAnimationFrame(attempt)
      else stop()
    }
    for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const)
      window.addEventListener(type, stop, { passive: true })
    attempt()
    return stop
  }, [location.key, location.pathname, location.search, location.hash, navigationType])

  return null
}
