/// <reference types="vite-plugin-pwa/vanillajs" />
// Loaded lazily by startServiceWorker (start-service-worker.ts): registers the worker that vite-plugin-pwa generates
// and reports to the store (pwa-status.ts) when a new version waits or the shell is ready offline.

import { registerSW } from 'virtual:pwa-register'
import { pwaStatus } from './pwa-status.ts'
import { SW_UPDATE_CHECK_MS } from './sw-caches.ts'

export function registerServiceWorker(): void {
  const update = registerSW({
    // A new worker is installed and waiting: ask the viewer (update-prompt.tsx).
    onNeedRefresh: () => pwaStatus.set({ updateWaiting: true }),
    onOfflineReady: () => pwaStatus.set({ offlineReady: true }),
    // The plugin reloads only a page that had a worker when it registered, so not the very first session's page;
    // the reload is acceptUpdate's instead, and only ever after the viewer said yes.
    onNeedReload: () => {},
    onRegisteredSW: (_url, registration) => {
      if (!registration) return
      // The browser looks for a new worker on navigations; an installed app left open for days navigates in-app
      // only, so look now and then as well.
      setInterval(() => {
        if (document.visibilityState === 'visible' && navigator.onLine) void registration.update().catch(() => {})
      }, SW_UPDATE_CHECK_MS)
    },
    onRegisterError: (error: unknown) => console.warn('Easel: the service worker could not be registered', error),
  })

  pwaStatus.setUpdater(async () => {
    const registration = await navigator.serviceWorker.getRegistration()
    // Another tab accepted it already, and the new worker controls this page too: a reload is all that is left.
    if (!registration?.waiting) return window.location.reload()
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true })
    await update(true)
  })
}
