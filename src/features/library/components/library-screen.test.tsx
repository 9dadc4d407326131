import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { beforeEach, expect, it, vi } from 'vitest'
import { LibraryScreen as LibraryPage, POLL_MS } from './library-screen.tsx'

const mocks = vi.hoisted(() => ({
  libraryStatus: vi.fn(),
  libraryScan: vi.fn(),
  signedIn: true,
  session: { user: { id: 2_000_000_000, name: 'owner', account: 'owner' } },
}))

vi.mock('../../../lib/api.ts', () => ({
  api: { libraryStatus: mocks.libraryStatus, libraryScan: mocks.libraryScan },
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
  mocks.libraryScan.mockReset()
})

const IDLE = { running: false, done: 0, total: 0, started_at: null, error: null }
const status = (over: Record<string, unknown> = {}) => ({
  root: '/home/me/gallery-dl',
  last_scan: { at: 1_750_000_000, imported: 3, updated: 1, removed: 0, unchanged: 10, skipped: 1 },
  counts: { illust: 9, manga: 4, ugoira: 1, novel: 6 },
  skipped: [{ path: 'pixiv/1 a/5_p0.jpg.json', reason: 'malformed JSON (Unexpected end of JSON input)' }],
  scan: IDLE,
  ...over,
})
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

it('shows the last scan, the works per type and each skipped file with its reason', async () => {
  mocks.libraryStatus.mockResolvedValue(status())
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

it('shows every kind the service counts, by its label, known kinds first', async () => {
  mocks.libraryStatus.mockResolvedValue(status({ counts: { zine: 2, novel: 5, illust: 9, manga: 0, ugoira: 1 } }))
  setup()
  const works = await screen.findByRole('region', { name: 'Works' })
  const terms = within(works)
    .getAllByRole('term')
    .map((dt) => `${dt.textContent}: ${dt.nextSibling?.textContent}`)
  expect(terms).toEqual(['Illustrations: 9', 'Manga: 0', 'Ugoira: 1', 'Novels: 5', 'zine: 2'])
})

it('asks for the status once when no scan runs (no polling)', async () => {
  mocks.libraryStatus.mockResolvedValue(status())
  setup()
  await screen.findByText('/home/me/gallery-dl')
  await sleep(POLL_MS * 2)
  expect(mocks.libraryStatus).toHaveBeenCalledTimes(1)
})

it('Rescan starts a scan, shows its progress while it runs, then the new last scan', async () => {
  const startedAt = 1_760_000_000
  mocks.libraryStatus.mockResolvedValueOnce(status())
  mocks.libraryScan.mockResolvedValue({
    started: true,
    scan: { running: true, done: 0, total: 0, started_at: startedAt, error: null },
  })
  setup()
  const button = await screen.findByRole('button', { name: 'Rescan' })
  // the polls: half way, then ended with one more work
  mocks.libraryStatus.mockResolvedValueOnce(
    status({ scan: { running: true, done: 7, total: 15, started_at: startedAt, error: null } }),
  )
  mocks.libraryStatus.mockResolvedValue(
    status({
      last_scan: { at: startedAt + 2, imported: 1, updated: 0, removed: 0, unchanged: 14, skipped: 1 },
      counts: { illust: 10, manga: 4, ugoira: 1 },
      scan: { running: false, done: 15, total: 15, started_at: startedAt, error: null },
    }),
  )
  fireEvent.click(button)
  await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('looking for works'))
  expect(mocks.libraryScan).toHaveBeenCalledTimes(1)
  expect(screen.getByRole('button', { name: 'Rescan' })).toBeDisabled()
  await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('7 of 15 works'), { timeout: POLL_MS * 4 })
  expect(screen.getByRole('progressbar', { name: 'Scan progress' })).toHaveAttribute('value', '7')
  await waitFor(() => expect(screen.getByRole('status')).toBeEmptyDOMElement(), { timeout: POLL_MS * 4 })
  const last = screen.getByText(/1 imported, 0 updated/)
  expect(last.querySelector('time')).toHaveAttribute('datetime', new Date((startedAt + 2) * 1000).toISOString())
  expect(screen.getByText('Illustrations').nextSibling).toHaveTextContent('10')
  expect(screen.getByRole('button', { name: 'Rescan' })).toBeEnabled()
  // ended: no more polls
  const calls = mocks.libraryStatus.mock.calls.length
  await sleep(POLL_MS * 2)
  expect(mocks.libraryStatus).toHaveBeenCalledTimes(calls)
})

it('a scan already running (started elsewhere) shows its progress and keeps the button disabled', async () => {
  mocks.libraryStatus.mockResolvedValue(
    status({ scan: { running: true, done: 2, total: 4, started_at: 1_760_000_000, error: null } }),
  )
  setup()
  await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('2 of 4 works'))
  expect(screen.getByRole('button', { name: 'Rescan' })).toBeDisabled()
})

it('says so when the scan cannot be started', async () => {
  mocks.libraryStatus.mockResolvedValue(status())
  mocks.libraryScan.mockRejectedValue(new Error('offline'))
  setup()
  fireEvent.click(await screen.findByRole('button', { name: 'Rescan' }))
  expect(await screen.findByRole('alert')).toHaveTextContent('Could not start a scan')
})

it('says why the last scan failed', async () => {
  const error = 'the library folder /mnt/nas/gallery-dl does not exist or cannot be read'
  mocks.libraryStatus.mockResolvedValue(status({ scan: { ...IDLE, started_at: 1_760_000_000, error } }))
  setup()
  expect(await screen.findByRole('alert')).toHaveTextContent(`The last scan failed: ${error}`)
})
