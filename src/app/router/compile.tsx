// The app's routing on React Router's declarative API (`<BrowserRouter>` + `useRoutes`) instead of its data router:
// the data router (`createBrowserRouter`) is about 20 kB gzipped of loaders, actions, fetchers and revalidation, and
// Easel uses none of it: its views fetch through TanStack Query, and a route "loader" here only starts the view's
// first request (and warms its code) the moment the URL changes, so code and data download side by side.
//
// The route table keeps the familiar shape (`path`, `index`, `Component`, `lazy`, `loader`, `children`). This module
// turns it into `useRoutes` objects: each route gets an error boundary, a lazy route a Suspense boundary, and the
// loaders of every matched route run once per history entry, during the render that follows the URL change.
//
// This folder: compile.tsx (the table into `useRoutes` objects, lazy views), navigation.tsx (loaders and code started
// per navigation, the first load), scroll-restorer.tsx, redirect.tsx (aliases, shared links), error-boundary.tsx,
// route-busy.ts (navigation progress).

import { createElement, use, type ComponentType } from 'react'
import type { Params, RouteObject } from 'react-router'
import { lazyModule } from '../../lib/lazy-module.ts'
import { RouteFrame } from './error-boundary.tsx'
import { setPending } from './route-busy.ts'

export interface RouteLoaderArgs {
  params: Params
  /** The URL being navigated to (a Request, as React Router's loaders get, so `new URL(request.url)` works). */
  request: { url: string }
}

export type LazyModule = { Component?: ComponentType; default?: ComponentType }

export interface RouteDef {
  id?: string
  path?: string
  index?: boolean
  Component?: ComponentType
  /** Loads the route's module (a chunk of its own); it exports `Component` (or a default component). */
  lazy?: () => Promise<LazyModule>
  /** Fire-and-forget: starts the view's first request. Its return value is ignored. */
  loader?: (args: RouteLoaderArgs) => unknown
  /** Replaces the default error view of this route. */
  ErrorBoundary?: ComponentType
  children?: RouteDef[]
}

/**
 * A lazy route's view. Unlike React.lazy it can be loaded before it renders (`preload`: when the URL changes, beside
 * the view's data) and, once loaded, renders synchronously. A failed load is forgotten, so coming back retries it.
 * While it loads it suspends, unlike lazyModule's other users: an in-app navigation is a transition, and keeps the
 * current view on screen until the next one's code is in.
 */
function lazyRoute(load: () => Promise<LazyModule>) {
  const module = lazyModule(async () => {
    setPending(1)
    try {
      const { Component, default: view = Component } = await load()
      if (!view) throw new Error('A lazy route module exports neither Component nor a default component')
      return view
    } finally {
      setPending(-1)
    }
  })
  function LazyRoute() {
    // Every render asks `use` (a loaded module is returned at once): a render that suspended and is retried must call
    // it again. The component is the module's own, the same on every render (never a new type).
    return createElement(use(module.load()))
  }
  return { LazyRoute, preload: async () => void (await module.load()), isLoaded: () => module.current() !== undefined }
}

export interface CompiledRoutes {
  objects: RouteObject[]
  defs: RouteDef[]
  /** The lazy routes' loaders, by route. */
  lazies: Map<RouteDef, ReturnType<typeof lazyRoute>>
}

export function compileRoutes(defs: RouteDef[], defaultErrorView: ComponentType): CompiledRoutes {
  const lazies = new Map<RouteDef, ReturnType<typeof lazyRoute>>()
  const compile = (route: RouteDef): RouteObject => {
    let view = route.Component
    if (!view && route.lazy) {
      const lazy = lazyRoute(route.lazy)
      lazies.set(route, lazy)
      view = lazy.LazyRoute
    }
    const element = view ? (
      <RouteFrame component={view} errorView={route.ErrorBoundary ?? defaultErrorView} />
    ) : undefined
    if (route.index) return { index: true, element }
    return { path: route.path, element, ...(route.children ? { children: route.children.map(compile) } : {}) }
  }
  return { objects: defs.map(compile), defs, lazies }
}
