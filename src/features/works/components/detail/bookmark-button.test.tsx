import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Illust, IllustPage } from '../../../../api/model.ts'
import { RateLimitedError } from '../../../../lib/api-error.ts'
import { workQueries } from '../../api/work-queries.ts'
import { BookmarkButton } from './bookmark-button.tsx'

const mocks = vi.hoisted(() => ({
  addBookmark: vi.fn(),
  deleteBookmark: vi.fn(),
  illustDetail: vi.fn(),
  bookmarkDetail: vi.fn(),
  signedIn: true,
  // Stable, as the real session's snapshot is (useSyncExternalStore compares by identity).
  session: { user: { id: 1 } },
}))

vi.mock('../../../../lib/api.ts', () => ({
  api: {
    addBookmark: mocks.addBookmark,
    deleteBookmark: mocks.deleteBookmark,
    illustDetail: mocks.illustDetail,
    bookmarkDetail: mocks.bookmarkDetail,
  },
  session: {
    get: () => (mocks.signedIn ? mocks.session : null),
    subscribe: () => () => true,
  },
}))

const work = {
  id: 42,
  title: 'A work',
  metaPages: [],
  isBookmarked: false,
  totalBookmarks: 10,
  user: { id: 5, name: 'Artist' },
} as unknown as Illust

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  client.setQueryData(workQueries.detail(work.id).queryKey, work)
  const listKey = workQueries.ranking({ mode: 'day' }).queryKey
  client.setQueryData(listKey, { pages: [{ illusts: [work], nextUrl: null }], pageParams: [undefined] } as never)
  // The page re-renders the button from the detail cache; a tiny host does the same.
  function Host() {
    const data = client.getQueryData<Illust>(workQueries.detail(work.id).queryKey) ?? work
    return <BookmarkButton work={data} />
  }
  const utils = render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Host />
      </MemoryRouter>
    </QueryClientProvider>,
  )
  const rerender = () =>
    utils.rerender(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <Host />
        </MemoryRouter>
      </QueryClientProvider>,
    )
  const listWork = () =>
    (client.getQueryData(listKey) as { pages: IllustPage[] }).pages[0]!.illusts.find((w) => w.id === work.id)!
  const detail = () => client.getQueryData<Illust>(workQueries.detail(work.id).queryKey)!
  return { client, rerender, listWork, detail }
}

describe('BookmarkButton', () => {
  beforeEach(() => {
    vi.resetAllMocks()
    mocks.signedIn = true
    mocks.illustDetail.mockImplementation(() => new Promise(() => {}))
    mocks.bookmarkDetail.mockImplementation(() => new Promise(() => {}))
  })

  it('marks the work bookmarked in the detail and in cached lists before the service answers', async () => {
    let resolve!: () => void
    mocks.addBookmark.mockReturnValue(new Promise<void>((r) => (resolve = r)))
    const { rerender, listWork, detail } = setup()

    fireEvent.click(screen.getByRole('button', { name: 'Bookmark' }))
    await vi.waitFor(() => expect(detail().isBookmarked).toBe(true))
    rerender()
    expect(screen.getByRole('button', { name: 'Bookmark' })).toHaveAttribute('aria-pressed', 'true')
    expect(detail().totalBookmarks).toBe(11)
    expect(listWork().isBookmarked).toBe(true)
    expect(mocks.addBookmark).toHaveBeenCalledWith('illust', work.id, { restrict: 'public' })
    await act(async () => resolve())
  })

  it('rolls back everywhere and says why when the service refuses', async () => {
    mocks.addBookmark.mockRejectedValue(new RateLimitedError({ status: 429, retryAfterSeconds: null }))
    const { rerender, listWork, detail } = setup()

    fireEvent.click(screen.getByRole('button', { name: 'Bookmark' }))
    expect(await screen.findByText(/Could not bookmark: Too many requests/)).toBeInTheDocument()
    rerender()
    expect(detail().isBookmarked).toBe(false)
    expect(detail().totalBookmarks).toBe(10)
    expect(listWork().isBookmarked).toBe(false)
    expect(screen.getByRole('button', { name: 'Bookmark' })).toHaveAttribute('aria-pressed', 'false')
  })

  it('offers sign-in instead when signed out', () => {
    mocks.signedIn = false
    setup()
    expect(screen.getByRole('link', { name: /sign in to bookmark/i })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/login/),
    )
    expect(screen.queryByRole('button', { name: 'Bookmark' })).toBeNull()
  })
})
