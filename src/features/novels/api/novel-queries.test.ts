import { afterEach, describe, expect, it, vi } from 'vitest'
import type { NovelPage } from '../../../api/model.ts'
import { api } from '../../../lib/api.ts'
import { novelQueries } from './novel-queries.ts'

afterEach(() => {
  vi.restoreAllMocks()
})

describe('novelQueries', () => {
  it('every key carries the kind', () => {
    const keys = [
      novelQueries.detail(1).queryKey,
      novelQueries.text(1).queryKey,
      novelQueries.search({ word: 'a' }).queryKey,
      novelQueries.ranking().queryKey,
      novelQueries.recommended().queryKey,
      novelQueries.series(1).queryKey,
      novelQueries.byUser(1).queryKey,
      novelQueries.bookmarks({ userId: 1, restrict: 'private' }).queryKey,
    ]
    for (const key of keys) expect(key[0]).toBe('novels')
    expect(new Set(keys.map((k) => JSON.stringify(k))).size).toBe(keys.length)
  })

  it('series pages follow the lastOrder cursor and stop at a null next_url', () => {
    const { getNextPageParam } = novelQueries.series(5)
    const page = (nextUrl: string | null) =>
      ({ novels: [], nextUrl }) as unknown as Parameters<typeof getNextPageParam>[0]
    expect(
      getNextPageParam(page('http://x.test/v2/novel/series?series_id=5&last_order=30'), [], undefined, []),
    ).toEqual({
      lastOrder: 30,
    })
    expect(getNextPageParam(page(null), [], undefined, [])).toBeUndefined()
    expect(getNextPageParam(page(''), [], undefined, [])).toBeUndefined()
  })

  it('passes the bookmark cursor and the signal to the client', async () => {
    const spy = vi.spyOn(api, 'userNovelBookmarks').mockResolvedValue({ novels: [], nextUrl: null } satisfies NovelPage)
    const options = novelQueries.bookmarks({ userId: 3 })
    const signal = new AbortController().signal
    await options.queryFn!({ pageParam: { maxBookmarkId: 70 }, signal, queryKey: options.queryKey } as never)
    expect(spy).toHaveBeenCalledWith({ userId: 3 }, { maxBookmarkId: 70 }, { signal })
  })
})
