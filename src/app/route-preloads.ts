// The code a deep link's first view needs beyond the entry, by route: the route's lazy module, and the modules its
// loader or its first render loads at once (the work grid). At build, vite.config.ts (`routePreloads`) turns this into
// a script in index.html that adds `<link rel="modulepreload">` for the opened path's chunks and their imports, so they
// download beside the entry script instead of after it has run: on a phone that was a round trip, then the chunks'
// transfer, before the view's data could even be drawn.
//
// Keys are paths in React Router syntax, optionally with one `?name=value` the query must hold: those are tried
// before the plain path. A path missing here only loses the head start. src/app/route-preloads.test.ts checks each
// entry against the route table in routes.tsx.

const WORK_GRID = 'src/features/works/components/infinite-work-list.tsx'
const USER_LAYOUT = 'src/app/routes/user-layout.tsx'
/** A user's profile with its works tab (the index tab, and `/artworks`). */
const USER_WORKS = [USER_LAYOUT, 'src/app/routes/user-artworks-page.tsx', WORK_GRID]

export const ROUTE_PRELOADS: Readonly<Record<string, readonly string[]>> = {
  '/?tab=novel': ['src/app/routes/home-novels.tsx'],
  '/': [WORK_GRID],
  '/ranking?kind=novel': ['src/app/routes/ranking-page.tsx', 'src/app/routes/ranking-novels.tsx'],
  '/ranking': ['src/app/routes/ranking-page.tsx', WORK_GRID],
  '/new?type=novel': ['src/app/routes/newest-page.tsx', 'src/app/routes/home-novels.tsx'],
  '/new': ['src/app/routes/newest-page.tsx', WORK_GRID],
  '/search': ['src/app/routes/search-page.tsx', WORK_GRID],
  '/search/users': ['src/app/routes/search-users-page.tsx'],
  '/artworks/:id': ['src/app/routes/artwork-page.tsx', 'src/features/works/components/artwork-screen.tsx'],
  '/novels/:id': ['src/app/routes/novel-page.tsx'],
  '/user/:uid/series/:sid': ['src/app/routes/illust-series-page.tsx', WORK_GRID],
  '/users/:id': USER_WORKS,
  '/users/:id/artworks': USER_WORKS,
  '/users/:id/followers': [USER_LAYOUT, 'src/app/routes/user-followers-page.tsx'],
  '/users/:id/mypixiv': [USER_LAYOUT, 'src/app/routes/user-mypixiv-page.tsx'],
  '/users/:id/bookmarks/artworks': [USER_LAYOUT, 'src/app/routes/user-bookmarks-page.tsx', WORK_GRID],
}

export interface RoutePreloadKey {
  /** The path as a regular expression over a pathname (routePathPattern) */
  pattern: string
  /** The query parameter the key names, and its value; null: any query */
  query: readonly [name: string, value: string] | null
}

/** A key of ROUTE_PRELOADS, taken apart. */
export function parseRoutePreloadKey(key: string): RoutePreloadKey {
  const [path = '', query] = key.split('?')
  const [name, value] = query ? query.split('=') : []
  return { pattern: routePathPattern(path), query: name && value !== undefined ? [name, value] : null }
}

/** A route path as a regular expression over a pathname (`:param` is one segment; a trailing slash is allowed). */
export function routePathPattern(path: string): string {
  const body = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/')
  return `^${body === '/' ? '' : body}/?$`
}
