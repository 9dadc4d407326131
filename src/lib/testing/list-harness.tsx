// What the tests of the infinite lists (works, novels) need around a list: a query of numbered pages, a query client
// and a router, and a width for the list, which jsdom does not lay out.

import { QueryClient, QueryClientProvider, infiniteQueryOptions, type QueryKey } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router'
import { afterAll, beforeAll } from 'vitest'

/** An infinite query whose page parameter is the page's number (from 0); there is a next page while `nextUrl` is set. */
export function numberedPagesQuery<TPage extends { nextUrl: string | null }, TKey extends QueryKey>(
  queryKey: TKey,
  fetchPage: (pageParam: number) => Promise<TPage>,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: 0,
    getNextPageParam: (last: TPage, _all, param) => (last.nextUrl ? param + 1 : undefined),
  })
}

/** Renders `ui` in a router, with a fresh query client that does not retry (a failure shows at once). */
export function renderWithQueryClient(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  )
}

/** jsdom has no layout: gives every `role="list"` element a width of 1000 px, so the lists have rows, for this file. */
export function giveListsAWidth() {
  const realRect = HTMLElement.prototype.getBoundingClientRect
  beforeAll(() => {
    // jsdom does not scroll; the virtualizer syncs the window to its offset on mount.
    window.scrollTo = () => {}
    HTMLElement.prototype.getBoundingClientRect = function () {
      const width = this.getAttribute('role') === 'list' ? 1000 : 0
      return { x: 0, y: 0, top: 0, left: 0, bottom: 0, right: width, width, height: 0, toJSON: () => ({}) } as DOMRect
    }
  })
  afterAll(() => {
    HTMLElement.prototype.getBoundingClientRect = realRect
  })
}
