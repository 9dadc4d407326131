import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { Illust } from '../../../api/model.ts'
import { RateLimitedError, ServerError } from '../../../lib/api-error.ts'
import { neighboursIn } from '../../../lib/source-list.ts'
import { giveListsAWidth, numberedPagesQuery, renderWithQueryClient } from '../../../lib/testing/list-harness.tsx'
import { layoutProblems } from '../../../lib/testing/layout-invariants.ts'
import { InfiniteWorkList, justifiedRows, type WorkListPage } from './infinite-work-list.tsx'

function illust(id: number, over: Partial<Illust> = {}): Illust {
  return {
    id,
    title: `Work ${id}`,
    type: 'illust',
    imageUrls: { squareMedium: `/sq/${id}.jpg`, medium: `/m/${id}.jpg`, large: `/l/${id}.jpg` },
    caption: '',
    restrict: 0,
    user: { id: 7, name: 'Painter', account: 'painter', profileImageUrls: { medium: '' } },
    tags: [],
    tools: [],
    createDate: '2026-01-01T00:00:00+09:00',
    pageCount: 1,
    width: 1000,
    height: 1000,
    sanityLevel: 2,
    xRestrict: 0,
    series: null,
    metaSinglePage: {},
    metaPages: [],
    totalView: 0,
    totalBookmarks: 0,
    isBookmarked: false,
    visible: true,
    isMuted: false,
    illustAiType: 0,
    illustBookStyle: 0,
    ...over,
  }
}

function listQuery(key: string, fetchPage: (pageParam: number) => Promise<WorkListPage>) {
  return numberedPagesQuery(['works', 'test', key], fetchPage)
}

function renderList(query: ReturnType<typeof listQuery>, props: { emptyMessage?: string } = {}) {
  return renderWithQueryClient(
    <InfiniteWorkList query={query} listKey={`test:${String(query.queryKey[2])}`} label="Test works" {...props} />,
  )
}

giveListsAWidth()

describe('InfiniteWorkList', () => {
  it('shows each visible work as a link with alt text and sized image, and hides R-18 works by default', async () => {
    const page = {
      illusts: [illust(1), illust(2, { xRestrict: 1 }), illust(3, { pageCount: 5, type: 'manga' })],
      nextUrl: null,
    }
    renderList(listQuery('basic', async () => page))

    const list = await screen.findByRole('list', { name: 'Test works' })
    const links = await screen.findAllByRole('link', { name: /by Painter/ })
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/artworks/1', '/artworks/3'])
    const img = screen.getByRole('img', { name: 'Work 1 by Painter' })
    expect(img).toHaveAttribute('width')
    expect(img).toHaveAttribute('height')
    expect(img).toHaveAttribute('decoding', 'async')
    expect(img).toHaveAttribute('loading', 'eager')
    expect(list.querySelector('[data-work-id="3"] [data-badge="pages"]')).toHaveTextContent('5')
    expect(screen.getByText(/1 hidden by your filters/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Filter settings' })).toHaveAttribute('href', '/settings')
    expect(screen.getByRole('status')).toHaveTextContent("You've reached the end")
    // The detail view can step through what the viewer saw (noted by an effect once the rows are on screen).
    await waitFor(() => expect(neighboursIn(1)).toEqual({ prev: undefined, next: 3, listKey: 'test:basic' }))
  })

  it('blurs a sensitive work behind a button that reveals it', async () => {
    const page = { illusts: [illust(10, { sanityLevel: 6 })], nextUrl: null }
    renderList(listQuery('blur', async () => page))
    const show = await screen.findByRole('button', { name: 'Show Work 10 by Painter (Sensitive)' })
    expect(show).toHaveTextContent('Sensitive')
    // The link under the blur is out of the tab order until revealed.
    expect(document.querySelector('a[href="/artworks/10"]')).toHaveAttribute('tabindex', '-1')
    fireEvent.click(show)
    expect(screen.queryByRole('button', { name: /Show/ })).toBeNull()
    expect(screen.getByRole('link', { name: /Work 10 by Painter/ })).toBeInTheDocument()
  })

  it('loads the next page while the end is near, one request at a time, and dedupes works across pages', async () => {
    const fetchPage = vi.fn(async (n: number) => ({
      // Page 1 repeats the last work of page 0, as an offset list does when a work was added meanwhile.
      illusts: n === 0 ? [illust(1), illust(2)] : [illust(2), illust(3)],
      nextUrl: n === 0 ? 'next' : null,
    }))
    renderList(listQuery('paging', fetchPage))
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(3))
    expect(fetchPage).toHaveBeenCalledTimes(2)
    expect(screen.getAllByRole('listitem').map((li) => li.getAttribute('data-work-id'))).toEqual(['1', '2', '3'])
  })

  it('stops loading on its own after pages the filters hid entirely, and offers to load more', async () => {
    const fetchPage = vi.fn(async (n: number) => ({ illusts: [illust(100 + n, { xRestrict: 1 })], nextUrl: 'next' }))
    renderList(listQuery('all-hidden', fetchPage))
    const more = await screen.findByRole('button', { name: 'Load more' })
    expect(fetchPage).toHaveBeenCalledTimes(3)
    expect(screen.getByText(/3 hidden by your filters/)).toBeInTheDocument()
    fireEvent.click(more)
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(4))
    expect(await screen.findByText(/4 hidden by your filters/)).toBeInTheDocument()
  })

  it('says so when the list is empty', async () => {
    renderList(
      listQuery('empty', async () => ({ illusts: [], nextUrl: null })),
      { emptyMessage: 'No works match.' },
    )
    expect(await screen.findByText('No works match.')).toBeInTheDocument()
  })

  it('shows a readable error with Retry, which loads the list', async () => {
    let fail = true
    renderList(
      listQuery('error', async () => {
        if (fail) throw new ServerError({ status: 500 })
        return { illusts: [illust(5)], nextUrl: null }
      }),
    )
    expect(await screen.findByRole('alert')).toHaveTextContent('The server had a problem. Please try again later.')
    fail = false
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('link', { name: /Work 5 by Painter/ })).toBeInTheDocument()
  })

  it('counts a rate limit down and retries on its own', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      let calls = 0
      renderList(
        listQuery('rate', async () => {
          calls++
          if (calls === 1) throw new RateLimitedError({ status: 429, retryAfterSeconds: 2 })
          return { illusts: [illust(6)], nextUrl: null }
        }),
      )
      expect(await screen.findByRole('alert')).toHaveTextContent(/Too many requests — retrying in [12] s/)
      await act(async () => {
        await vi.advanceTimersByTimeAsync(2500)
      })
      expect(await screen.findByRole('link', { name: /Work 6 by Painter/ })).toBeInTheDocument()
      expect(calls).toBe(2)
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('the justified rows layout', () => {
  it('places rows where the virtualizer does, every work in one row, at any measured width, density and count', () => {
    const sizes = [
      [1000, 1000],
      [800, 1200],
      [1600, 900],
      [600, 2400],
      [3000, 700],
    ] as const
    for (const density of ['compact', 'comfortable', 'spacious'] as const)
      for (const width of [320, 360, 1024, 1920])
        for (const count of [0, 1, 7, 30, 61]) {
          const items = Array.from({ length: count }, (_, i) =>
            illust(i + 1, { width: sizes[i % sizes.length]![0], height: sizes[i % sizes.length]![1] }),
          )
          expect(layoutProblems(justifiedRows(density)(items, width), count), `${count} at ${width} px`).toEqual([])
        }
  })
})
