import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Account, Comment } from '../../../api/model.ts'
import { BadRequestError, ForbiddenError } from '../../../lib/api-error.ts'
import { setLang } from '../../../lib/i18n/i18n.ts'
import { CommentModeration, ItemModeration, UserModeration } from './item-moderation.tsx'

const mocks = vi.hoisted(() => ({
  account: vi.fn(),
  moderateItem: vi.fn(),
  moderateUser: vi.fn(),
  moderationTarget: vi.fn(),
  signedIn: true,
  session: { user: { id: 1 } },
}))

vi.mock('../../../lib/account-api.ts', () => ({ accountApi: { account: mocks.account } }))
vi.mock('../../../lib/moderation-api.ts', () => ({
  moderationApi: {
    moderateItem: mocks.moderateItem,
    moderateUser: mocks.moderateUser,
    moderationTarget: mocks.moderationTarget,
  },
}))
vi.mock('../../../lib/api.ts', () => ({
  api: {},
  session: { get: () => (mocks.signedIn ? mocks.session : null), subscribe: () => () => true },
}))

const admin: Account = { id: 1, name: 'Demo', account: 'demo', role: 'admin' }
const member: Account = { ...admin, role: 'member' }
const DETAIL_KEY = ['works', 'detail', 7]
const LIST_KEY = ['works', 'search', 'x']

function setup(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  client.setQueryData(DETAIL_KEY, { id: 7 })
  client.setQueryData(LIST_KEY, { pages: [] })
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/artworks/7']}>
        <Routes>
          <Route path="/artworks/7" element={children} />
          <Route path="/" element={<h1>Home</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  )
  return client
}

const work = (authorId = 2) => (
  <ItemModeration
    kind="illust"
    id={7}
    authorId={authorId}
    label="Sunset"
    detailKey={DETAIL_KEY}
    listKeys={[['works']]}
  />
)

const comment: Comment = {
  id: 31,
  comment: 'rude words',
  date: '2026-01-02T03:04:05+09:00',
  user: { id: 4, name: 'Writer', account: 'writer', profileImageUrls: { medium: 'a.png' } },
  parentComment: null,
  hasReplies: false,
}

/** Moderation's answer for a target: whether it is held (hidden, or suspended). */
const heldIs =
  (held: boolean, suspensionHold = false) =>
  (kind: string, id: number) =>
    Promise.resolve({ kind, id, label: '', user: null, exists: true, held, suspensionHold })

/** The admins' group, once their tools' chunk and the account's role are in. */
const tools = () => screen.findByRole('group', { name: 'Moderation' })

