import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { BadRequestError } from '../../../lib/api-error.ts'
import { DRAFT_KEY } from '../draft.ts'
import { EMPTY_WORK } from '../work-rules.ts'
import { PostScreen } from './post-screen.tsx'

const mocks = vi.hoisted(() => ({
  addUpload: vi.fn(),
  addIllust: vi.fn(),
  ownSeries: vi.fn(),
  signedIn: true,
}))

vi.mock('../../../lib/posting-api.ts', () => ({
  postingApi: { addUpload: mocks.addUpload, addIllust: mocks.addIllust, ownSeries: mocks.ownSeries },
}))

vi.mock('../../../lib/api.ts', () => {
  const state = { accessToken: 'a', refreshToken: 'r', expiresAt: 0, user: { id: 7, name: 'Author' } }
  return {
    api: { autocomplete: vi.fn(async () => []) },
    session: { get: () => (mocks.signedIn ? state : null), subscribe: () => () => true },
  }
})

const upload = (id: number) => ({ id, width: 640 + id, height: 480, ext: 'png', bytes: 1000 })
const png = (name: string) => new File([new Uint8Array(10)], name, { type: 'image/png' })

function setup() {
  const onPosted = vi.fn()
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/upload']}>
        <PostScreen onPosted={onPosted} />
      </MemoryRouter>
    </QueryClientProvider>,
  )
  return { onPosted, client }
}

/** A draft of a work ready to post (a page, a title), with `values` besides. */
const readyDraft = (values: object = {}) =>
  localStorage.setItem(
    DRAFT_KEY,
    JSON.stringify({
      userId: 7,
      values: { ...EMPTY_WORK, title: 'Part two', ...values },
      pages: [{ upload: upload(1), at: Date.now() }],
    }),
  )

const OWN_SERIES = [
  { id: 12, title: 'Cats', count: 3 },
  { id: 4, title: 'Dogs', count: 1 },
]
const seriesSelect = () => screen.getByRole('combobox', { name: 'Series to add it to' })
const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent)

const tiles = () => within(screen.getByRole('list', { name: 'Pages' })).getAllByRole('listitem')
const postButton = () => screen.getByRole('button', { name: 'Post' })
const choose = (...files: File[]) => {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!
  fireEvent.change(input, { target: { files } })
}

