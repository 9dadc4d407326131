import type { QueryKey } from '@tanstack/react-query'
import { lazy, Suspense } from 'react'
import type {
  InfiniteWorkList as List,
  InfiniteWorkListProps,
  WorkListPage,
} from '../features/works/components/infinite-work-list.tsx'
import { GridSkeleton } from './grid-skeleton.tsx'
import { loadWorkList, preloadArtworkPage } from './preload.ts'

// The grid (with TanStack Virtual) is its own chunk, so the entry stays small; pages warm it in their loaders.
// lazy() drops the component's type parameters; the cast gives them back (the props are passed through untouched).
const LazyList = lazy(() => loadWorkList().then((m) => ({ default: m.InfiniteWorkList }))) as unknown as typeof List

/** The works feature's infinite grid, loaded lazily, with the detail chunk warmed from its cards. */
export function WorkList<TPage extends WorkListPage, TKey extends QueryKey, TPageParam>(
  props: InfiniteWorkListProps<TPage, TKey, TPageParam>,
) {
  return (
    <Suspense fallback={<GridSkeleton label={props.label} />}>
      <LazyList onCardIntent={preloadArtworkPage} {...props} />
    </Suspense>
  )
}
