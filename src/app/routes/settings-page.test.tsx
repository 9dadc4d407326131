import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { BadRequestError } from '../../lib/api-error.ts'
import { Component as SettingsPage } from './settings-page.tsx'

const mocks = vi.hoisted(() => ({
  aiShowSettings: vi.fn(),
  editAiShowSettings: vi.fn(),
  muteList: vi.fn(),
  signedIn: true,
  session: { user: { id: 1, name: 'Demo', account: 'demo' } },
}))

vi.mock('../../lib/api.ts', () => ({
  api: {
    aiShowSettings: mocks.aiShowSettings,
    editAiShowSettings: mocks.editAiShowSettings,
    muteList: mocks.muteList,
  },
  session: {
    get: () => (mocks.signedIn ? mocks.session : null),
    subscribe: () => () => true,
  },
}))

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SettingsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

const toggle = () => screen.findByRole('checkbox', { name: 'Show AI-generated works' })

describe("the account's AI setting", () => {
  beforeEach(() => {
    vi.resetAllMocks()
    mocks.signedIn = true
    mocks.muteList.mockImplementation(() => new Promise(() => {}))
  })

  it("shows the account's setting and saves a change to the account", async () => {
    mocks.aiShowSettings.mockResolvedValue(true)
    mocks.editAiShowSettings.mockResolvedValue(undefined)
    setup()
    const box = (await toggle()) as HTMLInputElement
    expect(box.checked).toBe(true)
    fireEvent.click(box)
    await waitFor(() => expect(mocks.editAiShowSettings).toHaveBeenCalledWith(false))
    await waitFor(() => expect(box.checked).toBe(false))
  })

  it('goes back and says so when the service refuses the change', async () => {
    mocks.aiShowSettings.mockResolvedValue(false)
    mocks.editAiShowSettings.mockRejectedValue(
      new BadRequestError({ status: 400, message: '', userMessage: 'Not now.', url: '/' }),
    )
    setup()
    const box = (await toggle()) as HTMLInputElement
    expect(box.checked).toBe(false)
    fireEvent.click(box)
    expect((await screen.findByRole('alert')).textContent).toMatch(/not saved: Not now\./)
    expect(box.checked).toBe(false)
  })

  it('is not offered signed out (the local filter still is)', () => {
    mocks.signedIn = false
    setup()
    expect(screen.queryByRole('checkbox', { name: 'Show AI-generated works' })).toBeNull()
    expect(mocks.aiShowSettings).not.toHaveBeenCalled()
  })
})
