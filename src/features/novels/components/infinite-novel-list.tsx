// Every list of novels (recommended, search, ranking, a series, a user's novels, bookmarks): an infinite query whose
// page parameter is the cursor of `next_url`, laid out as fixed-height cards in equal columns and virtualized by rows
// against the window's scroll, so the page scrolls naturally and the router's scroll restoration finds its place again
// on Back. Paging, filtering and states are the work grid's (use-infinite-list.ts, infinite-list-frame.tsx).

import type { InfiniteData, QueryKey, UseInfiniteQueryOptions } from '@tanstack/react-query'
import { useCallback, useMemo } from 'react'
import type { Novel } from '../../../api/model.ts'
import { InfiniteListFrame, ListLoadError } from '../../../components/infinite-list-frame.tsx'
import { useT } from '../../../lib/i18n/i18n.ts'
import { useGridContainer } from '../../../lib/use-grid-container.ts'
import { useAutoLoadNextPage, useInfiniteList } from '../../../lib/use-infinite-list.ts'
import { useScrollAnchor } from '../../../lib/use-scroll-anchor.ts'
import { useWindowRows } from '../../../lib/use-window-rows.ts'
import { NOVEL_OVERSCAN_ROWS, RESERVE_VIEWPORTS } from '../../../tunables.ts'
import { novelGrid, rowAt, rowsHeight, rowTop } from '../lib/novel-grid.ts'
import { NovelCard, NovelCardSkeleton } from './novel-card.tsx'
import '../../../lib/i18n/messages/en/novels.ts'

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

const novelsOf = (page: NovelListPage) => page.novels

export function InfiniteNovelList<TPage extends NovelListPage, TKey extends QueryKey, TPageParam>({
  query,
  listKey,
  label,
  emptyMessage,
  numbering,
  showSeries = true,
  onCardIntent,
}: InfiniteNovelListProps<TPage, TKey, TPageParam>) {
  const t = useT()
  const list = useInfiniteList(query, novelsOf)
  const { items: novels, visible, revealed, reveal, setSize } = list
  const place = useMemo(() => new Map(novels.map((n, i) => [n.id, i + 1])), [novels])

  // ---- geometry ----
  const { attach: attachContainer, width, top } = useGridContainer(listKey)
  const grid = useMemo(() => novelGrid(width, visible.length), [width, visible.length])
  const { columns, gap, rowHeight } = grid
  const { virtualizer, focusHandlers } = useWindowRows({
    count: grid.rows,
    estimateSize: () => rowHeight,
    gap,
    overscan: NOVEL_OVERSCAN_ROWS,
    top,
    getItemKey: useCallback((i: number) => `${columns}:${i}`, [columns]),
  })
  const listHeight = rowsHeight(grid, grid.rows)
  useAutoLoadNextPage(list, { width, top, height: listHeight, virtualizer })

  // ---- keep the novel being looked at in view when the columns change (rotation, resize) ----
  useScrollAnchor({
    layoutKey: columns,
    ready: width > 0,
    top,
    itemAt: (y) => {
      const r = rowAt(grid, y)
      return r >= 0 ? r * columns : -1
    },
    rowTopOf: (item) => rowTop(grid, Math.floor(item / columns)),
  })

  // ---- placeholder rows below the cards while more may come (and while the first page loads) ----
  const viewportHeight = typeof window === 'undefined' ? 800 : window.innerHeight
  const reserveRows = list.showReserve ? Math.ceil((RESERVE_VIEWPORTS * viewportHeight) / (rowHeight + gap)) : 0
  const reserveTop = grid.rows > 0 ? listHeight + gap : 0
  const containerHeight = reserveTop + rowsHeight(grid, reserveRows)

  if (list.isError && !list.loaded) return <ListLoadError list={list} noun="novels" />

  const rowStyle = { gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, columnGap: gap }

  return (
    <InfiniteListFrame
      list={list}
      noun="novels"
      label={label}
      emptyMessage={emptyMessage ?? t('novels.list.empty')}
      containerRef={attachContainer}
      focusHandlers={focusHandlers}
      style={{ height: containerHeight }}
    >
      {virtualizer.getVirtualItems().map((vr) => {
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
                number={numbering ? { value: place.get(entry.item.id) ?? start + j + 1, kind: numbering } : undefined}
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
    </InfiniteListFrame>
  )
}
