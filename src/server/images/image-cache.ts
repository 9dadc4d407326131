// Rendered bytes: a byte-bounded in-memory LRU in front of a byte-bounded disk cache, with one shared render per
// key in flight, a cap on concurrent renders and a bounded queue behind it. File names come only from a hex digest
// of the key, so nothing request-derived ever reaches the filesystem.

import { randomBytes } from 'node:crypto'
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
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
  cacheDir: string
  /** memory LRU budget in bytes (default 64 MB) */
  memoryBytes?: number
  /** simultaneous renders (default 2) */
  maxConcurrentRenders?: number
  /** renders that may wait for a slot (default 32); past that a request is refused with 503 */
  maxQueuedRenders?: number
  /** bytes of files kept on disk (default unbounded): the least recently used go first */
  diskBytes?: number
}

/** where a response came from: memory LRU, disk file, a fresh render, or another request's render in flight */
export type CacheSource = 'memory' | 'disk' | 'render' | 'inflight'

export class ImageCache {
  private readonly dir: string
  private readonly memory: ByteLru
  private readonly renders: Semaphore
  private readonly inflight = new Map<string, Promise<{ body: Buffer; source: CacheSource }>>()
  private readonly madeDirs = new Set<string>()
  /**
   * The files on disk (relative name → bytes), least recently used first. Kept in memory because atime is
   * unreliable (noatime mounts); seeded by mtime from a scan of the directory at start-up.
   */
  private readonly files = new Map<string, number>()
  private diskTotal = 0
  private readonly diskMax: number
  /** settles when the start-up scan has counted what an earlier run left on disk */
  readonly scanned: Promise<void>

  constructor(opts: ImageCacheOptions) {
    this.dir = opts.cacheDir
    this.memory = new ByteLru(opts.memoryBytes ?? 64 * 1024 * 1024)
    this.renders = new Semaphore(Math.max(1, opts.maxConcurrentRenders ?? 2), Math.max(0, opts.maxQueuedRenders ?? 32))
    this.diskMax = opts.diskBytes ?? Infinity
    this.scanned = this.scan().catch((err: unknown) => console.warn('image cache: could not scan', this.dir, err))
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
    const sub = join(this.dir, digest.slice(0, 2))
    const name = `${digest.slice(0, 2)}/${digest}.${ext}`
    const file = join(sub, `${digest}.${ext}`)
    try {
      const body = await readFile(file)
      if (body.byteLength > 0) {
        this.memory.set(digest, body)
        this.touch(name, body.byteLength)
        return { body, source: 'disk' }
      }
    } catch {
      // not cached yet (or unreadable): render below
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
    if (await this.store(sub, file, body)) {
      this.touch(name, body.byteLength)
      this.evict()
    }
    return { body, source: 'render' }
  }

  /** Marks a file as just used (moves it to the recent end of the index). */
  private touch(name: string, bytes: number) {
    const old = this.files.get(name)
    if (old !== undefined) {
      this.files.delete(name)
      this.diskTotal -= old
    }
    this.files.set(name, bytes)
    this.diskTotal += bytes
  }

  /** Deletes the least recently used files until the disk cache fits its budget. */
  private evict() {
    if (this.diskTotal <= this.diskMax) return
    for (const [name, bytes] of this.files) {
      if (this.diskTotal <= this.diskMax) break
      this.files.delete(name)
      this.diskTotal -= bytes
      unlink(join(this.dir, name)).catch(() => {})
    }
  }

  /**
   * Counts the files an earlier run left, oldest (by mtime) first, ahead of any this run has used meanwhile; then
   * evicts down to the budget. Leftover temp files of a crash mid-write are removed.
   */
  private async scan() {
    let subs: string[]
    try {
      subs = await readdir(this.dir)
    } catch {
      return // no cache yet
    }
    const found: { name: string; bytes: number; mtime: number }[] = []
    for (const sub of subs) {
      if (!/^[0-9a-f]{2}$/.test(sub)) continue
      let names: string[]
      try {
        names = await readdir(join(this.dir, sub))
      } catch {
        continue
      }
      for (const n of names) {
        const name = `${sub}/${n}`
        try {
          if (n.endsWith('.tmp')) {
            // this process's own are being written right now
            if (n.includes(`.${process.pid}.`)) continue
            await unlink(join(this.dir, name))
            continue
          }
          const st = await stat(join(this.dir, name))
          if (st.isFile()) found.push({ name, bytes: st.size, mtime: st.mtimeMs })
        } catch {
          // gone meanwhile (evicted, or a temp file renamed)
        }
      }
    }
    found.sort((a, b) => a.mtime - b.mtime)
    const recent = [...this.files]
    this.files.clear()
    this.diskTotal = 0
    const recentNames = new Set(recent.map(([n]) => n))
    for (const f of found) if (!recentNames.has(f.name)) this.touch(f.name, f.bytes)
    for (const [n, bytes] of recent) this.touch(n, bytes)
    this.evict()
  }

  /** temp file + rename, so a crash mid-write never leaves a partial image under the final name */
  private async store(sub: string, file: string, buf: Buffer): Promise<boolean> {
    const tmp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`
    try {
      if (!this.madeDirs.has(sub)) {
        await mkdir(sub, { recursive: true })
        this.madeDirs.add(sub)
      }
      await writeFile(tmp, buf)
      await rename(tmp, file)
      return true
    } catch (err) {
      // a full or read-only disk costs us the cache, not the response
      this.madeDirs.delete(sub)
      await unlink(tmp).catch(() => {})
      if (!ImageCache.warned) {
        ImageCache.warned = true
        console.warn(`image cache: could not write ${file}:`, err)
      }
      return false
    }
  }

  private static warned = false
}
