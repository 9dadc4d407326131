import { afterEach, describe, expect, it, vi } from 'vitest'
import { localStorageStore } from './local-storage-store.ts'

const KEY = 'easel.test-store'
const parse = (raw: string | null) => (raw ? (JSON.parse(raw) as { n: number }) : { n: 0 })

afterEach(() => localStorage.removeItem(KEY))

describe('localStorageStore', () => {
  it('starts from what was saved, and the defaults when nothing or something unreadable was', () => {
    expect(localStorageStore(KEY, { n: 0 }, parse).get()).toEqual({ n: 0 })
    localStorage.setItem(KEY, '{"n":3}')
    expect(localStorageStore(KEY, { n: 0 }, parse).get()).toEqual({ n: 3 })
    localStorage.setItem(KEY, '{oops')
    expect(localStorageStore(KEY, { n: -1 }, parse).get()).toEqual({ n: -1 })
  })

  it('saves a change as JSON and tells the listeners', () => {
    const store = localStorageStore(KEY, { n: 0 }, parse)
    const listener = vi.fn()
    const unsubscribe = store.subscribe(listener)
    store.set({ n: 5 })
    expect(store.get()).toEqual({ n: 5 })
    expect(localStorage.getItem(KEY)).toBe('{"n":5}')
    expect(listener).toHaveBeenCalledTimes(1)
    unsubscribe()
    store.set({ n: 6 })
    expect(listener).toHaveBeenCalledTimes(1)
  })

  it("follows another tab's write of its key only", () => {
    const store = localStorageStore(KEY, { n: 0 }, parse)
    const listener = vi.fn()
    const unsubscribe = store.subscribe(listener)
    localStorage.setItem(KEY, '{"n":7}')
    window.dispatchEvent(new StorageEvent('storage', { key: 'easel.other' }))
    expect(listener).not.toHaveBeenCalled()
    expect(store.get()).toEqual({ n: 0 })
    window.dispatchEvent(new StorageEvent('storage', { key: KEY }))
    expect(listener).toHaveBeenCalledTimes(1)
    expect(store.get()).toEqual({ n: 7 })
    unsubscribe()
  })
})
