import type { QueryKey } from '@tanstack/react-query'
import type { InfiniteNovelListProps, NovelListPage } from '../features/novels/components/infinite-novel-list.tsx'
import { NovelListSkeleton } from '../features/novels/components/novel-list-skeleton.tsx'
import { novelListModule, preloadNovelPage } from './preload.ts'

/**
 * The novels feature's infinite list, warming the reader from its cards. For views that show novels only sometimes
 * (the ranking's novels switch, the home page's novels tab), the list (with TanStack Virtual) is its own chunk:
 * card-shaped placeholders stand in until it is in (see lazy-module.ts for why not Suspense).
 */
export function NovelList<TPage extends NovelListPage, TKey extends QueryKey, TPageParam>(
  props: InfiniteNovelListProps<TPage, TKey, TPageParam>,
) {
  const List = novelListModule.use()?.InfiniteNovelList
  return List ? <List onCardIntent={preloadNovelPage} {...props} /> : <NovelListSkeleton label={props.label} />
}
