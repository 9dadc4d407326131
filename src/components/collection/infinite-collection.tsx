// Every infinite list of the gallery (works, novels), whatever its layout: the items of an infinite list laid out in
// rows by a pluggable layout (collection-layout.ts), virtualized by rows against the window's scroll so the page
// scrolls naturally and the router's scroll restoration finds its place again on Back. It loads the next page as the
// end nears, keeps the item being looked at in view when the layout changes, stands placeholders below the rows while
// more may come, and shows the states (collection-states.tsx) around them. What an item looks like is the feature's
// (`renderItem`, usually a card in a card-frame.tsx).

import { Fragment, useCallback, useMemo, type ReactNode } from 'react'
import type { FilteredItem } from '../../lib/filter-engine.ts'
import { useGridContainer } from '../../lib/use-grid-container.ts'
import { useAutoLoadNextPage, type InfiniteList } from '../../lib/use-infinite-list.ts'
import { useScrollAnchor } from '../../lib/use-scroll-anchor.ts'
import { useWindowRows } from '../../lib/use-window-rows.ts'
import { RESERVE_VIEWPORTS } from '../../tunables.ts'
import type { CollectionLayout } from './collection-layout.ts'
import { CollectionStates, CollectionLoadError, type ListNoun } from './collection-states.tsx'

/** What every item of a collection is told about its place and state, whatever it looks like. */
export interface CollectionItemProps {
  /** Position in the whole list (1-based) and its size (-1 when more pages may follow), for assistive tech. */
  posInSet: number
  setSize: number
  /** Covered by the filters' blur until revealed. */
  blurred: boolean
  blurReasons: FilteredItem<unknown>['reasons']
  onReveal: (id: number) => void
  /**
   * Items of the rows in the first screenful load at once, with the render that makes them: the largest of them is
   * the page's largest paint, and a lazy image waits for a layout and an intersection check before it even asks.
   * The rest load when near the viewport.
   */
  eager: boolean
}

/** Where an item sits: its index among the visible items, its row, and its place in that row. */
export interface CollectionCell {
  index: number
  row: number
  column: number
}

export interface InfiniteCollectionProps<TItem extends { id: number }, TLayout extends CollectionLayout> {
  /** The data side (useInfiniteList). */
  list: InfiniteList<TItem>
  /** Stable identity of this list (e.g. pathname + search): its remembered geometry. */
  listKey: string
  /** What the list holds, for its messages. */
  noun: ListNoun
  /** Accessible name of the list, e.g. "Search results for cat". */
  label: string
  emptyMessage: string
  /**
   * The layout of the visible items at a container width. Memoized on its identity, the items and the width: keep it
   * stable (change it only when the layout's own inputs change, such as the density).
   */
  layoutOf: (items: readonly TItem[], width: number) => TLayout
  /** One item (a card), given its place and the layout it sits in. */
  renderItem: (item: TItem, props: CollectionItemProps, cell: CollectionCell, layout: TLayout) => ReactNode
}

const ROW_CLASS = 'absolute top-0 left-0 w-full focus-within:z-10'

export function InfiniteCollection<TItem extends { id: number }, TLayout extends CollectionLayout>({
  list,
  listKey,
  noun,
  label,
  emptyMessage,
  layoutOf,
  renderItem,
}: InfiniteCollectionProps<TItem, TLayout>) {
  const { visible, revealed, reveal, setSize, showReserve } = list
  const visibleItems = useMemo(() => visible.map((v) => v.item), [visible])

  // ---- geometry ----
  const { attach: attachContainer, width, top } = useGridContainer(listKey)
  const layout = useMemo(() => layoutOf(visibleItems, width), [layoutOf, visibleItems, width])
  const { gap } = layout
  const { virtualizer, focusHandlers } = useWindowRows({
    count: layout.rows,
    estimateSize: layout.rowHeight,
    gap,
    overscan: layout.overscan,
    top,
    // A new identity with every layout: the virtualizer recomputes row offsets only when an option it keys on changes.
    getItemKey: useCallback((i: number) => `${layout.key}:${i}`, [layout]),
  })
  useAutoLoadNextPage(list, { width, top, height: layout.height, virtualizer })

  // ---- keep the item being looked at in view when the layout changes (rotation, resize) ----
  useScrollAnchor({
    layoutKey: layout.key,
    ready: width > 0,
    top,
    itemAt: layout.itemAt,
    rowTopOf: (item) => {
      const row = layout.rowOf(item)
      return row >= 0 ? layout.rowTop(row) : undefined
    },
  })

  // ---- placeholders below the rows while more may come (and while the first page loads) ----
  const reserveTop = layout.rows > 0 ? layout.height + gap : 0
  const viewportHeight = typeof window === 'undefined' ? 800 : window.innerHeight
  const reserve = showReserve ? layout.reserve(RESERVE_VIEWPORTS * viewportHeight, reserveTop) : undefined

  if (list.isError && !list.loaded) return <CollectionLoadError list={list} noun={noun} />

  return (
    <CollectionStates
      list={list}
      noun={noun}
      label={label}
      emptyMessage={emptyMessage}
      containerRef={attachContainer}
      focusHandlers={focusHandlers}
      style={{ height: reserveTop + (reserve?.height ?? 0), background: reserve?.background || undefined }}
    >
      {virtualizer.getVirtualItems().map((vr) => {
        const [start, end] = layout.rowItems(vr.index)
        const cells: ReactNode[] = []
        for (let i = start; i < end; i++) {
          const entry = visible[i]
          if (!entry) break
          const id = entry.item.id
          const props: CollectionItemProps = {
            posInSet: i + 1,
            setSize,
            blurred: entry.blurred && !revealed.has(id),
            blurReasons: entry.reasons,
            onReveal: reveal,
            eager: top + layout.rowTop(vr.index) < viewportHeight,
          }
          cells.push(
            <Fragment key={id}>
              {renderItem(entry.item, props, { index: i, row: vr.index, column: i - start }, layout)}
            </Fragment>,
          )
        }
        return (
          <div
            key={vr.key}
            data-row={vr.index}
            className={ROW_CLASS + (layout.row?.className ? ` ${layout.row.className}` : '')}
            style={{
              ...layout.row?.style,
              height: layout.rowHeight(vr.index),
              transform: `translateY(${layout.rowTop(vr.index)}px)`,
            }}
          >
            {cells}
          </div>
        )
      })}
      {reserve?.content}
    </CollectionStates>
  )
}
