import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Account } from '../../../api/model.ts'
import { setLang } from '../../../lib/i18n/i18n.ts'
import type { AuditEntry, Held, ModerationTarget, Report } from '../../../lib/moderation-client.ts'
import { ModerationScreen } from './moderation-screen.tsx'

const mocks = vi.hoisted(() => ({
  account: vi.fn(),
  moderationReports: vi.fn(),
  moderationHeld: vi.fn(),
  moderationLog: vi.fn(),
  dismissReport: vi.fn(),
  moderateItem: vi.fn(),
  moderateUser: vi.fn(),
  signedIn: true,
  session: { user: { id: 1 } },
}))

vi.mock('../../../lib/account-api.ts', () => ({ accountApi: { account: mocks.account } }))
vi.mock('../../../lib/moderation-api.ts', () => ({
  moderationApi: {
    moderationReports: mocks.moderationReports,
    moderationHeld: mocks.moderationHeld,
    moderationLog: mocks.moderationLog,
    dismissReport: mocks.dismissReport,
    moderateItem: mocks.moderateItem,
    moderateUser: mocks.moderateUser,
  },
}))
vi.mock('../../../lib/api.ts', () => ({
  api: {},
  session: { get: () => (mocks.signedIn ? mocks.session : null), subscribe: () => () => true },
}))

const admin: Account = { id: 1, name: 'Demo', account: 'demo', role: 'admin' }
const ago = (hours: number) => new Date(Date.now() - hours * 3600_000).toISOString()
const user = (id: number, account: string) => ({ id, name: account.toUpperCase(), account })

const commentTarget: ModerationTarget = {
  kind: 'comment',
  id: 31,
  label: 'rude words',
  user: user(4, 'writer'),
  exists: true,
  held: false,
  suspensionHold: false,
  on: { kind: 'illust', id: 77 },
}
const workTarget = (id: number, label: string, extra: Partial<ModerationTarget> = {}): ModerationTarget => ({
  kind: 'illust',
  id,
  label,
  user: user(6, 'painter'),
  exists: true,
  held: false,
  suspensionHold: false,
  ...extra,
})

const report = (id: number, target: ModerationTarget, extra: Partial<Report> = {}): Report => ({
  id,
  target,
  reason: 'harassment',
  note: '',
  reporter: user(5, 'reader'),
  createdAt: ago(3),
  closedAt: null,
  resolution: null,
  closedBy: null,
  ...extra,
})

function setup(url = '/settings?view=moderation') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/settings" element={<ModerationScreen itemKeys={[['works']]} />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  )
  return client
}

