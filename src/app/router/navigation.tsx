// What a navigation starts: the code of every matched lazy view and every matched loader, side by side, once per
// history entry; the page being opened is started before React's first render.

import { startTransition, Suspense, useEffect, useState, type ReactNode } from 'react'
import { matchRoutes, useLocation, useRoutes, type Location, type RouteObject } from 'react-router'
import type { CompiledRoutes, RouteDef } from './compile.tsx'

// Each navigation makes a new location object; StrictMode's second render, or a render that a transition restarts,
// sees the same one. What a navigation started is kept by it: the code of its views that is still loading.
const navigations = new WeakMap<object, Promise<unknown> | null>()

type UrlParts = Pick<Location, 'pathname' | 'search' | 'hash'>
const urlKey = (l: UrlParts) => `${l.pathname}${l.search}${l.hash}`

/** The page being opened, started before React's first render (startInitialNavigation). */
let initial: { key: string; waiting: Promise<unknown> | null } | undefined
/** startInitialNavigation's task has been posted and has not run yet. */
let initialPosted = false

/**
 * Starts the code of every matched lazy view and every matched loader (the views' first requests), side by side.
 * Returns what is still loading of the code, or null when all of it is in.
 */
function runNavigation(routes: CompiledRoutes, location: UrlParts): Promise<unknown> | null {
  const matches = matchRoutes(routes.defs as RouteObject[], location) ?? []
  const url = `${window.location.origin}${urlKey(location)}`
  const code: Promise<void>[] = []
  for (const match of matches) {
    const route = match.route as RouteDef
    const lazy = routes.lazies.get(route)
    if (lazy && !lazy.isLoaded()) code.push(lazy.preload())
    if (!route.loader) continue
    try {
      const result = route.loader({ params: match.params, request: { url } })
      if (result instanceof Promise) result.catch(() => {})
    } catch {
      // A prefetch that throws is the view's to report when it asks for the same data.
    }
  }
  return code.length ? Promise.allSettled(code) : null
}

/**
 * Starts the page being opened (its loaders and its views' code) right after the entry script, before React's first
 * render: that render is a task of its own, and a phone would only then send the view's first request. The first
 * render finds the navigation under way.
 *
 * In a task of its own, posted now and so run ahead of the render React schedules next: starting the first view runs
 * the router's, the query cache's and the API client's code for the first time, which doubled the entry's own task
 * (on a phone, the longest of the first load). If the render comes first after all, it starts the view itself.
 */
export function startInitialNavigation(routes: CompiledRoutes): void {
  const key = urlKey(window.location)
  const channel = new MessageChannel()
  channel.port1.onmessage = () => {
    channel.port1.close()
    if (!initialPosted) return
    initialPosted = false
    if (urlKey(window.location) === key) initial = { key, waiting: runNavigation(routes, window.location) }
  }
  initialPosted = true
  channel.port2.postMessage(null)
}

/** Once per navigation (see runNavigation); the page being opened may have been started already. */
function startNavigation(routes: CompiledRoutes, location: Location): Promise<unknown> | null {
  const known = navigations.get(location)
  if (known !== undefined) return known
  const started = initial?.key === urlKey(location) ? initial : undefined
  initial = undefined
  initialPosted = false
  const waiting = started ? started.waiting : runNavigation(routes, location)
  navigations.set(location, waiting)
  return waiting
}

/**
 * Renders the matched routes, after starting their code and loaders. On the first load, `fallback` stands in until
 * the first view's code is in: held back by state rather than by Suspense, so the view appears the moment it can
 * (a revealed Suspense fallback would hold it back for React's reveal throttle). Later navigations are transitions:
 * the current view stays until the next one's code is in.
 */
export function AppRoutes({ routes, fallback }: { routes: CompiledRoutes; fallback?: ReactNode }) {
  const location = useLocation()
  // During render, not in an effect: an effect would run only after the view's code arrived.
  const waiting = startNavigation(routes, location)
  const [firstViewReady, setFirstViewReady] = useState(waiting === null)
  useEffect(() => {
    if (firstViewReady) return
    let live = true
    // A failed load renders too: the route's error view says what went wrong. In a transition, like the first render
    // (main.tsx): the whole first view renders in slices rather than in one long task.
    void (waiting ?? Promise.resolve()).finally(() => live && startTransition(() => setFirstViewReady(true)))
    return () => {
      live = false
    }
  }, [firstViewReady, waiting])
  const element = useRoutes(routes.objects, location)
  return firstViewReady || waiting === null ? <Suspense fallback={fallback}>{element}</Suspense> : fallback
}
