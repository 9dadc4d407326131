// A bounded least-recently-used map for the service's caches (its own module: the composition root, context.ts, and the
// caches that use it both import it, with no cycle between them).

/** What an Lru may hold: at most `maxBytes` by `sizeOf`'s estimate, and a hook for entries that leave it. */
export interface LruOptions<V> {
  /** the budget, in bytes, of the values by `sizeOf` plus their keys; unset: entries only */
  maxBytes?: number
  /** a value's size in bytes (default: `approxBytes`) */
  sizeOf?: (value: V) => number
  /** called for every entry that leaves the map: evicted, deleted, replaced or cleared */
  onRemove?: (key: string, value: V) => void
}

interface LruEntry<V> {
  value: V
  bytes: number
}

/** A key's own cost besides its value: the string (two bytes a character at worst) and the map's entry. */
const keyBytes = (key: string) => 2 * key.length + 64

/**
 * A least-recently-used map, bounded in entries and, with `maxBytes`, in bytes: an entry count alone does not bound
 * memory when entries can be large or keys long (a client chooses both: its query, its Host), and the first probe of
 * the service grew it to 6 GB by entries that were each small enough.
 */
export class Lru<V> {
  private readonly map = new Map<string, LruEntry<V>>()
  private readonly max: number
  private readonly maxBytes: number
  private readonly sizeOf: (value: V) => number
  private readonly onRemove: ((key: string, value: V) => void) | undefined
  private total = 0

  constructor(max: number, options: LruOptions<V> = {}) {
    this.max = max
    this.maxBytes = options.maxBytes ?? Infinity
    this.sizeOf = options.sizeOf ?? approxBytes
    this.onRemove = options.onRemove
  }

  /** the entries held */
  get size(): number {
    return this.map.size
  }

  /** the estimated bytes held (keys included); 0 when the map has no byte budget */
  get bytes(): number {
    return this.total
  }

  get(key: string): V | undefined {
    const e = this.map.get(key)
    if (e !== undefined) {
      this.map.delete(key)
      this.map.set(key, e)
    }
    return e?.value
  }

  set(key: string, value: V) {
    this.delete(key)
    const bytes = this.maxBytes === Infinity ? 0 : this.sizeOf(value) + keyBytes(key)
    // a value larger than the whole budget is not kept: it would only push out everything else
    if (bytes > this.maxBytes) return
    this.map.set(key, { value, bytes })
    this.total += bytes
    this.evict()
  }

  /** Records that the value under `key` grew (or shrank) by `delta` bytes after it was set. */
  resize(key: string, delta: number) {
    const e = this.map.get(key)
    if (!e || this.maxBytes === Infinity) return
    e.bytes += delta
    this.total += delta
    this.evict()
  }

  getOrCompute(key: string, compute: () => V): V {
    let v = this.get(key)
    if (v === undefined) this.set(key, (v = compute()))
    return v
  }

  delete(key: string) {
    const e = this.map.get(key)
    if (!e) return
    this.map.delete(key)
    this.total -= e.bytes
    this.onRemove?.(key, e.value)
  }

  clear() {
    for (const key of [...this.map.keys()]) this.delete(key)
  }

  /** Oldest first, until within both bounds. */
  private evict() {
    while (this.map.size > this.max || this.total > this.maxBytes) this.delete(this.map.keys().next().value!)
  }
}

/**
 * A rough size in bytes of a value as V8 holds it (64-bit, no pointer compression): 8 a number or pointer, a string's
 * characters at two bytes each (the worst case), the elements of arrays, sets and maps, the fields of plain objects.
 * Meant for cache budgets: it errs on the large side and stops descending after a few levels.
 */
export function approxBytes(value: unknown, depth = 0): number {
  if (typeof value === 'string') return 16 + 2 * value.length
  if (value === null || typeof value !== 'object') return 8
  if (Buffer.isBuffer(value)) return 96 + value.length
  if (depth > 4) return 64
  let n = 32
  if (Array.isArray(value)) {
    if (value.every((v) => typeof v === 'number')) return n + 8 * value.length
    for (const v of value) n += 8 + approxBytes(v, depth + 1)
  } else if (value instanceof Set) {
    for (const v of value) n += 40 + approxBytes(v, depth + 1)
  } else if (value instanceof Map) {
    for (const [k, v] of value) n += 48 + approxBytes(k, depth + 1) + approxBytes(v, depth + 1)
  } else for (const [k, v] of Object.entries(value)) n += 16 + 2 * k.length + approxBytes(v, depth + 1)
  return n
}
