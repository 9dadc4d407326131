import { renderHook } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { useLoadPagesUntil } from './use-load-pages-until.ts'

const query = (pages: number, more = { hasNextPage: true, isFetchingNextPage: false }) => ({
  data: pages ? { pages: Array.from({ length: pages }) } : undefined,
  ...more,
  fetchNextPage: vi.fn(() => Promise.resolve()),
})

describe('useLoadPagesUntil', () => {
  it('loads the next page while the item is not found', () => {
    const q = query(1)
    renderHook(() => useLoadPagesUntil(q, false, 4))
    expect(q.fetchNextPage).toHaveBeenCalledTimes(1)
  })

  it('stops once found, at the page limit, before the first page and while a page loads', () => {
    for (const [q, found] of [
      [query(1), true],
      [query(4), false],
      [query(0), false],
      [query(1, { hasNextPage: false, isFetchingNextPage: false }), false],
      [query(1, { hasNextPage: true, isFetchingNextPage: true }), false],
    ] as const) {
      renderHook(() => useLoadPagesUntil(q, found, 4))
      expect(q.fetchNextPage).not.toHaveBeenCalled()
    }
  })
})
