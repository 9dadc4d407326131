import { QueryClient } from '@tanstack/react-query'
import { ApiError, NetworkError, RateLimitedError, retryDelayMs } from '../lib/api-error.ts'
import { LIST_GC_TIME_MS } from '../tunables.ts'

/** A minute: Back to a list within it shows the cached pages without refetching them (DESIGN.md §3.2). */
export const DEFAULT_STALE_TIME_MS = 60_000
/** Retries after the first failure, for failures retrying can fix. */
export const MAX_RETRIES = 2
/** A rate limit that asks to wait longer than this is shown to the viewer (with its wait) instead of retried quietly. */
export const MAX_QUIET_RETRY_AFTER_S = 20

/**
 * Whether a failed query should be tried again: never for a 4xx answer (the same request gets the same answer),
 * a rate limit only when its Retry-After is short, network and server failures a couple of times.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  // TanStack passes the failures before this one: 0 when the first attempt has just failed.
  if (failureCount >= MAX_RETRIES) return false
  // Offline, a request that failed is not in the service worker's cache either: say so now rather than wait.
  if (error instanceof NetworkError && typeof navigator !== 'undefined' && navigator.onLine === false) return false
  if (error instanceof RateLimitedError)
    return error.retryAfterSeconds === null || error.retryAfterSeconds <= MAX_QUIET_RETRY_AFTER_S
  if (error instanceof ApiError) return error.status === 0 || error.status >= 500
  // Not from the API client (a bug in a converter, say): one more try costs little.
  return failureCount < 1
}

/** Exponential backoff from one second, or the server's Retry-After. */
export function retryDelay(failureCount: number, error: unknown): number {
  return retryDelayMs(failureCount, error)
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: DEFAULT_STALE_TIME_MS,
        gcTime: LIST_GC_TIME_MS,
        retry: shouldRetry,
        retryDelay,
        // A calm gallery: coming back to the tab does not reshuffle the lists under the viewer's eyes.
        refetchOnWindowFocus: false,
        // Always send the request, even when the browser says it is offline: the service worker may answer it
        // from its cache. (The default, 'online', would hold every query paused until the connection returns.)
        networkMode: 'offlineFirst',
      },
      mutations: { retry: false },
    },
  })
}
