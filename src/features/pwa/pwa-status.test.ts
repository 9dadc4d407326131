import { afterEach, describe, expect, it, vi } from 'vitest'
import { pwaStatus } from './pwa-status.ts'

afterEach(() => pwaStatus.reset())

describe('pwaStatus', () => {
  it('tells subscribers about changes, and only about changes', () => {
    const listener = vi.fn()
    const unsubscribe = pwaStatus.subscribe(listener)
    pwaStatus.set({ offlineReady: true })
    pwaStatus.set({ offlineReady: true })
    expect(listener).toHaveBeenCalledOnce()
    expect(pwaStatus.get()).toEqual({ updateWaiting: false, offlineReady: true })
    unsubscribe()
    pwaStatus.set({ updateWaiting: true })
    expect(listener).toHaveBeenCalledOnce()
  })

  it('applies an update only when one waits and a registration can apply it', async () => {
    const apply = vi.fn(() => Promise.resolve())
    expect(await pwaStatus.applyUpdate()).toBe(false)
    pwaStatus.setUpdater(apply)
    expect(await pwaStatus.applyUpdate()).toBe(false)
    expect(apply).not.toHaveBeenCalled()

    pwaStatus.set({ updateWaiting: true })
    expect(await pwaStatus.applyUpdate()).toBe(true)
    expect(apply).toHaveBeenCalledOnce()
  })
})
