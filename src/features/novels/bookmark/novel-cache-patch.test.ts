import { describe, expect, it } from 'vitest'
import { patchNovel } from './novel-cache-patch.ts'

const novel = (id: number, extra = {}) => ({
  id,
  title: `n${id}`,
  textLength: 10,
  isBookmarked: false,
  totalBookmarks: 5,
  ...extra,
})
const work = (id: number) => ({ id, title: `w${id}`, metaPages: [], isBookmarked: false, totalBookmarks: 5 })

describe('patchNovel', () => {
  it('patches every copy of the novel, in a detail and in list pages', () => {
    const data = { pages: [{ novels: [novel(1), novel(2)] }, { novels: [novel(1)] }] }
    const next = patchNovel(data, 1, { isBookmarked: true, totalBookmarks: (n) => n + 1 })
    expect(next.pages[0]!.novels[0]).toMatchObject({ isBookmarked: true, totalBookmarks: 6 })
    expect(next.pages[1]!.novels[0]).toMatchObject({ isBookmarked: true, totalBookmarks: 6 })
    // Untouched branches keep their identity.
    expect(next.pages[0]!.novels[1]).toBe(data.pages[0]!.novels[1])
    expect(patchNovel(novel(1), 1, { isBookmarked: true })).toMatchObject({ isBookmarked: true, totalBookmarks: 5 })
  })

  it('never touches a work with the same id', () => {
    const data = { illusts: [work(1)] }
    expect(patchNovel(data, 1, { isBookmarked: true })).toBe(data)
  })

  it('returns the same data when nothing changes', () => {
    const data = { novels: [novel(1, { isBookmarked: true })] }
    expect(patchNovel(data, 1, { isBookmarked: true })).toBe(data)
  })
})
