// Every list of works (search, ranking, recommended, bookmarks, a user's works, series): the collection
// (infinite-collection.tsx) in the works' layout, justified rows (grid-geometry.ts), of work cards. The list becomes
// the one the detail view steps through.

import type { InfiniteData, QueryKey, UseInfiniteQueryOptions } from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import type { Illust } from '../../../api/model.ts'
import type { CollectionLayout } from '../../../components/collection/collection-layout.ts'
import { InfiniteCollection } from '../../../components/collection/infinite-collection.tsx'
import { useT } from '../../../lib/i18n/i18n.ts'
import type { LayoutBox } from '../../../lib/justified-layout.ts'
import { useSettings, type Density } from '../../../lib/settings.ts'
import { rememberSourceList } from '../../../lib/source-list.ts'
import { useInfiniteList } from '../../../lib/use-infinite-list.ts'
import { GRID_OVERSCAN_ROWS, HIGH_PRIORITY_CELLS } from '../../../tunables.ts'
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

/**
 * The works' layout: justified rows at this density. Placeholder blocks depend only on the width and the height to
 * fill, not on the works: the last ones are kept, not laid out again as every page arrives.
 */
export function justifiedRows(density: Density) {
  let last: { width: number; minHeight: number; blocks: LayoutBox[] } | undefined
  const blocksFor = (width: number, minHeight: number) => {
    if (last?.width !== width || last.minHeight !== minHeight)
      last = { width, minHeight, blocks: placeholderBlocks(width, density, minHeight) }
    return last.blocks
  }
  return (items: readonly Illust[], width: number): CollectionLayout & { box: (index: number) => LayoutBox } => {
    const geometry = gridLayout(items, width, density)
    const { rows, gap } = geometry
    return {
      key: geometry.containerWidth,
      rows: rows.length,
      gap,
      rowHeight: (r) => rows[r]?.height ?? geometry.targetRowHeight,
      rowTop: (r) => rows[r]?.y ?? 0,
      rowItems: (r) => [rows[r]?.start ?? 0, rows[r]?.end ?? 0],
      itemAt: (y) => {
        const r = rowIndexAt(rows, y, gap)
        return r >= 0 ? rows[r]!.start : -1
      },
      rowOf: (item) => rowOfItem(rows, item),
      height: geometry.height,
      overscan: GRID_OVERSCAN_ROWS,
      reserve: (minHeight, top) => {
        const blocks = blocksFor(width, minHeight)
        return {
          height: blocksHeight(blocks),
          // Drawn as a background, not as elements: rows that arrive over it move nothing on screen.
          background: blocks.length ? blocksBackground(blocks, top, PLACEHOLDER) : undefined,
        }
      },
      box: (index) => geometry.boxes[index]!,
    }
  }
}

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
  const { visible, loaded } = list

  useEffect(() => {
    if (rememberAsSource && loaded)
      rememberSourceList(
        listKey,
        visible.map((v) => v.item.id),
      )
  }, [rememberAsSource, listKey, visible, loaded])

  const layoutOf = useMemo(() => justifiedRows(density), [density])

  return (
    <InfiniteCollection
      list={list}
      listKey={listKey}
      noun="works"
      label={label}
      emptyMessage={emptyMessage ?? t('works.list.empty')}
      layoutOf={layoutOf}
      renderItem={(work, props, { row, column, index }, layout) => (
        <WorkCard
          work={work}
          box={layout.box(index)}
          {...props}
          highPriority={row === 0 && column < HIGH_PRIORITY_CELLS}
          imageQuality={imageQuality}
          onIntent={onCardIntent}
        />
      )}
    />
  )
}
