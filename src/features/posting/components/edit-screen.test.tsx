import { QueryClient, QueryClientProvider, queryOptions } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Illust } from '../../../api/model.ts'
import { EditScreen } from './edit-screen.tsx'

const mocks = vi.hoisted(() => ({
  illustPages: vi.fn(),
  editIllust: vi.fn(),
  deleteIllust: vi.fn(),
  addUpload: vi.fn(),
  ownSeries: vi.fn(),
}))
const ugoiraMetadata = vi.hoisted(() => vi.fn())

vi.mock('../../../lib/posting-api.ts', () => ({ postingApi: mocks }))

vi.mock('../../../lib/api.ts', () => {
  const state = { accessToken: 'a', refreshToken: 'r', expiresAt: 0, user: { id: 7, name: 'Author' } }
  return {
    api: { autocomplete: vi.fn(async () => []), ugoiraMetadata },
    session: { get: () => state, subscribe: () => () => true },
  }
})

const work = (over: Partial<Illust> = {}) =>
  ({
    id: 40,
    title: 'Posted work',
    caption: '',
    type: 'manga',
    tags: [{ name: 'cat', translatedName: null }],
    restrict: 0,
    xRestrict: 0,
    illustAiType: 1,
    illustBookStyle: 0,
    commentAccessControl: 0,
    series: null,
    user: { id: 7, name: 'Author' },
    imageUrls: { squareMedium: '/sq/0.jpg', medium: '', large: '' },
    metaPages: [1, 2].map((n) => ({
      imageUrls: { squareMedium: `/sq/${n}.jpg`, medium: '', large: '', original: '' },
    })),
    ...over,
  }) as unknown as Illust

const upload = (id: number) => ({ id, width: 100 * id, height: 50, ext: 'jpg', bytes: 10 })

/** The works feature's detail query, as the app gives it: a stand-in answering the work `setup` was given. */
let shown: Illust
const detailOfShown = () => Promise.resolve(shown)

function setup(detail: Illust) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  const callbacks = { onSaved: vi.fn(), onDeleted: vi.fn() }
  shown = detail
  const query = queryOptions({ queryKey: ['works', 'detail', detail.id] as const, queryFn: detailOfShown })
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <EditScreen illustId={detail.id} detail={query} {...callbacks} />
      </MemoryRouter>
    </QueryClientProvider>,
  )
  return callbacks
}

