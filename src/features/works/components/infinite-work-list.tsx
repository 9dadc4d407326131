// Every list of works (search, ranking, recommended, bookmarks, a user's works, series): an infinite query laid out as
// a justified grid, virtualized by rows against the window's scroll so the page scrolls naturally and the router's
// scroll restoration finds its place again on Back.

import type { InfiniteData, QueryKey, UseInfiniteQueryOptions } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo } from 'react'
import type { Illust } from '../../../api/model.ts'
import { InfiniteListFrame, ListLoadError } from '../../../components/infinite-list-frame.tsx'
import { useT } from '../../../lib/i18n/i18n.ts'
import { useSettings } from '../../../lib/settings.ts'
import { rememberSourceList } from '../../../lib/source-list.ts'
import { useGridContainer } from '../../../lib/use-grid-container.ts'
import { useAutoLoadNextPage, useInfiniteList } from '../../../lib/use-infinite-list.ts'
import { useScrollAnchor } from '../../../lib/use-scroll-anchor.ts'
import { useWindowRows } from '../../../lib/use-window-rows.ts'
import { GRID_OVERSCAN_ROWS, HIGH_PRIORITY_CELLS, RESERVE_VIEWPORTS } from '../../../tunables.ts'
import {
  blocksBackground,
  blocksHeight,
  gridLayout,
  placeholderBlocks,
  rowIndexAt,
  rowOfItem,
} from './grid-geometry.ts'
import { WorkCard } from './work-card.tsx'
import '../../../lib/i18n/messages/en/works.ts'

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

const illustsOf = (page: WorkListPage) => page.illusts

/** The placeholder colour of cells and skeletons: the theme's hairline colour, neutral in both schemes. */
const PLACEHOLDER = 'color-mix(in srgb, var(--color-line) 70%, transparent)'

export function InfiniteWorkList<TPage extends WorkListPage, TKey extends QueryKey, TPageParam>({
  query,
  listKey,
  emptyMessage,
  label,
  rememberAsSource = true,
  onCardIntent,
}: InfiniteWorkListProps<TPage, TKey, TPageParam>) {
  const t = useT()
  const { density, imageQuality } = useSettings()
  const list = useInfiniteList(query, illustsOf)
  const { visible, loaded, revealed, reveal, setSize } = list
  const visibleItems = useMemo(() => visible.map((v) => v.item), [visible])

  useEffect(() => {
    if (rememberAsSource && loaded)
      rememberSourceList(
        listKey,
        visibleItems.map((w) => w.id),
      )
  }, [rememberAsSource, listKey, visibleItems, loaded])

  // ---- geometry ----
  const { attach: attachContainer, width, top } = useGridContainer(listKey)
  const layout = useMemo(() => gridLayout(visibleItems, width, density), [visibleItems, width, density])
  const { rows, gap } = layout
  const { virtualizer, focusHandlers } = useWindowRows({
    count: rows.length,
    estimateSize: (i) => rows[i]?.height ?? layout.targetRowHeight,
    gap,
    overscan: GRID_OVERSCAN_ROWS,
    top,
    getItemKey: useCallback((i: number) => `${layout.containerWidth}:${i}`, [layout]),
  })
  const rowsHeight = virtualizer.getTotalSize()
  useAutoLoadNextPage(list, { width, top, height: rowsHeight, virtualizer })

  // ---- keep the work being looked at in view when the width changes (rotation, resize) ----
  useScrollAnchor({
    layoutKey: width,
    ready: width > 0,
    top,
    itemAt: (y) => {
      const r = rowIndexAt(rows, y, gap)
      return r >= 0 ? rows[r]!.start : -1
    },
    rowTopOf: (item) => rows[rowOfItem(rows, item)]?.y,
  })

  // ---- placeholders below the rows while more may come (and while the first page loads) ----
  const { showReserve } = list
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

  if (list.isError && !loaded) {
    return (
      <div>
        <ListLoadError list={list} noun="works" />
      </div>
    )
  }

  return (
    <InfiniteListFrame
      list={list}
      noun="works"
      label={label}
      emptyMessage={emptyMessage ?? t('works.list.empty')}
      containerRef={attachContainer}
      focusHandlers={focusHandlers}
      style={{
        height: containerHeight,
        // Drawn as a background, not as elements: rows that arrive over it move nothing on screen.
        background: reserveBlocks.length ? blocksBackground(reserveBlocks, reserveTop, PLACEHOLDER) : undefined,
      }}
    >
      {virtualizer.getVirtualItems().map((vr) => {
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
    </InfiniteListFrame>
  )
}
