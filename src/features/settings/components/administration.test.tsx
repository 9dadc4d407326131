import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Account, Invite } from '../../../api/model.ts'
import { ForbiddenError, NotFoundError } from '../../../lib/api-error.ts'
import { setLang } from '../../../lib/i18n/i18n.ts'
import { Administration } from './administration.tsx'

const mocks = vi.hoisted(() => ({
  account: vi.fn(),
  registration: vi.fn(),
  editRegistration: vi.fn(),
  invites: vi.fn(),
  addInvite: vi.fn(),
  revokeInvite: vi.fn(),
}))

vi.mock('../../../lib/account-api.ts', () => ({ accountApi: mocks }))

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Administration />
      </MemoryRouter>
    </QueryClientProvider>,
  )
  return client
}

const admin: Account = { id: 1, name: 'Demo', account: 'demo', role: 'admin' }
const ago = (hours: number) => new Date(Date.now() - hours * 3600_000).toISOString()
const unused: Invite = { id: 11, createdAt: ago(2), expiresAt: ago(-24 * 7 + 2), usedAt: null, usedBy: null }
const used: Invite = {
  id: 10,
  createdAt: ago(72),
  expiresAt: ago(-24 * 4),
  usedAt: ago(48),
  usedBy: { id: 42, name: 'New Reader', account: 'new_reader' },
}
const expired: Invite = { id: 9, createdAt: ago(24 * 10), expiresAt: ago(24 * 3), usedAt: null, usedBy: null }

const region = () => screen.findByRole('region', { name: 'Administration' })
/** The invite whose state (the row's first line) reads `state`. */
const listItem = (state: string | RegExp) => screen.getByText(state, { selector: 'li p:first-child' }).closest('li')!

beforeEach(() => {
  vi.resetAllMocks()
  mocks.account.mockResolvedValue(admin)
  mocks.registration.mockResolvedValue({ mode: 'invite', firstAccount: false, invite: null })
  mocks.invites.mockResolvedValue([unused, used, expired])
})

afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard')
  return setLang('en')
})

