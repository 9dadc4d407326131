import type { QueryClient } from '@tanstack/react-query'
import { redirect, replace, type LoaderFunctionArgs, type RouteObject } from 'react-router'
import { workQueries } from '../features/works/api/work-queries.ts'
import { userQueries } from '../features/users/api/user-queries.ts'
import { session } from '../lib/api.ts'
import { homeTab } from './home-query.ts'
import { loadArtworkPage, preloadWorkList } from './preload.ts'
import { RouteError } from './route-error.tsx'
import { HomePage } from './routes/home-page.tsx'
import { NotFoundPage } from './routes/not-found-page.tsx'
import { Shell, ShellFallback } from './shell.tsx'

// Loaders here never block a navigation: they start the first request of the view (and warm the grid's code) while
// the route's own chunk downloads, so a deep link does not wait for code, then data, one after the other. The page
// asks for the same query options, and finds the request already under way.

const idParam = (raw: string | undefined) => (raw && /^\d{1,15}$/.test(raw) ? Number(raw) : undefined)

/** Every route gets the error boundary, so a failing view keeps the shell and its neighbours. */
function withBoundaries(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => ({
    ...route,
    ErrorBoundary: route.ErrorBoundary ?? RouteError,
    ...(route.children ? { children: withBoundaries(route.children) } : {}),
  })) as RouteObject[]
}

export interface RouteOptions {
  /** Whether the router is still on its first load (the page was opened at this URL, not navigated to in-app). */
  isInitialLoad?: () => boolean
}

export function createRoutes(
  queryClient: QueryClient,
  { isInitialLoad = () => false }: RouteOptions = {},
): RouteObject[] {
  const prefetch = (run: () => Promise<unknown>) => {
    void run().catch(() => {})
    return null
  }

  return withBoundaries([
    {
      id: 'root',
      path: '/',
      Component: Shell,
      HydrateFallback: ShellFallback,
      ErrorBoundary: RouteError,
      children: [
        {
          index: true,
          Component: HomePage,
          loader: ({ request }: LoaderFunctionArgs) => {
            const tab = homeTab(new URL(request.url).searchParams)
            if (tab === 'novel')
              return prefetch(async () => {
                const { novelQueries } = await import('../features/novels/api/novel-queries.ts')
                return queryClient.prefetchInfiniteQuery(novelQueries.recommended())
              })
            preloadWorkList()
            return prefetch(() => queryClient.prefetchInfiniteQuery(workQueries.recommended({ contentType: tab })))
          },
        },
        {
          path: 'ranking',
          lazy: () => import('./routes/ranking-page.tsx'),
          loader: ({ request }: LoaderFunctionArgs) => {
            preloadWorkList()
            return prefetch(async () => {
              const { rankingQueryParams } = await import('./ranking-query.ts')
              const params = rankingQueryParams(
                new URL(request.url).searchParams,
                session.get()?.user.xRestrict ?? null,
              )
              if (params) await queryClient.prefetchInfiniteQuery(workQueries.ranking(params))
            })
          },
        },
        { path: 'search', lazy: () => import('./routes/search-page.tsx') },
        { path: 'search/novels', lazy: () => import('./routes/search-novels-page.tsx') },
        {
          path: 'artworks/:id',
          lazy: async () => ({ Component: (await loadArtworkPage()).default }),
          loader: ({ params }: LoaderFunctionArgs) => {
            const id = idParam(params.id)
            return id === undefined ? null : prefetch(() => queryClient.prefetchQuery(workQueries.detail(id)))
          },
        },
        {
          path: 'user/:uid/series/:sid',
          lazy: () => import('./routes/illust-series-page.tsx'),
          loader: ({ params }: LoaderFunctionArgs) => {
            preloadWorkList()
            const id = idParam(params.sid)
            return id === undefined ? null : prefetch(() => queryClient.prefetchInfiniteQuery(workQueries.series(id)))
          },
        },
        {
          path: 'users/:id',
          lazy: () => import('./routes/user-layout.tsx'),
          loader: ({ params }: LoaderFunctionArgs) => {
            const id = idParam(params.id)
            return id === undefined ? null : prefetch(() => queryClient.prefetchQuery(userQueries.detail(id)))
          },
          children: [
            { index: true, lazy: () => import('./routes/user-artworks-page.tsx') },
            { path: 'artworks', lazy: () => import('./routes/user-artworks-page.tsx') },
            { path: 'following', lazy: () => import('./routes/user-following-page.tsx') },
            { path: 'bookmarks/artworks', lazy: () => import('./routes/user-bookmarks-page.tsx') },
          ],
        },
        { path: 'settings', lazy: () => import('./routes/settings-page.tsx') },
        { path: 'login', lazy: () => import('./routes/login-page.tsx') },
        {
          // Aliases of pixiv-style links redirect; anything else is a 404.
          path: '*',
          Component: NotFoundPage,
          loader: async ({ request }: LoaderFunctionArgs) => {
            // Rare paths: the alias table loads only when one is followed.
            const { resolveAlias } = await import('./aliases.ts')
            const url = new URL(request.url)
            const target = resolveAlias(url.pathname, url.search)
            if (!target) return null
            // Opened at the alias: replace it, so Back does not land on it and bounce forward again. Followed
            // in-app: a plain redirect (the alias entry was never committed, and the page before it stays).
            return isInitialLoad() ? replace(target) : redirect(target)
          },
        },
      ],
    },
  ])
}
