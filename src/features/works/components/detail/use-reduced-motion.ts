import { useSyncExternalStore } from 'react'

const QUERY = '(prefers-reduced-motion: reduce)'

function subscribe(listener: () => void) {
  if (typeof matchMedia === 'undefined') return () => {}
  const mql = matchMedia(QUERY)
  mql.addEventListener('change', listener)
  return () => mql.removeEventListener('change', listener)
}

export function prefersReducedMotion(): boolean {
  return typeof matchMedia !== 'undefined' && matchMedia(QUERY).matches
}

/** Whether the viewer asked for less motion (animations start paused, scrolling jumps instead of gliding). */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion, () => false)
}
