import { describe, expect, it } from 'vitest'
import { cursorFrom, cursorToParams } from './cursor.ts'

const base = 'http://localhost:8080'

describe('cursorFrom', () => {
  it.each([
    ['offset', '/v1/search/illust?word=cat&offset=30', { offset: 30 }],
    [
      'max_bookmark_id',
      '/v1/user/bookmarks/illust?user_id=1&restrict=public&max_bookmark_id=6638389887',
      { maxBookmarkId: 6638389887 },
    ],
    [
      'both recommend cursors and offset',
      '/v1/illust/recommended?content_type=illust&min_bookmark_id_for_recent_illust=28694690028&max_bookmark_id_for_recommend=23491334813&offset=0',
      { offset: 0, maxBookmarkIdForRecommend: 23491334813, minBookmarkIdForRecentIllust: 28694690028 },
    ],
    [
      'max_bookmark_id_for_recommend',
      '/v1/novel/recommended?offset=15&max_bookmark_id_for_recommend=0',
      { offset: 15, maxBookmarkIdForRecommend: 0 },
    ],
    ['last_order', '/v2/novel/series?series_id=1&last_order=30', { lastOrder: 30 }],
    ['max_illust_id', '/v1/illust/new?content_type=illust&max_illust_id=9950', { maxIllustId: 9950 }],
    ['max_novel_id', '/v1/novel/new?max_novel_id=1958', { maxNovelId: 1958 }],
  ])('reads %s as numbers', (_name, path, expected) => {
    expect(cursorFrom(base + path)).toEqual(expected)
  })

  it('leaves out cursor values that are not whole non-negative numbers, and other parameters', () => {
    expect(
      cursorFrom(`${base}/v1/search/illust?word=30&offset=abc&max_bookmark_id=-1&last_order=1.5&viewed%5B0%5D=5`),
    ).toEqual({})
    const c = cursorFrom(`${base}/v1/search/illust?offset=60`)!
    expect(typeof c.offset).toBe('number')
    expect(c.maxBookmarkId).toBeUndefined()
    expect(c.lastOrder).toBeUndefined()
  })

  it.each([null, undefined, '', 'http://[not a url'])('is undefined for next_url %j', (next) => {
    expect(cursorFrom(next)).toBeUndefined()
  })

  it('round-trips through cursorToParams', () => {
    const cursor = { offset: 30, maxBookmarkIdForRecommend: 5, minBookmarkIdForRecentIllust: 2 }
    expect(cursorToParams(cursor)).toEqual({
      offset: '30',
      max_bookmark_id_for_recommend: '5',
      min_bookmark_id_for_recent_illust: '2',
    })
    expect(cursorToParams(undefined)).toEqual({})
  })
})

describe('the endpoint table', () => {
  it('every cursor an entry pages by is one cursorFrom reads and cursorToParams writes', async () => {
    const { ENDPOINTS } = await import('./endpoints.ts')
    const cursors = new Set(Object.values(ENDPOINTS).flatMap((spec) => ('cursor' in spec ? [...spec.cursor] : [])))
    for (const param of cursors) {
      const cursor = cursorFrom(`${base}/x?${param}=7`)
      expect(cursor, param).toBeDefined()
      expect(Object.values(cursor!), param).toEqual([7])
      expect(cursorToParams(cursor), param).toEqual({ [param]: '7' })
    }
  })
})
