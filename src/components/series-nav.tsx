// The series navigation of a work's or a novel's page: "Series: title · #3 of 75", with the items before and after
// it. One component for both kinds, so the two cannot drift apart again (they had: 44 px touch targets on one, not
// the other); the words and the data are the kind's (works/components/detail/series-nav.tsx,
// novels/reader/novel-series-nav.tsx).

import { useMemo } from 'react'
import { Link } from 'react-router'
import { useLoadPagesUntil } from '../lib/use-load-pages-until.ts'

/** Series pages hold 30 items: looking further than this for an item's place is not worth the requests. */
const MAX_SERIES_PAGES = 4

/** How long a series' pages stay fresh for its navigation. */
export const SERIES_NAV_STALE_MS = 5 * 60_000

interface SeriesPages<TPage> {
  data?: { pages: readonly TPage[] }
  hasNextPage: boolean
  isFetchingNextPage: boolean
  fetchNextPage: () => Promise<unknown>
}

/**
 * Where item `id` sits in its series (an infinite query of the series' pages): its index (-1 until found), the items
 * loaded so far, and the series' length. Loads further pages, one at a time, until the item is found.
 */
export function useSeriesPlace<TPage, TItem extends { id: number }>(
  query: SeriesPages<TPage>,
  id: number,
  itemsOf: (page: TPage) => readonly TItem[],
  totalOf: (page: TPage) => number | undefined,
) {
  const { data } = query
  const items = useMemo(() => data?.pages.flatMap(itemsOf) ?? [], [data, itemsOf])
  const index = items.findIndex((item) => item.id === id)
  useLoadPagesUntil(query, index >= 0, MAX_SERIES_PAGES)
  const first = data?.pages[0]
  return { items, index, total: first === undefined ? undefined : totalOf(first) }
}

export interface SeriesNavLink {
  href: string
  /** The link's words ("Previous in series: title"). */
  text: string
}

export interface SeriesNavProps {
  /** The navigation landmark's name. */
  label: string
  /** What stands before the series' title ("Series: "). */
  name: string
  series: { title: string; href: string }
  /** "#3 of 75", once the item's place is known. */
  position: string | null
  prev: SeriesNavLink | null
  next: SeriesNavLink | null
}

/** Touch targets of at least 44 px (WCAG 2.5.5). */
const LINK = 'inline-flex min-h-11 items-center hover:underline'

export function SeriesNav({ label, name, series, position, prev, next }: SeriesNavProps) {
  return (
    <nav aria-label={label} className="flex flex-col gap-2 rounded-lg border border-line p-3" data-series-nav>
      <p className="text-sm">
        <span className="text-muted">{name}</span>
        <Link to={series.href} className="font-medium text-accent hover:underline">
          {series.title}
        </Link>
        {position && (
          <span className="text-muted" data-series-position>
            {' '}
            · {position}
          </span>
        )}
      </p>
      {(prev || next) && (
        <div className="flex flex-wrap justify-between gap-2 text-sm">
          {prev ? (
            <Link to={prev.href} rel="prev" className={LINK} data-series-link="prev">
              ← {prev.text}
            </Link>
          ) : (
            <span />
          )}
          {next && (
            <Link to={next.href} rel="next" className={`${LINK} text-right`} data-series-link="next">
              {next.text} →
            </Link>
          )}
        </div>
      )}
    </nav>
  )
}
