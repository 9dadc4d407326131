import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { UserPreview, UserPreviewPage } from '../../api/model.ts'
import { Component as SearchUsersPage } from './search-users-page.tsx'

const mocks = vi.hoisted(() => ({
  searchUsers: vi.fn(),
  signedIn: false,
  session: { user: { id: 1 } },
}))

vi.mock('../../lib/api.ts', () => ({
  api: { searchUsers: mocks.searchUsers },
  session: {
    get: () => (mocks.signedIn ? mocks.session : null),
    subscribe: () => () => true,
  },
}))

const preview = (id: number, name: string): UserPreview => ({
  user: { id, name, account: `acct${id}`, profileImageUrls: { medium: 'a.png' }, isFollowed: false },
  illusts: [],
  novels: [],
  isMuted: false,
})

function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <SearchUsersPage />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

describe('user search results', () => {
  beforeEach(() => {
    vi.resetAllMocks()
    mocks.signedIn = false
  })

  it("lists the matching users, each linking to their profile, under the search's Users tab", async () => {
    const page: UserPreviewPage = { userPreviews: [preview(2, 'Alice'), preview(3, 'Alicia')], nextUrl: null }
    mocks.searchUsers.mockResolvedValue(page)
    renderAt('/search/users?word=ali')
    const list = await screen.findByRole('list', { name: 'Users matching ali' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(2)
    expect(within(list).getByRole('link', { name: 'Alice' }).getAttribute('href')).toBe('/users/2')
    expect(mocks.searchUsers).toHaveBeenCalledWith({ word: 'ali' }, undefined, expect.anything())
    const tabs = within(screen.getByRole('navigation', { name: 'Search in' }))
    expect(tabs.getByRole('link', { name: 'Users' }).getAttribute('aria-current')).toBe('page')
    expect(tabs.getByRole('link', { name: 'Novels' }).getAttribute('href')).toBe('/search/novels?word=ali')
    // Signed out: no follow buttons.
    expect(screen.queryByRole('button', { name: /follow/i })).toBeNull()
  })

  it('says so when nobody matches', async () => {
    mocks.searchUsers.mockResolvedValue({ userPreviews: [], nextUrl: null })
    renderAt('/search/users?word=zzz')
    expect(await screen.findByText('No users match “zzz”.')).toBeTruthy()
  })
})
