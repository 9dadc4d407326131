import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { numberedPagesQuery } from './testing/list-harness.tsx'
import { useInfiniteList } from './use-infinite-list.ts'

interface Item {
  id: number
  xRestrict: number
  tags: { name: string }[]
  user: { id: number }
}
interface Page {
  items: Item[]
  nextUrl: string | null
}
const itemsOf = (page: Page) => page.items

describe('useInfiniteList', () => {
  it('asks for a page once when asked twice before the render that shows it under way', async () => {
    const asked: number[] = []
    const answers: (() => void)[] = []
    const query = numberedPagesQuery(['test', 'twice'], (n: number) => {
      asked.push(n)
      const page: Page = {
        items: [{ id: n + 1, xRestrict: 0, tags: [], user: { id: 1 } }],
        nextUrl: n < 3 ? `next-${n + 1}` : null,
      }
      // The first page at once; later ones when the test lets them arrive.
      return n === 0 ? Promise.resolve(page) : new Promise<Page>((resolve) => answers.push(() => resolve(page)))
    })
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>
        <MemoryRouter>{children}</MemoryRouter>
      </QueryClientProvider>
    )
    const { result } = renderHook(() => useInfiniteList(query, itemsOf), { wrapper })
    await waitFor(() => expect(result.current.pageCount).toBe(1))

    // Two effects of one commit ask with the same callback: the second must not cancel the first and send it again.
    const ask = result.current.fetchNextPage
    act(() => {
      void ask()
      void ask()
    })
    await waitFor(() => expect(answers).toHaveLength(1))
    act(() => answers[0]!())
    await waitFor(() => expect(result.current.pageCount).toBe(2))
    expect(asked).toEqual([0, 1])
    expect(result.current.items.map((i) => i.id)).toEqual([1, 2])
  })
})
