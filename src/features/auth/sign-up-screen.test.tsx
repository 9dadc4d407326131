import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Registration, TokenResponse } from '../../api/model.ts'
import { BadRequestError, ForbiddenError, RateLimitedError } from '../../lib/api-error.ts'
import { setLang } from '../../lib/i18n/i18n.ts'
import { authQueries } from './api/auth-queries.ts'
import { SignUpLink } from './sign-up-link.tsx'
import { SignUpScreen } from './sign-up-screen.tsx'

const mocks = vi.hoisted(() => ({
  registration: vi.fn(),
  signUp: vi.fn(),
  signIn: vi.fn(),
  onSignedUp: vi.fn(),
  onInvite: vi.fn(),
}))

vi.mock('../../lib/account-api.ts', () => ({
  accountApi: { registration: mocks.registration, signUp: mocks.signUp },
}))

vi.mock('../../lib/api.ts', () => ({
  session: { signIn: mocks.signIn, get: () => null, subscribe: () => () => true },
}))

function setup(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  )
  return client
}

const screenWith = (invite?: string) =>
  setup(<SignUpScreen invite={invite} returnTo="/ranking" onSignedUp={mocks.onSignedUp} onInvite={mocks.onInvite} />)

const registration = (r: Partial<Registration>): Registration => ({
  mode: 'invite',
  firstAccount: false,
  invite: null,
  ...r,
})

const token = { accessToken: 'at', refreshToken: 'rt', user: { id: 42, name: 'New Reader' } } as TokenResponse

const fieldError = (field: string, reason: string, userMessage = 'The service’s own sentence.') =>
  new BadRequestError({ status: 400, message: JSON.stringify({ [field]: [reason] }), userMessage })

/** Fills the form and sends it. */
async function signUp({ account = 'new_reader', name = 'New Reader', password = 'a long passphrase' } = {}) {
  fireEvent.change(await screen.findByRole('textbox', { name: /^(Account name|アカウント名)$/ }), {
    target: { value: account },
  })
  fireEvent.change(screen.getByRole('textbox', { name: /^(Display name|表示名)$/ }), { target: { value: name } })
  fireEvent.change(screen.getByLabelText(/^(Password|パスワード)$/), { target: { value: password } })
  fireEvent.click(screen.getByRole('button', { name: /^(Create account|アカウントを作成)$/ }))
}

beforeEach(() => {
  vi.resetAllMocks()
})

afterEach(() => setLang('en'))

