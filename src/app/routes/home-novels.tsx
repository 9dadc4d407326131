import { novelQueries } from '../../features/novels/api/novel-queries.ts'
import { InfiniteNovelList } from '../../features/novels/components/infinite-novel-list.tsx'
import { useT } from '../../lib/i18n/i18n.ts'
import { preloadNovelPage } from '../preload.ts'
import '../../lib/i18n/messages/en/app.ts'
import '../../lib/i18n/messages/en/novels.ts'

export type NovelFeed = 'recommended' | 'following' | 'newest'

/**
 * A novel list of the home page's or the newest page's (its own chunk, as novels are the rarer kind): recommended
 * (personal when signed in), from the users followed, or the newest.
 */
export default function HomeNovels({ feed = 'recommended' }: { feed?: NovelFeed }) {
  const t = useT()
  switch (feed) {
    case 'following':
      return (
        <InfiniteNovelList
          onCardIntent={preloadNovelPage}
          query={novelQueries.following()}
          listKey="following:novel"
          label={t('novels.feeds.following')}
          emptyMessage={t('novels.feeds.followingEmpty')}
        />
      )
    case 'newest':
      return (
        <InfiniteNovelList
          onCardIntent={preloadNovelPage}
          query={novelQueries.newest()}
          listKey="newest:novel"
          label={t('novels.feeds.newest')}
          emptyMessage={t('novels.feeds.newestEmpty')}
        />
      )
    default:
      return (
        <InfiniteNovelList
          onCardIntent={preloadNovelPage}
          query={novelQueries.recommended()}
          listKey="home:novel"
          label={t('novels.feeds.recommended')}
          emptyMessage={t('app.home.recommendedEmpty')}
        />
      )
  }
}
