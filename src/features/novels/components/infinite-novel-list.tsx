// Every list of novels (recommended, search, ranking, a series, a user's novels, bookmarks): an infinite query whose
// page parameter is the cursor of `next_url`, laid out as fixed-height cards in equal columns and virtualized by rows
// against the window's scroll, so the page scrolls naturally and the router's scroll restoration finds its place again
// on Back. Same paging, filtering and states as the work grid.

import { useInfiniteQuery, type InfiniteData, type QueryKey, type UseInfiniteQueryOptions } from '@tanstack/react-query'
import { defaultRangeExtractor, useWindowVirtualizer, type Range } from '@tanstack/react-virtual'
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type FocusEvent } from 'react'
import { Link, useNavigationType } from 'react-router'
import type { Novel } from '../../../api/model.ts'
import { Button } from '../../../components/button.tsx'
import { ApiError, RateLimitedError } from '../../../lib/api-error.ts'
import { applyFilters } from '../../../lib/filter-engine.ts'
import { isNearEnd, trailingPagesWithoutVisible, uniqueById } from '../../../lib/list-paging.ts'
import { paths } from '../../../lib/paths.ts'
import { useSettings } from '../../../lib/settings.ts'
import { useGridContainer } from '../../../lib/use-grid-container.ts'
import { useRateLimitRetry } from '../../../lib/use-rate-limit-retry.ts'
import {
  LIST_GC_TIME_MS,
  LIST_STALE_TIME_MS,
  MAX_AUTO_PAGES_WITHOUT_VISIBLE,
  NOVEL_OVERSCAN_ROWS,
  PREFETCH_VIEWPORTS,
  RESERVE_VIEWPORTS,
} from '../../../tunables.ts'
import { novelGrid, rowAt, rowsHeight, rowTop } from '../lib/novel-grid.ts'
import { NovelCard, NovelCardSkeleton } from './novel-card.tsx'

export interface NovelListPage {
  novels: Novel[]
  nextUrl: string | null
}

export interface InfiniteNovelListProps<TPage extends NovelListPage, TKey extends QueryKey, TPageParam> {
  /** Infinite query options from the novels' query factory (`novelQueries.search(…)` etc.). */
  query: UseInfiniteQueryOptions<TPage, Error, InfiniteData<TPage>, TKey, TPageParam>
  /** Stable identity of this list (e.g. pathname + search): its remembered geometry. */
  listKey: string
  /** Accessible name of the list, e.g. "Novel search results for cat". */
  label: string
  emptyMessage?: string
  /**
   * Number the cards on their cover by their place in the list as the service ordered it (before the filters hid
   * any): `rank` for a ranking, `order` for a series.
   */
  numbering?: 'rank' | 'order'
  /** Whether cards name their series (false on the series' own page). */
  showSeries?: boolean
  /** Warms the reader's chunk when a card is hovered, touched or focused. */
  onCardIntent?: () => void
}

const noScrollWrite = () => {}
const novelsOf = (page: NovelListPage) => page.novels
const NUMBER_LABEL = { rank: 'Rank', order: 'Part' } as const

