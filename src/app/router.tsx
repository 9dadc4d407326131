// The app's routing on React Router's declarative API (`<BrowserRouter>` + `useRoutes`) instead of its data router:
// the data router (`createBrowserRouter`) is about 20 kB gzipped of loaders, actions, fetchers and revalidation, and
// Easel uses none of it: its views fetch through TanStack Query, and a route "loader" here only starts the view's
// first request (and warms its code) the moment the URL changes, so code and data download side by side.
//
// The route table keeps the familiar shape (`path`, `index`, `Component`, `lazy`, `loader`, `children`). This module
// turns it into `useRoutes` objects: each route gets an error boundary, a lazy route a Suspense boundary, and the
// loaders of every matched route run once per history entry, during the render that follows the URL change.

import {
  Component as ReactComponent,
  createContext,
  createElement,
  startTransition,
  Suspense,
  use,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react'
import {
  matchRoutes,
  useLocation,
  useNavigate,
  useNavigationType,
  useRoutes,
  type Location,
  type Params,
  type RouteObject,
} from 'react-router'
import { lazyModule } from '../lib/lazy-module.ts'

export interface RouteLoaderArgs {
  params: Params
  /** The URL being navigated to (a Request, as React Router's loaders get, so `new URL(request.url)` works). */
  request: { url: string }
}

type LazyModule = { Component?: ComponentType; default?: ComponentType }

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

// ---- navigation progress: route chunks on their way ----

let pendingChunks = 0
const busyListeners = new Set<() => void>()
const setPending = (delta: number) => {
  pendingChunks += delta
  for (const listener of busyListeners) listener()
}

/** True while the code of a route being opened is still downloading. */
export function useRouteBusy(): boolean {
  return useSyncExternalStore(
    (listener) => {
      busyListeners.add(listener)
      return () => busyListeners.delete(listener)
    },
    () => pendingChunks > 0,
    () => false,
  )
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

// ---- errors ----

const RouteErrorContext = createContext<unknown>(undefined)

/** Inside a route's ErrorBoundary: the error it caught. */
export function useRouteError(): unknown {
  return useContext(RouteErrorContext)
}

interface BoundaryProps {
  fallback: ComponentType
  /** A change of this key (the URL) clears the error, so leaving a broken view and coming back tries again. */
  resetKey: string
  children: ReactNode
}

class RouteErrorBoundary extends ReactComponent<BoundaryProps, { failed: boolean; error: unknown }> {
  override state = { failed: false, error: undefined as unknown }

  static getDerivedStateFromError(error: unknown) {
    return { failed: true, error }
  }

  override componentDidUpdate(previous: BoundaryProps) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey)
      this.setState({ failed: false, error: undefined })
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (import.meta.env.DEV) console.error(error, info.componentStack)
  }

  override render() {
    if (!this.state.failed) return this.props.children
    const Fallback = this.props.fallback
    return (
      <RouteErrorContext.Provider value={this.state.error}>
        <Fallback />
      </RouteErrorContext.Provider>
    )
  }
}

function RouteFrame({ component: View, errorView }: { component: ComponentType; errorView: ComponentType }) {
  const { pathname, search } = useLocation()
  // No Suspense here: a lazy view suspends to the boundary around the shell's outlet, which is already on screen,
  // so an in-app navigation (a transition) keeps the current view until the next one's code has arrived.
  return (
    <RouteErrorBoundary fallback={errorView} resetKey={pathname + search}>
      <View />
    </RouteErrorBoundary>
  )
}

// ---- the table ----

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

// ---- scroll restoration ----

const SCROLL_STORAGE_KEY = 'easel.scroll'
/** How long a restore keeps trying while the page grows to the saved height (content still rendering). */
const RESTORE_WINDOW_MS = 1_500

function loadPositions(): Map<string, number> {
  try {
    const raw = sessionStorage.getItem(SCROLL_STORAGE_KEY)
    return new Map(raw ? (JSON.parse(raw) as [string, number][]) : [])
  } catch {
    return new Map()
  }
}

/**
 * Back and Forward return to where that history entry was scrolled; a new entry starts at the top (or at the
 * element its hash names); a change of the hash alone leaves the scroll to the page. Positions survive a reload.
 */
export function ScrollRestorer() {
  const location = useLocation()
  const navigationType = useNavigationType()
  const positions = useRef<Map<string, number>>(null)
  positions.current ??= loadPositions()
  const currentKey = useRef(location.key)
  const previous = useRef<{ pathname: string; search: string } | null>(null)

  useLayoutEffect(() => {
    window.history.scrollRestoration = 'manual'
    let frame = 0
    const onScroll = () => {
      cancelAnimationFrame(frame)
      frame = requestAnimationFrame(() => positions.current!.set(currentKey.current, window.scrollY))
    }
    const persist = () => {
      positions.current!.set(currentKey.current, window.scrollY)
      try {
        // The latest 100 entries are plenty for Back and for a reload.
        sessionStorage.setItem(SCROLL_STORAGE_KEY, JSON.stringify([...positions.current!].slice(-100)))
      } catch {
        // Storage full or disabled: restoring after a reload is a nicety.
      }
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    window.addEventListener('pagehide', persist)
    return () => {
      cancelAnimationFrame(frame)
      window.removeEventListener('scroll', onScroll)
      window.removeEventListener('pagehide', persist)
    }
  }, [])

  useLayoutEffect(() => {
    currentKey.current = location.key
    const before = previous.current
    previous.current = { pathname: location.pathname, search: location.search }
    if (before && before.pathname === location.pathname && before.search === location.search) return // hash only

    const saved = navigationType === 'POP' ? positions.current!.get(location.key) : undefined
    if (saved === undefined) {
      const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null
      if (target) target.scrollIntoView()
      else window.scrollTo(0, 0)
      return
    }
    // The page may still be growing to its old height (a lazy view, images of known size): keep at it for a moment,
    // unless the reader takes over.
    const until = performance.now() + RESTORE_WINDOW_MS
    let frame = 0
    const stop = () => {
      cancelAnimationFrame(frame)
      for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const)
        window.removeEventListener(type, stop)
    }
    const attempt = () => {
      window.scrollTo(0, saved)
      if (Math.abs(window.scrollY - saved) > 1 && performance.now() < until) frame = requestAnimationFrame(attempt)
      else stop()
    }
    for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const)
      window.addEventListener(type, stop, { passive: true })
    attempt()
    return stop
  }, [location.key, location.pathname, location.search, location.hash, navigationType])

  return null
}

// ---- redirects worked out on arrival (aliases, shared links) ----

/**
 * Works out where a URL really leads (the resolver's code loads only when one is followed) and replaces the current
 * history entry with it, so Back never lands on the alias and bounces forward again. When `resolve` finds nothing,
 * `Otherwise` renders in place (a 404, say).
 */
export function RedirectOnArrival({
  resolve,
  Otherwise,
}: {
  resolve: (url: URL) => Promise<string | null>
  Otherwise?: ComponentType
}) {
  const location = useLocation()
  const navigate = useNavigate()
  const [unresolved, setUnresolved] = useState<string | null>(null)
  const here = location.pathname + location.search + location.hash
  useEffect(() => {
    let current = true
    void resolve(new URL(here, window.location.origin)).then(
      (target) => {
        if (!current) return
        if (target) navigate(target, { replace: true })
        else setUnresolved(here)
      },
      () => current && setUnresolved(here),
    )
    return () => {
      current = false
    }
  }, [here, resolve, navigate])
  return unresolved === here && Otherwise ? <Otherwise /> : null
}
