import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { pwaStatus } from './pwa-status.ts'
import { UpdatePrompt } from './update-prompt.tsx'

afterEach(() => act(() => pwaStatus.reset()))

const prompt = () => screen.queryByRole('region', { name: 'Update available' })
/** The prompt's code loads lazily, once a version waits. */
const findPrompt = () => screen.findByRole('region', { name: 'Update available' })

describe('UpdatePrompt', () => {
  it('says nothing until a new version waits, then offers to reload', async () => {
    render(<UpdatePrompt />)
    expect(prompt()).toBeNull()
    act(() => pwaStatus.set({ offlineReady: true }))
    expect(prompt()).toBeNull()

    act(() => pwaStatus.set({ updateWaiting: true }))
    expect(await findPrompt()).toHaveTextContent('A new version of Easel is available.')
    expect(screen.getByRole('button', { name: 'Reload' })).toBeEnabled()
  })

  it('activates the waiting version on Reload', async () => {
    const apply = vi.fn(() => new Promise<void>(() => {})) // the page reloads before this would settle
    pwaStatus.setUpdater(apply)
    pwaStatus.set({ updateWaiting: true })
    render(<UpdatePrompt />)
    await findPrompt()

    fireEvent.click(screen.getByRole('button', { name: 'Reload' }))
    expect(apply).toHaveBeenCalledOnce()
    expect(screen.getByRole('button', { name: 'Reloading…' })).toBeDisabled()
  })

  it('goes away on Later without activating anything', async () => {
    const apply = vi.fn(() => Promise.resolve())
    pwaStatus.setUpdater(apply)
    pwaStatus.set({ updateWaiting: true })
    render(<UpdatePrompt />)
    await findPrompt()

    fireEvent.click(screen.getByRole('button', { name: 'Later' }))
    expect(prompt()).toBeNull()
    expect(apply).not.toHaveBeenCalled()
  })

  it('says so when the new version could not be started, and lets the viewer try again', async () => {
    const apply = vi
      .fn()
      .mockRejectedValueOnce(new Error('redundant'))
      .mockReturnValue(new Promise<void>(() => {}))
    pwaStatus.setUpdater(apply)
    pwaStatus.set({ updateWaiting: true })
    render(<UpdatePrompt />)
    await findPrompt()

    fireEvent.click(screen.getByRole('button', { name: 'Reload' }))
    expect(await screen.findByText(/could not be started/)).toBeVisible()
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }))
    expect(apply).toHaveBeenCalledTimes(2)
  })
})
