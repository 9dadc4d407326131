import { startTransition, useEffect, useState } from 'react'

// Code that is a chunk of its own, loaded once (a failed load is retried by the next use). In a component, `use`
// renders without Suspense: the view shows its own placeholder as ordinary content until the module is in, and the
// module's component replaces it in the next commit, a transition's. (The router's lazy routes load through it too, but
// suspend: an in-app navigation is a transition that keeps the current view until the next one's code is in.) React.lazy inside a
// Suspense boundary would show the same placeholder, but once a fallback has painted React holds the reveal back
// for its fallback throttle (300 ms): on a phone's first load that delayed every thumbnail of the grid by 300 ms
// after its data and code had both arrived.

export interface LazyModule<T> {
  /** Starts loading (once; a failed load is forgotten, so the next call retries). Safe to pass to React's `use`. */
  load: () => Promise<T>
  /** The module, once loaded. */
  current: () => T | undefined
  /** In a component: the module once loaded (re-rendering then), undefined before. A failed load throws. */
  use: () => T | undefined
}

/**
 * A promise that says so once it has resolved, in the fields React's `use` reads (the protocol TanStack Query's
 * `query.promise` follows too): `use` then returns the module at once instead of suspending for a settled promise it
 * has not seen before, so a view may call `use(load())` on every render.
 */
type SettledThenable<T> = Promise<T> & { status?: 'fulfilled'; value?: T }

export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let loaded: T | undefined
  let loading: SettledThenable<T> | undefined
  const listeners = new Set<() => void>()

  const load = () => {
    if (loading) return loading
    const promise: SettledThenable<T> = importer().then(
      (module) => {
        loaded = module
        Object.assign(promise, { status: 'fulfilled', value: module })
        for (const listener of listeners) listener()
        return module
      },
      (error: unknown) => {
        loading = undefined
        throw error
      },
    )
    return (loading = promise)
  }

  const subscribe = (listener: () => void) => {
    listeners.add(listener)
    return () => listeners.delete(listener)
  }
  const current = () => loaded

  function use(): T | undefined {
    const [module, setModule] = useState(current)
    const [failure, setFailure] = useState<{ error: unknown } | null>(null)
    useEffect(() => {
      if (module !== undefined) return
      let live = true
      // The module's view (a grid of dozens of cards, say) renders in a transition, in slices: not in one long task.
      const show = () => void (live && startTransition(() => setModule(current())))
      const unsubscribe = subscribe(show)
      if (loaded !== undefined)
        show() // loaded between the render and this effect
      else load().catch((error: unknown) => live && setFailure({ error }))
      return () => {
        live = false
        unsubscribe()
      }
    }, [module])
    // To the nearest error boundary (the route's error view, with its retry).
    if (failure && module === undefined) throw failure.error
    return module
  }

  return { load, current, use }
}