export function InfiniteNovelList<TPage extends NovelListPage, TKey extends QueryKey, TPageParam>({
  query,
  listKey,
  label,
  emptyMessage = 'No novels here yet.',
  numbering,
  showSeries = true,
  onCardIntent,
}: InfiniteNovelListProps<TPage, TKey, TPageParam>) {
  const { filters } = useSettings()
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
    // Back (and Forward) shows the pages exactly as they were left: refetching a stale infinite query refetches every
    // loaded page in turn, and could reorder the rows under the restored scroll position.
    refetchOnMount: navigationType !== 'POP',
    ...query,
  })

  const pages = data?.pages
  const novels = useMemo(() => uniqueById(pages, novelsOf), [pages])
  const place = useMemo(() => new Map(novels.map((n, i) => [n.id, i + 1])), [novels])
  const { visible, hiddenCount } = useMemo(() => applyFilters(novels, filters), [novels, filters])
  const visibleIds = useMemo(() => new Set(visible.map((v) => v.item.id)), [visible])

  const [revealed, setRevealed] = useState<ReadonlySet<number>>(() => new Set())
  const reveal = useCallback((id: number) => setRevealed((prev) => new Set(prev).add(id)), [])

  // ---- geometry ----
  const { attach: attachContainer, width, top } = useGridContainer(listKey)
  const grid = useMemo(() => novelGrid(width, visible.length), [width, visible.length])
  const { columns, gap, rowHeight } = grid

  const [focusedRow, setFocusedRow] = useState<number | null>(null)
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range)
      if (focusedRow === null) return indexes
      // Keep the row holding keyboard focus mounted, and its neighbours, so Tab and Shift+Tab always find the next
      // card in the DOM even before the scroll that focusing caused has reached the virtualizer.
      const extra = [focusedRow - 1, focusedRow, focusedRow + 1].filter(
        (i) => i >= 0 && i < range.count && !indexes.includes(i),
      )
      return extra.length ? [...indexes, ...extra].sort((a, b) => a - b) : indexes
    },
    [focusedRow],
  )

  const virtualizer = useWindowVirtualizer({
    count: grid.rows,
    estimateSize: () => rowHeight,
    gap,
    overscan: NOVEL_OVERSCAN_ROWS,
    scrollMargin: top,
    // A new identity whenever the columns change: the virtualizer recomputes offsets only when an option it keys on
    // changes, and the rows' heights are exact, never measured.
    getItemKey: useCallback((i: number) => `${columns}:${i}`, [columns]),
    rangeExtractor,
    // The window's scroll is the browser's and the router's: the virtualizer only reads it (see InfiniteWorkList).
    scrollToFn: noScrollWrite,
    initialRect: typeof window === 'undefined' ? undefined : { width: window.innerWidth, height: window.innerHeight },
  })
  const listHeight = rowsHeight(grid, grid.rows)
  const virtualRows = virtualizer.getVirtualItems()

  // ---- paging ----
  const emptyTrail = useMemo(
    () => trailingPagesWithoutVisible(pages, novelsOf, (id) => visibleIds.has(id)),
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
      contentBottom: top + listHeight,
      distanceViewports: PREFETCH_VIEWPORTS,
    })
    // One fetch at a time: canAutoLoad is false while a page is under way.
    if (near) void fetchNextPage()
  }, [canAutoLoad, top, listHeight, lastRowIndex, isScrolling, fetchNextPage])

  const retryTail = useCallback(() => {
    if (isFetchNextPageError) void fetchNextPage()
    else void refetch()
  }, [isFetchNextPageError, fetchNextPage, refetch])
  const retryIn = useRateLimitRetry(error, isError ? retryTail : () => {})

  // ---- keep the novel being looked at in view when the columns change (rotation, resize) ----
  const anchor = useRef<{ columns: number; item: number; offset: number } | null>(null)
  useLayoutEffect(() => {
    const prev = anchor.current
    if (prev && prev.columns !== columns && width > 0 && window.scrollY > top) {
      const row = Math.floor(prev.item / columns)
      window.scrollTo(0, top + rowTop(grid, row) - prev.offset)
    }
    // The row a quarter down the viewport: below any sticky header, where the eye is.
    const r = rowAt(grid, window.scrollY - top + window.innerHeight / 4)
    anchor.current =
      r >= 0
        ? { columns, item: r * columns, offset: top + rowTop(grid, r) - window.scrollY }
        : { columns, item: 0, offset: 0 }
  })

  // ---- placeholder rows below the cards while more may come (and while the first page loads) ----
  const showReserve = isPending || (!!hasNextPage && !autoPaused && !tailError)
  const viewportHeight = typeof window === 'undefined' ? 800 : window.innerHeight
  const reserveRows = showReserve ? Math.ceil((RESERVE_VIEWPORTS * viewportHeight) / (rowHeight + gap)) : 0
  const reserveTop = grid.rows > 0 ? listHeight + gap : 0
  const containerHeight = reserveTop + rowsHeight(grid, reserveRows)

  const onFocusCapture = useCallback((e: FocusEvent<HTMLDivElement>) => {
    const row = (e.target as HTMLElement).closest<HTMLElement>('[data-row]')
    setFocusedRow(row ? Number(row.dataset.row) : null)
  }, [])
  const onBlurCapture = useCallback((e: FocusEvent<HTMLDivElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocusedRow(null)
  }, [])

  if (isError && !data) return <ErrorPanel error={error} retryIn={retryIn} onRetry={() => void refetch()} />

  const loaded = !!data
  const setSize = hasNextPage ? -1 : visible.length
  const rowStyle = { gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, columnGap: gap }

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

      {loaded && novels.length === 0 ? (
        <p className="py-16 text-center text-muted">{emptyMessage}</p>
      ) : loaded && visible.length === 0 && !hasNextPage ? (
        <p className="py-16 text-center text-muted">
          All {hiddenCount} novels here are hidden by your filters.{' '}
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
          style={{ height: containerHeight }}
        >
          {virtualRows.map((vr) => {
            const start = vr.index * columns
            const entries = visible.slice(start, start + columns)
            return (
              <div
                key={vr.key}
                data-row={vr.index}
                className="absolute top-0 left-0 grid w-full focus-within:z-10"
                style={{ ...rowStyle, height: rowHeight, transform: `translateY(${rowTop(grid, vr.index)}px)` }}
              >
                {entries.map((entry, j) => (
                  <NovelCard
                    key={entry.item.id}
                    novel={entry.item}
                    blurred={entry.blurred && !revealed.has(entry.item.id)}
                    blurReasons={entry.reasons}
                    onReveal={reveal}
                    number={
                      numbering
                        ? { value: place.get(entry.item.id) ?? start + j + 1, label: NUMBER_LABEL[numbering] }
                        : undefined
                    }
                    showSeries={showSeries}
                    eager={vr.index === 0}
                    posInSet={start + j + 1}
                    setSize={setSize}
                    onIntent={onCardIntent}
                  />
                ))}
              </div>
            )
          })}
          {reserveRows > 0 && (
            <div
              aria-hidden="true"
              className="absolute left-0 grid w-full"
              style={{ ...rowStyle, rowGap: gap, top: reserveTop }}
            >
              {Array.from({ length: reserveRows * columns }, (_, i) => (
                <NovelCardSkeleton key={i} />
              ))}
            </div>
          )}
        </div>
      )}

      <ListFooter
        isPending={isPending}
        isFetchingNextPage={isFetchingNextPage}
        hasNextPage={!!hasNextPage}
        hasItems={visible.length > 0}
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
  return 'Something went wrong while loading these novels.'
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
  hasItems: boolean
  autoPaused: boolean
  tailError: unknown
  retryIn: number | null
  onRetry: () => void
  onLoadMore: () => void
}

/** One fixed-height line under the cards: loading, the end, an error with Retry, or a "Load more" button. */
function ListFooter(props: ListFooterProps) {
  const { isPending, isFetchingNextPage, hasNextPage, hasItems, autoPaused, tailError, retryIn } = props
  let status = ''
  if (isPending) status = 'Loading novels…'
  else if (isFetchingNextPage) status = 'Loading more…'
  else if (!tailError && !hasNextPage && hasItems) status = "You've reached the end"

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
