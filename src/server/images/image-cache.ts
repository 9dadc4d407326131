// Rendered bytes: a byte-bounded in-memory LRU (per process) in front of a store shared by every instance (a folder by
// default, DATA_DIR/image-cache, or an S3 bucket: storage/), with one shared render per key in flight, a cap on
// concurrent renders and a bounded queue behind it. One instance renders an image; every other reads it from the
// store. Keys come only from a hex digest of the spec, so nothing request-derived ever reaches the store.
//
// In a folder the cache keeps to a byte budget (least recently used files go first, counted from a scan at
// start-up). In a bucket it does not: listing a bucket at every start would cost a request per thousand images, so a
// bucket lifecycle rule (expire `image-cache/` after N days) bounds it instead; an expired image is rendered again.

import { FileStorage } from '../storage/file-storage.ts'
import type { Storage } from '../storage/storage.ts'
import { QueueFull, Semaphore } from '../semaphore.ts'

/** A render not started: the queue is full (503) or the client's render budget is spent (429). */
export class RenderRefused extends Error {
  constructor(
    readonly status: 429 | 503,
    /** whole seconds after which to try again */
    readonly retryAfter: number,
  ) {
    super(status === 503 ? 'render queue full' : 'render rate limit')
  }
}

/** Least-recently-used map bounded by the total byte length of its values. */
export class ByteLru {
  private readonly map = new Map<string, Buffer>()
  private total = 0
  constructor(
    private readonly maxBytes: number,
    private readonly maxEntryBytes = Math.floor(maxBytes / 8),
  ) {}

  get(key: string): Buffer | undefined {
    const v = this.map.get(key)
    if (v) {
      this.map.delete(key)
      this.map.set(key, v)
    }
    return v
  }

  set(key: string, value: Buffer): void {
    if (value.byteLength > this.maxEntryBytes) return
    const old = this.map.get(key)
    if (old) {
      this.total -= old.byteLength
      this.map.delete(key)
    }
    this.map.set(key, value)
    this.total += value.byteLength
    for (const [k, v] of this.map) {
      if (this.total <= this.maxBytes) break
      this.map.delete(k)
      this.total -= v.byteLength
    }
  }

  get bytes(): number {
    return this.total
  }
}

export interface ImageCacheOptions {
  /** folder for rendered files (created on demand), when no `storage` is given */
  cacheDir?: string
  /** where rendered files are kept, under `image-cache/` (shared by instances); default: a folder at `cacheDir` */
  storage?: Storage
  /** memory LRU budget in bytes (default 64 MB) */
  memoryBytes?: number
  /** simultaneous renders (default 2) */
  maxConcurrentRenders?: number
  /** renders that may wait for a slot (default 32); past that a request is refused with 503 */
  maxQueuedRenders?: number
  /** bytes of files kept on disk (default unbounded): the least recently used go first (a folder only) */
  diskBytes?: number
}

/** where a response came from: memory LRU, disk file, a fresh render, or another request's render in flight */
export type CacheSource = 'memory' | 'disk' | 'render' | 'inflight'

export class ImageCache {
  private readonly storage: Storage
  /** key prefix of the rendered files in the store */
  private readonly prefix: string
  private readonly memory: ByteLru
  private readonly renders: Semaphore
  private readonly inflight = new Map<string, Promise<{ body: Buffer; source: CacheSource }>>()
  /**
   * The files in a folder store (key → bytes), least recently used first. Kept in memory because atime is
   * unreliable (noatime mounts); seeded by mtime from a scan of the folder at start-up. Unused for a bucket.
   */
  private readonly files = new Map<string, number>()
  private diskTotal = 0
  private readonly diskMax: number
  /** settles when the start-up scan has counted what an earlier run left on disk */
  readonly scanned: Promise<void>

  constructor(opts: ImageCacheOptions) {
    if (opts.storage) {
      this.storage = opts.storage
      this.prefix = 'image-cache/'
    } else if (opts.cacheDir !== undefined) {
      this.storage = new FileStorage(opts.cacheDir)
      this.prefix = ''
    } else throw new Error('ImageCache needs a storage or a cacheDir')
    this.memory = new ByteLru(opts.memoryBytes ?? 64 * 1024 * 1024)
    this.renders = new Semaphore(Math.max(1, opts.maxConcurrentRenders ?? 2), Math.max(0, opts.maxQueuedRenders ?? 32))
    const local = this.storage instanceof FileStorage ? this.storage : undefined
    this.diskMax = local ? (opts.diskBytes ?? Infinity) : Infinity
    this.scanned =
      local && this.diskMax !== Infinity
        ? this.scan(local).catch((err: unknown) => console.warn('image cache: could not scan', local.description, err))
        : Promise.resolve()
  }

  /** Bytes of the files on disk this cache knows of. */
  get diskBytes(): number {
    return this.diskTotal
  }

