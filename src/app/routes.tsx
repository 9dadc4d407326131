import type { ComponentType } from 'react'
import type { QueryClient } from '@tanstack/react-query'
import { workQueries } from '../features/works/api/work-queries.ts'
import { userQueries } from '../features/users/api/user-queries.ts'
import { session } from '../lib/api.ts'
import { childPath, ROUTE_NAMES, routeSpec, type GALLERY_ROUTES, type GalleryRouteName } from '../api/gallery-routes.ts'
import { parseId } from '../api/parse-id.ts'
import { paths } from '../lib/paths.ts'
import { followingKind, homeTab, newestTab } from './home-query.ts'
import { preloadNovelRanking } from './novel-ranking-chunk.ts'
import { preloadWorkList } from './preload.ts'
import type { LazyModule, RouteDef, RouteLoaderArgs } from './router/compile.tsx'
import { RedirectOnArrival } from './router/redirect.tsx'
import { HomePage } from './routes/home-page.tsx'
import { NotFoundPage } from './routes/not-found-page.tsx'
import { Shell } from './shell.tsx'

// The route table, from the route registry (src/api/gallery-routes.ts): each route's page is the module the registry
// names, its loader is keyed here by the route's name.
//
// Loaders here never block a navigation: they start the first request of the view (and warm the grid's code) while
// the route's own chunk downloads, so a deep link does not wait for code, then data, one after the other. The page
// asks for the same query options, and finds the request already under way.

/** What a loader gets: the matched params and the URL being opened. */
type LoaderFunctionArgs = RouteLoaderArgs

// Rare paths: the link resolver's table loads only when one is followed.
async function resolveAliasUrl(url: URL) {
  const { resolveAlias } = await import('../lib/link-resolver.ts')
  return resolveAlias(url.pathname, url.search)
}

async function resolveShareUrl(url: URL) {
  const { resolveShare } = await import('../lib/link-resolver.ts')
  const q = url.searchParams
  return resolveShare({ title: q.get('title'), text: q.get('text'), url: q.get('url') }, url.origin)
}

const AliasOrNotFound = () => <RedirectOnArrival resolve={resolveAliasUrl} Otherwise={NotFoundPage} />

// The manifest's "My bookmarks" shortcut: the signed-in viewer's bookmarks, or the sign-in page, which returns here.
const myBookmarks = async () => {
  const me = session.get()
  return me ? paths.userBookmarks(me.user.id) : paths.login(paths.myBookmarks())
}
const MyBookmarks = () => <RedirectOnArrival resolve={myBookmarks} />
const ShareTarget = () => <RedirectOnArrival resolve={resolveShareUrl} />

type Loader = (args: LoaderFunctionArgs) => unknown

/** The page modules, each a chunk of its own (the registry names them; the home page is in the entry). */
const PAGE_MODULES = import.meta.glob<LazyModule>(
  ['./*-page.tsx', './user-layout.tsx', '!./*.test.tsx', '!./home-page.tsx', '!./not-found-page.tsx'],
  { base: './routes' },
)

/** The routes whose registry entry names no page: their component is in the entry. */
type EntryRoute = {
  [N in GalleryRouteName]: (typeof GALLERY_ROUTES)[N] extends { page: string } ? never : N
}[GalleryRouteName]

const ENTRY_VIEWS: Readonly<Record<EntryRoute, ComponentType>> = {
  home: HomePage,
  myBookmarks: MyBookmarks,
  share: ShareTarget,
}

/** The route's page module (a page the registry names and this folder lacks fails the route table's tests). */
function pageModule(page: string): () => Promise<LazyModule> {
  const load = PAGE_MODULES[`./${page}.tsx`]
  if (!load) throw new Error(`No page ${page}`)
  return load
}

