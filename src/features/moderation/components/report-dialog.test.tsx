import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { ForbiddenError, NotFoundError } from '../../../lib/api-error.ts'
import { setLang } from '../../../lib/i18n/i18n.ts'
import type { ReportTarget } from '../report-labels.ts'
import { ReportButton } from './report-button.tsx'

const mocks = vi.hoisted(() => ({
  addReport: vi.fn(),
  signedIn: true,
  session: { user: { id: 1 } },
}))

vi.mock('../../../lib/moderation-api.ts', () => ({ moderationApi: { addReport: mocks.addReport } }))
vi.mock('../../../lib/api.ts', () => ({
  api: {},
  session: { get: () => (mocks.signedIn ? mocks.session : null), subscribe: () => () => true },
}))

const WORK: ReportTarget = { kind: 'illust', targetId: 7, authorId: 2, label: 'Sunset over the bay' }

function setup(target: ReportTarget = WORK) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/artworks/7']}>
        <ReportButton {...target} />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

/** Opens the dialog (its code is a chunk of its own: it appears once loaded). */
async function open(name: string | RegExp = 'Report') {
  fireEvent.click(screen.getByRole('button', { name }))
  return screen.findByRole('dialog')
}

describe('the report dialog', () => {
  beforeAll(() => {
    // jsdom has no modal dialogs; close() fires `close` as browsers do.
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
      this.open = true
    }
    HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
      this.open = false
      this.dispatchEvent(new Event('close'))
    }
  })
  beforeEach(() => {
    vi.resetAllMocks()
    mocks.signedIn = true
  })
  afterEach(() => setLang('en'))

  it('is a link to sign in, and back, for a visitor who is signed out', () => {
    mocks.signedIn = false
    setup()
    const link = screen.getByRole('link', { name: 'Report' })
    expect(link.getAttribute('href')).toBe('/login?return_to=%2Fartworks%2F7')
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull()
  })

  it('is not offered on one’s own work', () => {
    mocks.session = { user: { id: 2 } }
    setup()
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull()
    expect(screen.queryByRole('link', { name: 'Report' })).toBeNull()
    mocks.session = { user: { id: 1 } }
  })

  it('asks why, takes a note, sends the report and says it was sent', async () => {
    mocks.addReport.mockResolvedValue(undefined)
    setup()
    const dialog = await open()
    expect(dialog).toHaveAccessibleName('Report this work')
    expect(dialog).toHaveTextContent('You are reporting “Sunset over the bay” to the admins of this site.')
    const reasons = within(within(dialog).getByRole('group', { name: 'What is wrong with it?' })).getAllByRole('radio')
    expect(reasons.map((r) => r.closest('label')!.textContent)).toEqual([
      'Spam or advertising',
      'Sexual content, or not marked R-18',
      'Violence or gore',
      'Harassment or hate',
      'Someone else’s work (copyright)',
      'Something else',
    ])
    const send = within(dialog).getByRole('button', { name: 'Send report' })
    expect(send).toBeDisabled()
    expect(send).toHaveAccessibleDescription('Choose a reason to send the report.')

    fireEvent.click(within(dialog).getByRole('radio', { name: 'Someone else’s work (copyright)' }))
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Anything the admins should know (optional)' }), {
      target: { value: 'Traced from my work' },
    })
    expect(send).toBeEnabled()
    fireEvent.click(send)

    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Report sentThank you. The admins of this site will look at it.',
    )
    expect(mocks.addReport).toHaveBeenCalledWith({
      kind: 'illust',
      targetId: 7,
      reason: 'copyright',
      note: 'Traced from my work',
    })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('shows the service’s refusal, and keeps the choices to try again', async () => {
    mocks.addReport.mockRejectedValue(
      new ForbiddenError({ status: 403, userMessage: 'You cannot report your own work or comment.' }),
    )
    setup()
    const dialog = await open()
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Spam or advertising' }))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The report was not sent: You cannot report your own work or comment.',
    )
    expect(within(dialog).getByRole('radio', { name: 'Spam or advertising' })).toBeChecked()
  })

  it('names the comment and its writer, and says so when the comment is gone', async () => {
    mocks.addReport.mockRejectedValue(new NotFoundError({ status: 404, userMessage: 'No such comment.' }))
    setup({ kind: 'comment', targetId: 9, authorId: 3, label: 'a comment '.repeat(20), authorName: 'Writer' })
    const dialog = await open('Report the comment by Writer')
    expect(dialog).toHaveAccessibleName('Report this comment')
    // A long comment is quoted cut short.
    expect(dialog.textContent).toMatch(/“a comment a comment .*…”/)
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Harassment or hate' }))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('It is no longer there')
    expect(mocks.addReport).toHaveBeenCalledWith({ kind: 'comment', targetId: 9, reason: 'harassment', note: '' })
  })

  it('speaks Japanese, the service’s English refusal included', async () => {
    await setLang('ja')
    mocks.addReport.mockRejectedValue(
      new ForbiddenError({ status: 403, userMessage: 'You cannot report your own work or comment.' }),
    )
    setup()
    const dialog = await open('通報')
    expect(dialog).toHaveAccessibleName('この作品を通報')
    fireEvent.click(within(dialog).getByRole('radio', { name: 'スパム・宣伝' }))
    fireEvent.click(within(dialog).getByRole('button', { name: '通報する' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      '通報を送信できませんでした：自分の作品やコメントは通報できません。',
    )
  })
})
