import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { TokenResponse } from '../../api/model.ts'
import { Component as SignUpPage } from './signup-page.tsx'

const mocks = vi.hoisted(() => ({ registration: vi.fn(), signUp: vi.fn(), signIn: vi.fn() }))

vi.mock('../../lib/account-api.ts', () => ({
  accountApi: { registration: mocks.registration, signUp: mocks.signUp },
}))

vi.mock('../../lib/api.ts', () => ({
  session: { signIn: mocks.signIn, get: () => null, subscribe: () => () => true },
}))

function Where() {
  const location = useLocation()
  return <p data-testid="where">{location.pathname + location.search}</p>
}

function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/signup" element={<SignUpPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

async function signUp() {
  fireEvent.change(await screen.findByRole('textbox', { name: 'Account name' }), { target: { value: 'new_reader' } })
  fireEvent.change(screen.getByRole('textbox', { name: 'Display name' }), { target: { value: 'New Reader' } })
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'a long passphrase' } })
  fireEvent.click(screen.getByRole('button', { name: 'Create account' }))
}

const token = { accessToken: 'at', refreshToken: 'rt' } as TokenResponse

describe('/signup', () => {
  beforeEach(() => {
    vi.resetAllMocks()
    mocks.signUp.mockResolvedValue(token)
    mocks.signIn.mockReturnValue({ user: { id: 42 } })
  })

  it("signs up with the link's invite, keeps the session and lands on the page it came from", async () => {
    mocks.registration.mockResolvedValue({ mode: 'invite', firstAccount: false, invite: 'valid' })
    renderAt('/signup?invite=c0de&return_to=%2Fusers%2F2%3Ftab%3Dx')
    expect(document.title).toBe('Create an account · Easel')
    await signUp()
    expect(await screen.findByTestId('where')).toHaveTextContent('/users/2?tab=x')
    expect(mocks.registration).toHaveBeenCalledWith('c0de', expect.anything())
    expect(mocks.signUp).toHaveBeenCalledWith(expect.objectContaining({ invite: 'c0de', account: 'new_reader' }))
    expect(mocks.signIn).toHaveBeenCalledWith(token)
  })

  it('lands on the home page without a place to return to (or one that is not in the gallery)', async () => {
    mocks.registration.mockResolvedValue({ mode: 'open', firstAccount: false, invite: null })
    renderAt('/signup?return_to=https%3A%2F%2Fevil.example%2F')
    await signUp()
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/$/)
    expect(mocks.signUp.mock.calls[0]![0]).not.toHaveProperty('invite')
  })

  it('opens itself with a pasted invite, keeping where to return to', async () => {
    mocks.registration.mockImplementation(async (invite?: string) =>
      invite
        ? { mode: 'invite', firstAccount: false, invite: 'expired' }
        : { mode: 'invite', firstAccount: false, invite: null },
    )
    renderAt('/signup?return_to=%2Franking')
    fireEvent.change(await screen.findByLabelText('Invite link or code'), { target: { value: 'old-code' } })
    fireEvent.click(screen.getByRole('button', { name: 'Use invite' }))
    expect(await screen.findByText('This invite link has expired. Ask an admin for a new one.')).toBeVisible()
    expect(mocks.registration).toHaveBeenLastCalledWith('old-code', expect.anything())
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?return_to=%2Franking')
  })
})
