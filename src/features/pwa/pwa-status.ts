// What the service worker has to say to the viewer, as a tiny store: the shell reads it on first render, while the
// module that registers the worker (register-sw.ts, with workbox-window) loads only after the page is idle.

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

/**
 * Registers the service worker once the page has loaded and the main thread is idle, so neither its code nor its
 * precaching competes with the first view. Production builds only: `npm run dev` has no worker.
 */
/** How long after `load` the worker registers (and starts precaching). */
const REGISTER_AFTER_LOAD_MS = 3_000

export function startServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return
  const register = () =>
    void import('./register-sw.ts')
      .then(({ registerServiceWorker }) => registerServiceWorker())
      // A browser that refuses (private mode, a policy) still has the whole online app.
      .catch((error: unknown) => console.warn('Easel: the service worker could not be registered', error))
  // `load` comes before the first view's data and images (the app renders them after it): precaching the shell then
  // would take bandwidth from those images on a slow phone connection. So: a while after load, when idle.
  const whenIdle = () =>
    setTimeout(
      () =>
        typeof requestIdleCallback === 'function'
          ? requestIdleCallback(register, { timeout: 5000 })
          : setTimeout(register),
      REGISTER_AFTER_LOAD_MS,
    )
  if (document.readyState === 'complete') whenIdle()
  else window.addEventListener('load', whenIdle, { once: true })
}
