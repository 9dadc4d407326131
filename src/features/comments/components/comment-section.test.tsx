import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Comment, CommentPage } from '../../../api/model.ts'
import { BadRequestError } from '../../../lib/api-error.ts'
import { setLang } from '../../../lib/i18n/i18n.ts'
import { CommentSection } from './comment-section.tsx'

const mocks = vi.hoisted(() => ({
  comments: vi.fn(),
  commentReplies: vi.fn(),
  addComment: vi.fn(),
  deleteComment: vi.fn(),
  signedIn: true,
  session: { user: { id: 1 } },
}))

vi.mock('../../../lib/api.ts', () => ({
  api: {
    comments: mocks.comments,
    commentReplies: mocks.commentReplies,
    addComment: mocks.addComment,
    deleteComment: mocks.deleteComment,
  },
  session: {
    get: () => (mocks.signedIn ? mocks.session : null),
    subscribe: () => () => true,
  },
}))

const HOSTILE = '<img src=x onerror=alert(1)>'

const comment = (id: number, userId: number, text: string, extra: Partial<Comment> = {}): Comment => ({
  id,
  comment: text,
  date: '2026-01-02T03:04:05+09:00',
  user: { id: userId, name: `User ${userId}`, account: `u${userId}`, profileImageUrls: { medium: 'a.png' } },
  parentComment: null,
  hasReplies: false,
  ...extra,
})

const page = (comments: Comment[], totalComments = comments.length, nextUrl: string | null = null): CommentPage => ({
  comments,
  totalComments,
  nextUrl,
  commentAccessControl: 0,
})

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <CommentSection kind="illust" id={42} initialTotal={3} />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

