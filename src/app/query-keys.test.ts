import { describe, expect, it } from 'vitest'
import { novelQueries } from '../features/novels/api/novel-queries.ts'
import { workQueries } from '../features/works/api/work-queries.ts'

// Here, where the shell composes both features (a feature never imports another): the two kinds share one cache.
describe('query keys of works and novels', () => {
  it('a work and a novel with the same id never share a key', () => {
    const pairs: [readonly unknown[], readonly unknown[]][] = [
      [workQueries.detail(1).queryKey, novelQueries.detail(1).queryKey],
      [workQueries.bookmarkDetail(1).queryKey, novelQueries.bookmarkDetail(1).queryKey],
      [workQueries.bookmarks({ userId: 1 }).queryKey, novelQueries.bookmarks({ userId: 1 }).queryKey],
      [workQueries.series(1).queryKey, novelQueries.series(1).queryKey],
      [workQueries.ranking().queryKey, novelQueries.ranking().queryKey],
    ]
    for (const [work, novel] of pairs) {
      expect(work[0]).toBe('works')
      expect(novel[0]).toBe('novels')
      expect(work).not.toEqual(novel)
    }
  })
})
