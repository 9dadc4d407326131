import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { beforeEach, expect, it, vi } from 'vitest'
import { Component as LibraryPage } from './library-page.tsx'

const mocks = vi.hoisted(() => ({
  libraryStatus: vi.fn(),
  signedIn: true,
  session: { user: { id: 2_000_000_000, name: 'owner', account: 'owner' } },
}))

vi.mock('../../lib/api.ts', () => ({
  api: { libraryStatus: mocks.libraryStatus },
  session: {
    get: () => (mocks.signedIn ? mocks.session : null),
    subscribe: () => () => true,
  },
}))

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <LibraryPage />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

beforeEach(() => {
  mocks.signedIn = true
  mocks.libraryStatus.mockReset()
})

it('shows the last scan, the works per type and each skipped file with its reason', async () => {
  mocks.libraryStatus.mockResolvedValue({
    root: '/home/me/gallery-dl',
    last_scan: { at: 1_750_000_000, imported: 3, updated: 1, removed: 0, unchanged: 10, skipped: 1 },
    counts: { illust: 9, manga: 4, ugoira: 1, novel: 6 },
    skipped: [{ path: 'pixiv/1 a/5_p0.jpg.json', reason: 'malformed JSON (Unexpected end of JSON input)' }],
  })
  setup()
  expect(await screen.findByText('/home/me/gallery-dl')).toBeInTheDocument()
  expect(screen.getByText(/3 imported, 1 updated, 0 removed, 10 unchanged/)).toBeInTheDocument()
  expect(screen.getByText('Manga').nextSibling).toHaveTextContent('4')
  expect(screen.getByText('Novels').nextSibling).toHaveTextContent('6')
  const row = screen.getByRole('row', { name: /5_p0\.jpg\.json/ })
  expect(row).toHaveTextContent('malformed JSON (Unexpected end of JSON input)')
})

it('says the demo catalogue has no library', async () => {
  mocks.libraryStatus.mockResolvedValue(null)
  setup()
  expect(await screen.findByText('No library')).toBeInTheDocument()
})

it('asks to sign in when signed out, without asking the service', () => {
  mocks.signedIn = false
  setup()
  expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?return_to=%2Flibrary')
  expect(mocks.libraryStatus).not.toHaveBeenCalled()
})
