import type { Kind } from '../data/store.ts'
import type { ContentType } from '../data/repositories.ts'
import type { FeedRestrict } from '../data/social.ts'
import type { View } from '../wire/view.ts'
import type { ServiceDeps } from './deps.ts'

// The follow feeds (new works of the users one follows) and everyone's newest works. Visibility, the age setting and
// the AI setting come with the repositories' visibility rule; muted authors and tags are marked by the view.
export class FeedService {
  constructor(private readonly deps: ServiceDeps) {}

  private repo(kind: Kind) {
    return kind === 'illust' ? this.deps.repos.works : this.deps.repos.novels
  }

  follow(view: View, kind: Kind, restrict: FeedRestrict, offset: number, limit: number): Promise<number[]> {
    return this.repo(kind).followFeed(view.caller, restrict, offset, limit)
  }

  newest(view: View, kind: Kind, type: ContentType, maxId: number, limit: number): Promise<number[]> {
    return this.repo(kind).newest(view.caller, type, maxId, limit)
  }
}
