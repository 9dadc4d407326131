import { matchRoutes, type RouteObject } from 'react-router'
import { describe, expect, it } from 'vitest'
import { createQueryClient } from './query-client.ts'
import { parseRoutePreloadKey, ROUTE_PRELOADS, routePathPattern } from './route-preloads.ts'
import { createRoutes } from './routes.tsx'
import type { RouteDef } from './router.tsx'

type Module = { Component?: unknown; default?: unknown }

// Every module a route could name, by its path from the repository's root.
const sources = import.meta.glob<Module>(['/src/app/routes/*.tsx', '/src/features/**/*.tsx', '!**/*.test.tsx'])

const viewOf = (module: Module) => module.Component ?? module.default

describe('routePathPattern', () => {
  it('matches the path, with or without a trailing slash, and nothing below it', () => {
    const home = new RegExp(routePathPattern('/'))
    expect(['/', ''].map((p) => home.test(p))).toEqual([true, true])
    expect(home.test('/ranking')).toBe(false)

    const work = new RegExp(routePathPattern('/artworks/:id'))
    expect(['/artworks/12', '/artworks/12/'].map((p) => work.test(p))).toEqual([true, true])
    expect(['/artworks', '/artworks/12/x', '/x/artworks/12'].map((p) => work.test(p))).toEqual([false, false, false])

    const series = new RegExp(routePathPattern('/user/:uid/series/:sid'))
    expect(series.test('/user/3/series/9')).toBe(true)
    expect(series.test('/user/3/series')).toBe(false)
  })
})

describe('parseRoutePreloadKey', () => {
  it('takes the path and the one query parameter a key may name', () => {
    expect(parseRoutePreloadKey('/ranking')).toEqual({ pattern: routePathPattern('/ranking'), query: null })
    expect(parseRoutePreloadKey('/ranking?kind=novel')).toEqual({
      pattern: routePathPattern('/ranking'),
      query: ['kind', 'novel'],
    })
  })
})

describe('ROUTE_PRELOADS', () => {
  const routes = createRoutes(createQueryClient())

  it.each(Object.entries(ROUTE_PRELOADS))('%s lists the code of every lazy route it renders', async (path, modules) => {
    for (const module of modules) expect(sources[`/${module}`], module).toBeDefined()

    const url = path.split('?')[0]!.replace(/:[^/]+/g, '1')
    const matches = matchRoutes(routes as RouteObject[], url)
    expect(matches, url).not.toBeNull()
    const leaf = matches!.at(-1)!.route as RouteDef
    expect(leaf.path, `${url} reaches a catch-all route`).not.toBe('*')
    // A key naming a query comes first in the preload script: its plain path must be listed too.
    if (path.includes('?')) expect(ROUTE_PRELOADS[path.split('?')[0]!]).toBeDefined()

    const lazyRoutes = matches!.map((m) => m.route as RouteDef).filter((route) => route.lazy)
    const listed = await Promise.all(modules.map(async (m) => viewOf(await sources[`/${m}`]!())))
    for (const route of lazyRoutes) expect(listed).toContain(viewOf(await route.lazy!()))
  })
})
