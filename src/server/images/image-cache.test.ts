import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ByteLru, ImageCache, RenderRefused } from './image-cache.ts'

const dirs: string[] = []
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })))
})

describe('ByteLru', () => {
  it('evicts least recently used entries to stay within its byte budget', () => {
    const lru = new ByteLru(30, 30)
    lru.set('a', Buffer.alloc(10))
    lru.set('b', Buffer.alloc(10))
    lru.set('c', Buffer.alloc(10))
    lru.get('a') // a is now the most recent
    lru.set('d', Buffer.alloc(10))
    expect(lru.get('b')).toBeUndefined()
    expect(lru.get('a')).toBeDefined()
    expect(lru.bytes).toBe(30)
  })

  it('does not keep entries larger than its per-entry cap', () => {
    const lru = new ByteLru(100, 20)
    lru.set('big', Buffer.alloc(21))
    expect(lru.get('big')).toBeUndefined()
    expect(lru.bytes).toBe(0)
  })
})

describe('ImageCache', () => {
  it('refuses keys that are not hex digests', async () => {
    const cache = new ImageCache({ cacheDir: '/nonexistent' })
    await expect(cache.get('../../etc/passwd', 'jpg', async () => Buffer.from('x'))).rejects.toThrow()
    await expect(cache.get('a'.repeat(64), '../x', async () => Buffer.from('x'))).rejects.toThrow()
  })

  it('a failed render is not cached and can be retried', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'easel-img-cache-'))
    dirs.push(dir)
    const cache = new ImageCache({ cacheDir: dir })
    const key = 'ab'.repeat(32)
    await expect(cache.get(key, 'jpg', async () => Promise.reject(new Error('fail')))).rejects.toThrow('fail')
    expect(await readdir(dir)).toEqual([])
    const ok = await cache.get(key, 'jpg', async () => Buffer.from('bytes'))
    expect(ok).toEqual({ body: Buffer.from('bytes'), source: 'render' })
  })

  it('still answers when the cache directory cannot be written', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'easel-img-cache-'))
    dirs.push(dir)
    const file = join(dir, 'not-a-dir')
    await writeFile(file, 'x')
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const cache = new ImageCache({ cacheDir: file })
    const r = await cache.get('cd'.repeat(32), 'png', async () => Buffer.from('png'))
    expect(r.body.toString()).toBe('png')
    warn.mockRestore()
  })
})

describe('ImageCache on disk (IMAGE_CACHE_MAX)', () => {
  const key = (c: string) => c.repeat(64)
  const files = async (dir: string) =>
    (await Promise.all((await readdir(dir)).map(async (d) => (await readdir(join(dir, d))).map((f) => f.slice(0, 2)))))
      .flat()
      .sort()
  /** unlinks run in the background */
  const settle = () => new Promise((r) => setTimeout(r, 50))

  it('evicts the least recently used files to stay within its byte budget', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'easel-img-cache-'))
    dirs.push(dir)
    // no memory cache, so every second get is a disk read
    const cache = new ImageCache({ cacheDir: dir, diskBytes: 250, memoryBytes: 0 })
    await cache.scanned
    const render = async () => Buffer.alloc(100, 1)
    await cache.get(key('a'), 'jpg', render)
    await cache.get(key('b'), 'jpg', render)
    expect((await cache.get(key('a'), 'jpg', render)).source).toBe('disk') // a is now the most recent
    await cache.get(key('c'), 'jpg', render)
    await settle()
    expect(await files(dir)).toEqual(['aa', 'cc'])
    expect(cache.diskBytes).toBe(200)
    expect((await cache.get(key('b'), 'jpg', render)).source).toBe('render')
    await settle()
    expect(await files(dir)).toEqual(['bb', 'cc'])
  })

  it('counts what an earlier run left (oldest by mtime first) and evicts it down to the budget', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'easel-img-cache-'))
    dirs.push(dir)
    const now = Date.now() / 1000
    for (const [c, age] of [
      ['d', 100],
      ['e', 300],
      ['f', 200],
    ] as const) {
      await mkdir(join(dir, c + c), { recursive: true })
      const file = join(dir, c + c, `${key(c)}.jpg`)
      await writeFile(file, Buffer.alloc(100, 2))
      await utimes(file, now - age, now - age)
    }
    await mkdir(join(dir, 'ee'), { recursive: true })
    await writeFile(join(dir, 'ee', `${key('e')}.jpg.1.abc.tmp`), 'half-written')
    const cache = new ImageCache({ cacheDir: dir, diskBytes: 250 })
    await cache.scanned
    await settle()
    // e (the oldest) and the crash's temp file are gone
    expect(await files(dir)).toEqual(['dd', 'ff'])
    expect(cache.diskBytes).toBe(200)
  })
})

