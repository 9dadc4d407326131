import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Session } from '../../../api/model.ts'
import { BadRequestError } from '../../../lib/api-error.ts'
import { AppTokenForm } from './app-token-form.tsx'
import { ChangePasswordForm } from './change-password-form.tsx'
import { SignedInDevices } from './signed-in-devices.tsx'

const mocks = vi.hoisted(() => ({
  sessions: vi.fn(),
  revokeSession: vi.fn(),
  addSession: vi.fn(),
  changePassword: vi.fn(),
  signIn: vi.fn(),
  signOut: vi.fn(),
}))

vi.mock('../../../lib/account-api.ts', () => ({
  accountApi: {
    sessions: mocks.sessions,
    revokeSession: mocks.revokeSession,
    addSession: mocks.addSession,
    changePassword: mocks.changePassword,
  },
}))

vi.mock('../../../lib/api.ts', () => ({
  session: { signOut: mocks.signOut },
  signIn: mocks.signIn,
}))

function setup(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>)
}

const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000).toISOString()
const browser: Session = {
  id: 7,
  client: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  createdAt: hoursAgo(72),
  lastUsedAt: hoursAgo(1),
  isCurrent: true,
}
const galleryDl: Session = { id: 9, client: 'gallery-dl', createdAt: hoursAgo(48), lastUsedAt: null, isCurrent: false }

const wrongPassword = (field: string) =>
  new BadRequestError({
    status: 400,
    message: JSON.stringify({ [field]: ['wrong password'] }),
    userMessage: 'The password is not right.',
  })

beforeEach(() => {
  vi.resetAllMocks()
})

describe('the signed-in devices', () => {
  const rowOf = (text: string) => screen.getByTitle(text).closest('li')!

  it('lists the sessions, marks this device, and dates them through Intl', async () => {
    mocks.sessions.mockResolvedValue([browser, galleryDl])
    setup(<SignedInDevices />)
    await screen.findByTitle(browser.client)
    expect(screen.getAllByRole('listitem')).toHaveLength(2)
    const mine = rowOf(browser.client)
    expect(within(mine).getByText('This device')).toBeTruthy()
    expect(mine.textContent).toContain('Last used 1 hour ago')
    expect(mine.textContent).toContain('Signed in 3 days ago')
    const app = rowOf('gallery-dl')
    expect(within(app).queryByText('This device')).toBeNull()
    // No last use recorded: only the sign-in is dated.
    expect(app.textContent).not.toContain('Last used')
    expect(app.querySelector('time')?.getAttribute('datetime')).toBe(galleryDl.createdAt)
  })

  it('signs another device out and shows the list again without it', async () => {
    mocks.sessions.mockResolvedValueOnce([browser, galleryDl]).mockResolvedValueOnce([browser])
    mocks.revokeSession.mockResolvedValue(undefined)
    setup(<SignedInDevices />)
    await screen.findByTitle('gallery-dl')
    fireEvent.click(screen.getByRole('button', { name: 'Sign out gallery-dl' }))
    await waitFor(() => expect(mocks.revokeSession).toHaveBeenCalledWith(9))
    await waitFor(() => expect(screen.queryByTitle('gallery-dl')).toBeNull())
    expect(mocks.sessions).toHaveBeenCalledTimes(2)
    expect(mocks.signOut).not.toHaveBeenCalled()
  })

  it('signing this device out from the list signs out here too', async () => {
    mocks.sessions.mockResolvedValue([browser, galleryDl])
    mocks.revokeSession.mockResolvedValue(undefined)
    setup(<SignedInDevices />)
    await screen.findByTitle(browser.client)
    fireEvent.click(screen.getByRole('button', { name: 'Sign out this device' }))
    await waitFor(() => expect(mocks.signOut).toHaveBeenCalledTimes(1))
    expect(mocks.revokeSession).toHaveBeenCalledWith(7)
  })

  it('shows the most recently used few and this device, and all of them on request', async () => {
    const others = Array.from({ length: 6 }, (_, i) => ({ ...galleryDl, id: 20 + i, client: `app ${i}` }))
    mocks.sessions.mockResolvedValue([...others, browser])
    setup(<SignedInDevices />)
    await screen.findByTitle(browser.client)
    expect(screen.getAllByRole('listitem')).toHaveLength(6)
    expect(screen.queryByTitle('app 5')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Show all 7 devices' }))
    expect(screen.getAllByRole('listitem')).toHaveLength(7)
    expect(screen.getByTitle('app 5')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /Show all/ })).toBeNull()
  })
})