describe('the sign-up page says first what registration allows', () => {
  it('says plainly that sign-up is closed, with no form, and links to signing in instead', async () => {
    mocks.registration.mockResolvedValue(registration({ mode: 'closed' }))
    screenWith()
    expect(await screen.findByText('Sign-up is closed here: no new accounts are being made.')).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Create account' })).toBeNull()
    expect(screen.queryByLabelText('Password')).toBeNull()
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?return_to=%2Franking')
    expect(mocks.registration).toHaveBeenCalledWith(undefined, expect.anything())
  })

  it('asks for an admin’s invite link in invite mode without one, and takes a pasted link', async () => {
    mocks.registration.mockResolvedValue(registration({ mode: 'invite' }))
    screenWith()
    expect(await screen.findByText(/ask an admin for an invite link/)).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Create account' })).toBeNull()
    fireEvent.change(screen.getByLabelText('Invite link or code'), {
      target: { value: 'https://easel.example/signup?invite=c0de' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Use invite' }))
    expect(mocks.onInvite).toHaveBeenCalledWith('c0de')
  })

  it.each([
    ['used', 'This invite link has already been used. Ask an admin for a new one.'],
    ['expired', 'This invite link has expired. Ask an admin for a new one.'],
    ['unknown', /This invite link is not known/],
  ] as const)('says when the invite was %s, and offers no form', async (state, message) => {
    mocks.registration.mockResolvedValue(registration({ mode: 'invite', invite: state }))
    screenWith('c0de')
    expect(await screen.findByText(message)).toBeVisible()
    expect(mocks.registration).toHaveBeenCalledWith('c0de', expect.anything())
    expect(screen.queryByRole('button', { name: 'Create account' })).toBeNull()
    expect(screen.queryByLabelText('Invite link or code')).toBeNull()
  })

  it('offers the form for the first account even when closed, and says it will be the admin', async () => {
    mocks.registration.mockResolvedValue(registration({ mode: 'closed', firstAccount: true }))
    screenWith()
    expect(await screen.findByText(/this one will be the admin/)).toBeVisible()
    expect(screen.getByRole('button', { name: 'Create account' })).toBeVisible()
  })

  it('explains the account name, the display name and the password with their rules', async () => {
    mocks.registration.mockResolvedValue(registration({ mode: 'open' }))
    screenWith()
    const account = await screen.findByRole('textbox', { name: 'Account name' })
    expect(account).toHaveAccessibleDescription(/3 to 32 characters: lowercase letters a–z, digits, _ and -/)
    expect(account).toHaveAttribute('autocomplete', 'username')
    expect(screen.getByRole('textbox', { name: 'Display name' })).toHaveAccessibleDescription(/up to 50 characters/)
    const password = screen.getByLabelText('Password')
    expect(password).toHaveAttribute('type', 'password')
    expect(password).toHaveAttribute('autocomplete', 'new-password')
    expect(password).toHaveAccessibleDescription('At least 8 characters.')
    expect(screen.queryByText(/will be the admin/)).toBeNull()
    // The invite travels unseen: no field for it.
    expect(screen.queryByLabelText('Invite link or code')).toBeNull()
  })
})

describe('the sign-up form', () => {
  beforeEach(() => {
    mocks.registration.mockResolvedValue(registration({ mode: 'invite', invite: 'valid' }))
  })

  it('keeps the new session and goes on, with the invite of the link', async () => {
    const state = { user: { id: 42 } }
    mocks.signUp.mockResolvedValue(token)
    mocks.signIn.mockReturnValue(state)
    screenWith('c0de')
    await signUp({ account: ' new_reader ', name: '  New Reader ' })
    await waitFor(() => expect(mocks.onSignedUp).toHaveBeenCalledWith(state))
    expect(mocks.signUp).toHaveBeenCalledWith({
      account: 'new_reader',
      name: 'New Reader',
      password: 'a long passphrase',
      invite: 'c0de',
    })
    expect(mocks.signIn).toHaveBeenCalledWith(token)
    expect(screen.getByRole('status')).toHaveTextContent('Your account was created.')
  })

  it('checks every field before asking the service, says why beside each, and focuses the first', async () => {
    screenWith('c0de')
    await signUp({ account: 'Al', name: ' ', password: 'short' })
    const account = screen.getByRole('textbox', { name: 'Account name' })
    await waitFor(() => expect(account).toHaveFocus())
    expect(account).toHaveAttribute('aria-invalid', 'true')
    expect(account).toHaveAccessibleDescription(/Use 3 to 32 characters/)
    expect(screen.getByRole('textbox', { name: 'Display name' })).toHaveAccessibleDescription(/Enter a display name\./)
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      /The password must have at least 8 characters\./,
    )
    expect(mocks.signUp).not.toHaveBeenCalled()
  })

  it.each([
    ['account', 'taken', 'Account name', 'That account name is taken. Please choose another.'],
    ['account', 'invalid', 'Account name', 'Use 3 to 32 characters: lowercase letters a–z, digits, _ and -.'],
    ['name', 'required', 'Display name', 'Enter a display name.'],
    ['name', 'invalid', 'Display name', 'The display name must not contain control characters.'],
    ['password', 'too short', 'Password', 'The password must have at least 8 characters.'],
  ])("shows the service's refusal of the %s (%s) beside it", async (field, reason, label, message) => {
    mocks.signUp.mockRejectedValue(fieldError(field, reason))
    screenWith('c0de')
    await signUp()
    const input = screen.getByLabelText(label)
    await waitFor(() => expect(input).toHaveAccessibleDescription(new RegExp(`${message.replace('.', '\\.')}$`)))
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(input).toHaveFocus()
    expect(screen.queryByRole('alert')).toBeNull()
    expect(mocks.onSignedUp).not.toHaveBeenCalled()
  })

  it('says so above the form when the invite was used meanwhile, registration closed, or too many sign-ups', async () => {
    mocks.signUp.mockRejectedValueOnce(fieldError('invite', 'used'))
    screenWith('c0de')
    await signUp()
    expect(await screen.findByRole('alert')).toHaveTextContent('This invite link has already been used.')

    mocks.signUp.mockRejectedValueOnce(
      new ForbiddenError({
        status: 403,
        message: 'registration is closed',
        userMessage: 'New accounts are not being made here.',
      }),
    )
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }))
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Sign-up is closed here: no new accounts are being made.'),
    )

    mocks.signUp.mockRejectedValueOnce(
      new RateLimitedError({
        status: 429,
        message: 'Too many sign-ups',
        userMessage: 'Too many sign-ups from here. Please wait a while.',
        retryAfterSeconds: 600,
      }),
    )
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }))
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Too many sign-ups from here. Please wait a while.'),
    )
    expect(mocks.signIn).not.toHaveBeenCalled()
  })
})

