// What the service worker has to say to the viewer, as a tiny store: the shell reads it on first render, while the
// module that registers the worker (register-sw.ts, with workbox-window) loads only after the page is idle
// (start-service-worker.ts) and writes here.

import { useSyncExternalStore } from 'react'

export interface PwaStatus {
  /** A new version is installed and waits for the viewer to accept it. */
  updateWaiting: boolean
  /** The app shell is cached: from now on Easel opens without a connection. */
  offlineReady: boolean
}

const INITIAL: PwaStatus = { updateWaiting: false, offlineReady: false }

let status: PwaStatus = INITIAL
let updater: (() => Promise<void>) | null = null
const listeners = new Set<() => void>()

export const pwaStatus = {
  get: (): PwaStatus => status,
  set(patch: Partial<PwaStatus>) {
    const next = { ...status, ...patch }
    if (next.updateWaiting === status.updateWaiting && next.offlineReady === status.offlineReady) return
    status = next
    for (const listener of listeners) listener()
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
  /** Set by the registration: activates the waiting worker, which then reloads the page. */
  setUpdater(apply: (() => Promise<void>) | null) {
    updater = apply
  },
  /** Accepts the waiting version. False when there is none to accept. */
  async applyUpdate(): Promise<boolean> {
    if (!updater || !status.updateWaiting) return false
    await updater()
    return true
  },
  /** Tests only: back to the first state. */
  reset() {
    status = INITIAL
    updater = null
    for (const listener of listeners) listener()
  },
}

export function usePwaStatus(): PwaStatus {
  return useSyncExternalStore(pwaStatus.subscribe, pwaStatus.get, () => INITIAL)
}
