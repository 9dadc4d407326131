import { useSyncExternalStore } from 'react'

// One value kept in localStorage as JSON and shared through one external store, so every component that reads it
// (and another tab, through the storage event) follows a change at once.

export interface LocalStorageStore<T> {
  readonly defaults: T
  get: () => T
  /** Replaces the value, saves it, and tells every reader. */
  set: (value: T) => void
  subscribe: (listener: () => void) => () => void
}

/**
 * The store of `key`. `parse` turns the saved text (null when nothing is saved) into a value; when it throws, the
 * value is `defaults`. Read once here, and again whenever another tab writes the key.
 */
export function localStorageStore<T>(key: string, defaults: T, parse: (raw: string | null) => T): LocalStorageStore<T> {
  const listeners = new Set<() => void>()
  const load = (): T => {
    try {
      return parse(typeof localStorage === 'undefined' ? null : localStorage.getItem(key))
    } catch {
      return defaults
    }
  }
  let snapshot = load()

  return {
    defaults,
    get: () => snapshot,
    set: (value) => {
      snapshot = value
      try {
        localStorage.setItem(key, JSON.stringify(snapshot))
      } catch {
        // private mode or full storage: the change still holds for this session
      }
      for (const l of listeners) l()
    },
    subscribe: (listener) => {
      listeners.add(listener)
      const onStorage = (e: StorageEvent) => {
        if (e.key !== key) return
        snapshot = load()
        listener()
      }
      window.addEventListener('storage', onStorage)
      return () => {
        listeners.delete(listener)
        window.removeEventListener('storage', onStorage)
      }
    },
  }
}

/** The store's value, re-rendering on every change; the defaults when rendered without a browser. */
export function useLocalStorageStore<T>(store: LocalStorageStore<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, () => store.defaults)
}
