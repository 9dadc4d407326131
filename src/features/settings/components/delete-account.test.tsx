import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { BadRequestError, ForbiddenError } from '../../../lib/api-error.ts'
import { setLang } from '../../../lib/i18n/i18n.ts'
import { DeleteAccount } from './delete-account.tsx'

const mocks = vi.hoisted(() => ({ deleteAccount: vi.fn(), signOut: vi.fn() }))

vi.mock('../../../lib/account-api.ts', () => ({ accountApi: { deleteAccount: mocks.deleteAccount } }))
vi.mock('../../../lib/api.ts', () => ({ api: {}, session: { signOut: mocks.signOut } }))

const WRONG_PASSWORD = new BadRequestError({
  status: 400,
  message: JSON.stringify({ password: ['wrong password'] }),
  userMessage: 'The password is not right.',
})
const ONLY_ADMIN = new ForbiddenError({
  status: 403,
  userMessage: 'The only admin cannot be deleted: make another admin first.',
})

function setup() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/settings']}>
        <Routes>
          <Route path="/settings" element={<DeleteAccount account="reader" />} />
          <Route path="/" element={<h1>Home</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

/** Opens the dialog; its password field and its Delete button. */
function open() {
  const zone = screen.getByRole('region', { name: 'Danger zone' })
  fireEvent.click(within(zone).getByRole('button', { name: 'Delete account…' }))
  const dialog = screen.getByRole('dialog', { name: 'Delete the account @reader?' })
  return {
    dialog,
    password: within(dialog).getByLabelText('Your password, to confirm'),
    confirm: within(dialog).getByRole('button', { name: 'Delete my account' }),
  }
}

describe('deleting one’s account', () => {
  beforeAll(() => {
    // jsdom has no modal dialogs.
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
      this.open = true
    }
    HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
      this.open = false
    }
  })
  beforeEach(() => vi.resetAllMocks())
  afterEach(() => setLang('en'))

  it('says what goes with the account, and waits for the password', () => {
    setup()
    const { dialog, password, confirm } = open()
    expect(dialog).toHaveAccessibleDescription(
      'These are deleted with it, for good: your works and novels, with their images your bookmarks your comments who you follow, and who follows you your mutes, your profile and every signed-in device',
    )
    expect(confirm).toBeDisabled()
    fireEvent.change(password, { target: { value: 'secret' } })
    expect(confirm).toBeEnabled()
  })

  it('deletes it after the password, forgets this device’s session and lands on the home page', async () => {
    mocks.deleteAccount.mockResolvedValue(undefined)
    setup()
    const { password, confirm } = open()
    fireEvent.change(password, { target: { value: 'a long passphrase' } })
    fireEvent.click(confirm)
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument()
    expect(mocks.deleteAccount).toHaveBeenCalledWith('a long passphrase')
    expect(mocks.signOut).toHaveBeenCalledTimes(1)
  })

  it('shows a wrong password, and the service’s refusal of the only admin, and keeps the account', async () => {
    mocks.deleteAccount.mockRejectedValueOnce(WRONG_PASSWORD).mockRejectedValueOnce(ONLY_ADMIN)
    setup()
    const { dialog, password, confirm } = open()
    fireEvent.change(password, { target: { value: 'wrong' } })
    // Enter in the field confirms, as the button does.
    fireEvent.submit(password.closest('form')!)
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The password is not right.')
    fireEvent.click(confirm)
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'The only admin cannot be deleted: make another admin first.',
      ),
    )
    expect(mocks.signOut).not.toHaveBeenCalled()
    expect(screen.queryByRole('heading', { name: 'Home' })).toBeNull()
  })

  it('speaks Japanese, the service’s refusals included', async () => {
    await setLang('ja')
    mocks.deleteAccount.mockRejectedValueOnce(ONLY_ADMIN).mockRejectedValueOnce(WRONG_PASSWORD)
    setup()
    fireEvent.click(
      within(screen.getByRole('region', { name: '危険な操作' })).getByRole('button', { name: 'アカウントを削除…' }),
    )
    const dialog = screen.getByRole('dialog', { name: 'アカウント @reader を削除しますか？' })
    fireEvent.change(within(dialog).getByLabelText('確認のためのパスワード'), { target: { value: 'x' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'アカウントを削除する' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('あなたは唯一の管理者のため')
    fireEvent.click(within(dialog).getByRole('button', { name: 'アカウントを削除する' }))
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('パスワードが正しくありません。'))
  })
})
