// Every list of works (search, ranking, recommended, bookmarks, a user's works, series): an infinite query laid out as
// a justified grid, virtualized by rows against the window's scroll so the page scrolls naturally and the router's
// scroll restoration finds its place again on Back.

import { useInfiniteQuery, type InfiniteData, type QueryKey, type UseInfiniteQueryOptions } from '@tanstack/react-query'
import { defaultRangeExtractor, useWindowVirtualizer, type Range } from '@tanstack/react-virtual'
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type FocusEvent } from 'react'
import { Link, useNavigationType } from 'react-router'
import type { Illust } from '../../../api/model.ts'
import { Button } from '../../../components/button.tsx'
import { ApiError, RateLimitedError } from '../../../lib/api-error.ts'
import { applyFilters } from '../../../lib/filter-engine.ts'
import { isNearEnd, trailingPagesWithoutVisible, uniqueById } from '../../../lib/list-paging.ts'
import { paths } from '../../../lib/paths.ts'
import { useSettings } from '../../../lib/settings.ts'
import { rememberSourceList } from '../../../lib/source-list.ts'
import { useGridContainer } from '../../../lib/use-grid-container.ts'
import { useRateLimitRetry } from '../../../lib/use-rate-limit-retry.ts'
import {
  GRID_OVERSCAN_ROWS,
  HIGH_PRIORITY_CELLS,
  LIST_GC_TIME_MS,
  LIST_STALE_TIME_MS,
  MAX_AUTO_PAGES_WITHOUT_VISIBLE,
  PREFETCH_VIEWPORTS,
  RESERVE_VIEWPORTS,
} from '../../../tunables.ts'
import {
  blocksBackground,
  blocksHeight,
  gridLayout,
  placeholderBlocks,
  rowIndexAt,
  rowOfItem,
} from './grid-geometry.ts'
import { WorkCard } from './work-card.tsx'

export interface WorkListPage {
  illusts: Illust[]
  nextUrl: string | null
}

export interface InfiniteWorkListProps<TPage extends WorkListPage, TKey extends QueryKey, TPageParam> {
  /** Infinite query options from a query factory (`workQueries.search(…)` etc.). */
  query: UseInfiniteQueryOptions<TPage, Error, InfiniteData<TPage>, TKey, TPageParam>
  /** Stable identity of this list (e.g. pathname + search): remembered geometry and the detail view's prev/next. */
  listKey: string
  emptyMessage?: string
  /** Accessible name of the list, e.g. "Search results for cat". */
  label: string
  /**
   * Whether this list becomes the one the detail view steps through (default true). A secondary list on a page
   * (related works under a work) passes false so it does not replace the list the viewer came from.
   */
  rememberAsSource?: boolean
  /** Warms the detail route's chunk when a card is hovered, touched or focused. */
  onCardIntent?: () => void
}

const noScrollWrite = () => {}

/** The placeholder colour of cells and skeletons: the theme's hairline colour, neutral in both schemes. */
const PLACEHOLDER = 'color-mix(in srgb, var(--color-line) 70%, transparent)'

