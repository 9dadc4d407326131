import type { WireUser } from '../../api/wire.ts'
import type { Kind, UserRow } from '../data/store.ts'
import type { UserCounts } from '../data/repositories.ts'
import type { View } from '../wire/view.ts'
import type { RawJson } from '../wire/raw-json.ts'
import { notFound } from '../http/errors.ts'
import type { ServiceDeps } from './deps.ts'
import type { ItemService } from './items.ts'

export const USER_GONE = 'User has left or the user ID does not exist.'

/** A `user_previews` entry: the user with their three newest visible works and novels. */
export interface UserPreview {
  user: WireUser
  illusts: RawJson[]
  novels: RawJson[]
  is_muted: boolean
}

/** How many works and novels a preview shows. */
const PREVIEW_ITEMS = 3

// Users: their rows, profiles' counters, works lists and previews.
export class UserService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly items: ItemService,
  ) {}

  /** The user, or the App API's 404 for one that does not exist. */
  async existing(userId: number): Promise<UserRow> {
    const row = await this.deps.repos.users.byId(userId)
    if (!row) throw notFound(USER_GONE)
    return row
  }

  /** The user's row (cached per account) for a signed-in caller's own checks; undefined if there is none. */
  async cached(userId: number): Promise<UserRow | undefined> {
    return this.deps.caches.callers.user(userId)
  }

  async profile(view: View, userId: number): Promise<{ row: UserRow; counts: UserCounts }> {
    const row = await this.existing(userId)
    return { row, counts: await this.deps.repos.users.counts(row.id, view.caller) }
  }

  /** A page of the user's works or novels the caller may see (`limit` ids, the items serialized). */
  async itemIds(
    view: View,
    kind: Kind,
    userId: number,
    type: 'illust' | 'manga' | undefined,
    offset: number,
    limit: number,
  ) {
    return this.repo(kind).byUser(userId, view.caller, type, offset, limit)
  }

  private repo(kind: Kind) {
    return kind === 'illust' ? this.deps.repos.works : this.deps.repos.novels
  }

  showAi(userId: number): Promise<boolean> {
    return this.deps.repos.users.showAi(userId)
  }

  /** The account's AI setting; lists derived per caller were made under the old one. */
  async setShowAi(userId: number, show: boolean): Promise<void> {
    await this.deps.repos.users.setShowAi(userId, show)
    // They are keyed by the caller's version, which this moves (clearing the caches instead let any account flush
    // everyone's).
    await this.deps.caches.bus.publish({ callers: [userId] })
  }

  /** Users as wire objects, in order, with is_followed for the caller; unknown ids are left out. */
  async wireUsers(view: View, ids: readonly number[]): Promise<WireUser[]> {
    const rows = await this.deps.repos.users.byIds([...new Set(ids)])
    return ids.flatMap((id) => {
      const row = rows.get(id)
      return row ? [view.user(row, view.follows(id))] : []
    })
  }

  /** `user_previews` for the users, in order: their newest visible works and novels read for the page at once. */
  async previews(view: View, userIds: readonly number[]): Promise<UserPreview[]> {
    const caller = view.caller
    const { works, novels } = this.deps.repos
    const [rows, illustIds, novelIds] = await Promise.all([
      this.deps.repos.users.byIds([...new Set(userIds)]),
      Promise.all(userIds.map((id) => works.byUser(id, caller, undefined, 0, PREVIEW_ITEMS))),
      Promise.all(userIds.map((id) => novels.byUser(id, caller, undefined, 0, PREVIEW_ITEMS))),
    ])
    const [illustsOf, novelsOf] = await Promise.all([
      this.items.lists(view, 'illust', illustIds),
      this.items.lists(view, 'novel', novelIds),
    ])
    return userIds.flatMap((id, i) => {
      const row = rows.get(id)
      if (!row) return []
      return [
        {
          user: view.user(row, view.follows(id)),
          illusts: illustsOf[i]!,
          novels: novelsOf[i]!,
          is_muted: view.mutedUser(id),
        },
      ]
    })
  }
}
