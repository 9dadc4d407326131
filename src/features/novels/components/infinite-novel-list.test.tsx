import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { Novel } from '../../../api/model.ts'
import { ServerError } from '../../../lib/api-error.ts'
import { updateSettings } from '../../../lib/settings.ts'
import { giveListsAWidth, numberedPagesQuery, renderWithQueryClient } from '../../../lib/testing/list-harness.tsx'
import { layoutProblems } from '../../../lib/testing/layout-invariants.ts'
import {
  cardColumns,
  InfiniteNovelList,
  type InfiniteNovelListProps,
  type NovelListPage,
} from './infinite-novel-list.tsx'

function novel(id: number, over: Partial<Novel> = {}): Novel {
  return {
    id,
    title: `Novel ${id}`,
    caption: '',
    restrict: 0,
    xRestrict: 0,
    isOriginal: false,
    imageUrls: { squareMedium: `/sq/${id}.jpg`, medium: `/m/${id}.jpg`, large: `/l/${id}.jpg` },
    createDate: '2026-01-01T00:00:00+09:00',
    tags: [{ name: '夏', translatedName: 'summer', addedByUploadedUser: true }],
    pageCount: 3,
    textLength: 4000,
    user: { id: 7, name: 'Writer', account: 'writer', profileImageUrls: { medium: '' } },
    series: null,
    isBookmarked: false,
    totalBookmarks: 1234,
    totalView: 0,
    visible: true,
    totalComments: 0,
    isMuted: false,
    isMypixivOnly: false,
    isXRestricted: false,
    novelAiType: 0,
    ...over,
  }
}

function listQuery(key: string, fetchPage: (pageParam: number) => Promise<NovelListPage>) {
  return numberedPagesQuery(['novels', 'test', key], fetchPage)
}

type Query = ReturnType<typeof listQuery>
type Extra = Partial<Omit<InfiniteNovelListProps<NovelListPage, Query['queryKey'], number>, 'query'>>

function renderList(query: Query, props: Extra = {}) {
  return renderWithQueryClient(
    <InfiniteNovelList query={query} listKey={`test:${String(query.queryKey[2])}`} label="Test novels" {...props} />,
  )
}

giveListsAWidth() // three columns of cards

const cardIds = () => screen.getAllByRole('listitem').map((li) => Number(li.getAttribute('data-novel-id')))