export function InfiniteWorkList<TPage extends WorkListPage, TKey extends QueryKey, TPageParam>({
  query,
  listKey,
  emptyMessage = 'No works here yet.',
  label,
  rememberAsSource = true,
  onCardIntent,
}: InfiniteWorkListProps<TPage, TKey, TPageParam>) {
  const { filters, density, imageQuality } = useSettings()
  const navigationType = useNavigationType()
  const {
    data,
    error,
    isPending,
    isError,
    isFetchingNextPage,
    isFetchNextPageError,
    hasNextPage,
    fetchNextPage,
    refetch,
  } = useInfiniteQuery({
    staleTime: LIST_STALE_TIME_MS,
    gcTime: LIST_GC_TIME_MS,
    // Back (and Forward) shows the pages exactly as they were left, however old: refetching a stale infinite query
    // refetches every loaded page in turn, and would reshuffle the rows under the restored scroll position.
    refetchOnMount: navigationType !== 'POP',
    ...query,
  })

  const pages = data?.pages
  const works = useMemo(() => uniqueById(pages, (p) => p.illusts), [pages])
  const { visible, hiddenCount } = useMemo(() => applyFilters(works, filters), [works, filters])
  const visibleItems = useMemo(() => visible.map((v) => v.item), [visible])
  const visibleIds = useMemo(() => new Set(visibleItems.map((w) => w.id)), [visibleItems])

  const [revealed, setRevealed] = useState<ReadonlySet<number>>(() => new Set())
  const reveal = useCallback((id: number) => setRevealed((prev) => new Set(prev).add(id)), [])

  useEffect(() => {
    if (rememberAsSource && pages)
      rememberSourceList(
        listKey,
        visibleItems.map((w) => w.id),
      )
  }, [rememberAsSource, listKey, visibleItems, pages])

  // ---- geometry ----
  const { attach: attachContainer, width, top } = useGridContainer(listKey)
  const layout = useMemo(() => gridLayout(visibleItems, width, density), [visibleItems, width, density])
  const { rows, gap } = layout

  const [focusedRow, setFocusedRow] = useState<number | null>(null)
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range)
      if (focusedRow === null) return indexes
      // Keep the row holding keyboard focus mounted (scrolling away must not drop focus to <body>), and its
      // neighbours, so Tab and Shift+Tab always find the next card in the DOM even before the scroll that focusing
      // caused has reached the virtualizer.
      const extra = [focusedRow - 1, focusedRow, focusedRow + 1].filter(
        (i) => i >= 0 && i < range.count && !indexes.includes(i),
      )
      return extra.length ? [...indexes, ...extra].sort((a, b) => a - b) : indexes
    },
    [focusedRow],
  )

  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: (i) => rows[i]?.height ?? layout.targetRowHeight,
    gap,
    overscan: GRID_OVERSCAN_ROWS,
    scrollMargin: top,
    // A new identity whenever the layout changes: the virtualizer recomputes row offsets only when an option it
    // keys on changes, and the rows' heights are exact (from the layout), never measured.
    getItemKey: useCallback((i: number) => `${layout.containerWidth}:${i}`, [layout]),
    rangeExtractor,
    // The window's scroll is the browser's and the router's: the virtualizer only reads it. Left to write it, it puts
    // back the offset it latched at its first render (the detail page's, on Back) whenever it attaches to the window,
    // which in StrictMode happens again after <ScrollRestoration> restored the list's position. It has nothing of its
    // own to write: row heights are exact (no measured-size corrections) and nothing here calls `scrollTo*`.
    scrollToFn: noScrollWrite,
    initialRect: typeof window === 'undefined' ? undefined : { width: window.innerWidth, height: window.innerHeight },
  })
  const rowsHeight = virtualizer.getTotalSize()
  const virtualRows = virtualizer.getVirtualItems()

  // ---- paging ----
  const emptyTrail = useMemo(
    () =>
      trailingPagesWithoutVisible(
        pages,
        (p) => p.illusts,
        (id) => visibleIds.has(id),
      ),
    [pages, visibleIds],
  )
  const autoPaused = emptyTrail >= MAX_AUTO_PAGES_WITHOUT_VISIBLE
  const tailError = isError && !!data
  const canAutoLoad = !!hasNextPage && !isFetchingNextPage && !tailError && !autoPaused && width > 0

  // Re-check as the viewport moves: the virtualizer re-renders when its range or scrolling state changes.
  const lastRowIndex = virtualRows.length > 0 ? virtualRows[virtualRows.length - 1]!.index : -1
  const isScrolling = virtualizer.isScrolling
  useEffect(() => {
    if (!canAutoLoad) return
    const near = isNearEnd({
      scrollY: window.scrollY,
      viewportHeight: window.innerHeight,
      contentBottom: top + rowsHeight,
      distanceViewports: PREFETCH_VIEWPORTS,
    })
    if (near) void fetchNextPage()
  }, [canAutoLoad, top, rowsHeight, lastRowIndex, isScrolling, fetchNextPage])

  const retryTail = useCallback(() => {
    if (isFetchNextPageError) void fetchNextPage()
    else void refetch()
  }, [isFetchNextPageError, fetchNextPage, refetch])
  const retryIn = useRateLimitRetry(error, isError ? retryTail : () => {})

  // ---- keep the work being looked at in view when the width changes (rotation, resize) ----
  const anchor = useRef<{ width: number; item: number; offset: number } | null>(null)
  useLayoutEffect(() => {
    const prev = anchor.current
    if (prev && prev.width > 0 && width > 0 && prev.width !== width && window.scrollY > top) {
      // The row of the anchored work goes back to where that work's row was on screen.
      const r = rowOfItem(rows, prev.item)
      if (r >= 0) window.scrollTo(0, top + rows[r]!.y - prev.offset)
    }
    // The row a quarter down the viewport: below any sticky header, where the eye is.
    const r = rowIndexAt(rows, window.scrollY - top + window.innerHeight / 4, gap)
    anchor.current =
      r >= 0
        ? { width, item: rows[r]!.start, offset: top + rows[r]!.y - window.scrollY }
        : { width, item: 0, offset: 0 }
  })

  // ---- placeholders below the rows while more may come (and while the first page loads) ----
  const showReserve = isPending || (!!hasNextPage && !autoPaused && !tailError)
  const reserveBlocks = useMemo(
    () =>
      showReserve && width > 0
        ? placeholderBlocks(
            width,
            density,
            RESERVE_VIEWPORTS * (typeof window === 'undefined' ? 800 : window.innerHeight),
          )
        : [],
    [showReserve, width, density],
  )
  const reserveTop = rows.length > 0 ? rowsHeight + gap : 0
  const containerHeight = reserveTop + blocksHeight(reserveBlocks)

  const onFocusCapture = useCallback((e: FocusEvent<HTMLDivElement>) => {
    const row = (e.target as HTMLElement).closest<HTMLElement>('[data-row]')
    setFocusedRow(row ? Number(row.dataset.row) : null)
  }, [])
  const onBlurCapture = useCallback((e: FocusEvent<HTMLDivElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocusedRow(null)
  }, [])

  if (isError && !data) {
    return (
      <div>
        <ErrorPanel error={error} retryIn={retryIn} onRetry={() => void refetch()} />
      </div>
    )
  }

  const loaded = !!data
  const setSize = hasNextPage ? -1 : visibleItems.length

  return (
    <div>
      <p className="mb-2 min-h-6 text-sm text-muted" data-testid="hidden-count">
        {hiddenCount > 0 && (
          <>
            {hiddenCount} hidden by your filters ·{' '}
            <Link to={paths.settings()} className="text-accent underline underline-offset-2 hover:no-underline">
              Filter settings
            </Link>
          </>
        )}
      </p>

      {loaded && works.length === 0 ? (
        <p className="py-16 text-center text-muted">{emptyMessage}</p>
      ) : loaded && visibleItems.length === 0 && !hasNextPage ? (
        <p className="py-16 text-center text-muted">
          All {hiddenCount} works here are hidden by your filters.{' '}
          <Link to={paths.settings()} className="text-accent underline underline-offset-2 hover:no-underline">
            Change filter settings
          </Link>
        </p>
      ) : (
        <div
          ref={attachContainer}
          role="list"
          aria-label={label}
          aria-busy={isPending || isFetchingNextPage}
          className="relative w-full"
          onFocusCapture={onFocusCapture}
          onBlurCapture={onBlurCapture}
          style={{
            height: containerHeight,
            // Drawn as a background, not as elements: rows that arrive over it move nothing on screen.
            background: reserveBlocks.length ? blocksBackground(reserveBlocks, reserveTop, PLACEHOLDER) : undefined,
          }}
        >
          {virtualRows.map((vr) => {
            const row = rows[vr.index]
            if (!row) return null
            return (
              <div
                key={vr.key}
                data-row={vr.index}
                className="absolute top-0 left-0 w-full focus-within:z-10"
                style={{
                  height: row.height,
                  transform: `translateY(${vr.start - virtualizer.options.scrollMargin}px)`,
                }}
              >
                {row.boxes.map((box, j) => {
                  const i = row.start + j
                  const entry = visible[i]!
                  return (
                    <WorkCard
                      key={entry.item.id}
                      work={entry.item}
                      box={box}
                      blurred={entry.blurred && !revealed.has(entry.item.id)}
                      blurReasons={entry.reasons}
                      onReveal={reveal}
                      eager={vr.index === 0}
                      highPriority={vr.index === 0 && j < HIGH_PRIORITY_CELLS}
                      imageQuality={imageQuality}
                      posInSet={i + 1}
                      setSize={setSize}
                      onIntent={onCardIntent}
                    />
                  )
                })}
              </div>
            )
          })}
        </div>
      )}

      <ListFooter
        isPending={isPending}
        isFetchingNextPage={isFetchingNextPage}
        hasNextPage={!!hasNextPage}
        hasWorks={visibleItems.length > 0}
        autoPaused={autoPaused}
        tailError={tailError ? error : null}
        retryIn={retryIn}
        onRetry={retryTail}
        onLoadMore={() => void fetchNextPage()}
      />
    </div>
  )
}

