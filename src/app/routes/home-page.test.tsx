import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { HomePage } from './home-page.tsx'

const mocks = vi.hoisted(() => ({
  followIllusts: vi.fn(),
  signedIn: false,
  session: { user: { id: 1 } },
}))

vi.mock('../../lib/api.ts', () => ({
  api: { followIllusts: mocks.followIllusts },
  session: {
    get: () => (mocks.signedIn ? mocks.session : null),
    subscribe: () => () => true,
  },
}))

function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <HomePage />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

describe('the home page', () => {
  beforeEach(() => {
    vi.resetAllMocks()
    mocks.signedIn = false
    mocks.followIllusts.mockImplementation(() => new Promise(() => {}))
  })

  it('offers a Following tab beside the recommended ones', () => {
    renderAt('/')
    const tab = screen.getByRole('link', { name: 'Following' })
    expect(tab.getAttribute('href')).toBe('/?tab=following')
    expect(tab.getAttribute('aria-current')).toBeNull()
  })

  it('signed out, the Following tab asks to sign in and come back, and asks the service for nothing', () => {
    renderAt('/?tab=following&kind=novel')
    expect(screen.getByRole('link', { name: 'Following' }).getAttribute('aria-current')).toBe('page')
    expect(screen.getByRole('heading', { name: /artists you follow/ })).toBeTruthy()
    const signIn = screen.getByRole('link', { name: 'Sign in' })
    expect(signIn.getAttribute('href')).toBe(`/login?return_to=${encodeURIComponent('/?tab=following&kind=novel')}`)
    expect(mocks.followIllusts).not.toHaveBeenCalled()
  })

  it('signed in, the Following tab lists the feed, with works and novels as tabs', () => {
    mocks.signedIn = true
    renderAt('/?tab=following')
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull()
    const kinds = within(screen.getByRole('navigation', { name: 'Following' }))
    expect(kinds.getByRole('link', { name: 'Works' }).getAttribute('aria-current')).toBe('page')
    expect(kinds.getByRole('link', { name: 'Novels' }).getAttribute('href')).toBe('/?tab=following&kind=novel')
  })
})