  /**
   * `digest` must be a hex string (it becomes the file name); `ext` a fixed literal. `admit` is asked just before
   * a render is queued (never for a memory or disk hit, nor for a request sharing another's render): it may throw
   * RenderRefused, which the promise then rejects with, or return what to call when the render is over.
   */
  async get(
    digest: string,
    ext: string,
    render: () => Promise<Buffer>,
    admit?: () => () => void,
  ): Promise<{ body: Buffer; source: CacheSource }> {
    if (!/^[0-9a-f]{16,128}$/.test(digest) || !/^[a-z]{1,5}$/.test(ext)) throw new Error('bad cache key')
    const hot = this.memory.get(digest)
    if (hot) return { body: hot, source: 'memory' }
    const shared = this.inflight.get(digest)
    if (shared) {
      try {
        return { body: (await shared).body, source: 'inflight' }
      } catch (err) {
        // The render this request joined was refused for the client that asked first; ask again as itself.
        if (err instanceof RenderRefused) return this.get(digest, ext, render, admit)
        throw err
      }
    }
    const p = this.load(digest, ext, render, admit).finally(() => this.inflight.delete(digest))
    this.inflight.set(digest, p)
    return p
  }

  private async load(
    digest: string,
    ext: string,
    render: () => Promise<Buffer>,
    admit: (() => () => void) | undefined,
  ): Promise<{ body: Buffer; source: CacheSource }> {
    const key = `${this.prefix}${digest.slice(0, 2)}/${digest}.${ext}`
    try {
      const body = await this.storage.read(key)
      if (body.byteLength > 0) {
        this.memory.set(digest, body)
        this.touch(key, body.byteLength)
        return { body, source: 'disk' }
      }
    } catch {
      // not cached yet (or unreadable, or the store is down): render below
    }
    const release = admit?.()
    let body: Buffer
    try {
      body = await this.renders.run(render).catch((err: unknown) => {
        // about the time the queue ahead takes to drain at a few renders per second per slot
        if (err instanceof QueueFull)
          throw new RenderRefused(503, Math.max(1, Math.ceil(err.waiting / (this.renders.limit * 4))))
        throw err
      })
    } finally {
      release?.()
    }
    this.memory.set(digest, body)
    if (await this.store(key, body)) {
      this.touch(key, body.byteLength)
      this.evict()
    }
    return { body, source: 'render' }
  }

  /** Marks a file as just used (moves it to the recent end of the index); a bucket keeps no index. */
  private touch(key: string, bytes: number) {
    if (this.diskMax === Infinity) return
    const old = this.files.get(key)
    if (old !== undefined) {
      this.files.delete(key)
      this.diskTotal -= old
    }
    this.files.set(key, bytes)
    this.diskTotal += bytes
  }

  /** Deletes the least recently used files until the disk cache fits its budget. */
  private evict() {
    if (this.diskTotal <= this.diskMax) return
    for (const [key, bytes] of this.files) {
      if (this.diskTotal <= this.diskMax) break
      this.files.delete(key)
      this.diskTotal -= bytes
      this.storage.delete(key).catch(() => {})
    }
  }

  /**
   * Counts the files an earlier run left, oldest (by mtime) first, ahead of any this run has used meanwhile; then
   * evicts down to the budget. Leftover temp files of a crash mid-write are removed.
   */
  private async scan(folder: FileStorage) {
    const found: { key: string; bytes: number; mtime: number }[] = []
    for await (const o of folder.list(this.prefix, { removeLeftovers: true })) {
      // only the cache's own `xx/<digest>.<ext>` files
      if (/^[0-9a-f]{2}\/[0-9a-f]{16,128}\.[a-z]{1,5}$/.test(o.key.slice(this.prefix.length)))
        found.push({ key: o.key, bytes: o.size, mtime: o.modifiedMs })
    }
    found.sort((a, b) => a.mtime - b.mtime)
    const recent = [...this.files]
    this.files.clear()
    this.diskTotal = 0
    const recentKeys = new Set(recent.map(([k]) => k))
    for (const f of found) if (!recentKeys.has(f.key)) this.touch(f.key, f.bytes)
    for (const [k, bytes] of recent) this.touch(k, bytes)
    this.evict()
  }

  /** Atomic in every store (storage.ts), so a crash mid-write never leaves a partial image under the final name. */
  private async store(key: string, buf: Buffer): Promise<boolean> {
    try {
      await this.storage.put(key, buf)
      return true
    } catch (err) {
      // a full or read-only disk, or a bucket out of reach, costs us the cache, not the response
      if (!ImageCache.warned) {
        ImageCache.warned = true
        console.warn(`image cache: could not write ${key} to ${this.storage.description}:`, err)
      }
      return false
    }
  }

  private static warned = false
}
