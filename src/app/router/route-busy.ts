// Navigation progress: the code of a route being opened is still downloading (the header's progress bar).

import { useSyncExternalStore } from 'react'

let pendingChunks = 0
const busyListeners = new Set<() => void>()
export const setPending = (delta: number) => {
  pendingChunks += delta
  for (const listener of busyListeners) listener()
}

/** True while the code of a route being opened is still downloading. */
export function useRouteBusy(): boolean {
  return useSyncExternalStore(
    (listener) => {
      busyListeners.add(listener)
      return () => busyListeners.delete(listener)
    },
    () => pendingChunks > 0,
    () => false,
  )
}