describe('the sign-up page in Japanese', () => {
  beforeEach(async () => {
    await setLang('ja')
  })

  it('says what registration allows in Japanese', async () => {
    mocks.registration.mockResolvedValue(registration({ mode: 'invite', invite: 'used' }))
    screenWith('c0de')
    expect(
      await screen.findByText('この招待リンクはすでに使われています。管理者に新しいリンクを依頼してください。'),
    ).toBeVisible()
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('アカウントを作成')
  })

  it("says the service's refusals in its own words, beside each field and above the form", async () => {
    mocks.registration.mockResolvedValue(registration({ mode: 'open' }))
    mocks.signUp.mockRejectedValueOnce(fieldError('account', 'taken', 'That account name is taken.'))
    screenWith()
    await signUp()
    const account = screen.getByRole('textbox', { name: 'アカウント名' })
    await waitFor(() =>
      expect(account).toHaveAccessibleDescription(
        /このアカウント名はすでに使われています。別の名前を選んでください。$/,
      ),
    )
    expect(account).toHaveAccessibleDescription(/^3〜32文字の英小文字/)

    mocks.signUp.mockRejectedValueOnce(fieldError('password', 'too short', 'Too short.'))
    fireEvent.click(screen.getByRole('button', { name: 'アカウントを作成' }))
    await waitFor(() =>
      expect(screen.getByLabelText('パスワード')).toHaveAccessibleDescription(/パスワードは8文字以上にしてください。$/),
    )
    expect(account).not.toHaveAttribute('aria-invalid')

    mocks.signUp.mockRejectedValueOnce(
      new RateLimitedError({
        status: 429,
        message: 'Too many',
        userMessage: 'Too many sign-ups.',
        retryAfterSeconds: 60,
      }),
    )
    fireEvent.click(screen.getByRole('button', { name: 'アカウントを作成' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'リクエストが多すぎます。しばらく待ってからもう一度お試しください。',
    )
    expect(screen.getByRole('alert').textContent).not.toMatch(/[A-Za-z]/)
  })

  it('checks the fields before asking, in Japanese', async () => {
    mocks.registration.mockResolvedValue(registration({ mode: 'open' }))
    screenWith()
    await signUp({ account: 'ok_name', name: 'a\u0001', password: '1234567' })
    expect(screen.getByRole('textbox', { name: '表示名' })).toHaveAccessibleDescription(
      /表示名に制御文字は使えません。$/,
    )
    expect(screen.getByLabelText('パスワード')).toHaveAccessibleDescription(/パスワードは8文字以上にしてください。$/)
    expect(mocks.signUp).not.toHaveBeenCalled()
  })
})

describe("the sign-in page's link to sign up", () => {
  it('is there before the registration mode is known, and carries where to come back to', () => {
    mocks.registration.mockImplementation(() => new Promise(() => {}))
    setup(<SignUpLink returnTo="/ranking" />)
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/signup?return_to=%2Franking',
    )
  })

  it('goes once the mode says nobody may sign up', async () => {
    mocks.registration.mockResolvedValue(registration({ mode: 'closed' }))
    setup(<SignUpLink returnTo={undefined} />)
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Create an account' })).toBeNull())
  })

  it.each([
    ['the first account, whatever the mode', registration({ mode: 'closed', firstAccount: true })],
    ['invite mode', registration({ mode: 'invite' })],
  ])('stays for %s', async (_, answer) => {
    mocks.registration.mockResolvedValue(answer)
    const client = setup(<SignUpLink returnTo={undefined} />)
    const key = authQueries.registration().queryKey
    await waitFor(() => expect(client.getQueryState(key)?.status).toBe('success'))
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup')
  })
})
