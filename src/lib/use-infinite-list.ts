// The data side of an infinite list of works or novels, whatever its layout: the pages of the query, their items once
// each, what the filters leave visible, when the list stops loading on its own, and the retry of a failed page (on
// Retry, or by itself when a rate limit's countdown is over). The paging decisions are in list-paging.ts.

import { useInfiniteQuery, type InfiniteData, type QueryKey, type UseInfiniteQueryOptions } from '@tanstack/react-query'
import type { Virtualizer } from '@tanstack/react-virtual'
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react'
import { useNavigationType } from 'react-router'
import { LIST_GC_TIME_MS, LIST_STALE_TIME_MS, MAX_AUTO_PAGES_WITHOUT_VISIBLE, PREFETCH_VIEWPORTS } from '../tunables.ts'
import { applyFilters, type Filterable, type FilteredItem } from './filter-engine.ts'
import { isNearEnd, trailingPagesWithoutVisible, uniqueById } from './list-paging.ts'
import { useSettings } from './settings.ts'
import { useRateLimitRetry } from './use-rate-limit-retry.ts'

export interface InfiniteList<TItem> {
  /** The first page has arrived. */
  loaded: boolean
  /** How many pages have arrived. */
  pageCount: number
  error: Error | null
  isPending: boolean
  isError: boolean
  isFetchingNextPage: boolean
  hasNextPage: boolean
  fetchNextPage: () => Promise<unknown>
  refetch: () => Promise<unknown>
  /** The items of all loaded pages in order, each once. */
  items: TItem[]
  /** The items the filters leave on screen, some of them blurred. */
  visible: FilteredItem<TItem>[]
  hiddenCount: number
  /** Ids of blurred items the viewer chose to see. */
  revealed: ReadonlySet<number>
  reveal: (id: number) => void
  /** The last pages were hidden entirely: the list waits for "Load more" instead of loading on its own. */
  autoPaused: boolean
  /** A page after the first failed (the loaded ones stay on screen). */
  tailError: boolean
  /** Placeholders stand below the rows: while the first page loads, and while more pages will come on their own. */
  showReserve: boolean
  /** The cards' `aria-setsize`: -1 (unknown) while more pages exist. */
  setSize: number
  /** Loads again what failed: the next page, or the list. */
  retryTail: () => void
  /** Seconds until a rate-limited request is retried by itself, or null. */
  retryIn: number | null
}

/**
 * The lists' cache rules, for a list's query and for any other observer of the same pages (the ranking's latest day).
 * Back (and Forward) shows the pages exactly as they were left, however old: refetching a stale infinite query
 * refetches every loaded page in turn, and would reshuffle the rows under the restored scroll position.
 */
export function useListFreshness() {
  const navigationType = useNavigationType()
  return { staleTime: LIST_STALE_TIME_MS, gcTime: LIST_GC_TIME_MS, refetchOnMount: navigationType !== 'POP' }
}

/**
 * The infinite query of a list (options from a query factory) with the lists' cache times, its items filtered by the
 * viewer's settings. `itemsOf` must be stable (module scope): the items are memoized on it.
 */
