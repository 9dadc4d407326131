import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { UserDetail } from '../../../api/model.ts'
import { ApiError, BadRequestError } from '../../../lib/api-error.ts'
import { setLang } from '../../../lib/i18n/i18n.ts'
import { ProfileSection } from './profile-form.tsx'

const mocks = vi.hoisted(() => ({
  userDetail: vi.fn(),
  editProfile: vi.fn(),
  refresh: vi.fn(),
}))

vi.mock('../../../lib/account-api.ts', () => ({ accountApi: { editProfile: mocks.editProfile } }))

vi.mock('../../../lib/api.ts', () => ({
  api: { userDetail: mocks.userDetail },
  session: { get: () => null, subscribe: () => () => true, refresh: mocks.refresh },
}))

const detail = {
  user: {
    id: 7,
    name: 'Reader',
    account: 'reader',
    comment: 'First line\nSecond line',
    profileImageUrls: { medium: '/avatar.png' },
  },
  profile: { webpage: 'https://reader.example.net/', backgroundImageUrl: '', isUsingCustomProfileImage: false },
} as unknown as UserDetail

const ITEM_KEYS = [['works'], ['novels']]

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  for (const key of [
    ['works', 'detail', 1],
    ['novels', 'detail', 2],
    ['users', 'following', { userId: 7 }],
  ])
    client.setQueryData(key, { id: 1 })
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ProfileSection userId={7} itemKeys={ITEM_KEYS} />
      </MemoryRouter>
    </QueryClientProvider>,
  )
  return client
}

/** The form's fields, found by their labels once the detail has loaded. */
async function fields(labels = { name: 'Display name', account: 'Account name', bio: 'Bio', webpage: 'Web page' }) {
  const name = (await screen.findByLabelText(labels.name)) as HTMLInputElement
  return {
    name,
    account: screen.getByLabelText(labels.account) as HTMLInputElement,
    bio: screen.getByLabelText(labels.bio) as HTMLTextAreaElement,
    webpage: screen.getByLabelText(labels.webpage) as HTMLInputElement,
  }
}

const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } })
/** The form's "Saved" (the profile's images above it have their own). */
const formStatus = () => within(document.querySelector('form')!).getByRole('status')

/** The error read out with a field (the element its aria-describedby names for the error), or null. */
function errorOf(field: HTMLElement): string | null {
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'))
  return ids.length ? document.getElementById(ids[0]!)!.textContent : null
}
function hintOf(field: HTMLElement): string | null {
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-hint'))
  return ids.length ? document.getElementById(ids[0]!)!.textContent : null
}

const refused = (field: string, why: string) =>
  new BadRequestError({
    status: 400,
    message: JSON.stringify({ [field]: [why] }),
    userMessage: 'The service’s own sentence.',
    url: '/v1/easel/profile/edit',
  })

beforeEach(() => {
  vi.resetAllMocks()
  mocks.userDetail.mockResolvedValue(detail)
  mocks.refresh.mockResolvedValue(null)
})

afterEach(() => setLang('en'))

