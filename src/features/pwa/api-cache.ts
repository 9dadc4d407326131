import { SW_CACHE } from './sw-caches.ts'

/**
 * Empties the service worker's cache of API answers. Its entries are keyed by URL alone, so after a sign-out (or a
 * sign-in as someone else) they would show the previous account's bookmarks and private works offline.
 */
export async function clearApiCache(): Promise<void> {
  if (typeof caches === 'undefined') return
  try {
    await caches.delete(SW_CACHE.api)
  } catch {
    // Storage unavailable (private mode): there is no cache to leak either.
  }
}