export function useInfiniteList<TPage, TItem extends Filterable & { id: number }, TKey extends QueryKey, TPageParam>(
  query: UseInfiniteQueryOptions<TPage, Error, InfiniteData<TPage>, TKey, TPageParam>,
  itemsOf: (page: TPage) => readonly TItem[],
): InfiniteList<TItem> {
  const { filters } = useSettings()
  const result = useInfiniteQuery({ ...useListFreshness(), ...query })
  // A new answer re-renders the list in a transition (the rows of a new page: dozens of cards), which React renders in
  // slices that leave the main thread free between them. The fields are deferred together, never one alone: flags
  // from a newer answer than its pages would show an empty list with more to come for a frame (and load page 2).
  const { data, error, isPending, isError, isFetchingNextPage, isFetchNextPageError, hasNextPage } = useDeferredValue(
    useMemo(
      () => ({
        data: result.data,
        error: result.error,
        isPending: result.isPending,
        isError: result.isError,
        isFetchingNextPage: result.isFetchingNextPage,
        isFetchNextPageError: result.isFetchNextPageError,
        hasNextPage: result.hasNextPage,
      }),
      [
        result.data,
        result.error,
        result.isPending,
        result.isError,
        result.isFetchingNextPage,
        result.isFetchNextPageError,
        result.hasNextPage,
      ],
    ),
  )
  // A page is asked for only when the live answer allows it and the pages on screen are the live ones: until then,
  // what the list decides from them (the pause after pages the filters hid entirely) is not known yet. Catching up
  // changes this callback, which re-runs the auto-load check. Two asks before the render that shows the first under
  // way (two effects of one commit, on a slow phone) must not cancel the first and send the same page again:
  // `cancelRefetch: false` leaves a page under way alone.
  const {
    fetchNextPage: fetchNextLive,
    refetch,
    hasNextPage: hasNextLive,
    isFetchingNextPage: fetchingNextLive,
  } = result
  const caughtUp = data === result.data
  const fetchNextPage = useCallback(
    () => (caughtUp && hasNextLive && !fetchingNextLive ? fetchNextLive({ cancelRefetch: false }) : Promise.resolve()),
    [caughtUp, hasNextLive, fetchingNextLive, fetchNextLive],
  )

  const pages = data?.pages
  const items = useMemo(() => uniqueById(pages, itemsOf), [pages, itemsOf])
  const { visible, hiddenCount } = useMemo(() => applyFilters(items, filters), [items, filters])
  const visibleIds = useMemo(() => new Set(visible.map((v) => v.item.id)), [visible])

  const [revealed, setRevealed] = useState<ReadonlySet<number>>(() => new Set())
  const reveal = useCallback((id: number) => setRevealed((prev) => new Set(prev).add(id)), [])

  const emptyTrail = useMemo(
    () => trailingPagesWithoutVisible(pages, itemsOf, (id) => visibleIds.has(id)),
    [pages, itemsOf, visibleIds],
  )
  const autoPaused = emptyTrail >= MAX_AUTO_PAGES_WITHOUT_VISIBLE
  const tailError = isError && !!data

  const retryTail = useCallback(() => {
    if (isFetchNextPageError) void fetchNextPage()
    else void refetch()
  }, [isFetchNextPageError, fetchNextPage, refetch])
  const retryIn = useRateLimitRetry(error, isError ? retryTail : () => {})

  return {
    loaded: !!data,
    pageCount: pages?.length ?? 0,
    error,
    isPending,
    isError,
    isFetchingNextPage,
    hasNextPage,
    fetchNextPage,
    refetch,
    items,
    visible,
    hiddenCount,
    revealed,
    reveal,
    autoPaused,
    tailError,
    showReserve: isPending || (hasNextPage && !autoPaused && !tailError),
    setSize: hasNextPage ? -1 : visible.length,
    retryTail,
    retryIn,
  }
}

/**
 * Loads the next page once the end of the rows (`top + height`, document y) is within PREFETCH_VIEWPORTS of the
 * viewport's bottom, and nothing is in the way: no page under way (one fetch at a time), no failed page, no pause, a
 * laid-out container (`width`).
 */
export function useAutoLoadNextPage(
  list: InfiniteList<unknown>,
  {
    width,
    top,
    height,
    virtualizer,
  }: { width: number; top: number; height: number; virtualizer: Virtualizer<Window, Element> },
) {
  const { hasNextPage, isFetchingNextPage, tailError, autoPaused, fetchNextPage, pageCount } = list
  const canAutoLoad = hasNextPage && !isFetchingNextPage && !tailError && !autoPaused && width > 0

  // Re-check as the viewport moves (the virtualizer re-renders when its range or scrolling state changes) and as pages
  // arrive: a page the filters hid entirely changes nothing else, and the list's answers are deferred, so the render
  // that showed the page under way may never have been committed.
  const virtualRows = virtualizer.getVirtualItems()
  const lastRowIndex = virtualRows.length > 0 ? virtualRows[virtualRows.length - 1]!.index : -1
  const isScrolling = virtualizer.isScrolling
  useEffect(() => {
    if (!canAutoLoad) return
    const near = isNearEnd({
      scrollY: window.scrollY,
      viewportHeight: window.innerHeight,
      contentBottom: top + height,
      distanceViewports: PREFETCH_VIEWPORTS,
    })
    if (near) void fetchNextPage()
  }, [canAutoLoad, top, height, lastRowIndex, isScrolling, fetchNextPage, pageCount])
}
