import { useEffect } from 'react'

/** The part of an infinite query's result that loading further pages needs. */
interface PagedQuery {
  data?: { pages: readonly unknown[] }
  hasNextPage: boolean
  isFetchingNextPage: boolean
  fetchNextPage: () => Promise<unknown>
}

/**
 * Loads the next page of `query`, one at a time, until `found` or `maxPages` pages are loaded: for finding an item's
 * place in a long list (a work in its series) without walking the whole list.
 */
export function useLoadPagesUntil(query: PagedQuery, found: boolean, maxPages: number) {
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query
  const pageCount = query.data?.pages.length ?? 0

  useEffect(() => {
    if (!found && hasNextPage && !isFetchingNextPage && pageCount > 0 && pageCount < maxPages) void fetchNextPage()
  }, [found, hasNextPage, isFetchingNextPage, pageCount, maxPages, fetchNextPage])
}