/** The routes' loaders (see above), by route. */
function createLoaders(queryClient: QueryClient): Partial<Record<GalleryRouteName, Loader>> {
  const prefetch = (run: () => Promise<unknown>) => {
    void run().catch(() => {})
    return null
  }
  // The novels' query factory stays out of the entry chunk: it loads with the first novel view's loader.
  const prefetchNovels = (
    run: (queries: typeof import('../features/novels/api/novel-queries.ts').novelQueries) => Promise<unknown>,
  ) => prefetch(async () => run((await import('../features/novels/api/novel-queries.ts')).novelQueries))
  // The ranking's URL rules load with its page's code, not in the entry; the request waits only for that small chunk.
  const rankingRules = () => import('../features/ranking/ranking-query.ts')
  /** A loader that prefetches by one id of the route (none when the path does not spell one). */
  const byId =
    (param: string, run: (id: number) => unknown): Loader =>
    ({ params }) => {
      const id = parseId(params[param])
      return id === undefined ? null : run(id)
    }

  return {
    home: ({ request }) => {
      const search = new URL(request.url).searchParams
      const tab = homeTab(search)
      if (tab === 'following') {
        // The feed needs a session: signed out, the tab is a sign-in prompt and asks for nothing.
        if (!session.get()) return null
        if (followingKind(search) === 'novel')
          return prefetchNovels((q) => queryClient.prefetchInfiniteQuery(q.following()))
        preloadWorkList()
        return prefetch(() => queryClient.prefetchInfiniteQuery(workQueries.following()))
      }
      if (tab === 'novel') return prefetchNovels((q) => queryClient.prefetchInfiniteQuery(q.recommended()))
      preloadWorkList()
      return prefetch(() => queryClient.prefetchInfiniteQuery(workQueries.recommended({ contentType: tab })))
    },
    ranking: ({ request }) => {
      const search = new URL(request.url).searchParams
      const xRestrict = session.get()?.user.xRestrict ?? null
      if (search.get('kind') === 'novel') {
        preloadNovelRanking()
        return prefetchNovels(async (q) => {
          const params = (await rankingRules()).novelRankingQueryParams(search, xRestrict)
          return params && queryClient.prefetchInfiniteQuery(q.ranking(params))
        })
      }
      preloadWorkList()
      return prefetch(async () => {
        const params = (await rankingRules()).rankingQueryParams(search, xRestrict)
        return params && queryClient.prefetchInfiniteQuery(workQueries.ranking(params))
      })
    },
    newest: ({ request }) => {
      const tab = newestTab(new URL(request.url).searchParams)
      if (tab === 'novel') return prefetchNovels((q) => queryClient.prefetchInfiniteQuery(q.newest()))
      preloadWorkList()
      return prefetch(() => queryClient.prefetchInfiniteQuery(workQueries.newest({ contentType: tab })))
    },
    artwork: byId('id', (id) => prefetch(() => queryClient.prefetchQuery(workQueries.detail(id)))),
    // The novel and its reader: the detail and the text are asked for together, beside the route's chunk.
    novel: byId('id', (id) =>
      prefetchNovels((q) =>
        Promise.all([queryClient.prefetchQuery(q.detail(id)), queryClient.prefetchQuery(q.text(id))]),
      ),
    ),
    illustSeries: (args) => {
      preloadWorkList()
      return byId('sid', (id) => prefetch(() => queryClient.prefetchInfiniteQuery(workQueries.series(id))))(args)
    },
    user: byId('id', (id) => prefetch(() => queryClient.prefetchQuery(userQueries.detail(id)))),
    userNovels: byId('id', (id) => prefetchNovels((q) => queryClient.prefetchInfiniteQuery(q.byUser(id)))),
    userNovelBookmarks: ({ params, request }) => {
      const id = parseId(params.id)
      if (id === undefined) return null
      // The page's own reading of the URL: private only for one's own bookmarks.
      const search = new URL(request.url).searchParams
      const own = session.get()?.user.id === id
      const restrict = own && search.get('restrict') === 'private' ? 'private' : 'public'
      const tag = search.get('tag') || undefined
      return prefetchNovels((q) =>
        queryClient.prefetchInfiniteQuery(q.bookmarks({ userId: id, restrict, ...(tag ? { tag } : {}) })),
      )
    },
    novelSeries: byId('id', (id) => prefetchNovels((q) => queryClient.prefetchInfiniteQuery(q.series(id)))),
  }
}

/**
 * The route table (router/compile.tsx renders it: every route gets the error view of route-error.tsx), the registry's
 * routes in the shell, and the catch-all.
 */
export function createRoutes(queryClient: QueryClient): RouteDef[] {
  const loaders = createLoaders(queryClient)
  const parentOf = (name: GalleryRouteName) => routeSpec(name).parent
  const route = (name: GalleryRouteName): RouteDef => {
    const spec = routeSpec(name)
    const children = ROUTE_NAMES.filter((child) => parentOf(child) === name).map(route)
    const loader = loaders[name]
    const path = childPath(name)
    return {
      ...(spec.index || !path ? { index: true } : { path }),
      ...(spec.page ? { lazy: pageModule(spec.page) } : { Component: ENTRY_VIEWS[name as EntryRoute] }),
      ...(loader ? { loader } : {}),
      ...(children.length ? { children } : {}),
    }
  }
  return [
    {
      id: 'root',
      path: '/',
      Component: Shell,
      children: [
        ...ROUTE_NAMES.filter((name) => !parentOf(name)).map(route),
        // Aliases of pixiv-style links redirect; anything else is a 404.
        { path: '*', Component: AliasOrNotFound },
      ],
    },
  ]
}
