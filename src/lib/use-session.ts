import { useSyncExternalStore } from 'react'
import { session } from './api.ts'
import type { SessionState } from './session.ts'

const subscribe = (listener: () => void) => session.subscribe(listener)

/** The signed-in session (null when signed out); re-renders on sign-in, sign-out and renewal. */
export function useSession(): SessionState | null {
  return useSyncExternalStore(subscribe, session.get, () => null)
}