describe('the edit screen', () => {
  beforeAll(() => {
    // jsdom has no modal dialogs.
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
      this.open = true
    }
    HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
      this.open = false
    }
  })
  beforeEach(() => {
    for (const mock of Object.values(mocks)) mock.mockReset()
    ugoiraMetadata.mockReset()
    mocks.illustPages.mockResolvedValue({ pages: [upload(1), upload(2)], held: null })
    mocks.ownSeries.mockResolvedValue([])
  })

  it('is its author’s only: another reader is told so, and the pages are not asked for', async () => {
    setup(work({ user: { id: 8, name: 'Someone', account: 's', profileImageUrls: { medium: '' } } }))
    expect(await screen.findByRole('heading', { name: 'Only its author can edit this work.' })).toBeInTheDocument()
    expect(mocks.illustPages).not.toHaveBeenCalled()
  })

  it('starts from the work, its pages shown by their own images, and saves them in their new order', async () => {
    const saved = work({ title: 'Renamed' })
    mocks.editIllust.mockResolvedValue(saved)
    const { onSaved } = setup(work())
    const title = await screen.findByRole('textbox', { name: 'Title' })
    expect(title).toHaveValue('Posted work')
    expect(screen.getByRole('radio', { name: 'Manga' })).toBeChecked()
    const tiles = () => within(screen.getByRole('list', { name: 'Pages' })).getAllByRole('listitem')
    expect(tiles().map((t) => t.querySelector('img')?.getAttribute('src'))).toEqual(['/sq/1.jpg', '/sq/2.jpg'])
    expect(within(tiles()[0]!).getByText('Page 1 · 100×50')).toBeInTheDocument()

    fireEvent.change(title, { target: { value: 'Renamed' } })
    fireEvent.click(within(tiles()[1]!).getByRole('button', { name: 'Move earlier' }))
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved))
    expect(mocks.editIllust).toHaveBeenCalledWith(40, expect.objectContaining({ title: 'Renamed', upload_ids: [2, 1] }))
  })

  it('edits an ugoira’s delays from those it plays with now, and saves them', async () => {
    const animation = { id: 3, width: 120, height: 90, ext: 'zip', bytes: 900, frame_delays: [100, 400, 700] }
    mocks.illustPages.mockResolvedValue({ pages: [animation], held: null })
    // Posted with delays of its own: the metadata's, not the upload's, are the work's.
    ugoiraMetadata.mockResolvedValue({
      zipUrls: { medium: '/z.zip' },
      frames: [250, 400, 700].map((delay, i) => ({ file: `${i}.jpg`, delay })),
    })
    const saved = work({ type: 'ugoira' })
    mocks.editIllust.mockResolvedValue(saved)
    const { onSaved } = setup(work({ type: 'ugoira', metaPages: [] }))
    const delay = (n: number) => screen.findByRole('spinbutton', { name: `Frame ${n}, ms` })
    expect(await delay(1)).toHaveValue(250)
    expect(screen.getByRole('radio', { name: 'Ugoira' })).toBeChecked()
    expect(screen.getByText('3 frames · 120×90')).toBeInTheDocument()
    expect(ugoiraMetadata).toHaveBeenCalledWith(40, expect.anything())

    fireEvent.change(await delay(3), { target: { value: '900' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved))
    expect(mocks.editIllust).toHaveBeenCalledWith(
      40,
      expect.objectContaining({ type: 'ugoira', upload_ids: [3], frame_delays: [250, 400, 900] }),
    )
  })

  it('says when moderators hide the work, and keeps the restrict its author chose, not the private one shown', async () => {
    mocks.illustPages.mockResolvedValue({ pages: [upload(1), upload(2)], held: { restrict: 'public' } })
    mocks.editIllust.mockResolvedValue(work())
    const { onSaved } = setup(work({ restrict: 2 }))
    expect(await screen.findByRole('note')).toHaveTextContent(
      'Hidden by the moderators: only you can see it until an admin restores it.',
    )
    const restrict = within(screen.getByRole('group', { name: 'Who can see it' }))
    expect(restrict.getByRole('radio', { name: 'Everyone' })).toBeChecked()
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(onSaved).toHaveBeenCalled())
    expect(mocks.editIllust).toHaveBeenCalledWith(40, expect.objectContaining({ restrict: 'public' }))
  })

  it('says nothing of moderators for a work they do not hide, and keeps its own restrict', async () => {
    mocks.editIllust.mockResolvedValue(work())
    const { onSaved } = setup(work({ restrict: 2 }))
    expect(await screen.findByRole('textbox', { name: 'Title' })).toBeInTheDocument()
    expect(screen.queryByRole('note')).toBeNull()
    expect(
      within(screen.getByRole('group', { name: 'Who can see it' })).getByRole('radio', { name: 'Only me' }),
    ).toBeChecked()
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(onSaved).toHaveBeenCalled())
    expect(mocks.editIllust).toHaveBeenCalledWith(40, expect.objectContaining({ restrict: 'private' }))
  })

  it('keeps the work in its series, or moves it to another of its author’s', async () => {
    mocks.ownSeries.mockResolvedValue([
      { id: 12, title: 'Cats', count: 3 },
      { id: 4, title: 'Dogs', count: 1 },
    ])
    mocks.editIllust.mockResolvedValue(work())
    const { onSaved } = setup(work({ series: { id: 12, title: 'Cats' } }))
    expect(await screen.findByRole('radio', { name: '“Cats”' })).toBeChecked()
    fireEvent.click(await screen.findByRole('radio', { name: 'One of my series' }))
    // the series it is in is its own choice, not one to join
    const select = screen.getByRole('combobox', { name: 'Series to add it to' })
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a series', 'Dogs (1 work)'])
    expect(select).toHaveValue('4')
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(onSaved).toHaveBeenCalled())
    expect(mocks.editIllust).toHaveBeenCalledWith(40, expect.objectContaining({ series_id: 4 }))
  })

  it('moves a page dragged onto another to its place', async () => {
    setup(work())
    await screen.findByRole('textbox', { name: 'Title' })
    const tiles = () => within(screen.getByRole('list', { name: 'Pages' })).getAllByRole('listitem')
    const data = new Map<string, string>()
    const dataTransfer = {
      types: ['application/x-easel-page'],
      setData: (k: string, v: string) => data.set(k, v),
      getData: (k: string) => data.get(k) ?? '',
      effectAllowed: '',
      dropEffect: '',
    }
    fireEvent.dragStart(tiles()[1]!, { dataTransfer })
    fireEvent.dragOver(tiles()[0]!, { dataTransfer })
    fireEvent.drop(tiles()[0]!, { dataTransfer })
    expect(tiles().map((t) => t.querySelector('img')?.getAttribute('src'))).toEqual(['/sq/2.jpg', '/sq/1.jpg'])
  })

  it('deletes the work only once asked again', async () => {
    mocks.deleteIllust.mockResolvedValue(undefined)
    const { onDeleted } = setup(work())
    fireEvent.click(await screen.findByRole('button', { name: 'Delete this work' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete “Posted work”?' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(mocks.deleteIllust).not.toHaveBeenCalled()
    fireEvent.click(screen.getByRole('button', { name: 'Delete this work' }))
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(onDeleted).toHaveBeenCalled())
    expect(mocks.deleteIllust).toHaveBeenCalledWith(40)
  })
})
