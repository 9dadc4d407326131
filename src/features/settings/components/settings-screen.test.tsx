import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { BadRequestError } from '../../../lib/api-error.ts'
import { accountQueries } from '../api/account-queries.ts'
import { SettingsScreen } from './settings-screen.tsx'

const mocks = vi.hoisted(() => ({
  aiShowSettings: vi.fn(),
  editAiShowSettings: vi.fn(),
  muteList: vi.fn(),
  editMutes: vi.fn(),
  sessions: vi.fn(),
  account: vi.fn(),
  registration: vi.fn(),
  invites: vi.fn(),
  signedIn: true,
  session: { user: { id: 1, name: 'Demo', account: 'demo' } },
}))

vi.mock('../../../lib/account-api.ts', () => ({
  accountApi: {
    sessions: mocks.sessions,
    account: mocks.account,
    registration: mocks.registration,
    invites: mocks.invites,
  },
}))

vi.mock('../../../lib/api.ts', () => ({
  api: {
    // The profile section's: loading all along (profile-form.test.tsx tests the section).
    userDetail: () => new Promise(() => {}),
    aiShowSettings: mocks.aiShowSettings,
    editAiShowSettings: mocks.editAiShowSettings,
    muteList: mocks.muteList,
    editMutes: mocks.editMutes,
  },
  session: {
    get: () => (mocks.signedIn ? mocks.session : null),
    subscribe: () => () => true,
  },
}))

function setup(client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SettingsScreen itemKeys={[['works'], ['novels']]} />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

const toggle = () => screen.findByRole('checkbox', { name: 'Show AI-generated works' })

describe("the account's AI setting", () => {
  beforeEach(() => {
    vi.resetAllMocks()
    mocks.account.mockImplementation(() => new Promise(() => {}))
    mocks.signedIn = true
    mocks.muteList.mockImplementation(() => new Promise(() => {}))
    mocks.sessions.mockImplementation(() => new Promise(() => {}))
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

describe("the account's mutes", () => {
  beforeEach(() => {
    vi.resetAllMocks()
    mocks.account.mockImplementation(() => new Promise(() => {}))
    mocks.signedIn = true
    mocks.aiShowSettings.mockImplementation(() => new Promise(() => {}))
    mocks.sessions.mockImplementation(() => new Promise(() => {}))
    mocks.muteList.mockResolvedValue({
      mutedTags: [],
      mutedUsers: [],
      mutedTagsCount: 0,
      mutedUsersCount: 0,
      mutedCount: 0,
      muteLimitCount: 10,
    })
  })

  it('saves a muted tag to the account, and the cached works and novels the page names go stale', async () => {
    mocks.editMutes.mockResolvedValue(undefined)
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const [work, novel, user] = [
      ['works', 'detail', 1],
      ['novels', 'detail', 2],
      ['users', 'detail', 3],
    ]
    for (const key of [work, novel, user]) client.setQueryData(key!, { id: key![2] })
    setup(client)
    fireEvent.change(await screen.findByLabelText('Tag to mute'), { target: { value: 'cat' } })
    fireEvent.click(screen.getByRole('button', { name: 'Mute tag' }))
    await waitFor(() => expect(mocks.editMutes).toHaveBeenCalledWith({ addTags: ['cat'] }))
    const stale = (key: (string | number)[] | undefined) => client.getQueryState(key!)?.isInvalidated
    await waitFor(() => expect(stale(work)).toBe(true))
    expect(stale(novel)).toBe(true)
    expect(stale(user)).toBe(false)
  })
})

describe("the account's devices, app tokens and password", () => {
  beforeEach(() => {
    vi.resetAllMocks()
    mocks.account.mockImplementation(() => new Promise(() => {}))
    mocks.aiShowSettings.mockImplementation(() => new Promise(() => {}))
    mocks.muteList.mockImplementation(() => new Promise(() => {}))
    mocks.sessions.mockResolvedValue([
      { id: 3, client: 'gallery-dl', createdAt: null, lastUsedAt: null, isCurrent: false },
    ])
  })

  it('are in the account section for a signed-in reader', async () => {
    mocks.signedIn = true
    setup()
    const account = screen.getByRole('region', { name: 'Account' })
    expect(await within(account).findByRole('button', { name: 'Sign out gallery-dl' })).toBeTruthy()
    expect(within(account).getByRole('region', { name: 'A token for an app' })).toBeTruthy()
    expect(within(account).getByRole('region', { name: 'Change password' })).toBeTruthy()
  })

  it('are not offered signed out', () => {
    mocks.signedIn = false
    setup()
    expect(screen.queryByRole('region', { name: 'Signed-in devices' })).toBeNull()
    expect(screen.queryByLabelText('Current password')).toBeNull()
    expect(mocks.sessions).not.toHaveBeenCalled()
  })
})

describe('the profile section', () => {
  beforeEach(() => {
    vi.resetAllMocks()
    for (const pending of [mocks.aiShowSettings, mocks.muteList, mocks.sessions, mocks.account])
      pending.mockImplementation(() => new Promise(() => {}))
  })

  it('is there for a signed-in reader, just before the account section', () => {
    mocks.signedIn = true
    setup()
    const profile = screen.getByRole('region', { name: 'Profile' })
    expect(profile.nextElementSibling).toBe(screen.getByRole('region', { name: 'Account' }))
    expect(within(profile).getByRole('link', { name: 'View your profile' })).toHaveAttribute('href', '/users/1')
  })

  it('is not there signed out', () => {
    mocks.signedIn = false
    setup()
    expect(screen.queryByRole('region', { name: 'Profile' })).toBeNull()
  })
})

describe('the administration section', () => {
  beforeEach(() => {
    vi.resetAllMocks()
    mocks.signedIn = true
    for (const pending of [mocks.aiShowSettings, mocks.muteList, mocks.sessions])
      pending.mockImplementation(() => new Promise(() => {}))
    mocks.registration.mockResolvedValue({ mode: 'invite', firstAccount: false, invite: null })
    mocks.invites.mockResolvedValue([])
  })

  it('is there for an admin, after the account section', async () => {
    mocks.account.mockResolvedValue({ id: 1, name: 'Demo', account: 'demo', role: 'admin' })
    setup()
    const admin = await screen.findByRole('region', { name: 'Administration' })
    expect(await within(admin).findByRole('radio', { name: 'With an invite link' })).toBeChecked()
    expect(screen.getByRole('region', { name: 'Account' }).nextElementSibling).toBe(admin)
  })

  it('is not there for a member', async () => {
    mocks.account.mockResolvedValue({ id: 5, name: 'Member', account: 'member', role: 'member' })
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    setup(client)
    await waitFor(() => expect(client.getQueryState(accountQueries.account().queryKey)?.status).toBe('success'))
    expect(screen.getByRole('region', { name: 'Account' })).toBeVisible()
    expect(screen.queryByRole('region', { name: 'Administration' })).toBeNull()
    expect(mocks.registration).not.toHaveBeenCalled()
    expect(mocks.invites).not.toHaveBeenCalled()
  })
})