describe('InfiniteNovelList', () => {
  it('shows each visible novel as one link with its title, author, length, reading time, bookmarks and tags', async () => {
    const page = {
      novels: [
        novel(1, { series: { id: 3, title: 'The Long Summer' }, isOriginal: true }),
        novel(2, { xRestrict: 1 }),
        novel(3, { novelAiType: 2 }),
      ],
      nextUrl: null,
    }
    renderList(listQuery('basic', async () => page))

    await screen.findByRole('list', { name: 'Test novels' })
    const links = await screen.findAllByRole('link', { name: /by Writer$/ })
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/novels/1', '/novels/3'])
    const first = within(screen.getAllByRole('listitem')[0]!)
    const link = first.getByRole('link', { name: 'Novel 1 by Writer' })
    expect(link).toHaveAccessibleDescription(
      'Series: The Long Summer. 4,000 characters, 8 min to read, 1,234 bookmarks. Tags: #夏. Original work',
    )
    expect(link.querySelector('[data-badge="original"]')).not.toBeNull()
    expect(document.querySelector('[data-novel-id="3"] [data-badge="ai"]')).not.toBeNull()
    // The cover has its final size before it loads.
    const cover = link.querySelector('img')!
    expect(cover).toHaveAttribute('width', '96')
    expect(cover).toHaveAttribute('height', '136')
    expect(screen.getByText(/1 hidden by your filters/)).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent("You've reached the end")
  })

  it('numbers a ranking by the service’s order, counting the novels the filters hid', async () => {
    const page = { novels: [novel(1), novel(2, { xRestrict: 1 }), novel(3)], nextUrl: null }
    renderList(
      listQuery('ranked', async () => page),
      { numbering: 'rank' },
    )
    await screen.findAllByRole('listitem')
    expect(screen.getAllByRole('link', { name: /^Rank/ }).map((a) => a.getAttribute('aria-label'))).toEqual([
      'Rank 1: Novel 1 by Writer',
      'Rank 3: Novel 3 by Writer',
    ])
  })

  it('leaves the series out on the series’ own page', async () => {
    const page = { novels: [novel(1, { series: { id: 3, title: 'The Long Summer' } })], nextUrl: null }
    renderList(
      listQuery('series', async () => page),
      { showSeries: false },
    )
    const link = await screen.findByRole('link', { name: /Novel 1/ })
    expect(link).not.toHaveTextContent('The Long Summer')
  })

  it('blurs a muted novel behind a button that reveals it, when muted novels are blurred', async () => {
    updateSettings({ filters: { hideMuted: false } })
    try {
      renderList(listQuery('blur', async () => ({ novels: [novel(10, { isMuted: true })], nextUrl: null })))
      const show = await screen.findByRole('button', { name: 'Show Novel 10 by Writer (Muted)' })
      expect(document.querySelector('a[href="/novels/10"]')).toHaveAttribute('tabindex', '-1')
      fireEvent.click(show)
      expect(screen.queryByRole('button', { name: /Show/ })).toBeNull()
      expect(screen.getByRole('link', { name: /Novel 10/ })).toBeInTheDocument()
    } finally {
      updateSettings({ filters: { hideMuted: true } })
    }
  })

  it('loads the next page while the end is near, one request at a time, and shows a repeated novel once', async () => {
    const fetchPage = vi.fn(async (n: number) => ({
      novels: n === 0 ? [novel(1), novel(2)] : [novel(2), novel(3)],
      nextUrl: n === 0 ? 'next' : null,
    }))
    renderList(listQuery('paging', fetchPage))
    await waitFor(() => expect(cardIds()).toEqual([1, 2, 3]))
    expect(fetchPage).toHaveBeenCalledTimes(2)
  })

  it('stops loading on its own after pages the filters hid entirely, and offers to load more', async () => {
    const fetchPage = vi.fn(async (n: number) => ({ novels: [novel(100 + n, { xRestrict: 1 })], nextUrl: 'next' }))
    renderList(listQuery('all-hidden', fetchPage))
    const more = await screen.findByRole('button', { name: 'Load more' })
    expect(fetchPage).toHaveBeenCalledTimes(3)
    fireEvent.click(more)
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(4))
    expect(await screen.findByText(/4 hidden by your filters/)).toBeInTheDocument()
  })

  it('says so when the list is empty', async () => {
    renderList(
      listQuery('empty', async () => ({ novels: [], nextUrl: null })),
      { emptyMessage: 'No novels match.' },
    )
    expect(await screen.findByText('No novels match.')).toBeInTheDocument()
  })

  it('shows a readable error with Retry, which loads the list', async () => {
    let fail = true
    renderList(
      listQuery('error', async () => {
        if (fail) throw new ServerError({ status: 500 })
        return { novels: [novel(5)], nextUrl: null }
      }),
    )
    expect(await screen.findByRole('alert')).toHaveTextContent('The server had a problem. Please try again later.')
    fail = false
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('link', { name: /Novel 5/ })).toBeInTheDocument()
  })
})

describe('the card columns layout', () => {
  it('places rows where the virtualizer does, every novel in one row, at any width and count', () => {
    for (const width of [0, 320, 360, 700, 1024, 1280, 1920])
      for (const count of [0, 1, 2, 5, 29, 30, 31, 100]) {
        const items = Array.from({ length: count }, (_, i) => ({ id: i + 1 }))
        expect(layoutProblems(cardColumns(items, width), count), `${count} novels at ${width} px`).toEqual([])
      }
  })
})
