import type { QueryKey } from '@tanstack/react-query'
import type { InfiniteWorkListProps, WorkListPage } from '../features/works/components/infinite-work-list.tsx'
import { GridSkeleton } from './grid-skeleton.tsx'
import { preloadArtworkPage, workListModule } from './preload.ts'

/**
 * The works feature's infinite grid, with the detail chunk warmed from its cards. The grid (with TanStack Virtual) is
 * its own chunk, so the entry stays small: the skeleton stands in until it is in (see lazy-module.ts for why not
 * Suspense).
 */
export function WorkList<TPage extends WorkListPage, TKey extends QueryKey, TPageParam>(
  props: InfiniteWorkListProps<TPage, TKey, TPageParam>,
) {
  const List = workListModule.use()?.InfiniteWorkList
  return List ? <List onCardIntent={preloadArtworkPage} {...props} /> : <GridSkeleton label={props.label} />
}
