// Every list of novels (recommended, search, ranking, a series, a user's novels, bookmarks): the collection
// (infinite-collection.tsx) in the novels' layout, fixed-height cards in equal columns (novel-grid.ts), of novel
// cards.

import type { InfiniteData, QueryKey, UseInfiniteQueryOptions } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { Novel } from '../../../api/model.ts'
import type { CollectionLayout } from '../../../components/collection/collection-layout.ts'
import { InfiniteCollection } from '../../../components/collection/infinite-collection.tsx'
import { useT } from '../../../lib/i18n/i18n.ts'
import { useInfiniteList } from '../../../lib/use-infinite-list.ts'
import { NOVEL_OVERSCAN_ROWS } from '../../../tunables.ts'
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

/** The novels' layout: cards of one height in as many equal columns as fit. */
export function cardColumns(items: readonly unknown[], width: number): CollectionLayout {
  const grid = novelGrid(width, items.length)
  const { columns, gap, rowHeight } = grid
  const rowStyle = { gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, columnGap: gap }
  return {
    key: columns,
    rows: grid.rows,
    gap,
    rowHeight: () => rowHeight,
    rowTop: (r) => rowTop(grid, r),
    rowItems: (r) => [r * columns, Math.min(items.length, (r + 1) * columns)],
    itemAt: (y) => {
      const r = rowAt(grid, y)
      return r >= 0 ? r * columns : -1
    },
    rowOf: (item) => (item >= 0 && item < items.length ? Math.floor(item / columns) : -1),
    height: rowsHeight(grid, grid.rows),
    row: { className: 'grid', style: rowStyle },
    overscan: NOVEL_OVERSCAN_ROWS,
    reserve: (minHeight, top) => {
      const rows = Math.ceil(minHeight / (rowHeight + gap))
      return {
        height: rowsHeight(grid, rows),
        content: rows > 0 && (
          <div aria-hidden="true" className="absolute left-0 grid w-full" style={{ ...rowStyle, rowGap: gap, top }}>
            {Array.from({ length: rows * columns }, (_, i) => (
              <NovelCardSkeleton key={i} />
            ))}
          </div>
        ),
      }
    },
  }
}

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
  // The place in the list as the service ordered it, before the filters hid any.
  const place = useMemo(() => new Map(list.items.map((n, i) => [n.id, i + 1])), [list.items])

  return (
    <InfiniteCollection
      list={list}
      listKey={listKey}
      noun="novels"
      label={label}
      emptyMessage={emptyMessage ?? t('novels.list.empty')}
      layoutOf={cardColumns}
      renderItem={(novel, props, { index }) => (
        <NovelCard
          novel={novel}
          {...props}
          number={numbering ? { value: place.get(novel.id) ?? index + 1, kind: numbering } : undefined}
          showSeries={showSeries}
          onIntent={onCardIntent}
        />
      )}
    />
  )
}
