// The gallery's URL space, once. Everything that knows a gallery path is derived from this table:
// - the route table (src/app/routes.tsx: each route's page module, by `page`; the views' loaders are keyed by name),
// - the href builders (src/lib/paths.ts, through routeHref),
// - the table of modulepreloads in index.html (src/app/route-preloads.ts, through vite.config.ts),
// - the link resolver's own routes (src/lib/link-resolver.ts) and the service's first answers for a deep link
//   (src/api/first-requests.ts), through the matching of gallery-route-match.ts.
// Plain data with no React in it: the service and the build read it too.
//
// Every `:param` of a path is an id, under the one rule of parse-id.ts: `/artworks/012` matches no route.

export interface RouteSpec {
  /** The whole path, in React Router syntax. */
  readonly path: string
  /** The route's page: a module of src/app/routes/ (its own chunk; see pageFile). Absent: a component of the entry. */
  readonly page?: string
  /** The route whose page this one renders in (its outlet). Its path begins with the parent's. */
  readonly parent?: string
  /** The parent's default child (React Router's index route): the same path as the parent. */
  readonly index?: true
  /** Redirects on arrival and never stays in history: no link names it. */
  readonly redirectOnly?: true
}

export const GALLERY_ROUTES = {
  home: { path: '/' },
  ranking: { path: '/ranking', page: 'ranking-page' },
  newest: { path: '/new', page: 'newest-page' },
  search: { path: '/search', page: 'search-page' },
  searchNovels: { path: '/search/novels', page: 'search-novels-page' },
  searchUsers: { path: '/search/users', page: 'search-users-page' },
  artwork: { path: '/artworks/:id', page: 'artwork-page' },
  /** Its author edits (or deletes) a work posted here. */
  artworkEdit: { path: '/artworks/:id/edit', page: 'posting-page' },
  novel: { path: '/novels/:id', page: 'novel-page' },
  /** Its author edits (or deletes) a novel posted here. */
  novelEdit: { path: '/novels/:id/edit', page: 'novel-editor-page' },
  illustSeries: { path: '/user/:uid/series/:sid', page: 'illust-series-page' },
  user: { path: '/users/:id', page: 'user-layout' },
  userHome: { path: '/users/:id', parent: 'user', index: true, page: 'user-artworks-page' },
  userArtworks: { path: '/users/:id/artworks', parent: 'user', page: 'user-artworks-page' },
  userNovels: { path: '/users/:id/novels', parent: 'user', page: 'user-novels-page' },
  userFollowing: { path: '/users/:id/following', parent: 'user', page: 'user-following-page' },
  userFollowers: { path: '/users/:id/followers', parent: 'user', page: 'user-followers-page' },
  userMypixiv: { path: '/users/:id/mypixiv', parent: 'user', page: 'user-mypixiv-page' },
  userBookmarks: { path: '/users/:id/bookmarks/artworks', parent: 'user', page: 'user-bookmarks-page' },
  userNovelBookmarks: { path: '/users/:id/bookmarks/novels', parent: 'user', page: 'user-novel-bookmarks-page' },
  novelSeries: { path: '/novel/series/:id', page: 'novel-series-page' },
  /** Writing a novel (signed in). */
  novelUpload: { path: '/novel/upload', page: 'novel-editor-page' },
  settings: { path: '/settings', page: 'settings-page' },
  library: { path: '/library', page: 'library-page' },
  login: { path: '/login', page: 'login-page' },
  signup: { path: '/signup', page: 'signup-page' },
  /** Posting a work (signed in). */
  upload: { path: '/upload', page: 'posting-page' },
  /** The signed-in viewer's bookmarks, or the sign-in page that returns here (the manifest's shortcut). */
  myBookmarks: { path: '/bookmarks' },
  /** The Web Share Target (the manifest's GET share_target): opens the shared link, or searches for the text. */
  share: { path: '/share', redirectOnly: true },
} as const satisfies Record<string, RouteSpec>

export type GalleryRouteName = keyof typeof GALLERY_ROUTES

/** A page's module, from the repository's root. */
export const pageFile = (page: string): string => `src/app/routes/${page}.tsx`

/** A route's entry, as its general shape. */
export const routeSpec = (name: GalleryRouteName): RouteSpec => GALLERY_ROUTES[name]
export const ROUTE_NAMES = Object.keys(GALLERY_ROUTES) as GalleryRouteName[]

/** The `:names` of a path, as a type: `'/user/:uid/series/:sid'` → `'uid' | 'sid'`. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never

export type RouteParams<N extends GalleryRouteName> = Readonly<
  Record<ParamNames<(typeof GALLERY_ROUTES)[N]['path']>, number>
>

/** The path of a route with its ids filled in. */
export function routeHref<N extends GalleryRouteName>(
  name: N,
  ...[params]: keyof RouteParams<N> extends never ? [] : [RouteParams<N>]
): string {
  const values = (params ?? {}) as Readonly<Record<string, number>>
  return GALLERY_ROUTES[name].path.replace(/:(\w+)/g, (_, param: string) => String(values[param]))
}

/** The route's path relative to its parent's, or to `/` (React Router's child path): empty for the parent's own. */
export function childPath(name: GalleryRouteName): string {
  const { path, parent } = routeSpec(name)
  return path.slice(parent ? GALLERY_ROUTES[parent as GalleryRouteName].path.length + 1 : 1)
}
