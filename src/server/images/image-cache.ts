// Rendered bytes: a byte-bounded in-memory LRU in front of a disk cache, with one shared render per
// key in flight and a cap on concurrent renders. File names come only from a hex digest of the key,
// so nothing request-derived ever reaches the filesystem.

import { randomBytes } from 'node:crypto'
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

export class Semaphore {
  private active = 0
  private readonly waiting: (() => void)[] = []
  constructor(private readonly limit: number) {}

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve))
    else this.active++
    try {
      return await fn()
    } finally {
      const next = this.waiting.shift()
      // hand the slot straight to the next waiter; `active` stays the same
      if (next) next()
      else this.active--
    }
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
  cacheDir: string
  /** memory LRU budget in bytes (default 64 MB) */
  memoryBytes?: number
  /** simultaneous renders (default 2) */
  maxConcurrentRenders?: number
}

/** where a response came from: memory LRU, disk file, a fresh render, or another request's render in flight */
export type CacheSource = 'memory' | 'disk' | 'render' | 'inflight'

export class ImageCache {
  private readonly dir: string
  private readonly memory: ByteLru
  private readonly renders: Semaphore
  private readonly inflight = new Map<string, Promise<{ body: Buffer; source: CacheSource }>>()
  private readonly madeDirs = new Set<string>()

  constructor(opts: ImageCacheOptions) {
    this.dir = opts.cacheDir
    this.memory = new ByteLru(opts.memoryBytes ?? 64 * 1024 * 1024)
    this.renders = new Semaphore(Math.max(1, opts.maxConcurrentRenders ?? 2))
  }

  /** `digest` must be a hex string (it becomes the file name); `ext` a fixed literal. */
  async get(
    digest: string,
    ext: string,
    render: () => Promise<Buffer>,
  ): Promise<{ body: Buffer; source: CacheSource }> {
    if (!/^[0-9a-f]{16,128}$/.test(digest) || !/^[a-z]{1,5}$/.test(ext)) throw new Error('bad cache key')
    const hot = this.memory.get(digest)
    if (hot) return { body: hot, source: 'memory' }
    const shared = this.inflight.get(digest)
    if (shared) return { body: (await shared).body, source: 'inflight' }
    const p = this.load(digest, ext, render).finally(() => this.inflight.delete(digest))
    this.inflight.set(digest, p)
    return p
  }

  private async load(
    digest: string,
    ext: string,
    render: () => Promise<Buffer>,
  ): Promise<{ body: Buffer; source: CacheSource }> {
    const sub = join(this.dir, digest.slice(0, 2))
    const file = join(sub, `${digest}.${ext}`)
    try {
      const body = await readFile(file)
      if (body.byteLength > 0) {
        this.memory.set(digest, body)
        return { body, source: 'disk' }
      }
    } catch {
      // not cached yet (or unreadable): render below
    }
    const body = await this.renders.run(render)
    this.memory.set(digest, body)
    await this.store(sub, file, body)
    return { body, source: 'render' }
  }

  /** temp file + rename, so a crash mid-write never leaves a partial image under the final name */
  private async store(sub: string, file: string, buf: Buffer): Promise<void> {
    const tmp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`
    try {
      if (!this.madeDirs.has(sub)) {
        await mkdir(sub, { recursive: true })
        this.madeDirs.add(sub)
      }
      await writeFile(tmp, buf)
      await rename(tmp, file)
    } catch (err) {
      // a full or read-only disk costs us the cache, not the response
      this.madeDirs.delete(sub)
      await unlink(tmp).catch(() => {})
      if (!ImageCache.warned) {
        ImageCache.warned = true
        console.warn(`image cache: could not write ${file}:`, err)
      }
    }
  }

  private static warned = false
}