describe('CommentSection', () => {
  beforeEach(() => {
    vi.resetAllMocks()
    mocks.signedIn = true
  })

  it('says when a comment was written relative to now, with the instant itself on the <time> element', async () => {
    const threeHoursAgo = new Date(Date.now() - 3 * 3600_000 - 60_000).toISOString()
    mocks.comments.mockResolvedValue(page([comment(1, 2, 'hi', { date: threeHoursAgo })], 1))
    setup()
    const item = await screen.findByRole('article', { name: 'Comment by User 2' })
    const time = item.querySelector('time')!
    expect(time.textContent).toBe('3 hours ago')
    expect(time.getAttribute('datetime')).toBe(threeHoursAgo)
    expect(time.title).toMatch(/\d{4}/)
  })

  it('speaks Japanese: the heading, the form and the relative time', async () => {
    await setLang('ja')
    try {
      const yesterday = new Date(Date.now() - 26 * 3600_000).toISOString()
      mocks.comments.mockResolvedValue(page([comment(1, 2, 'こんにちは', { date: yesterday })], 1))
      setup()
      const item = await screen.findByRole('article', { name: 'User 2さんのコメント' })
      expect(item.querySelector('time')!.textContent).toBe('昨日')
      expect(screen.getByRole('heading', { name: 'コメント（1）' })).toBeTruthy()
      expect(screen.getByLabelText('コメントを書く')).toBeTruthy()
      expect(screen.getByRole('button', { name: 'コメントする' })).toBeTruthy()
    } finally {
      await setLang('en')
    }
  })

  it('renders hostile comment text as literal text, keeping line breaks, with no element injected', async () => {
    mocks.comments.mockResolvedValue(page([comment(1, 2, `${HOSTILE}\nsecond line`)], 3))
    setup()
    const item = await screen.findByRole('article', { name: 'Comment by User 2' })
    const text = item.querySelector('[data-comment-text]')!
    expect(text.textContent).toBe(`${HOSTILE}\nsecond line`)
    expect(text.children).toHaveLength(0)
    expect(document.querySelector('img[src="x"]')).toBeNull()
    expect(screen.getByRole('heading', { name: /Comments \(3\)/ })).toBeTruthy()
    expect(mocks.comments).toHaveBeenCalledWith('illust', 42, undefined, expect.anything())
  })

  it('posts a comment and asks for the list again', async () => {
    mocks.comments.mockResolvedValueOnce(page([], 0)).mockResolvedValue(page([comment(9, 1, 'hello')], 1))
    mocks.addComment.mockResolvedValue(comment(9, 1, 'hello'))
    setup()
    await screen.findByText('No comments yet.')
    fireEvent.change(screen.getByRole('textbox', { name: 'Write a comment' }), { target: { value: ' hello ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Post comment' }))
    await screen.findByRole('article', { name: 'Comment by User 1' })
    expect(mocks.addComment).toHaveBeenCalledWith('illust', 42, { comment: 'hello', parentCommentId: undefined })
    expect((screen.getByRole('textbox', { name: 'Write a comment' }) as HTMLTextAreaElement).value).toBe('')
  })

  it('says why a post failed, in words, and keeps the text', async () => {
    mocks.comments.mockResolvedValue(page([], 0))
    mocks.addComment.mockRejectedValue(
      new BadRequestError({ status: 400, message: 'x', userMessage: 'Comments are closed.', url: '/' }),
    )
    setup()
    await screen.findByText('No comments yet.')
    fireEvent.change(screen.getByRole('textbox', { name: 'Write a comment' }), { target: { value: 'hi' } })
    fireEvent.click(screen.getByRole('button', { name: 'Post comment' }))
    expect((await screen.findByRole('alert')).textContent).toMatch(/not posted: Comments are closed\./)
    expect((screen.getByRole('textbox', { name: 'Write a comment' }) as HTMLTextAreaElement).value).toBe('hi')
  })

  it('replies to a comment with its id as the parent', async () => {
    // The list after the reply says the comment has replies now.
    mocks.comments
      .mockResolvedValueOnce(page([comment(5, 2, 'first')]))
      .mockResolvedValue(page([comment(5, 2, 'first', { hasReplies: true })], 2))
    mocks.addComment.mockResolvedValue(comment(6, 1, 'answer', { parentComment: comment(5, 2, 'first') }))
    mocks.commentReplies.mockResolvedValue({ comments: [comment(6, 1, 'answer')], nextUrl: null })
    setup()
    const item = await screen.findByRole('article', { name: 'Comment by User 2' })
    fireEvent.click(within(item).getByRole('button', { name: 'Reply' }))
    fireEvent.change(within(item).getByRole('textbox', { name: 'Reply to User 2' }), { target: { value: 'answer' } })
    fireEvent.click(within(item).getByRole('button', { name: 'Post reply' }))
    await waitFor(() =>
      expect(mocks.addComment).toHaveBeenCalledWith('illust', 42, { comment: 'answer', parentCommentId: 5 }),
    )
    expect(await within(item).findByRole('article', { name: 'Comment by User 1' })).toBeTruthy()
    expect(mocks.commentReplies).toHaveBeenCalledWith('illust', 5, undefined, expect.anything())
  })

  it("offers delete on the viewer's own comments only, after a confirmation", async () => {
    mocks.comments.mockResolvedValueOnce(page([comment(1, 1, 'mine'), comment(2, 2, 'theirs')], 2))
    mocks.comments.mockResolvedValue(page([comment(2, 2, 'theirs')], 1))
    mocks.deleteComment.mockResolvedValue(undefined)
    setup()
    const mine = await screen.findByRole('article', { name: 'Comment by User 1' })
    const theirs = screen.getByRole('article', { name: 'Comment by User 2' })
    expect(within(theirs).queryByRole('button', { name: /delete/i })).toBeNull()
    fireEvent.click(within(mine).getByRole('button', { name: 'Delete your comment' }))
    expect(mocks.deleteComment).not.toHaveBeenCalled()
    fireEvent.click(within(mine).getByRole('button', { name: 'Yes, delete' }))
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Comment by User 1' })).toBeNull())
    expect(mocks.deleteComment).toHaveBeenCalledWith('illust', 1)
  })

  it('signed out: reads comments, offers a sign-in link that comes back, and no form', async () => {
    mocks.signedIn = false
    mocks.comments.mockResolvedValue(page([comment(1, 2, 'x', { hasReplies: true })]))
    setup()
    await screen.findByRole('article', { name: 'Comment by User 2' })
    expect(screen.queryByRole('textbox')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Reply' })).toBeNull()
    expect(screen.getByRole('link', { name: 'Sign in to comment' }).getAttribute('href')).toMatch(
      /^\/login\?return_to=/,
    )
    expect(screen.getByRole('button', { name: 'Show replies' })).toBeTruthy()
  })
})
