import type { Kind } from '../data/store.ts'
import { Lru } from '../services.ts'
import type { RawJson } from './raw-json.ts'

export interface CachedItem {
  /** the item as an anonymous caller would see it, and that text in UTF-8 */
  json: string
  bytes: Buffer
  /** its tag names, for the caller's muted tags */
  tags: string[]
  /** what decides who may see it */
  head: { user_id: number; restrict: number; x_restrict: number; ai_type: number }
  /**
   * The item with caller-relative flags set, by mask (1 author followed, 2 bookmarked, 4 muted), made on first use:
   * a signed-in caller's own bookmarks, or its follow feed, flip the same flag on every item, and re-encoding each
   * item's text for every answer cost a third of such a page.
   */
  variants?: RawJson[]
  /** unix seconds after which the item must be built again (its signed image URLs would grow old) */
  expires?: number
}

/**
 * Serialized works and novels, keyed by origin (URLs are absolute), kind, detail or list variant, and id.
 * An item changes only when its bookmark count does, so writes invalidate it by id.
 */
export class ItemJsonCache {
  private readonly lru: Lru<CachedItem>
  private readonly origins = new Set<string>()

  constructor(maxItems: number) {
    this.lru = new Lru(maxItems)
  }

  private key(origin: string, kind: Kind, detail: boolean, id: number) {
    return `${origin}|${kind}|${detail ? 'd' : 'l'}|${id}`
  }

  /** `nowS`: the request's clock, against which an entry's `expires` is checked. */
  get(origin: string, kind: Kind, detail: boolean, id: number, nowS?: number): CachedItem | undefined {
    const key = this.key(origin, kind, detail, id)
    const item = this.lru.get(key)
    if (item?.expires !== undefined && nowS !== undefined && nowS >= item.expires) {
      this.lru.delete(key)
      return undefined
    }
    return item
  }

  set(origin: string, kind: Kind, detail: boolean, id: number, item: CachedItem) {
    this.origins.add(origin)
    this.lru.set(this.key(origin, kind, detail, id), item)
  }

  invalidate(kind: Kind, id: number) {
    for (const origin of this.origins)
      for (const detail of [true, false]) this.lru.delete(this.key(origin, kind, detail, id))
  }
}
