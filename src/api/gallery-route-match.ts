// Which of the gallery's routes a pathname opens, under the route registry (gallery-routes.ts). Apart from the
// registry, which the gallery's entry needs for its hrefs: only the link resolver, the service and the build match.

import { ROUTE_NAMES, routeSpec, type GalleryRouteName } from './gallery-routes.ts'
import { ID_SOURCE, parseId } from './parse-id.ts'

/** The routes `name` renders inside, outermost first, and `name` itself. */
export function routeChain(name: GalleryRouteName): GalleryRouteName[] {
  const parent = routeSpec(name).parent as GalleryRouteName | undefined
  return parent ? [...routeChain(parent), name] : [name]
}

/** A route that a URL opens (not a parent that only frames its index child at the same path). */
export const isLeaf = (name: GalleryRouteName) =>
  !ROUTE_NAMES.some((other) => routeSpec(other).parent === name && routeSpec(other).index)

/** The route's path as a regular expression over a pathname (ids under the id rule; a trailing slash is allowed). */
export function routePattern(name: GalleryRouteName): string {
  const body = routeSpec(name)
    .path.split('/')
    .map((segment) => (segment.startsWith(':') ? `(${ID_SOURCE})` : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/')
  return `^${body === '/' ? '' : body}/?$`
}

interface Leaf {
  pattern: RegExp
  /** The path's `:names`, in the order of the pattern's groups */
  params: string[]
  /** The routes it opens, outermost first (routeChain) */
  chain: GalleryRouteName[]
}
let leaves: Leaf[] | undefined
/** Made on first use: the entry builds hrefs, and only the link resolver and the service match paths. */
const leafRoutes = () =>
  (leaves ??= ROUTE_NAMES.filter(isLeaf).map((name) => ({
    pattern: new RegExp(routePattern(name)),
    params: [...routeSpec(name).path.matchAll(/:(\w+)/g)].map((p) => p[1]!),
    chain: routeChain(name),
  })))

export interface GalleryMatch {
  name: GalleryRouteName
  params: Readonly<Record<string, number>>
}

/**
 * The routes a pathname opens, outermost first (a user's tab: the profile, then the tab), with their ids; empty for
 * a path that is none of the gallery's (an alias, or a 404).
 */
export function matchGalleryRoute(pathname: string): GalleryMatch[] {
  for (const leaf of leafRoutes()) {
    const m = leaf.pattern.exec(pathname)
    if (!m) continue
    const params = Object.fromEntries(leaf.params.map((param, i) => [param, parseId(m[i + 1])!]))
    return leaf.chain.map((name) => ({ name, params }))
  }
  return []
}

/** True for a path of one of the gallery's own views (one a link may name: not the share target's). */
export function isGalleryPath(pathname: string): boolean {
  const [leaf] = matchGalleryRoute(pathname).slice(-1)
  return leaf !== undefined && !routeSpec(leaf.name).redirectOnly
}
