// The modulepreload table of index.html, derived from the route registry (src/api/gallery-routes.ts). Read at build
// by vite.config.ts only: none of it is in the gallery's own code.

import { isLeaf, routeChain, routePattern } from '../api/gallery-route-match.ts'
import { pageFile, ROUTE_NAMES, routeSpec, type GalleryRouteName } from '../api/gallery-routes.ts'

/** The work grid (a chunk of its own, loaded at once by the pages that show one). */
const WORK_GRID = 'src/features/works/components/infinite-work-list.tsx'
/** The novels' card column of the home and newest pages. */
const NOVEL_COLUMN = pageFile('home-novels')
/** Report (and, signed in, what loads the admins' tools) beside a work's or a novel's bookmark: the page loads it. */
const ITEM_MODERATION = 'src/features/moderation/components/item-moderation.tsx'

/**
 * What a route's first view loads at once besides its pages (`always`), or instead when the query holds
 * `name=value` (the keys of `when`, tried first).
 */
const FIRST_VIEW_CODE: Partial<
  Record<GalleryRouteName, { always?: readonly string[]; when?: Readonly<Record<string, readonly string[]>> }>
> = {
  home: { always: [WORK_GRID], when: { 'tab=novel': [NOVEL_COLUMN] } },
  ranking: { always: [WORK_GRID], when: { 'kind=novel': [pageFile('ranking-novels')] } },
  newest: { always: [WORK_GRID], when: { 'type=novel': [NOVEL_COLUMN] } },
  search: { always: [WORK_GRID] },
  artwork: { always: ['src/features/works/components/artwork-screen.tsx', ITEM_MODERATION] },
  novel: { always: [ITEM_MODERATION] },
  illustSeries: { always: [WORK_GRID] },
  userHome: { always: [WORK_GRID] },
  userArtworks: { always: [WORK_GRID] },
  userBookmarks: { always: [WORK_GRID] },
}

/**
 * Route path (React Router syntax, optionally with one `?name=value` the query must hold) → the modules its first
 * view loads at once: the pages of the routes it opens, and what they load on their first render. At build,
 * vite.config.ts (`routePreloads`) turns this into a script in index.html that adds `<link rel="modulepreload">` for
 * the opened path's chunks and their imports, so they download beside the entry script instead of after it has run.
 */
export const ROUTE_PRELOADS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  ROUTE_NAMES.filter(isLeaf).flatMap((name) => {
    const { path } = routeSpec(name)
    const pages = routeChain(name)
      .flatMap((route) => routeSpec(route).page ?? [])
      .map(pageFile)
    const { always = [], when = {} } = FIRST_VIEW_CODE[name] ?? {}
    const plain = [...new Set([...pages, ...always])]
    const variants = Object.entries(when).map(
      ([query, modules]) => [`${path}?${query}`, [...new Set([...pages, ...modules])]] as const,
    )
    return [...variants, ...(plain.length ? [[path, plain] as const] : [])]
  }),
)

export interface RoutePreloadKey {
  /** The path as a regular expression over a pathname */
  pattern: string
  /** The query parameter the key names, and its value; null: any query */
  query: readonly [name: string, value: string] | null
}

/** A key of ROUTE_PRELOADS, taken apart. */
export function parseRoutePreloadKey(key: string): RoutePreloadKey {
  const [path = '', query] = key.split('?')
  const name = ROUTE_NAMES.find((route) => isLeaf(route) && routeSpec(route).path === path)
  if (!name) throw new Error(`ROUTE_PRELOADS: ${path} is no route`)
  const [param, value] = query ? query.split('=') : []
  return { pattern: routePattern(name), query: param && value !== undefined ? [param, value] : null }
}
