import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { createBrowserRouter } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import { session } from '../lib/api.ts'
import { createQueryClient } from './query-client.ts'
import { createRoutes } from './routes.tsx'

/** How often an open tab checks its token (the session renews it when it is within minutes of expiring). */
const SESSION_CHECK_MS = 60_000

// Created once at module load: the router owns history listeners and must outlive re-renders.
const queryClient = createQueryClient()
const router = createBrowserRouter(createRoutes(queryClient, { isInitialLoad: () => !router.state.initialized }))

/**
 * Keeps the token fresh: on a timer, when the tab becomes visible again (timers sleep in background tabs) and when
 * the connection returns. And when the signed-in account changes (sign-in, sign-out, another tab), every cached
 * answer is dropped: bookmarks, follows, mutes and recommendations are all relative to the caller.
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
      // Inactive queries are emptied; the ones on screen refetch as the new caller.
      void client.resetQueries()
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
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  )
}