describe('a token for an app', () => {
  const fill = (client: string, password: string) => {
    fireEvent.change(screen.getByLabelText('App name'), { target: { value: client } })
    fireEvent.change(screen.getByLabelText('Your password'), { target: { value: password } })
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }))
  }

  afterEach(() => {
    Reflect.deleteProperty(navigator, 'clipboard')
  })

  it('shows the new refresh token once, with a Copy button and where gallery-dl reads it', async () => {
    mocks.addSession.mockResolvedValue({ refreshToken: 'rt-secret', session: { ...galleryDl, id: 12 } })
    const writeText = vi.fn().mockResolvedValue(undefined)
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    setup(<AppTokenForm account="demo" />)
    expect((screen.getByLabelText('Your password') as HTMLInputElement).type).toBe('password')
    fill('  gallery-dl ', 'demo')
    await waitFor(() => expect(mocks.addSession).toHaveBeenCalledWith('gallery-dl', 'demo'))

    const token = (await screen.findByLabelText('Refresh token for gallery-dl')) as HTMLInputElement
    expect(token.value).toBe('rt-secret')
    expect(token.readOnly).toBe(true)
    expect(screen.getByText('extractor.pixiv.refresh-token')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }))
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('rt-secret'))
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Done' }))
    expect(screen.queryByLabelText('Refresh token for gallery-dl')).toBeNull()
    expect(screen.queryByDisplayValue('rt-secret')).toBeNull()
    expect(screen.getByRole('button', { name: 'Create token' })).toBeTruthy()
  })

  it('says when the token could not be copied (no Clipboard API), and leaves it selected', async () => {
    mocks.addSession.mockResolvedValue({ refreshToken: 'rt-secret', session: galleryDl })
    setup(<AppTokenForm account="demo" />)
    fill('gallery-dl', 'demo')
    const token = (await screen.findByLabelText('Refresh token for gallery-dl')) as HTMLInputElement
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }))
    expect((await screen.findByRole('alert')).textContent).toMatch(/Could not copy automatically/)
    expect(document.activeElement).toBe(token)
  })

  it("shows the service's message after a wrong password, and no token", async () => {
    mocks.addSession.mockRejectedValue(wrongPassword('password'))
    setup(<AppTokenForm account="demo" />)
    fill('gallery-dl', 'not-it')
    expect((await screen.findByRole('alert')).textContent).toBe('The password is not right.')
    expect(screen.queryByLabelText(/Refresh token/)).toBeNull()
  })
})

describe('changing the password', () => {
  const submit = (current: string, next: string) => {
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: current } })
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: next } })
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }))
  }

  it('has password fields a password manager understands', () => {
    setup(<ChangePasswordForm account="demo" />)
    const current = screen.getByLabelText('Current password') as HTMLInputElement
    const next = screen.getByLabelText('New password') as HTMLInputElement
    expect([current.type, current.autocomplete]).toEqual(['password', 'current-password'])
    expect([next.type, next.autocomplete, next.minLength]).toEqual(['password', 'new-password', 8])
  })

  it('signs in again with the new password, so this device stays signed in, and says so', async () => {
    mocks.changePassword.mockResolvedValue(undefined)
    mocks.signIn.mockResolvedValue({})
    setup(<ChangePasswordForm account="demo" />)
    submit('demo', 'a new passphrase')
    expect((await screen.findByRole('status')).textContent).toMatch(/Your password was changed/)
    expect(mocks.changePassword).toHaveBeenCalledWith('demo', 'a new passphrase')
    expect(mocks.signIn).toHaveBeenCalledWith('demo', 'a new passphrase')
    expect(mocks.changePassword.mock.invocationCallOrder[0]!).toBeLessThan(mocks.signIn.mock.invocationCallOrder[0]!)
    expect((screen.getByLabelText('New password') as HTMLInputElement).value).toBe('')
  })

  it('refuses a new password shorter than 8 characters without asking the service', async () => {
    setup(<ChangePasswordForm account="demo" />)
    submit('demo', 'short')
    expect((await screen.findByRole('alert')).textContent).toBe('The new password must have at least 8 characters.')
    expect(mocks.changePassword).not.toHaveBeenCalled()
  })

  it("shows the service's message after a wrong current password, and does not sign in", async () => {
    mocks.changePassword.mockRejectedValue(wrongPassword('current_password'))
    setup(<ChangePasswordForm account="demo" />)
    submit('not-it', 'a new passphrase')
    expect((await screen.findByRole('alert')).textContent).toBe('The password is not right.')
    expect(mocks.signIn).not.toHaveBeenCalled()
    expect(screen.queryByRole('status')).toBeNull()
  })
})
