import { matchRoutes, type RouteObject } from 'react-router'
import { describe, expect, it } from 'vitest'
import { isGalleryPath, matchGalleryRoute, routeChain, routePattern } from '../api/gallery-route-match.ts'
import { pageFile, ROUTE_NAMES, routeHref, routeSpec, type GalleryRouteName } from '../api/gallery-routes.ts'
import { createQueryClient } from './query-client.ts'
import { parseRoutePreloadKey, ROUTE_PRELOADS } from './route-preloads.ts'
import type { RouteDef } from './router/compile.tsx'
import { createRoutes } from './routes.tsx'

type Module = { Component?: unknown; default?: unknown }

// Every module a route could name, by its path from the repository's root.
const sources = import.meta.glob<Module>(['/src/app/routes/*.tsx', '/src/features/**/*.tsx', '!**/*.test.tsx'])

const viewOf = (module: Module) => module.Component ?? module.default
const view = async (module: string) => viewOf(await sources[`/${module}`]!())

/** A URL of the route, with made-up ids. */
const sampleUrl = (name: GalleryRouteName) => routeSpec(name).path.replace(/:[^/]+/g, '17')

describe('the route registry', () => {
  it('matches a path with or without a trailing slash, ids under the one rule, nothing below it', () => {
    const home = new RegExp(routePattern('home'))
    expect(['/', ''].map((p) => home.test(p))).toEqual([true, true])
    expect(home.test('/ranking')).toBe(false)

    const work = new RegExp(routePattern('artwork'))
    expect(['/artworks/12', '/artworks/12/'].map((p) => work.test(p))).toEqual([true, true])
    const others = ['/artworks', '/artworks/12/x', '/x/artworks/12', '/artworks/012', '/artworks/1e3', '/artworks/-1']
    expect(others.filter((p) => work.test(p))).toEqual([])
  })

  it('opens the routes a path names, outermost first, with their ids', () => {
    expect(matchGalleryRoute('/users/5/followers')).toEqual([
      { name: 'user', params: { id: 5 } },
      { name: 'userFollowers', params: { id: 5 } },
    ])
    expect(matchGalleryRoute('/users/5').map((m) => m.name)).toEqual(['user', 'userHome'])
    expect(matchGalleryRoute('/user/3/series/9')).toEqual([{ name: 'illustSeries', params: { uid: 3, sid: 9 } }])
    expect(matchGalleryRoute('/users/5/whatever')).toEqual([])
    expect(matchGalleryRoute('/i/1')).toEqual([])
  })

  it.each(ROUTE_NAMES)('%s: its href opens it, and it is a link target unless it only redirects', (name) => {
    const params = { id: 17, uid: 17, sid: 17 }
    const href = (routeHref as (n: GalleryRouteName, p: object) => string)(name, params)
    expect(href).toBe(sampleUrl(name))
    const chain = matchGalleryRoute(href).map((m) => m.name)
    // A parent shares its path with its index child, which is what the path opens.
    expect(chain.at(-1) === name || routeSpec(chain.at(-1)!).parent === name, chain.join(' > ')).toBe(true)
    expect(isGalleryPath(href)).toBe(!routeSpec(name).redirectOnly)
  })
})

describe('the route table, derived from the registry', () => {
  const routes = createRoutes(createQueryClient())

  it.each(ROUTE_NAMES)('%s renders the pages of its chain', async (name) => {
    const matches = matchRoutes(routes as RouteObject[], sampleUrl(name))
    expect(matches).not.toBeNull()
    const matched = matches!.map((m) => m.route as RouteDef)
    expect(matched.at(-1)!.path, 'a catch-all').not.toBe('*')
    const chain = matchGalleryRoute(sampleUrl(name)).map((m) => m.name)
    const pages = chain.flatMap((route) => routeSpec(route).page ?? []).map(pageFile)
    const lazies = matched.filter((route) => route.lazy)
    expect(lazies).toHaveLength(pages.length)
    for (const [i, route] of lazies.entries()) expect(viewOf(await route.lazy!())).toBe(await view(pages[i]!))
  })

  it('leaves the rest to the catch-all (aliases, 404)', () => {
    for (const url of ['/i/1', '/artworks', '/users/5/whatever', '/nothing'])
      expect((matchRoutes(routes as RouteObject[], url)!.at(-1)!.route as RouteDef).path).toBe('*')
  })
})

describe('ROUTE_PRELOADS', () => {
  it('takes the path and the one query parameter a key may name', () => {
    expect(parseRoutePreloadKey('/ranking')).toEqual({ pattern: routePattern('ranking'), query: null })
    expect(parseRoutePreloadKey('/ranking?kind=novel')).toEqual({
      pattern: routePattern('ranking'),
      query: ['kind', 'novel'],
    })
  })

  it.each(Object.entries(ROUTE_PRELOADS))('%s lists modules that exist, its pages first', (key, modules) => {
    for (const module of modules) expect(sources[`/${module}`], module).toBeDefined()
    const [leaf] = matchGalleryRoute(key.split('?')[0]!.replace(/:[^/]+/g, '17')).slice(-1)
    const pages = routeChain(leaf!.name)
      .flatMap((route) => routeSpec(route).page ?? [])
      .map(pageFile)
    expect(modules.slice(0, pages.length)).toEqual(pages)
    // A key naming a query comes first in the table of preloads: its plain path must be listed too.
    if (key.includes('?')) expect(ROUTE_PRELOADS[key.split('?')[0]!]).toBeDefined()
  })
})
