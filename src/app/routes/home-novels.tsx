import { novelQueries } from '../../features/novels/api/novel-queries.ts'
import { InfiniteNovelList } from '../../features/novels/components/infinite-novel-list.tsx'
import { preloadNovelPage } from '../preload.ts'

export type NovelFeed = 'recommended' | 'following' | 'newest'

/**
 * A novel list of the home page's or the newest page's (its own chunk, as novels are the rarer kind): recommended
 * (personal when signed in), from the users followed, or the newest.
 */
export default function HomeNovels({ feed = 'recommended' }: { feed?: NovelFeed }) {
  switch (feed) {
    case 'following':
      return (
        <InfiniteNovelList
          onCardIntent={preloadNovelPage}
          query={novelQueries.following()}
          listKey="following:novel"
          label="Novels by users you follow"
          emptyMessage="No new novels from the users you follow."
        />
      )
    case 'newest':
      return (
        <InfiniteNovelList
          onCardIntent={preloadNovelPage}
          query={novelQueries.newest()}
          listKey="newest:novel"
          label="Newest novels"
          emptyMessage="No novels yet."
        />
      )
    default:
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
}
