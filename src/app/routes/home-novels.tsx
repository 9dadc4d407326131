import { novelQueries } from '../../features/novels/api/novel-queries.ts'
import { InfiniteNovelList } from '../../features/novels/components/infinite-novel-list.tsx'
import { preloadNovelPage } from '../preload.ts'

/** The home page's novels tab (its own chunk): recommended novels, personal when signed in. */
export default function HomeNovels() {
  return (
    <InfiniteNovelList
      onCardIntent={preloadNovelPage}
      query={novelQueries.recommended()}
      listKey="home:novel"
      label="Recommended novels"
      emptyMessage="Nothing to recommend yet."
    />
  )
}
