import { matchRoutes, type RouteObject } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { firstRequestTargets } from '../api/first-requests.ts'
import { createQueryClient } from './query-client.ts'
import { createRoutes } from './routes.tsx'
import type { RouteDef } from './router/compile.tsx'

// The service embeds the answers to the URLs of src/api/first-requests.ts; the gallery takes them only if its loaders
// ask for exactly those URLs. Here every route's loader runs, signed out, and what it fetched is compared to the table.

afterEach(() => {
  vi.unstubAllGlobals()
})

const PAGES = [
  '/',
  '/?tab=manga',
  '/?tab=novel',
  '/?tab=following',
  '/ranking',
  '/ranking?mode=week',
  '/ranking?mode=day&date=2026-10-01',
  '/ranking?kind=novel',
  '/ranking?kind=novel&mode=week',
  '/new',
  '/new?type=manga',
  '/new?type=novel',
  '/artworks/12',
  '/artworks/012',
  '/artworks/abc',
  '/novels/7',
  '/user/3/series/9',
  '/novel/series/4',
  '/users/5',
  '/users/5/followers',
  '/users/5/novels',
]

/** The URLs the loaders of the routes matching `page` fetch (signed out). */
async function fetchedBy(page: string, expected: number): Promise<string[]> {
  const fetched: string[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      fetched.push(url)
      return new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } })
    }),
  )
  const routes = createRoutes(createQueryClient())
  const url = new URL(page, 'http://easel.test')
  for (const match of matchRoutes(routes as RouteObject[], url.pathname) ?? [])
    (match.route as RouteDef).loader?.({ params: match.params, request: { url: url.href } })
  // The novels' queries load with their first loader (a dynamic import): wait for what is due, then a little more.
  await vi.waitFor(() => expect(fetched.length).toBeGreaterThanOrEqual(expected))
  await new Promise((resolve) => setTimeout(resolve, 50))
  return fetched
}

describe('FIRST_REQUESTS', () => {
  it.each(PAGES)('%s: the loaders ask for exactly the URLs the service embeds', async (page) => {
    const url = new URL(page, 'http://easel.test')
    const targets = firstRequestTargets(url.pathname, url.searchParams)
    expect(new Set(await fetchedBy(page, targets.length))).toEqual(new Set(targets))
  })
})