function errorMessage(error: unknown, retryIn: number | null): string {
  if (error instanceof RateLimitedError && retryIn !== null) return `Too many requests — retrying in ${retryIn} s`
  if (error instanceof ApiError) return error.userMessage
  return 'Something went wrong while loading these works.'
}

function ErrorPanel({ error, retryIn, onRetry }: { error: unknown; retryIn: number | null; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border border-line px-4 py-12 text-center">
      <p>{errorMessage(error, retryIn)}</p>
      <Button variant="primary" onClick={onRetry}>
        Retry
      </Button>
    </div>
  )
}

interface ListFooterProps {
  isPending: boolean
  isFetchingNextPage: boolean
  hasNextPage: boolean
  hasWorks: boolean
  autoPaused: boolean
  tailError: unknown
  retryIn: number | null
  onRetry: () => void
  onLoadMore: () => void
}

/** One fixed-height line under the grid: loading, the end, an error with Retry, or a "Load more" button. */
function ListFooter(props: ListFooterProps) {
  const { isPending, isFetchingNextPage, hasNextPage, hasWorks, autoPaused, tailError, retryIn } = props
  let status = ''
  if (isPending) status = 'Loading works…'
  else if (isFetchingNextPage) status = 'Loading more…'
  else if (!tailError && !hasNextPage && hasWorks) status = "You've reached the end"

  return (
    <div className="flex min-h-16 flex-col items-center justify-center gap-2 py-3 text-sm text-muted">
      <p role="status" className="flex items-center gap-2">
        {(isPending || isFetchingNextPage) && (
          <span
            aria-hidden="true"
            className="size-4 animate-spin rounded-full border-2 border-line border-t-accent motion-reduce:animate-none"
          />
        )}
        {status}
      </p>
      {!!tailError && (
        <div role="alert" className="flex flex-wrap items-center justify-center gap-3 text-ink">
          <span>{errorMessage(tailError, retryIn)}</span>
          <Button onClick={props.onRetry}>Retry</Button>
        </div>
      )}
      {!tailError && autoPaused && hasNextPage && !isFetchingNextPage && (
        <Button onClick={props.onLoadMore}>Load more</Button>
      )}
    </div>
  )
}
