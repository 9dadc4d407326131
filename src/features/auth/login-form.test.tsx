import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TokenRequestError } from '../../lib/api-error.ts'
import { setLang } from '../../lib/i18n/i18n.ts'
import { LoginForm } from './login-form.tsx'

const mocks = vi.hoisted(() => ({ signIn: vi.fn() }))
vi.mock('../../lib/api.ts', () => ({ signIn: mocks.signIn }))

/** The token endpoint's refusal, as the API client makes it of its body. */
const refusal = (message: string) =>
  new TokenRequestError({ status: 400, message, userMessage: '', error: 'invalid_grant', code: 1508 })

function signIn() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <LoginForm onSignedIn={() => {}} />
    </QueryClientProvider>,
  )
  const field = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!
  fireEvent.change(field('username'), { target: { value: 'mallory' } })
  fireEvent.change(field('password'), { target: { value: 'a long passphrase' } })
  fireEvent.submit(field('password').form!)
}

describe('the sign-in form', () => {
  beforeEach(() => vi.resetAllMocks())
  afterEach(() => setLang('en'))

  it('shows a suspended account the service’s own sentence, not a wrong password', async () => {
    mocks.signIn.mockRejectedValue(refusal('This account is suspended. Contact the admins of this site.'))
    signIn()
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This account is suspended. Contact the admins of this site.',
    )
  })

  it('still says a wrong password is one', async () => {
    mocks.signIn.mockRejectedValue(refusal('Invalid username or password'))
    signIn()
    expect(await screen.findByRole('alert')).not.toHaveTextContent(/suspended/i)
  })

  it('says the suspension in Japanese', async () => {
    await setLang('ja')
    mocks.signIn.mockRejectedValue(refusal('This account is suspended. Contact the admins of this site.'))
    signIn()
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'このアカウントは利用停止中です。このサイトの管理者にお問い合わせください。',
    )
  })
})
