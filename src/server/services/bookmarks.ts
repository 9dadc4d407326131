import type { Kind } from '../data/store.ts'
import type { View } from '../wire/view.ts'
import { forbidden, notFound } from '../http/errors.ts'
import { PAGE_SIZE } from '../http/paging.ts'
import type { ServiceDeps } from './deps.ts'
import type { ItemService } from './items.ts'
import { USER_GONE } from './users.ts'
import { mayReadPrivateOf } from './visibility.ts'

export type Restrict = 'public' | 'private'

/** `[bookmark id, item id, …]` (how a page is cached: flat numbers) as pairs. */
const pairs = (flat: readonly number[]) =>
  Array.from({ length: flat.length / 2 }, (_, i) => ({ id: flat[2 * i]!, itemId: flat[2 * i + 1]! }))

const restrictOf = (r: Restrict): 0 | 1 => (r === 'private' ? 1 : 0)

// Bookmarks: a user's lists (private ones their owner's alone), the caller's bookmark of an item, the tags, and the
// writes with what they invalidate (the caller's state and cached pages, the item's counter).
export class BookmarkService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly items: ItemService,
  ) {}

  /** The list's owner exists, and the caller may read the list (a private one is its owner's). */
  private async readable(view: View, userId: number, restrict: Restrict, cached: boolean) {
    const user = cached ? await this.deps.caches.callers.user(userId) : await this.deps.repos.users.byId(userId)
    if (!user) throw notFound(USER_GONE)
    if (restrict === 'private' && !mayReadPrivateOf(view.caller, userId))
      throw forbidden('Private bookmarks are only visible to their owner.')
  }

  /**
   * A page of a user's bookmarks, newest first, below the `max_bookmark_id` cursor: `PAGE_SIZE + 1` at most (the
   * extra one says another page follows), as bookmark id and item id.
   */
  async page(
    view: View,
    kind: Kind,
    q: { user_id: number; restrict: Restrict; max_bookmark_id?: number; tag?: string },
  ): Promise<{ id: number; itemId: number }[]> {
    await this.readable(view, q.user_id, q.restrict, true)
    const { caches, repos } = this.deps
    const caller = view.caller
    // Which bookmarks a page holds depends on the list, the cursor, what the caller may see, and nothing else that
    // changes without moving one of the two accounts' versions.
    const key = JSON.stringify([
      kind,
      q.user_id,
      q.restrict,
      q.tag ?? '',
      q.max_bookmark_id ?? null,
      caller.id,
      caller.maxX,
      caches.callers.version(q.user_id),
      caches.callers.version(caller.id),
    ])
    let flat = caches.bookmarkPages.get(key)
    if (!flat) {
      const rows = await repos.bookmarks.page(
        kind,
        q.user_id,
        restrictOf(q.restrict),
        caller,
        q.max_bookmark_id ?? Number.MAX_SAFE_INTEGER,
        PAGE_SIZE + 1,
        q.tag || undefined,
      )
      flat = rows.flatMap((b) => [b.id, b.item_id])
      caches.bookmarkPages.set(key, flat)
    }
    return pairs(flat)
  }

  /** The caller's bookmark of an item it may see, with the item's own tags and the bookmark's. */
  async detail(view: View, kind: Kind, itemId: number) {
    await this.items.visible(view, kind, itemId)
    const { repos } = this.deps
    const [mark, tags] = await Promise.all([
      repos.bookmarks.of(kind, view.caller.id, itemId),
      repos.tags.of(kind, [itemId]),
    ])
    const itemTags = (tags.get(itemId) ?? []).map((t) => t.name)
    return { mark, names: [...new Set([...itemTags, ...(mark?.tags ?? [])])] }
  }

  /** The caller's bookmark of an item (for the web API's bookmarkData); none for an anonymous caller. */
  async of(view: View, kind: Kind, itemId: number) {
    return view.caller.id ? this.deps.repos.bookmarks.of(kind, view.caller.id, itemId) : undefined
  }

  /** Bookmark tags with their counts, of the bookmarks of items the caller may see. */
  async tags(view: View, kind: Kind, q: { user_id: number; restrict: Restrict; offset: number }, limit: number) {
    await this.readable(view, q.user_id, q.restrict, false)
    return this.deps.repos.bookmarks.tags(kind, q.user_id, restrictOf(q.restrict), view.caller, q.offset, limit)
  }

  async add(view: View, kind: Kind, itemId: number, restrict: Restrict, tags: string[]): Promise<void> {
    const me = view.caller.id
    await this.items.visible(view, kind, itemId)
    await this.deps.repos.bookmarks.add(kind, me, itemId, restrictOf(restrict), tags, this.deps.nowS())
    // the caller's state and lists, and the item's total_bookmarks, in every instance
    await this.deps.caches.bus.publish({ callers: [me], items: [{ kind, id: itemId }] })
  }

  async remove(view: View, kind: Kind, itemId: number): Promise<void> {
    const me = view.caller.id
    if (!(await this.items.row(kind, itemId)))
      throw notFound(`The ${kind === 'illust' ? 'artwork' : 'novel'} does not exist.`)
    await this.deps.repos.bookmarks.remove(kind, me, itemId)
    await this.deps.caches.bus.publish({ callers: [me], items: [{ kind, id: itemId }] })
  }
}
