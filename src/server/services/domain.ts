import type { ServiceDeps } from './deps.ts'
import { BookmarkService } from './bookmarks.ts'
import { CommentService } from './comments.ts'
import { FeedService } from './feeds.ts'
import { FollowService } from './follows.ts'
import { ItemService } from './items.ts'
import { LibraryService } from './library.ts'
import { MuteService } from './mutes.ts'
import { NovelService } from './novels.ts'
import { RankingService } from './ranking.ts'
import { RecommendationService } from './recommendation.ts'
import { SearchService } from './search.ts'
import { SeriesService } from './series.ts'
import { TokenService } from './tokens.ts'
import { AccountService } from './accounts.ts'
import { UserService } from './users.ts'
import { WorkService } from './works.ts'

// The service layer: routes parse a request (http/endpoint.ts), call one of these, and serialize what it answers.
// Services hold the domain logic (visibility through services/visibility.ts, recommendation, search planning,
// rankings) and the cache invalidation of writes; they reach the catalogue only through the repositories
// (data/repositories.ts), never the store.

export interface Domain {
  items: ItemService
  works: WorkService
  novels: NovelService
  users: UserService
  follows: FollowService
  mutes: MuteService
  bookmarks: BookmarkService
  comments: CommentService
  search: SearchService
  ranking: RankingService
  recommendation: RecommendationService
  series: SeriesService
  feeds: FeedService
  tokens: TokenService
  accounts: AccountService
  library: LibraryService
}

export function createDomain(deps: ServiceDeps): Domain {
  const items = new ItemService(deps.repos)
  const follows = new FollowService(deps)
  return {
    items,
    works: new WorkService(deps, items),
    novels: new NovelService(deps, items),
    users: new UserService(deps, items),
    follows,
    mutes: new MuteService(deps),
    bookmarks: new BookmarkService(deps, items),
    comments: new CommentService(deps, items, follows),
    search: new SearchService(deps),
    ranking: new RankingService(deps),
    recommendation: new RecommendationService(deps),
    series: new SeriesService(deps),
    feeds: new FeedService(deps),
    tokens: new TokenService(deps),
    accounts: new AccountService(deps),
    library: new LibraryService(deps),
  }
}
