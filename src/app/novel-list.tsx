import type { QueryKey } from '@tanstack/react-query'
import { lazy, Suspense } from 'react'
import type {
  InfiniteNovelList as List,
  InfiniteNovelListProps,
  NovelListPage,
} from '../features/novels/components/infinite-novel-list.tsx'
import { NovelListSkeleton } from '../features/novels/components/novel-list-skeleton.tsx'
import { loadNovelList, preloadNovelPage } from './preload.ts'

// For views that show novels only sometimes (the ranking's novels switch): the list (with TanStack Virtual) is its own
// chunk, warmed by the route's loader when the URL asks for novels.
// lazy() drops the component's type parameters; the cast gives them back (the props are passed through untouched).
const LazyList = lazy(() => loadNovelList().then((m) => ({ default: m.InfiniteNovelList }))) as unknown as typeof List

/** The novels feature's infinite list, loaded lazily (card-shaped placeholders until its code is in), warming the reader. */
export function NovelList<TPage extends NovelListPage, TKey extends QueryKey, TPageParam>(
  props: InfiniteNovelListProps<TPage, TKey, TPageParam>,
) {
  return (
    <Suspense fallback={<NovelListSkeleton label={props.label} />}>
      <LazyList onCardIntent={preloadNovelPage} {...props} />
    </Suspense>
  )
}
