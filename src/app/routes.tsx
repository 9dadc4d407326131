import type { QueryClient } from '@tanstack/react-query'
import { workQueries } from '../features/works/api/work-queries.ts'
import { userQueries } from '../features/users/api/user-queries.ts'
import { session } from '../lib/api.ts'
import { parseId } from '../api/parse-id.ts'
import { paths } from '../lib/paths.ts'
import { followingKind, homeTab, newestTab } from './home-query.ts'
import { preloadNovelRanking } from './novel-ranking-chunk.ts'
import { loadArtworkPage, preloadWorkList } from './preload.ts'
import { novelRankingQueryParams, rankingQueryParams } from '../features/ranking/ranking-query.ts'
import { RedirectOnArrival, type RouteDef, type RouteLoaderArgs } from './router.tsx'
import { HomePage } from './routes/home-page.tsx'
import { NotFoundPage } from './routes/not-found-page.tsx'
import { Shell } from './shell.tsx'

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

/** The route table (see router.tsx for how it is rendered: every route gets the error view of route-error.tsx). */
export function createRoutes(queryClient: QueryClient): RouteDef[] {
  const prefetch = (run: () => Promise<unknown>) => {
    void run().catch(() => {})
    return null
  }
  // The novels' query factory stays out of the entry chunk: it loads with the first novel view's loader.
  const prefetchNovels = (
    run: (queries: typeof import('../features/novels/api/novel-queries.ts').novelQueries) => Promise<unknown>,
  ) => prefetch(async () => run((await import('../features/novels/api/novel-queries.ts')).novelQueries))

  return [
    {
      id: 'root',
      path: '/',
      Component: Shell,
      children: [
        {
          index: true,
          Component: HomePage,
          loader: ({ request }: LoaderFunctionArgs) => {
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
            const search = new URL(request.url).searchParams
            const xRestrict = session.get()?.user.xRestrict ?? null
            if (search.get('kind') === 'novel') {
              preloadNovelRanking()
              const params = novelRankingQueryParams(search, xRestrict)
              return params && prefetchNovels((q) => queryClient.prefetchInfiniteQuery(q.ranking(params)))
            }
            preloadWorkList()
            // The ranking's request is asked for at once: its URL rules are in the entry, not behind another chunk.
            const params = rankingQueryParams(search, xRestrict)
            return params && prefetch(() => queryClient.prefetchInfiniteQuery(workQueries.ranking(params)))
          },
        },
        {
          path: 'new',
          lazy: () => import('./routes/newest-page.tsx'),
          loader: ({ request }: LoaderFunctionArgs) => {
            const tab = newestTab(new URL(request.url).searchParams)
            if (tab === 'novel') return prefetchNovels((q) => queryClient.prefetchInfiniteQuery(q.newest()))
            preloadWorkList()
            return prefetch(() => queryClient.prefetchInfiniteQuery(workQueries.newest({ contentType: tab })))
          },
        },
        { path: 'search', lazy: () => import('./routes/search-page.tsx') },
        { path: 'search/novels', lazy: () => import('./routes/search-novels-page.tsx') },
        { path: 'search/users', lazy: () => import('./routes/search-users-page.tsx') },
        {
          path: 'artworks/:id',
          lazy: async () => ({ Component: (await loadArtworkPage()).default }),
          loader: ({ params }: LoaderFunctionArgs) => {
            const id = parseId(params.id)
            return id === undefined ? null : prefetch(() => queryClient.prefetchQuery(workQueries.detail(id)))
          },
        },
        {
          // The novel and its reader: the detail and the text are asked for together, beside the route's chunk.
          path: 'novels/:id',
          lazy: () => import('./routes/novel-page.tsx'),
          loader: ({ params }: LoaderFunctionArgs) => {
            const id = parseId(params.id)
            return id === undefined
              ? null
              : prefetchNovels((q) =>
                  Promise.all([queryClient.prefetchQuery(q.detail(id)), queryClient.prefetchQuery(q.text(id))]),
                )
          },
        },
        {
          path: 'user/:uid/series/:sid',
          lazy: () => import('./routes/illust-series-page.tsx'),
          loader: ({ params }: LoaderFunctionArgs) => {
            preloadWorkList()
            const id = parseId(params.sid)
            return id === undefined ? null : prefetch(() => queryClient.prefetchInfiniteQuery(workQueries.series(id)))
          },
        },
        {
          path: 'users/:id',
          lazy: () => import('./routes/user-layout.tsx'),
          loader: ({ params }: LoaderFunctionArgs) => {
            const id = parseId(params.id)
            return id === undefined ? null : prefetch(() => queryClient.prefetchQuery(userQueries.detail(id)))
          },
          children: [
            { index: true, lazy: () => import('./routes/user-artworks-page.tsx') },
            { path: 'artworks', lazy: () => import('./routes/user-artworks-page.tsx') },
            { path: 'following', lazy: () => import('./routes/user-following-page.tsx') },
            { path: 'followers', lazy: () => import('./routes/user-followers-page.tsx') },
            { path: 'mypixiv', lazy: () => import('./routes/user-mypixiv-page.tsx') },
            { path: 'bookmarks/artworks', lazy: () => import('./routes/user-bookmarks-page.tsx') },
            {
              path: 'novels',
              lazy: () => import('./routes/user-novels-page.tsx'),
              loader: ({ params }: LoaderFunctionArgs) => {
                const id = parseId(params.id)
                return id === undefined ? null : prefetchNovels((q) => queryClient.prefetchInfiniteQuery(q.byUser(id)))
              },
            },
            {
              path: 'bookmarks/novels',
              lazy: () => import('./routes/user-novel-bookmarks-page.tsx'),
              loader: ({ params, request }: LoaderFunctionArgs) => {
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
            },
          ],
        },
        {
          path: 'novel/series/:id',
          lazy: () => import('./routes/novel-series-page.tsx'),
          loader: ({ params }: LoaderFunctionArgs) => {
            const id = parseId(params.id)
            return id === undefined ? null : prefetchNovels((q) => queryClient.prefetchInfiniteQuery(q.series(id)))
          },
        },
        { path: 'settings', lazy: () => import('./routes/settings-page.tsx') },
        { path: 'library', lazy: () => import('./routes/library-page.tsx') },
        { path: 'login', lazy: () => import('./routes/login-page.tsx') },
        { path: 'bookmarks', Component: MyBookmarks },
        {
          // The Web Share Target (the manifest's GET share_target): opens the shared link, or searches for the text.
          // Like an alias it never stays in history.
          path: 'share',
          Component: ShareTarget,
        },
        // Aliases of pixiv-style links redirect; anything else is a 404.
        { path: '*', Component: AliasOrNotFound },
      ],
    },
  ]
}