describe('moderation on a work, a comment and a profile', () => {
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
    mocks.session = { user: { id: 1 } }
    mocks.account.mockResolvedValue(admin)
    mocks.moderationTarget.mockImplementation(heldIs(false))
  })
  afterEach(() => setLang('en'))

  it('shows a member the Report button and none of the admins’ tools', async () => {
    mocks.account.mockResolvedValue(member)
    const client = setup(work())
    await waitFor(() => expect(client.getQueryState(['settings', 'account'])?.status).toBe('success'))
    expect(screen.getByRole('button', { name: 'Report' })).toBeInTheDocument()
    expect(screen.queryByRole('group', { name: 'Moderation' })).toBeNull()
    for (const name of ['Hide', 'Unhide', 'Delete', 'Suspend'])
      expect(screen.queryByRole('button', { name })).toBeNull()
    expect(mocks.moderationTarget).not.toHaveBeenCalled()
  })

  it('asks a signed-out visitor’s role of nobody, and shows no tools', async () => {
    mocks.signedIn = false
    setup(work())
    expect(await screen.findByRole('link', { name: 'Report' })).toBeInTheDocument()
    expect(screen.queryByRole('group', { name: 'Moderation' })).toBeNull()
    expect(mocks.account).not.toHaveBeenCalled()
  })

  it('shows nothing on the admin’s own work (its edit page deletes it)', async () => {
    mocks.session = { user: { id: 2 } }
    setup(work(2))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByRole('group', { name: 'Moderation' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull()
  })

  it('lets an admin hide a work with a note, then asks for the work, its lists and its state again', async () => {
    mocks.moderateItem.mockResolvedValue(undefined)
    const client = setup(work())
    const group = await tools()
    const buttons = () =>
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent)
    await waitFor(() => expect(buttons()).toEqual(['Hide', 'Delete']))
    expect(mocks.moderationTarget).toHaveBeenCalledWith('illust', 7, expect.anything())
    fireEvent.click(within(group).getByRole('button', { name: 'Hide' }))
    const dialog = screen.getByRole('dialog', { name: 'Hide “Sunset”?' })
    expect(dialog).toHaveAccessibleDescription(/Only its author will see it/)
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Note for the moderation log (optional)' }), {
      target: { value: 'reported twice' },
    })
    mocks.moderationTarget.mockImplementation(heldIs(true))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide' }))
    expect(await within(group).findByRole('status')).toHaveTextContent('Hidden: only its author sees it now.')
    // Hidden now, the one action that applies is to show it again.
    await waitFor(() => expect(buttons()).toEqual(['Unhide', 'Delete']))
    expect(mocks.moderateItem).toHaveBeenCalledWith({
      kind: 'illust',
      targetId: 7,
      action: 'hide',
      note: 'reported twice',
    })
    expect(client.getQueryState(DETAIL_KEY)?.isInvalidated).toBe(true)
    expect(client.getQueryState(LIST_KEY)?.isInvalidated).toBe(true)
  })

  it('says a work hidden only by its author’s suspension comes back with them, and offers no Unhide', async () => {
    mocks.moderationTarget.mockImplementation(heldIs(true, true))
    setup(work())
    const group = await tools()
    expect(
      await within(group).findByText('Hidden while its author is suspended. Lifting the suspension shows it again.'),
    ).toBeInTheDocument()
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Delete'])
  })

  it('offers a hidden work’s Unhide and not its Hide; neither while its state is asked, both if it cannot be told', async () => {
    let answer: (held: boolean) => void = () => {}
    mocks.moderationTarget.mockImplementation(
      (kind: string, id: number) =>
        new Promise((resolve) => {
          answer = (held) => resolve({ kind, id, label: '', user: null, exists: true, held })
        }),
    )
    setup(work())
    const group = await tools()
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Delete'])
    answer(true)
    await waitFor(() =>
      expect(
        within(group)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['Unhide', 'Delete']),
    )
  })

  it('offers both Hide and Unhide when moderation’s answer failed (doing what is done changes nothing)', async () => {
    mocks.moderationTarget.mockRejectedValue(new Error('offline'))
    setup(work())
    const group = await tools()
    await waitFor(() =>
      expect(
        within(group)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['Hide', 'Unhide', 'Delete']),
    )
  })

  it('lets an admin delete a work once asked again, and takes them home', async () => {
    mocks.moderateItem.mockResolvedValue(undefined)
    const client = setup(work())
    fireEvent.click(within(await tools()).getByRole('button', { name: 'Delete' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete “Sunset”?' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument()
    expect(mocks.moderateItem).toHaveBeenCalledWith({ kind: 'illust', targetId: 7, action: 'delete', note: '' })
    expect(client.getQueryState(DETAIL_KEY)).toBeUndefined()
  })

  it('shows the service’s refusal in the dialog, in the reader’s language', async () => {
    await setLang('ja')
    mocks.moderateItem.mockRejectedValue(
      new BadRequestError({
        status: 400,
        message: 'not a posted item',
        userMessage: 'Only works and novels posted here can be deleted; hide this one instead.',
      }),
    )
    setup(work())
    fireEvent.click(
      within(await screen.findByRole('group', { name: 'モデレーション' })).getByRole('button', { name: '削除' }),
    )
    const dialog = screen.getByRole('dialog', { name: '「Sunset」を削除しますか？' })
    fireEvent.click(within(dialog).getByRole('button', { name: '削除' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      '削除できるのはこのサイトに投稿された作品と小説だけです。',
    )
  })

  it('lets an admin hide or delete another’s comment, and refreshes the comments after', async () => {
    mocks.moderateItem.mockResolvedValue(undefined)
    const onChange = vi.fn()
    setup(<CommentModeration comment={comment} onChange={onChange} />)
    const group = await tools()
    expect(screen.getByRole('button', { name: 'Report the comment by Writer' })).toBeInTheDocument()
    fireEvent.click(await within(group).findByRole('button', { name: 'Hide the comment by Writer' }))
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Hide the comment by Writer?' })).getByRole('button', { name: 'Hide' }),
    )
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1))
    expect(mocks.moderateItem).toHaveBeenCalledWith({ kind: 'comment', targetId: 31, action: 'hide', note: '' })
    fireEvent.click(within(group).getByRole('button', { name: 'Delete the comment by Writer' }))
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete the comment by Writer?' })).getByRole('button', {
        name: 'Delete',
      }),
    )
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(2))
    expect(mocks.moderateItem).toHaveBeenLastCalledWith({ kind: 'comment', targetId: 31, action: 'delete', note: '' })
  })

  it('offers a hidden comment’s Unhide instead of its Hide', async () => {
    mocks.moderateItem.mockResolvedValue(undefined)
    mocks.moderationTarget.mockImplementation(heldIs(true))
    const onChange = vi.fn()
    setup(<CommentModeration comment={comment} onChange={onChange} />)
    const group = await tools()
    fireEvent.click(await within(group).findByRole('button', { name: 'Unhide the comment by Writer' }))
    expect(within(group).queryByRole('button', { name: 'Hide the comment by Writer' })).toBeNull()
    expect(mocks.moderationTarget).toHaveBeenCalledWith('comment', 31, expect.anything())
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Show the comment by Writer again?' })).getByRole('button', {
        name: 'Show again',
      }),
    )
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1))
    expect(mocks.moderateItem).toHaveBeenCalledWith({ kind: 'comment', targetId: 31, action: 'unhide', note: '' })
  })

  it('shows neither Report nor tools on one’s own comment', async () => {
    mocks.session = { user: { id: 4 } }
    setup(<CommentModeration comment={comment} onChange={() => {}} />)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByRole('button', { name: /Report/ })).toBeNull()
    expect(screen.queryByRole('group', { name: 'Moderation' })).toBeNull()
  })

  it('lets an admin suspend an account once asked again, and then offers to lift it', async () => {
    mocks.moderateUser.mockResolvedValue(undefined)
    const client = setup(<UserModeration userId={5} name="Mallory" affectedKeys={[['users']]} />)
    client.setQueryData(['users', 'detail', 5], { user: { id: 5 } })
    const group = await tools()
    fireEvent.click(await within(group).findByRole('button', { name: 'Suspend' }))
    expect(within(group).queryByRole('button', { name: 'Lift suspension' })).toBeNull()
    expect(mocks.moderationTarget).toHaveBeenCalledWith('user', 5, expect.anything())
    const dialog = screen.getByRole('dialog', { name: 'Suspend Mallory?' })
    expect(dialog).toHaveAccessibleDescription(/signed out everywhere at once and cannot sign in/)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(mocks.moderateUser).not.toHaveBeenCalled()
    fireEvent.click(within(group).getByRole('button', { name: 'Suspend' }))
    mocks.moderationTarget.mockImplementation(heldIs(true))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }))
    expect(await within(group).findByRole('status')).toHaveTextContent('Mallory is suspended.')
    expect(mocks.moderateUser).toHaveBeenCalledWith(5, 'suspend', '')
    expect(client.getQueryState(['users', 'detail', 5])?.isInvalidated).toBe(true)

    fireEvent.click(await within(group).findByRole('button', { name: 'Lift suspension' }))
    expect(within(group).queryByRole('button', { name: 'Suspend' })).toBeNull()
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Lift the suspension of Mallory?' })).getByRole('button', {
        name: 'Lift suspension',
      }),
    )
    await waitFor(() => expect(mocks.moderateUser).toHaveBeenLastCalledWith(5, 'unsuspend', ''))
  })

  it('lets an admin change an account’s role once asked again by name, and says what the service refused', async () => {
    mocks.moderateUser.mockResolvedValue(undefined)
    const client = setup(<UserModeration userId={5} name="Mallory" affectedKeys={[['users']]} />)
    client.setQueryData(['users', 'detail', 5], { user: { id: 5 } })
    const group = await tools()
    const role = within(group).getByRole('group', { name: 'Role' })
    expect(
      within(role)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Make admin', 'Make member'])
    fireEvent.click(within(role).getByRole('button', { name: 'Make admin' }))
    const dialog = screen.getByRole('dialog', { name: 'Make Mallory an admin?' })
    expect(dialog).toHaveAccessibleDescription(/moderate everything here/)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make admin' }))
    expect(await within(group).findByRole('status')).toHaveTextContent('Mallory is an admin.')
    expect(mocks.moderateUser).toHaveBeenCalledWith(5, 'make_admin', '')
    expect(client.getQueryState(['users', 'detail', 5])?.isInvalidated).toBe(true)

    mocks.moderateUser.mockRejectedValue(
      new ForbiddenError({
        status: 403,
        message: 'Forbidden',
        userMessage: 'The only admin cannot become a member: make another admin first.',
      }),
    )
    fireEvent.click(within(role).getByRole('button', { name: 'Make member' }))
    const member = screen.getByRole('dialog', { name: 'Make Mallory a member?' })
    fireEvent.click(within(member).getByRole('button', { name: 'Make member' }))
    expect(await within(member).findByRole('alert')).toHaveTextContent(
      'The only admin cannot become a member: make another admin first.',
    )
    expect(mocks.moderateUser).toHaveBeenLastCalledWith(5, 'make_member', '')
  })

  it('says a role refusal in Japanese in the gallery’s own words', async () => {
    await setLang('ja')
    mocks.moderateUser.mockRejectedValue(
      new ForbiddenError({ status: 403, message: 'Forbidden', userMessage: "The library's owner is always an admin." }),
    )
    setup(<UserModeration userId={5} name="Mallory" affectedKeys={[]} />)
    const group = await screen.findByRole('group', { name: 'モデレーション' })
    fireEvent.click(within(group).getByRole('button', { name: '一般メンバーにする' }))
    const dialog = screen.getByRole('dialog', { name: 'Malloryさんを一般メンバーにしますか？' })
    fireEvent.click(within(dialog).getByRole('button', { name: '一般メンバーにする' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('ライブラリの所有者は常に管理者です。')
  })

  it('offers no suspension to a member', async () => {
    mocks.account.mockResolvedValue(member)
    const client = setup(<UserModeration userId={5} name="Mallory" affectedKeys={[]} />)
    await waitFor(() => expect(client.getQueryState(['settings', 'account'])?.status).toBe('success'))
    expect(screen.queryByRole('button', { name: 'Suspend' })).toBeNull()
  })

  it('offers no suspension on an admin’s own profile, and asks for nothing there', async () => {
    mocks.session = { user: { id: 5 } }
    setup(<UserModeration userId={5} name="Mallory" affectedKeys={[]} />)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByRole('button', { name: 'Suspend' })).toBeNull()
    expect(mocks.account).not.toHaveBeenCalled()
  })
})
