// Apart from the store (pwa-status.ts) that the registration writes to, so that the lazily loaded registration does
// not import the module that imports it.

import { whenIdle } from '../../lib/when-idle.ts'

/** How long after `load` the worker registers (and starts precaching), at the first idle moment after that… */
const REGISTER_AFTER_LOAD_MS = 3_000
/** …or this much later at the latest. */
const REGISTER_IDLE_TIMEOUT_MS = 5_000

/**
 * Registers the service worker once the page has loaded and the main thread is idle, so neither its code nor its
 * precaching competes with the first view. Production builds only: `npm run dev` has no worker.
 */
export function startServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return
  const register = () =>
    void import('./register-sw.ts')
      .then(({ registerServiceWorker }) => registerServiceWorker())
      // A browser that refuses (private mode, a policy) still has the whole online app.
      .catch((error: unknown) => console.warn('Easel: the service worker could not be registered', error))
  // `load` comes before the first view's data and images (the app renders them after it): precaching the shell then
  // would take bandwidth from those images on a slow phone connection. So: a while after load, when idle.
  const later = () => setTimeout(() => void whenIdle(REGISTER_IDLE_TIMEOUT_MS).then(register), REGISTER_AFTER_LOAD_MS)
  if (document.readyState === 'complete') later()
  else window.addEventListener('load', later, { once: true })
}
