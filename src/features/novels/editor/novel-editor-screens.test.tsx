import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Novel } from '../../../api/model.ts'
import { EditNovelScreen, WriteNovelScreen } from './novel-editor-screens.tsx'

const mocks = vi.hoisted(() => ({
  ownSeries: vi.fn(),
  addUpload: vi.fn(),
  addNovel: vi.fn(),
  editNovel: vi.fn(),
  deleteNovel: vi.fn(),
  novelSource: vi.fn(),
  novelDetail: vi.fn(),
  novelText: vi.fn(),
}))

vi.mock('../../../lib/posting-api.ts', () => ({
  postingApi: { ownSeries: mocks.ownSeries, addUpload: mocks.addUpload },
}))
vi.mock('../../../lib/novel-posting-api.ts', () => ({
  novelPostingApi: {
    addNovel: mocks.addNovel,
    editNovel: mocks.editNovel,
    deleteNovel: mocks.deleteNovel,
    novelSource: mocks.novelSource,
  },
}))
vi.mock('../../../lib/api.ts', () => {
  const state = { accessToken: 'a', refreshToken: 'r', expiresAt: 0, user: { id: 7, name: 'Author' } }
  return {
    api: { novelDetail: mocks.novelDetail, novelText: mocks.novelText },
    session: { get: () => state, subscribe: () => () => true },
  }
})

/** The tag field the app composes in: none is needed here. */
const NoTags = (): ReactNode => null

const novel = (over: Partial<Novel> = {}) =>
  ({
    id: 8,
    title: 'Posted novel',
    caption: '',
    tags: [],
    restrict: 0,
    xRestrict: 0,
    novelAiType: 1,
    isOriginal: true,
    series: null,
    user: { id: 7, name: 'Author' },
    imageUrls: { medium: '/cover.jpg' },
    ...over,
  }) as unknown as Novel

const OWN_SERIES = [
  { id: 3, title: 'Night library', count: 2 },
  { id: 1, title: 'Letters', count: 1 },
]

function renderWith(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>,
  )
}

const seriesSelect = () => screen.getByRole('combobox', { name: 'Series' })
const optionTexts = () =>
  within(seriesSelect())
    .getAllByRole('option')
    .map((o) => o.textContent)
const restrictGroup = () => within(screen.getByRole('group', { name: 'Who can read it' }))

describe('the novel editor screens', () => {
  beforeEach(() => {
    for (const mock of Object.values(mocks)) mock.mockReset()
    mocks.ownSeries.mockResolvedValue(OWN_SERIES)
    mocks.novelText.mockResolvedValue({ images: {}, illusts: {} })
  })
  afterEach(() => localStorage.clear())

  it('offers the author’s own novel series with their counts, and posts the novel into the one chosen', async () => {
    let answer!: (list: typeof OWN_SERIES) => void
    mocks.ownSeries.mockReturnValue(new Promise((resolve) => (answer = resolve)))
    mocks.addNovel.mockResolvedValue(novel())
    const onPosted = vi.fn()
    renderWith(<WriteNovelScreen TagField={NoTags} onPosted={onPosted} />)
    expect(mocks.ownSeries).toHaveBeenCalledWith('novel', expect.objectContaining({ signal: expect.anything() }))
    expect(optionTexts()).toEqual(['None', 'Loading your series…', 'New series…'])
    answer(OWN_SERIES)
    await waitFor(() =>
      expect(optionTexts()).toEqual(['None', 'Night library (2 novels)', 'Letters (1 novel)', 'New series…']),
    )

    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: 'Chapter three' } })
    fireEvent.change(screen.getByRole('textbox', { name: 'Text' }), { target: { value: 'It was night.' } })
    fireEvent.change(seriesSelect(), { target: { value: '3' } })
    fireEvent.click(screen.getByRole('button', { name: 'Post' }))
    await waitFor(() => expect(onPosted).toHaveBeenCalled())
    expect(mocks.addNovel).toHaveBeenCalledWith(expect.objectContaining({ title: 'Chapter three', series_id: 3 }))
    expect(mocks.addNovel.mock.calls[0]![0]).not.toHaveProperty('series_title')
  })

  it('says when the author’s series could not be had, and asks again', async () => {
    mocks.ownSeries.mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(OWN_SERIES)
    renderWith(<WriteNovelScreen TagField={NoTags} onPosted={vi.fn()} />)
    expect(await screen.findByText('Your series could not be loaded.')).toBeInTheDocument()
    expect(optionTexts()).toEqual(['None', 'New series…'])
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    await waitFor(() => expect(optionTexts()).toContain('Night library (2 novels)'))
    expect(screen.queryByText('Your series could not be loaded.')).toBeNull()
  })

  it('edits a novel moderators hide: says so, and keeps the restrict its author chose, not the private one shown', async () => {
    mocks.novelDetail.mockResolvedValue(novel({ restrict: 2, series: { id: 3, title: 'Night library' } }))
    mocks.novelSource.mockResolvedValue({ text: 'It was night.', coverUploadId: null, held: { restrict: 'mypixiv' } })
    mocks.editNovel.mockResolvedValue(novel())
    const onSaved = vi.fn()
    renderWith(<EditNovelScreen novelId={8} TagField={NoTags} onSaved={onSaved} onDeleted={vi.fn()} />)
    expect(await screen.findByRole('note')).toHaveTextContent(
      'Hidden by the moderators: only you can see it until an admin restores it.',
    )
    expect(restrictGroup().getByRole('radio', { name: 'My pixiv (mutual follows)' })).toBeChecked()
    // its own series, among the author's, with its count once they come
    await waitFor(() => expect(optionTexts()).toContain('Night library (2 novels)'))
    expect(seriesSelect()).toHaveValue('3')

    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(onSaved).toHaveBeenCalled())
    expect(mocks.editNovel).toHaveBeenCalledWith(8, expect.objectContaining({ restrict: 'mypixiv', series_id: 3 }))
  })

  it('says nothing of moderators for a novel they do not hide, and keeps its own restrict', async () => {
    mocks.novelDetail.mockResolvedValue(novel({ restrict: 2 }))
    mocks.novelSource.mockResolvedValue({ text: 'It was night.', coverUploadId: null, held: null })
    renderWith(<EditNovelScreen novelId={8} TagField={NoTags} onSaved={vi.fn()} onDeleted={vi.fn()} />)
    expect(await screen.findByRole('textbox', { name: 'Title' })).toHaveValue('Posted novel')
    expect(screen.queryByRole('note')).toBeNull()
    expect(restrictGroup().getByRole('radio', { name: 'Only me' })).toBeChecked()
  })
})
