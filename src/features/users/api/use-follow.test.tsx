import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { patchUserFollowed } from '../lib/follow-patch.ts'
import { useFollow } from './use-follow.ts'

const mocks = vi.hoisted(() => ({ follow: vi.fn(), unfollow: vi.fn() }))
vi.mock('../../../lib/api.ts', () => ({ api: { follow: mocks.follow, unfollow: mocks.unfollow } }))

const user = (id: number, isFollowed = false) => ({
  id,
  name: `u${id}`,
  account: `u${id}`,
  profileImageUrls: { medium: '' },
  isFollowed,
})
const work = (id: number, userId: number) => ({ id, title: `w${id}`, metaPages: [], user: user(userId) })
const novel = (id: number, userId: number) => ({ id, title: `n${id}`, textLength: 10, user: user(userId) })

describe('patchUserFollowed', () => {
  it('follows the author in works and user details', () => {
    const data = { illusts: [work(1, 7), work(2, 8)] }
    const out = patchUserFollowed(data, 7, true)
    expect(out.illusts[0]!.user.isFollowed).toBe(true)
    expect(out.illusts[1]).toBe(data.illusts[1])
    const detail = { user: { ...user(7), comment: '' }, profile: {} }
    expect(patchUserFollowed(detail, 7, true).user.isFollowed).toBe(true)
  })

  it('does not mistake a work whose id equals the user id for the user', () => {
    const w = work(7, 100)
    expect(patchUserFollowed(w, 7, true)).toBe(w)
  })
})

describe('useFollow', () => {
  let client: QueryClient
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  )
  const followedEverywhere = () => [
    client.getQueryData<ReturnType<typeof work>>(['works', 'detail', 1])!.user.isFollowed,
    client.getQueryData<ReturnType<typeof novel>>(['novels', 'detail', 2])!.user.isFollowed,
    client.getQueryData<{ user: ReturnType<typeof user> }>(['users', 'detail', 7])!.user.isFollowed,
  ]

  beforeEach(() => {
    vi.resetAllMocks()
    client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
    client.setQueryData(['works', 'detail', 1], work(1, 7))
    client.setQueryData(['novels', 'detail', 2], novel(2, 7))
    client.setQueryData(['users', 'detail', 7], { user: user(7), profile: {} })
  })

  it('shows the user followed in every cache at once: works, novels and users alike', async () => {
    let answer!: () => void
    mocks.follow.mockImplementation(() => new Promise<void>((resolve) => (answer = resolve)))
    const { result } = renderHook(() => useFollow(7), { wrapper })
    act(() => result.current.mutate(true))
    await waitFor(() => expect(followedEverywhere()).toEqual([true, true, true]))
    expect(mocks.follow).toHaveBeenCalledWith(7)
    act(() => answer())
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
    expect(followedEverywhere()).toEqual([true, true, true])
  })

  it('puts every copy back when the service refuses', async () => {
    mocks.follow.mockRejectedValue(new Error('offline'))
    const { result } = renderHook(() => useFollow(7), { wrapper })
    act(() => result.current.mutate(true))
    await waitFor(() => expect(result.current.isError).toBe(true))
    expect(followedEverywhere()).toEqual([false, false, false])
  })
})