describe('IMAGE_CACHE_MAX', () => {
  it('takes bytes with an optional k, M or G suffix (powers of 1024), 2G when unset, and refuses anything else', async () => {
    const { loadConfig } = await import('../config.ts')
    const max = (v?: string) => loadConfig({ IMAGE_CACHE_MAX: v }).imageCacheMax
    expect(max()).toBe(2 * 1024 ** 3)
    expect(max('500M')).toBe(500 * 1024 ** 2)
    expect(max('64k')).toBe(64 * 1024)
    expect(max('3G')).toBe(3 * 1024 ** 3)
    expect(max('12345')).toBe(12345)
    for (const bad of ['-1', '2T', 'lots', '1.5G']) expect(() => max(bad), bad).toThrow(/IMAGE_CACHE_MAX/)
  })
})

describe('ImageCache admission', () => {
  it("a request sharing another's render is not refused for the other's sake", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'easel-img-cache-'))
    dirs.push(dir)
    const cache = new ImageCache({ cacheDir: dir })
    const render = async () => Buffer.from('bytes')
    const refuse = () => {
      throw new RenderRefused(429, 1)
    }
    const first = cache.get('ef'.repeat(32), 'jpg', render, refuse)
    const second = cache.get('ef'.repeat(32), 'jpg', render, () => () => {})
    await expect(first).rejects.toBeInstanceOf(RenderRefused)
    expect((await second).body.toString()).toBe('bytes')
  })
})

describe('ImageCache in a bucket (STORAGE_URL=s3://…)', () => {
  it('never lists the bucket (a lifecycle rule bounds it, not IMAGE_CACHE_MAX) and keeps renders there', async () => {
    const { S3Storage } = await import('../storage/s3-storage.ts')
    const bucket = new S3Storage({ bucket: 'never-reached', prefix: 'p/', region: 'us-east-1', forcePathStyle: true })
    const objects = new Map<string, Buffer>()
    const list = vi.spyOn(bucket, 'list').mockImplementation(() => {
      throw new Error('listed the bucket')
    })
    vi.spyOn(bucket, 'read').mockImplementation(async (key) => {
      const o = objects.get(key)
      if (!o) throw new (await import('../storage/storage.ts')).ObjectNotFound(key)
      return o
    })
    vi.spyOn(bucket, 'put').mockImplementation(async (key, body) => void objects.set(key, body as Buffer))
    const cache = new ImageCache({ storage: bucket, diskBytes: 10, memoryBytes: 0 })
    await cache.scanned
    const key = 'ab'.repeat(32)
    expect((await cache.get(key, 'jpg', async () => Buffer.alloc(100, 7))).source).toBe('render')
    expect([...objects.keys()]).toEqual([`image-cache/ab/${key}.jpg`])
    // past the byte budget and still there: nothing is evicted from a bucket
    expect((await cache.get(key, 'jpg', async () => Buffer.alloc(100, 8))).source).toBe('disk')
    expect(list).not.toHaveBeenCalled()
    bucket.close()
  })
})
