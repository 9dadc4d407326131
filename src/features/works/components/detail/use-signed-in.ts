import { useSyncExternalStore } from 'react'
import { session } from '../../../../lib/api.ts'
import type { SessionState } from '../../../../lib/session.ts'

const subscribe = (listener: () => void) => {
  const unsubscribe = session.subscribe(listener)
  return () => void unsubscribe()
}

/** The signed-in session, or null; re-renders on sign-in and sign-out. */
export function useSignedIn(): SessionState | null {
  return useSyncExternalStore(subscribe, session.get, () => null)
}

/** The current in-app location, for a sign-in link to come back to. */
export function currentLocation(): string {
  return typeof window === 'undefined' ? '/' : window.location.pathname + window.location.search + window.location.hash
}