describe('the profile section', () => {
  it('shows the reader’s profile as it is, and links to the profile page', async () => {
    setup()
    const f = await fields()
    expect(mocks.userDetail).toHaveBeenCalledWith(7, expect.anything())
    expect(f.name.value).toBe('Reader')
    expect(f.account.value).toBe('reader')
    expect(f.bio.value).toBe('First line\nSecond line')
    expect(f.webpage.value).toBe('https://reader.example.net/')
    expect(f.webpage.type).toBe('url')
    expect(hintOf(f.bio)).toBe('22 of 1,000 characters')
    expect(screen.getByRole('link', { name: 'View your profile' })).toHaveAttribute('href', '/users/7')
    expect(screen.getByRole('region', { name: 'Profile' })).toBeVisible()
  })

  it('counts the bio as it is typed, and says at once when it is too long', async () => {
    setup()
    const f = await fields()
    type(f.bio, '  日本語\n😀  ')
    // Trimmed, in UTF-16 units as the service counts: 3 + 1 + 2.
    expect(hintOf(f.bio)).toBe('6 of 1,000 characters')
    expect(errorOf(f.bio)).toBeNull()
    type(f.bio, 'x'.repeat(1001))
    expect(hintOf(f.bio)).toBe('1,001 of 1,000 characters')
    expect(errorOf(f.bio)).toBe('The bio can have at most 1,000 characters.')
    expect(f.bio).toHaveAttribute('aria-invalid', 'true')
  })

  it('checks the fields before asking the service, says why beside each, and focuses the first', async () => {
    setup()
    const f = await fields()
    type(f.name, '   ')
    type(f.account, 'Not Valid')
    type(f.bio, 'bell\u0007')
    type(f.webpage, 'reader.example.net')
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }))
    expect(errorOf(f.name)).toBe('Enter a display name.')
    expect(errorOf(f.account)).toBe('Use 3 to 32 characters: lowercase letters a–z, digits, _ and -.')
    expect(errorOf(f.bio)).toBe('The bio must not contain control characters other than line breaks and tabs.')
    expect(errorOf(f.webpage)).toBe('Enter an address starting with http:// or https://, or leave the field empty.')
    expect(f.name).toHaveFocus()
    expect(f.account).toHaveAttribute('aria-invalid', 'true')

    type(f.name, 'Reader')
    type(f.account, 'reader')
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }))
    expect(errorOf(f.name)).toBeNull()
    expect(f.bio).toHaveFocus()
    expect(mocks.editProfile).not.toHaveBeenCalled()
  })

  it('warns that a new account name is what signs in from then on', async () => {
    setup()
    const f = await fields()
    expect(hintOf(f.account)).not.toMatch(/Once saved/)
    type(f.account, 'new_name')
    expect(hintOf(f.account)).toMatch(/You sign in with it/)
    expect(hintOf(f.account)).toMatch(/Once saved, you sign in as new_name, no longer as reader\.$/)
  })

  it('saves the whole profile trimmed, renews the session, says Saved, and the names’ caches go stale', async () => {
    mocks.editProfile.mockResolvedValue(undefined)
    const client = setup()
    const f = await fields()
    type(f.name, '  New Name ')
    type(f.account, ' new_name ')
    type(f.bio, '\nこんにちは\n二行目\t \n')
    type(f.webpage, ' http://new.example.org/page ')
    expect(formStatus()).toHaveTextContent('')
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }))
    expect(await screen.findByText('Saved')).toBe(formStatus())
    expect(mocks.editProfile).toHaveBeenCalledTimes(1)
    expect(mocks.editProfile).toHaveBeenCalledWith({
      name: 'New Name',
      account: 'new_name',
      comment: 'こんにちは\n二行目',
      webpage: 'http://new.example.org/page',
    })
    expect(mocks.refresh).toHaveBeenCalledTimes(1)
    expect(mocks.refresh.mock.invocationCallOrder[0]).toBeGreaterThan(mocks.editProfile.mock.invocationCallOrder[0]!)
    // The reader's detail is asked for again (it is on screen); the rest is stale for its next use.
    await waitFor(() => expect(mocks.userDetail).toHaveBeenCalledTimes(2))
    for (const key of [
      ['works', 'detail', 1],
      ['novels', 'detail', 2],
      ['users', 'following', { userId: 7 }],
    ])
      expect(client.getQueryState(key)?.isInvalidated, JSON.stringify(key)).toBe(true)
    // The fields hold what was saved; Saved goes once the form is edited again.
    expect(f.name.value).toBe('New Name')
    expect(f.bio.value).toBe('こんにちは\n二行目')
    type(f.name, 'Newer Name')
    expect(formStatus()).toHaveTextContent('')
  })

  it('takes an empty web page', async () => {
    mocks.editProfile.mockResolvedValue(undefined)
    setup()
    const f = await fields()
    type(f.webpage, '  ')
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }))
    expect(await screen.findByText('Saved')).toBeVisible()
    expect(mocks.editProfile).toHaveBeenCalledWith({
      name: 'Reader',
      account: 'reader',
      comment: 'First line\nSecond line',
      webpage: '',
    })
  })

  it('says what else went wrong above the button, and keeps what was typed', async () => {
    mocks.editProfile.mockRejectedValue(new ApiError({ status: 503, message: 'busy', userMessage: 'Busy, try later.' }))
    setup()
    const f = await fields()
    type(f.name, 'Another')
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Busy, try later.')
    expect(f.name.value).toBe('Another')
    expect(mocks.refresh).not.toHaveBeenCalled()
    expect(formStatus()).toHaveTextContent('')
  })
})

describe('the service’s refusals, beside their fields', () => {
  const cases = [
    {
      field: 'account',
      why: 'invalid',
      en: 'Use 3 to 32 characters: lowercase letters a–z, digits, _ and -.',
      ja: '3〜32文字の英小文字（a〜z）、数字、_、- を使ってください。',
    },
    {
      field: 'account',
      why: 'taken',
      en: 'That account name is taken. Please choose another.',
      ja: 'このアカウント名はすでに使われています。別の名前を選んでください。',
    },
    {
      field: 'account',
      why: 'fixed',
      en: 'This account’s name is set by the library’s configuration (OWNER_USERNAME) and cannot be changed here.',
      ja: 'このアカウント名はライブラリの設定（OWNER_USERNAME）で決まっているため、ここでは変更できません。',
    },
    {
      field: 'name',
      why: 'invalid',
      en: 'The display name must not contain control characters.',
      ja: '表示名に制御文字は使えません。',
    },
    {
      field: 'comment',
      why: 'invalid',
      en: 'The bio must not contain control characters other than line breaks and tabs.',
      ja: '自己紹介には、改行とタブ以外の制御文字は使えません。',
    },
    {
      field: 'webpage',
      why: 'invalid',
      en: 'Enter an address starting with http:// or https://, or leave the field empty.',
      ja: 'http://またはhttps://で始まるアドレスを入力するか、空欄にしてください。',
    },
  ] as const
  const key = { name: 'name', account: 'account', comment: 'bio', webpage: 'webpage' } as const

  for (const c of cases) {
    it(`${c.field} ${c.why}: in English`, async () => {
      mocks.editProfile.mockRejectedValue(refused(c.field, c.why))
      setup()
      const f = await fields()
      fireEvent.click(screen.getByRole('button', { name: 'Save profile' }))
      const field = f[key[c.field]]
      await waitFor(() => expect(errorOf(field)).toBe(c.en))
      expect(field).toHaveAttribute('aria-invalid', 'true')
      expect(field).toHaveFocus()
      // Only that field: the others say nothing, and there is no alert above the button.
      for (const other of Object.values(f)) if (other !== field) expect(errorOf(other)).toBeNull()
      expect(screen.queryByRole('alert')).toBeNull()
      expect(formStatus()).toHaveTextContent('')
    })

    it(`${c.field} ${c.why}: in Japanese`, async () => {
      await setLang('ja')
      mocks.editProfile.mockRejectedValue(refused(c.field, c.why))
      setup()
      const f = await fields({ name: '表示名', account: 'アカウント名', bio: '自己紹介', webpage: 'ウェブサイト' })
      const section = screen.getByRole('region', { name: 'プロフィール' })
      fireEvent.click(within(section).getByRole('button', { name: 'プロフィールを保存' }))
      const field = f[key[c.field]]
      await waitFor(() => expect(errorOf(field)).toBe(c.ja))
      expect(field).toHaveFocus()
    })
  }
})
