import type { Kind } from '../data/store.ts'
import { Lru } from '../lru.ts'
import { RawJson } from './raw-json.ts'

export interface CachedItem {
  /** the item as an anonymous caller would see it, and that text in UTF-8 */
  json: string
  bytes: Buffer
  /** its tag names, for the caller's muted tags */
  tags: string[]
  /** what decides who may see it */
  head: { user_id: number; restrict: number; x_restrict: number; ai_type: number }
  /**
   * The item with caller-relative flags set, by mask (1 author followed, 2 bookmarked, 4 muted), made on first use
   * (`ItemJsonCache.variant`): a signed-in caller's own bookmarks, or its follow feed, flip the same flag on every
   * item, and re-encoding each item's text for every answer cost a third of such a page.
   */
  variants?: RawJson[]
  /** unix seconds after which the item must be built again (its signed image URLs would grow old) */
  expires?: number
}

interface Entry {
  origin: string
  key: string
  item: CachedItem
}

/** A string's bytes in V8: one a character when it is all one-byte (its UTF-8 is as long), else two. */
const stringBytes = (s: string, utf8Length: number) => 16 + (utf8Length === s.length ? s.length : 2 * s.length)

/**
 * What an item costs held: its text, its UTF-8, its tags and head, and the entry around them. Checked against the heap:
 * the default catalogue's 12,000 items, detail and list text each (24,000 entries), took 201 MB (141 MB of heap, the
 * text being two-byte strings, and 60 MB of buffers); this counts 201 MB.
 */
function itemBytes(item: CachedItem): number {
  let n = 768 + stringBytes(item.json, item.bytes.length) + item.bytes.length
  for (const t of item.tags) n += 24 + 2 * t.length
  for (const v of item.variants ?? []) if (v) n += stringBytes(v.json, v.bytes.length) + v.bytes.length
  return n
}

/**
 * The default budget of the item cache (README, "Limits"): the whole default catalogue (about 200 MB) for one origin,
 * and the busiest part of it for a second.
 */
export const ITEM_CACHE_MAX_BYTES = 256 * 1024 * 1024

/**
 * Serialized works and novels, keyed by origin (URLs are absolute), kind, detail or list variant, and id; bounded in
 * entries and in bytes (variants made later are counted as they are made). An item changes only when its bookmark
 * or comment count does, so writes invalidate it by id, in every origin that holds it. Origins are few (one per
 * address the service is reached on, http/origin.ts), and one is forgotten when its last item leaves.
 */
export class ItemJsonCache {
  private readonly lru: Lru<Entry>
  /** live entries per origin */
  private readonly origins = new Map<string, number>()
  private readonly entries = new WeakMap<CachedItem, Entry>()

  constructor(maxItems: number, maxBytes = ITEM_CACHE_MAX_BYTES) {
    this.lru = new Lru(maxItems, {
      maxBytes,
      sizeOf: (e) => itemBytes(e.item),
      onRemove: (_, e) => {
        if (this.entries.get(e.item) === e) this.entries.delete(e.item)
        const n = (this.origins.get(e.origin) ?? 1) - 1
        if (n > 0) this.origins.set(e.origin, n)
        else this.origins.delete(e.origin)
      },
    })
  }

  /** items held, their estimated bytes, and the origins they are held for */
  get stats(): { items: number; bytes: number; origins: number } {
    return { items: this.lru.size, bytes: this.lru.bytes, origins: this.origins.size }
  }

  private key(origin: string, kind: Kind, detail: boolean, id: number) {
    return `${origin}|${kind}|${detail ? 'd' : 'l'}|${id}`
  }

  /** `nowS`: the request's clock, against which an entry's `expires` is checked. */
  get(origin: string, kind: Kind, detail: boolean, id: number, nowS?: number): CachedItem | undefined {
    const key = this.key(origin, kind, detail, id)
    const item = this.lru.get(key)?.item
    if (item?.expires !== undefined && nowS !== undefined && nowS >= item.expires) {
      this.lru.delete(key)
      return undefined
    }
    return item
  }

  set(origin: string, kind: Kind, detail: boolean, id: number, item: CachedItem) {
    // Buffer.from gives small buffers slices of a shared 8 KB pool, which one live slice keeps whole: a copy of its
    // own makes the count above true.
    if (item.bytes.buffer.byteLength > item.bytes.length) {
      const own = Buffer.allocUnsafeSlow(item.bytes.length)
      item.bytes.copy(own)
      item.bytes = own
    }
    const key = this.key(origin, kind, detail, id)
    const entry = { origin, key, item }
    this.entries.set(item, entry)
    this.origins.set(origin, (this.origins.get(origin) ?? 0) + 1)
    this.lru.set(key, entry)
  }

  /** The item's text with the flags of `mask` set, made by `make` once and then kept (and counted) with the item. */
  variant(item: CachedItem, mask: number, make: () => string): RawJson {
    const variants = (item.variants ??= [])
    let v = variants[mask]
    if (!v) {
      const json = make()
      const bytes = Buffer.from(json)
      v = variants[mask] = new RawJson(json, bytes)
      const entry = this.entries.get(item)
      if (entry) this.lru.resize(entry.key, stringBytes(json, bytes.length) + bytes.length)
    }
    return v
  }

  /** Forgets every item (the catalogue changed in ways not known item by item). */
  clear() {
    this.lru.clear()
  }

  invalidate(kind: Kind, id: number) {
    for (const origin of [...this.origins.keys()])
      for (const detail of [true, false]) this.lru.delete(this.key(origin, kind, detail, id))
  }
}
