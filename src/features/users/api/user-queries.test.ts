import { afterEach, describe, expect, it, vi } from 'vitest'
import { api } from '../../../lib/api.ts'
import { userQueries } from './user-queries.ts'

afterEach(() => {
  vi.restoreAllMocks()
})

describe('userQueries', () => {
  it('keys start with users and differ per list', () => {
    expect(userQueries.detail(1).queryKey).toEqual(['users', 'detail', 1])
    expect(userQueries.following({ userId: 1 }).queryKey).toEqual(['users', 'following', { userId: 1 }])
  })

  it('following pages by offset and passes the signal', async () => {
    const spy = vi.spyOn(api, 'userFollowing').mockResolvedValue({ userPreviews: [], nextUrl: null })
    const options = userQueries.following({ userId: 2, restrict: 'public' })
    const next = options.getNextPageParam(
      { userPreviews: [], nextUrl: 'http://x.test/v1/user/following?user_id=2&restrict=public&offset=30' },
      [],
      undefined,
      [],
    )
    expect(next).toEqual({ offset: 30 })
    const signal = new AbortController().signal
    await options.queryFn!({ pageParam: next, signal, queryKey: options.queryKey } as never)
    expect(spy).toHaveBeenCalledWith({ userId: 2, restrict: 'public' }, { offset: 30 }, { signal })
  })
})