describe('the post screen', () => {
  beforeEach(() => {
    mocks.signedIn = true
    mocks.addUpload.mockReset()
    mocks.addIllust.mockReset()
    mocks.ownSeries.mockReset()
    mocks.ownSeries.mockResolvedValue([])
  })
  afterEach(() => localStorage.clear())

  it('asks a signed-out visitor to sign in, and to come back', () => {
    mocks.signedIn = false
    setup()
    expect(screen.getByRole('heading', { name: 'Sign in to post your works' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?return_to=%2Fupload')
  })

  it('uploads each file at once on its own, shows its progress, and keeps a failed one for a retry', async () => {
    let progress: ((sent: number, total: number) => void) | undefined
    let finish: ((u: unknown) => void) | undefined
    mocks.addUpload
      .mockImplementationOnce((_file: File, opts: { onProgress: typeof progress }) => {
        progress = opts.onProgress
        return new Promise((resolve) => (finish = resolve))
      })
      .mockImplementationOnce(() =>
        Promise.reject(
          new BadRequestError({ status: 415, userMessage: 'The file is not a JPEG, PNG, GIF or WebP image.' }),
        ),
      )
    setup()
    expect(postButton()).toBeDisabled()
    expect(screen.getByText('Add at least one page.')).toBeInTheDocument()

    choose(png('one.png'), png('two.png'))
    expect(mocks.addUpload).toHaveBeenCalledTimes(2)
    expect(mocks.addUpload.mock.calls.map(([f]) => (f as File).name)).toEqual(['one.png', 'two.png'])
    act(() => progress!(5, 10))
    const bar = screen.getByRole('progressbar', { name: 'Upload of one.png' })
    expect(bar).toHaveAttribute('aria-valuenow', '50')
    expect(await screen.findByText(/The file is not a JPEG, PNG, GIF or WebP image\./)).toBeInTheDocument()
    expect(screen.getByText('Retry or remove the pages that were not uploaded.')).toBeInTheDocument()

    await act(async () => finish!(upload(1)))
    expect(bar).toHaveAttribute('aria-valuenow', '100')
    expect(within(tiles()[0]!).getByText('Uploaded')).toBeInTheDocument()
    expect(within(tiles()[0]!).getByText('Page 1 · 641×480')).toBeInTheDocument()

    // Retry sends that file, and only it, again.
    mocks.addUpload.mockResolvedValueOnce(upload(2))
    fireEvent.click(within(tiles()[1]!).getByRole('button', { name: 'Retry' }))
    expect(mocks.addUpload).toHaveBeenCalledTimes(3)
    expect((mocks.addUpload.mock.calls[2]![0] as File).name).toBe('two.png')
    expect(await within(tiles()[1]!).findByText('Uploaded')).toBeInTheDocument()
    expect(screen.getByText('Give the work a title.')).toBeInTheDocument()
  })

  it('keeps the uploaded pages and the fields as a draft, restored after a reload, and posts the pages in the order shown', async () => {
    localStorage.setItem(
      DRAFT_KEY,
      JSON.stringify({
        userId: 7,
        values: { ...EMPTY_WORK, title: '', tags: ['cat'], type: 'manga' },
        pages: [1, 2, 3].map((id) => ({ upload: upload(id), at: Date.now() })),
      }),
    )
    mocks.addIllust.mockResolvedValue({ id: 99, user: { id: 7 } })
    const { onPosted } = setup()
    expect(screen.getByText('Your draft is back, with the pages already uploaded.')).toBeInTheDocument()
    expect(tiles().map((t) => within(t).getByText(/^Page \d/).textContent)).toEqual([
      'Page 1 · 641×480',
      'Page 2 · 642×480',
      'Page 3 · 643×480',
    ])
    expect(screen.getByRole('radio', { name: 'Manga' })).toBeChecked()
    expect(screen.getByRole('list', { name: 'Tags' })).toHaveTextContent('cat')
    // No title yet: the button says so.
    expect(postButton()).toBeDisabled()
    expect(postButton()).toHaveAccessibleDescription('Give the work a title.')

    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: 'Three pages' } })
    await waitFor(() => expect(JSON.parse(localStorage.getItem(DRAFT_KEY)!).values.title).toBe('Three pages'))
    const later = within(tiles()[0]!).getByRole('button', { name: 'Move later' })
    fireEvent.click(later)
    expect(tiles().map((t) => within(t).getByText(/^Page \d/).textContent)).toEqual([
      'Page 1 · 642×480',
      'Page 2 · 641×480',
      'Page 3 · 643×480',
    ])
    // The moved page's button keeps the focus, and the move is announced.
    await waitFor(() => expect(within(tiles()[1]!).getByRole('button', { name: 'Move later' })).toHaveFocus())
    expect(screen.getByText('Page moved to position 2 of 3.')).toBeInTheDocument()
    await waitFor(() =>
      expect(
        JSON.parse(localStorage.getItem(DRAFT_KEY)!).pages.map((p: { upload: { id: number } }) => p.upload.id),
      ).toEqual([2, 1, 3]),
    )

    expect(postButton()).toBeEnabled()
    fireEvent.click(postButton())
    await waitFor(() => expect(onPosted).toHaveBeenCalledWith({ id: 99, user: { id: 7 } }))
    expect(mocks.addIllust.mock.calls[0]![0]).toMatchObject({
      title: 'Three pages',
      type: 'manga',
      tags: ['cat'],
      upload_ids: [2, 1, 3],
    })
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull()
  })

  it('shows a refused field beside it and focuses it', async () => {
    localStorage.setItem(
      DRAFT_KEY,
      JSON.stringify({
        userId: 7,
        values: { ...EMPTY_WORK, title: 'Fine' },
        pages: [{ upload: upload(1), at: Date.now() }],
      }),
    )
    mocks.addIllust.mockRejectedValue(
      new BadRequestError({
        status: 400,
        message: '{"series_id":["unknown"]}',
        userMessage: 'No such series of yours.',
      }),
    )
    setup()
    fireEvent.click(postButton())
    expect(await screen.findByText('That series is not one of yours any more. Choose another.')).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'None' })).toHaveFocus()
  })

  it('offers the member’s own series to join, with their counts, and posts the one chosen by its id', async () => {
    readyDraft()
    mocks.ownSeries.mockResolvedValue(OWN_SERIES)
    mocks.addIllust.mockResolvedValue({ id: 99, user: { id: 7 } })
    const { onPosted } = setup()
    fireEvent.click(await screen.findByRole('radio', { name: 'One of my series' }))
    expect(mocks.ownSeries).toHaveBeenCalledWith('illust', expect.objectContaining({ signal: expect.anything() }))
    expect(optionTexts(seriesSelect())).toEqual(['Choose a series', 'Cats (3 works)', 'Dogs (1 work)'])
    // the newest, the likeliest to go on, until another is chosen
    expect(seriesSelect()).toHaveValue('12')
    fireEvent.change(seriesSelect(), { target: { value: '4' } })
    expect(seriesSelect()).toHaveValue('4')
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(DRAFT_KEY)!).values).toMatchObject({ series: 'existing', seriesId: 4 }),
    )

    fireEvent.click(postButton())
    await waitFor(() => expect(onPosted).toHaveBeenCalled())
    expect(mocks.addIllust.mock.calls[0]![0]).toMatchObject({ title: 'Part two', series_id: 4 })
    expect(mocks.addIllust.mock.calls[0]![0]).not.toHaveProperty('series_title')
  })

  it('brings a chosen series back from the draft, and wants one chosen before posting', async () => {
    readyDraft({ series: 'existing', seriesId: 4 })
    mocks.ownSeries.mockResolvedValue(OWN_SERIES)
    setup()
    expect(screen.getByRole('radio', { name: 'One of my series' })).toBeChecked()
    await waitFor(() => expect(seriesSelect()).toHaveValue('4'))

    fireEvent.change(seriesSelect(), { target: { value: '' } })
    fireEvent.click(postButton())
    expect(await screen.findByText('Choose the series to add it to.')).toBeInTheDocument()
    expect(seriesSelect()).toHaveFocus()
    expect(seriesSelect()).toHaveAccessibleDescription('Choose the series to add it to.')
    expect(mocks.addIllust).not.toHaveBeenCalled()
  })

  it('does not offer to join a series to a member who has none; a new one is sent by its title', async () => {
    readyDraft()
    mocks.addIllust.mockResolvedValue({ id: 99, user: { id: 7 } })
    const { client, onPosted } = setup()
    await waitFor(() => expect(client.getQueryState(['posting', 'own-series', 7])?.status).toBe('success'))
    expect(screen.getAllByRole('radio', { name: /series|None/ }).map((r) => r.getAttribute('value'))).toEqual([
      'none',
      'new',
    ])
    fireEvent.click(screen.getByRole('radio', { name: 'New series' }))
    fireEvent.change(screen.getByRole('textbox', { name: 'Title of the new series' }), {
      target: { value: ' Fresh ' },
    })
    fireEvent.click(postButton())
    await waitFor(() => expect(onPosted).toHaveBeenCalled())
    expect(mocks.addIllust.mock.calls[0]![0]).toMatchObject({ series_title: 'Fresh' })
    expect(mocks.addIllust.mock.calls[0]![0]).not.toHaveProperty('series_id')
  })

  it('says when the member’s series could not be had, and asks again', async () => {
    mocks.ownSeries.mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(OWN_SERIES)
    setup()
    fireEvent.click(await screen.findByRole('radio', { name: 'One of my series' }))
    expect(seriesSelect()).toBeDisabled()
    expect(screen.getByText('Your series could not be loaded.')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    await waitFor(() => expect(seriesSelect()).toBeEnabled())
    expect(optionTexts(seriesSelect())).toEqual(['Choose a series', 'Cats (3 works)', 'Dogs (1 work)'])
    expect(screen.queryByText('Your series could not be loaded.')).toBeNull()
  })

  it('posts an ugoira: one file uploaded as its frames, its delays shown and edited, sent when changed', async () => {
    let finish: ((u: unknown) => void) | undefined
    mocks.addUpload.mockImplementationOnce(() => new Promise((resolve) => (finish = resolve)))
    mocks.addIllust.mockResolvedValue({ id: 99, user: { id: 7 } })
    const { onPosted } = setup()
    fireEvent.click(screen.getByRole('radio', { name: 'Ugoira' }))
    expect(postButton()).toHaveAccessibleDescription('Add the animation.')
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!
    expect(input.multiple).toBe(false)
    expect(input.accept).toContain('image/gif')
    expect(input.accept).toContain('.zip')

    const gif = new File([new Uint8Array(10)], 'spin.gif', { type: 'image/gif' })
    choose(gif)
    expect(mocks.addUpload).toHaveBeenCalledWith(gif, expect.objectContaining({ kind: 'ugoira' }))
    expect(screen.getByRole('progressbar', { name: 'Upload of spin.gif' })).toBeInTheDocument()
    expect(postButton()).toHaveAccessibleDescription('Wait until every page is uploaded.')
    await act(async () =>
      finish!({ id: 5, width: 120, height: 90, ext: 'zip', bytes: 900, frame_delays: [100, 400, 700] }),
    )
    expect(screen.getByText('3 frames · 120×90')).toBeInTheDocument()
    const delay = (n: number) => screen.getByRole('spinbutton', { name: `Frame ${n}, ms` })
    expect([1, 2, 3].map((n) => (delay(n) as HTMLInputElement).value)).toEqual(['100', '400', '700'])

    // A delay the service would not take is marked as it is typed, and keeps the work from being posted.
    fireEvent.change(delay(2), { target: { value: '5' } })
    expect(delay(2)).toHaveAttribute('aria-invalid', 'true')
    expect(delay(2)).toHaveAccessibleDescription('Each frame shows for 20 to 60,000 ms.')
    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: 'Spin' } })
    fireEvent.click(postButton())
    await waitFor(() => expect(delay(2)).toHaveFocus())
    expect(mocks.addIllust).not.toHaveBeenCalled()

    // Every frame at once, then one of them again; kept in the draft.
    const every = screen.getByRole('spinbutton', { name: 'Every frame' })
    fireEvent.change(every, { target: { value: '10' } })
    fireEvent.click(screen.getByRole('button', { name: 'Set all' }))
    expect(every).toHaveAccessibleDescription('Each frame shows for 20 to 60,000 ms.')
    expect((delay(1) as HTMLInputElement).value).toBe('100')
    fireEvent.change(every, { target: { value: '80' } })
    fireEvent.click(screen.getByRole('button', { name: 'Set all' }))
    expect([1, 2, 3].map((n) => (delay(n) as HTMLInputElement).value)).toEqual(['80', '80', '80'])
    fireEvent.change(delay(3), { target: { value: '1000' } })
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(DRAFT_KEY)!)).toMatchObject({
        values: { type: 'ugoira', frameDelays: { uploadId: 5, delays: ['80', '80', '1000'] } },
        pages: [{ upload: { id: 5, frame_delays: [100, 400, 700] } }],
      }),
    )

    fireEvent.click(postButton())
    await waitFor(() => expect(onPosted).toHaveBeenCalled())
    expect(mocks.addIllust.mock.calls[0]![0]).toMatchObject({
      title: 'Spin',
      type: 'ugoira',
      upload_ids: [5],
      frame_delays: [80, 80, 1000],
    })
  })

  it('brings an ugoira back from its draft, and posts its delays as uploaded when they were not changed', async () => {
    localStorage.setItem(
      DRAFT_KEY,
      JSON.stringify({
        userId: 7,
        values: { ...EMPTY_WORK, title: 'Spin', type: 'ugoira' },
        pages: [
          { upload: { id: 5, width: 120, height: 90, ext: 'zip', bytes: 900, frame_delays: [60, 60] }, at: Date.now() },
        ],
      }),
    )
    mocks.addIllust.mockResolvedValue({ id: 99, user: { id: 7 } })
    setup()
    expect(screen.getByRole('radio', { name: 'Ugoira' })).toBeChecked()
    expect(screen.getByText('2 frames · 120×90')).toBeInTheDocument()
    expect(screen.getByRole('spinbutton', { name: 'Frame 2, ms' })).toHaveValue(60)
    fireEvent.click(postButton())
    await waitFor(() => expect(mocks.addIllust).toHaveBeenCalled())
    expect(mocks.addIllust.mock.calls[0]![0]).toMatchObject({ type: 'ugoira', upload_ids: [5] })
    expect(mocks.addIllust.mock.calls[0]![0]).not.toHaveProperty('frame_delays')
  })

  it('asks before a change of type removes what the new type cannot use', async () => {
    mocks.addUpload.mockImplementation((file: File) =>
      Promise.resolve(
        file.name === 'spin.gif'
          ? { id: 5, width: 120, height: 90, ext: 'zip', bytes: 900, frame_delays: [100, 100] }
          : upload(1),
      ),
    )
    setup()
    choose(png('one.png'), png('two.png'))
    await waitFor(() => expect(tiles()).toHaveLength(2))

    // Kept: the pages stay, and so does the type.
    fireEvent.click(screen.getByRole('radio', { name: 'Ugoira' }))
    expect(
      screen.getByText('An ugoira is one animation, not pages: the 2 pages added will be removed.'),
    ).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Keep it' }))
    expect(screen.getByRole('radio', { name: 'Illustration' })).toBeChecked()
    expect(tiles()).toHaveLength(2)

    fireEvent.click(screen.getByRole('radio', { name: 'Ugoira' }))
    fireEvent.click(screen.getByRole('button', { name: 'Remove and make it Ugoira' }))
    expect(screen.getByRole('radio', { name: 'Ugoira' })).toBeChecked()
    expect(screen.queryByRole('list', { name: 'Pages' })).toBeNull()
    expect(screen.getByText('The type changed: what was added for the other type was removed.')).toBeInTheDocument()

    choose(new File([new Uint8Array(10)], 'spin.gif', { type: 'image/gif' }))
    expect(await screen.findByText('2 frames · 120×90')).toBeInTheDocument()
    // Manga has no use for the animation either; and without anything added, no question.
    fireEvent.click(screen.getByRole('radio', { name: 'Manga' }))
    fireEvent.click(screen.getByRole('button', { name: 'Remove and make it Manga' }))
    expect(screen.getByRole('radio', { name: 'Manga' })).toBeChecked()
    expect(screen.queryByText(/frames ·/)).toBeNull()
    fireEvent.click(screen.getByRole('radio', { name: 'Ugoira' }))
    expect(screen.getByRole('radio', { name: 'Ugoira' })).toBeChecked()
    expect(screen.queryByRole('button', { name: /^Remove and make it/ })).toBeNull()
  })

  it('starts over: the draft and its pages go', () => {
    localStorage.setItem(
      DRAFT_KEY,
      JSON.stringify({
        userId: 7,
        values: { ...EMPTY_WORK, title: 'Old' },
        pages: [{ upload: upload(1), at: Date.now() }],
      }),
    )
    setup()
    expect(tiles()).toHaveLength(1)
    fireEvent.click(screen.getByRole('button', { name: 'Start over' }))
    expect(screen.queryByRole('list', { name: 'Pages' })).toBeNull()
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('')
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull()
  })
})