describe('the moderation screen', () => {
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
    vi.resetAllMocks()
    mocks.signedIn = true
    mocks.account.mockResolvedValue(admin)
  })
  afterEach(() => setLang('en'))

  it('tells a member, readably, that it is the admins’, and asks for no reports', async () => {
    mocks.account.mockResolvedValue({ ...admin, role: 'member' })
    setup()
    expect(await screen.findByRole('heading', { name: 'Only admins can moderate' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Moderation' })).toBeInTheDocument()
    expect(mocks.moderationReports).not.toHaveBeenCalled()
  })

  it('asks a signed-out visitor to sign in, and asks nobody for the account', () => {
    mocks.signedIn = false
    setup()
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toMatch(/^\/login\?return_to=/)
    expect(mocks.account).not.toHaveBeenCalled()
  })

  it('lists the open reports with what they name, why, and who sent them, and pages by next_url', async () => {
    mocks.moderationReports.mockImplementation((_state: string, cursor?: { offset?: number }) =>
      Promise.resolve(
        cursor?.offset === 30
          ? { reports: [report(4, workTarget(12, 'Second page work'))], nextUrl: null }
          : {
              reports: [report(3, commentTarget, { note: 'Keeps insulting people' })],
              nextUrl: 'http://svc.test/v1/easel/moderation/reports?state=open&offset=30',
            },
      ),
    )
    setup()
    const card = await screen.findByRole('article', { name: 'Report 3' })
    expect(mocks.moderationReports).toHaveBeenCalledWith('open', undefined, expect.anything())
    expect(within(card).getByText('Comment')).toBeInTheDocument()
    // A comment's target opens the work it is on.
    expect(within(card).getByRole('link', { name: 'rude words' }).getAttribute('href')).toBe('/artworks/77')
    expect(within(card).getByRole('link', { name: '@writer' }).getAttribute('href')).toBe('/users/4')
    expect(within(card).getByRole('link', { name: '@reader' }).getAttribute('href')).toBe('/users/5')
    expect(card).toHaveTextContent('ReasonHarassment or hate')
    expect(card).toHaveTextContent('NoteKeeps insulting people')
    expect(card).toHaveTextContent('Reported by @reader 3 hours ago')
    expect(
      within(card)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Hide', 'Delete', 'Suspend author', 'Dismiss'])

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }))
    expect(await screen.findByRole('article', { name: 'Report 4' })).toBeInTheDocument()
    expect(mocks.moderationReports).toHaveBeenLastCalledWith('open', { offset: 30 }, expect.anything())
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull()
    expect(within(screen.getByRole('list', { name: 'Reports' })).getAllByRole('article')).toHaveLength(2)
  })

  it('dismisses a report with a note, then asks for the reports again', async () => {
    mocks.moderationReports.mockResolvedValueOnce({ reports: [report(3, commentTarget)], nextUrl: null })
    mocks.moderationReports.mockResolvedValue({ reports: [], nextUrl: null })
    mocks.dismissReport.mockResolvedValue(undefined)
    setup()
    const card = await screen.findByRole('article', { name: 'Report 3' })
    fireEvent.click(within(card).getByRole('button', { name: 'Dismiss' }))
    const dialog = screen.getByRole('dialog', { name: 'Dismiss this report?' })
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'Banter between friends' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dismiss' }))
    expect(await screen.findByText('No open reports. Nothing to do.')).toBeInTheDocument()
    expect(mocks.dismissReport).toHaveBeenCalledWith(3, 'Banter between friends')
  })

  it('suspends a report’s author from the report', async () => {
    mocks.moderationReports.mockResolvedValue({ reports: [report(3, workTarget(12, 'Stolen art'))], nextUrl: null })
    mocks.moderateUser.mockResolvedValue(undefined)
    setup()
    const card = await screen.findByRole('article', { name: 'Report 3' })
    fireEvent.click(within(card).getByRole('button', { name: 'Suspend author' }))
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Suspend PAINTER?' })).getByRole('button', { name: 'Suspend' }),
    )
    await waitFor(() => expect(mocks.moderateUser).toHaveBeenCalledWith(6, 'suspend', ''))
  })

  it('shows the closed reports with what closed them, and no actions', async () => {
    mocks.moderationReports.mockResolvedValue({
      reports: [
        report(2, workTarget(12, 'Gone work', { exists: false }), {
          closedAt: ago(1),
          resolution: 'delete',
          closedBy: user(1, 'demo'),
        }),
      ],
      nextUrl: null,
    })
    setup('/settings?view=moderation&state=closed')
    const card = await screen.findByRole('article', { name: 'Report 2' })
    expect(mocks.moderationReports).toHaveBeenCalledWith('closed', undefined, expect.anything())
    expect(card).toHaveTextContent('OutcomeDeleted')
    expect(card).toHaveTextContent('Closed by @demo 1 hour ago')
    // Deleted: named, no longer linked.
    expect(within(card).queryByRole('link', { name: 'Gone work' })).toBeNull()
    expect(within(card).queryAllByRole('button')).toEqual([])
    const states = screen.getByRole('navigation', { name: 'Reports to show' })
    expect(within(states).getByRole('link', { name: 'Closed' })).toHaveAttribute('aria-current', 'page')
    expect(within(states).getByRole('link', { name: 'Open' }).getAttribute('href')).toBe('/settings?view=moderation')
  })

  it('lists what is held, each with its undoing', async () => {
    const held: Held[] = [
      { target: workTarget(12, 'Hidden work', { held: true }), heldAt: ago(2) },
      {
        target: {
          kind: 'user',
          id: 6,
          label: 'Painter',
          user: user(6, 'painter'),
          exists: true,
          held: true,
          suspensionHold: false,
        },
        heldAt: ago(5),
      },
    ]
    mocks.moderationHeld.mockResolvedValue({ held, nextUrl: null })
    mocks.moderateItem.mockResolvedValue(undefined)
    mocks.moderateUser.mockResolvedValue(undefined)
    setup('/settings?view=moderation&tab=held')
    const list = await screen.findByRole('list', { name: 'Hidden and suspended' })
    const [work, account] = within(list).getAllByRole('listitem')
    expect(work).toHaveTextContent('WorkHidden workHidden')
    expect(account).toHaveTextContent('AccountPainterSuspended')
    expect(within(account!).getByRole('link', { name: 'Painter' }).getAttribute('href')).toBe('/users/6')

    fireEvent.click(within(work!).getByRole('button', { name: 'Unhide' }))
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Show “Hidden work” again?' })).getByRole('button', {
        name: 'Show again',
      }),
    )
    await waitFor(() =>
      expect(mocks.moderateItem).toHaveBeenCalledWith({ kind: 'illust', targetId: 12, action: 'unhide', note: '' }),
    )
    fireEvent.click(within(account!).getByRole('button', { name: 'Lift suspension' }))
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Lift the suspension of Painter?' })).getByRole('button', {
        name: 'Lift suspension',
      }),
    )
    await waitFor(() => expect(mocks.moderateUser).toHaveBeenCalledWith(6, 'unsuspend', ''))
  })

  it('shows the log: who did what to what, when, and why', async () => {
    const entries: AuditEntry[] = [
      {
        id: 1,
        createdAt: ago(4),
        admin: user(1, 'demo'),
        action: 'hide',
        target: workTarget(12, 'Reported work', { held: true }),
        note: 'Three reports',
      },
    ]
    mocks.moderationLog.mockResolvedValue({ entries, nextUrl: null })
    setup('/settings?view=moderation&tab=log')
    const list = await screen.findByRole('list', { name: 'Moderation log' })
    const [line] = within(list).getAllByRole('listitem')
    expect(line).toHaveTextContent('Hidden')
    expect(within(line!).getByRole('link', { name: 'Reported work' }).getAttribute('href')).toBe('/artworks/12')
    expect(line).toHaveTextContent('NoteThree reports')
    expect(line).toHaveTextContent('By @demo 4 hours ago')
    const sections = screen.getByRole('navigation', { name: 'Moderation' })
    expect(within(sections).getByRole('link', { name: 'Log' })).toHaveAttribute('aria-current', 'page')
  })

  it('speaks Japanese', async () => {
    await setLang('ja')
    mocks.moderationReports.mockResolvedValue({ reports: [], nextUrl: null })
    setup()
    expect(await screen.findByText('未対応の通報はありません。')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'モデレーション' })).toBeInTheDocument()
    expect(
      within(screen.getByRole('navigation', { name: 'モデレーション' }))
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['通報', '非表示・利用停止', '記録'])
  })
})
