import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { RecommendedIllustPage, SearchIllustPage } from '../../../api/model.ts'
import { api } from '../../../lib/api.ts'
import { workQueries } from './work-queries.ts'

afterEach(() => {
  vi.restoreAllMocks()
})

type AnyIllustPage = SearchIllustPage & RecommendedIllustPage
const page = (nextUrl: string | null | undefined) =>
  ({
    illusts: [],
    nextUrl,
    searchSpanLimit: 0,
    showAi: true,
    rankingIllusts: [],
    contestExists: false,
    privacyPolicy: {},
  }) as AnyIllustPage

describe('workQueries', () => {
  it('every key carries the kind, and lists never reuse a detail key', () => {
    const keys = [
      workQueries.detail(1).queryKey,
      workQueries.search({ word: 'a' }).queryKey,
      workQueries.ranking().queryKey,
      workQueries.recommended().queryKey,
      workQueries.related(1).queryKey,
      workQueries.series(1).queryKey,
      workQueries.byUser({ userId: 1 }).queryKey,
      workQueries.bookmarks({ userId: 1 }).queryKey,
      workQueries.ugoira(1).queryKey,
    ]
    for (const key of keys) expect(key[0]).toBe('works')
    expect(new Set(keys.map((k) => JSON.stringify(k))).size).toBe(keys.length)
  })

  it('getNextPageParam: undefined for null, empty or absent next_url; the cursor otherwise', () => {
    const { getNextPageParam } = workQueries.search({ word: 'a' })
    const next = (p: AnyIllustPage) => getNextPageParam(p, [p], undefined, [undefined])
    expect(next(page(null))).toBeUndefined()
    expect(next(page(''))).toBeUndefined()
    expect(next(page(undefined))).toBeUndefined()
    expect(next({ illusts: [] } as unknown as AnyIllustPage)).toBeUndefined()
    expect(next(page('http://x.test/v1/search/illust?word=a'))).toBeUndefined()
    expect(next(page('http://x.test/v1/search/illust?word=a&offset=30'))).toEqual({ offset: 30 })
    const recommended = workQueries.recommended()
    const url =
      'http://x.test/v1/illust/recommended?max_bookmark_id_for_recommend=9&min_bookmark_id_for_recent_illust=2&offset=30'
    expect(recommended.getNextPageParam(page(url), [], undefined, [])).toEqual({
      maxBookmarkIdForRecommend: 9,
      minBookmarkIdForRecentIllust: 2,
      offset: 30,
    })
  })

  it('starts without a cursor and passes the page cursor and the signal to the client', async () => {
    const spy = vi.spyOn(api, 'searchIllusts').mockResolvedValue(page(null) as never)
    const options = workQueries.search({ word: 'cat' })
    expect(options.initialPageParam).toBeUndefined()
    const signal = new AbortController().signal
    await options.queryFn!({ pageParam: { offset: 30 }, signal, queryKey: options.queryKey } as never)
    expect(spy).toHaveBeenCalledWith({ word: 'cat' }, { offset: 30 }, { signal })
  })

  it('fetches pages through a QueryClient until next_url is null', async () => {
    const spy = vi
      .spyOn(api, 'ranking')
      .mockResolvedValueOnce(page('http://x.test/v1/illust/ranking?mode=day&offset=30'))
      .mockResolvedValueOnce(page(null))
    const client = new QueryClient()
    const options = workQueries.ranking({ mode: 'day' })
    await client.fetchInfiniteQuery({ ...options, pages: 3 })
    const data = client.getQueryData(options.queryKey)
    expect(data?.pageParams).toEqual([undefined, { offset: 30 }])
    expect(spy).toHaveBeenCalledTimes(2)
  })
})
