import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { BrowserRouter } from 'react-router'
import { clearApiCache } from '../features/pwa/api-cache.ts'
import { session } from '../lib/api.ts'
import { useLanguageSetting } from '../lib/i18n/use-language-setting.ts'
import { createQueryClient } from './query-client.ts'
import { RouteError } from './route-error.tsx'
import { compileRoutes } from './router/compile.tsx'
import { AppRoutes, startInitialNavigation } from './router/navigation.tsx'
import { createRoutes } from './routes.tsx'
import { ShellFallback } from './shell.tsx'

/** How often an open tab checks its token (the session renews it when it is within minutes of expiring). */
const SESSION_CHECK_MS = 60_000

// Created once at module load: the cache and the compiled route table outlive re-renders.
const queryClient = createQueryClient()
const routes = compileRoutes(createRoutes(queryClient), RouteError)
// The opened page's first request and code start in the task after this script, ahead of React's first render.
if (typeof window !== 'undefined') startInitialNavigation(routes)

/**
 * Keeps the token fresh: on a timer, when the tab becomes visible again (timers sleep in background tabs) and when
 * the connection returns. And when the signed-in account changes (sign-in, sign-out, another tab), every cached
 * answer is dropped, in memory and in the service worker's cache: bookmarks, follows, mutes and recommendations are all
 * relative to the caller.
 */
export function useSessionUpkeep(client: QueryClient) {
  useEffect(() => {
    const check = () => void session.refreshIfNeeded().catch(() => {})
    const onVisible = () => document.visibilityState === 'visible' && check()
    const timer = setInterval(check, SESSION_CHECK_MS)
    document.addEventListener('visibilitychange', onVisible)
    window.addEventListener('online', check)
    check()

    let account = session.get()?.user.id ?? null
    const unsubscribe = session.subscribe(() => {
      const next = session.get()?.user.id ?? null
      if (next === account) return // a renewal, same caller
      account = next
      // The service worker's copies of API answers go first (they are keyed by URL, not by caller: offline, a
      // shared device would show the last account's private works). Then inactive queries are emptied and the
      // ones on screen refetch as the new caller.
      void clearApiCache().finally(() => client.resetQueries())
    })
    return () => {
      clearInterval(timer)
      document.removeEventListener('visibilitychange', onVisible)
      window.removeEventListener('online', check)
      unsubscribe()
    }
  }, [client])
}

export function App() {
  useSessionUpkeep(queryClient)
  useLanguageSetting()
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes routes={routes} fallback={<ShellFallback />} />
      </BrowserRouter>
    </QueryClientProvider>
  )
}