describe('the administration section', () => {
  it('is not shown to a member, who never asks for the mode or the invites', async () => {
    mocks.account.mockResolvedValue({ ...admin, role: 'member' })
    const client = setup()
    await waitFor(() => expect(client.getQueryState(['settings', 'account'])?.status).toBe('success'))
    expect(screen.queryByRole('region', { name: 'Administration' })).toBeNull()
    expect(mocks.registration).not.toHaveBeenCalled()
    expect(mocks.invites).not.toHaveBeenCalled()
  })

  it('shows the registration mode as three choices, the current one checked, and saves a change at once', async () => {
    mocks.editRegistration.mockResolvedValue(undefined)
    setup()
    const section = within(await region())
    const group = await section.findByRole('group', { name: 'Who can create an account' })
    const radios = within(group).getAllByRole('radio')
    expect(radios.map((r) => r.closest('label')!.textContent)).toEqual(['Anyone', 'With an invite link', 'Nobody'])
    expect(within(group).getByRole('radio', { name: 'With an invite link' })).toBeChecked()
    fireEvent.click(within(group).getByRole('radio', { name: 'Anyone' }))
    await waitFor(() => expect(mocks.editRegistration).toHaveBeenCalledWith('open'))
    expect(within(group).getByRole('radio', { name: 'Anyone' })).toBeChecked()
  })

  it('goes back to the mode the service kept when it refuses the change, and says so', async () => {
    mocks.editRegistration.mockRejectedValue(
      new ForbiddenError({ status: 403, message: 'admins only', userMessage: 'Only an admin can do that.' }),
    )
    setup()
    const group = await within(await region()).findByRole('group', { name: 'Who can create an account' })
    fireEvent.click(within(group).getByRole('radio', { name: 'Nobody' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('The change was not saved: Only an admin can do that.')
    expect(within(group).getByRole('radio', { name: 'With an invite link' })).toBeChecked()
  })

  it('creates an invite link for the expiry chosen and shows it once, with Copy', async () => {
    const made: Invite = { ...unused, id: 12, createdAt: ago(0), expiresAt: ago(-24 * 30) }
    mocks.addInvite.mockResolvedValue({ code: 'c0de-xyz', invite: made })
    const writeText = vi.fn().mockResolvedValue(undefined)
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    setup()
    const section = within(await region())
    const expiry = section.getByRole('group', { name: 'The link works for' })
    expect(within(expiry).getByRole('radio', { name: '7 days' })).toBeChecked()
    expect(
      within(expiry)
        .getAllByRole('radio')
        .map((r) => r.closest('label')!.textContent),
    ).toEqual(['1 day', '7 days', '30 days'])
    fireEvent.click(within(expiry).getByRole('radio', { name: '30 days' }))
    fireEvent.click(section.getByRole('button', { name: 'Create invite link' }))
    await waitFor(() => expect(mocks.addInvite).toHaveBeenCalledWith(30))

    const link = (await section.findByLabelText('Invite link')) as HTMLInputElement
    expect(link.value).toBe(`${location.origin}/signup?invite=c0de-xyz`)
    expect(link.readOnly).toBe(true)
    expect(link).toHaveFocus()
    expect(link).toHaveAccessibleDescription(/shown only this once/)
    fireEvent.click(section.getByRole('button', { name: 'Copy' }))
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(link.value))
    expect(await section.findByRole('button', { name: 'Copied' })).toBeVisible()
    // The list is asked again, with the new invite in it.
    await waitFor(() => expect(mocks.invites).toHaveBeenCalledTimes(2))

    fireEvent.click(section.getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(section.queryByLabelText('Invite link')).toBeNull())
    expect(screen.queryByDisplayValue(/c0de-xyz/)).toBeNull()
    expect(section.getByRole('button', { name: 'Create invite link' })).toBeVisible()
  })

  it('lists the invites: unused with its expiry and a Withdraw, used by whom (a link), expired', async () => {
    setup()
    await region()
    const fresh = await waitFor(() => listItem('Unused'))
    expect(fresh.textContent).toContain('Created 2 hours ago')
    expect(fresh.textContent).toContain('Expires in 7 days')
    expect(within(fresh).getByRole('button', { name: 'Withdraw the invite created 2 hours ago' })).toHaveTextContent(
      'Withdraw',
    )

    const taken = listItem(/Used by/)
    expect(within(taken).getByRole('link', { name: '@new_reader' })).toHaveAttribute('href', '/users/42')
    expect(taken.textContent).toContain('Used by @new_reader 2 days ago')
    expect(taken.querySelector(`time[datetime="${used.usedAt}"]`)).not.toBeNull()
    expect(within(taken).queryByRole('button')).toBeNull()

    const lapsed = listItem('Expired')
    expect(lapsed.textContent).toContain('Expired 3 days ago')
    expect(within(lapsed).queryByRole('button')).toBeNull()
  })

  it('withdraws an unused invite and shows the list without it', async () => {
    mocks.invites.mockResolvedValueOnce([unused, used]).mockResolvedValueOnce([used])
    mocks.revokeInvite.mockResolvedValue(undefined)
    setup()
    await region()
    fireEvent.click(await screen.findByRole('button', { name: /^Withdraw the invite/ }))
    await waitFor(() => expect(mocks.revokeInvite).toHaveBeenCalledWith(11))
    await waitFor(() => expect(screen.queryByText('Unused')).toBeNull())
    expect(screen.getAllByRole('listitem')).toHaveLength(1)
  })

  it('says so when the invite was gone already, and shows the list as it is now', async () => {
    mocks.invites.mockResolvedValueOnce([unused]).mockResolvedValueOnce([])
    mocks.revokeInvite.mockRejectedValue(
      new NotFoundError({ status: 404, message: 'gone', userMessage: 'No such unused invite.' }),
    )
    setup()
    fireEvent.click(await screen.findByRole('button', { name: /^Withdraw the invite/ }))
    expect(await screen.findByRole('alert')).toHaveTextContent('The invite was not withdrawn: No such unused invite.')
    expect(await screen.findByText('No invites yet.')).toBeVisible()
  })

  it('speaks Japanese', async () => {
    await setLang('ja')
    setup()
    const section = within(await screen.findByRole('region', { name: '管理' }))
    expect(await section.findByRole('radio', { name: '招待リンクを持つ人' })).toBeChecked()
    expect(section.getByRole('radio', { name: '7日' })).toBeChecked()
    expect(await section.findByText('未使用')).toBeVisible()
    expect(section.getByText('@new_reader').closest('li')!.textContent).toMatch(/^@new_readerが使用（.+）作成：/)
  })
})
