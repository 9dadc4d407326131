import { describe, expect, it } from 'vitest'
import { patchWork, rewriteObjects } from './cache-patch.ts'

const user = (id: number, isFollowed = false) => ({
  id,
  name: `u${id}`,
  account: `u${id}`,
  profileImageUrls: { medium: '' },
  isFollowed,
})
const work = (id: number, userId = 100, extra: Record<string, unknown> = {}) => ({
  id,
  title: `w${id}`,
  metaPages: [],
  isBookmarked: false,
  totalBookmarks: 10,
  user: user(userId),
  ...extra,
})
const novel = (id: number) => ({ id, title: `n${id}`, isBookmarked: false, totalBookmarks: 5, user: user(100) })

describe('patchWork', () => {
  it('patches the detail', () => {
    const detail = work(1)
    expect(patchWork(detail, 1, { isBookmarked: true, totalBookmarks: (n) => n + 1 })).toEqual({
      ...detail,
      isBookmarked: true,
      totalBookmarks: 11,
    })
  })

  it('patches every copy inside infinite list pages and keeps untouched branches identical', () => {
    const other = work(2)
    const data = {
      pages: [
        { illusts: [other, work(1)], rankingIllusts: [work(1)], nextUrl: null },
        { illusts: [work(3)], nextUrl: null },
      ],
      pageParams: [undefined, 30],
    }
    const out = patchWork(data, 1, { isBookmarked: true })
    expect(out.pages[0]!.illusts[1]!.isBookmarked).toBe(true)
    expect(out.pages[0]!.rankingIllusts![0]!.isBookmarked).toBe(true)
    expect(out.pages[0]!.illusts[0]).toBe(other)
    expect(out.pages[1]).toBe(data.pages[1])
    expect(out.pageParams).toBe(data.pageParams)
  })

  it('returns the same data when the work is not in it or already patched', () => {
    const data = { illusts: [work(2)], nextUrl: null }
    expect(patchWork(data, 1, { isBookmarked: true })).toBe(data)
    const done = work(1, 100, { isBookmarked: true })
    expect(patchWork(done, 1, { isBookmarked: true })).toBe(done)
  })

  it('never touches a novel with the same id', () => {
    const data = { novels: [novel(1)] }
    expect(patchWork(data, 1, { isBookmarked: true })).toBe(data)
  })
})

describe('rewriteObjects', () => {
  it('leaves primitives and unchanged structures alone', () => {
    const data = { a: [1, 'x', { b: null }] }
    expect(rewriteObjects(data, (o) => o)).toBe(data)
    expect(rewriteObjects(5, (o) => o)).toBe(5)
  })
})
