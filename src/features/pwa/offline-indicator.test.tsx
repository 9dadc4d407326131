import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { OfflineIndicator } from './offline-indicator.tsx'

afterEach(() => vi.restoreAllMocks())

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline)
  act(() => void window.dispatchEvent(new Event(offline ? 'offline' : 'online')))
}

describe('OfflineIndicator', () => {
  it('shows nothing while online', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true)
    render(<OfflineIndicator />)
    expect(screen.getByRole('status')).toBeEmptyDOMElement()
  })

  it('tells the viewer when the connection drops, and clears when it returns', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true)
    render(<OfflineIndicator />)

    goOffline(true)
    expect(screen.getByRole('status')).toHaveTextContent(/you're offline/i)
    goOffline(false)
    expect(screen.getByRole('status')).toBeEmptyDOMElement()
  })

  it('shows at once when the app opens offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    render(<OfflineIndicator />)
    expect(screen.getByRole('status')).toHaveTextContent(/pages you opened before still work/i)
  })
})
