import type { Repositories } from '../data/repositories.ts'
import { Lru } from '../lru.ts'
import type { AsyncImageCatalogue } from './async-catalogue.ts'
import { needsSignature } from './image-signing.ts'

// What the image routes read of the catalogue (image-request.ts's ImageCatalogue), through the repositories, so the
// images are served the same from either engine.
//
// The answers are kept in `cache` (Caches.images), absent ones too, so a page of thumbnails costs no round trip to a
// database server once its items have been seen; the cache bus drops them when their rows change
// (services/cache-bus.ts applyChange). Only answers are kept: a lookup that failed is asked again next time.

/**
 * The image routes' rows by key (an item's kind and id, a series cover's token), absent ones too, bounded like the
 * service's other caches. A lookup keeps its answer only if nothing was dropped while it was under way: a change
 * published in the meantime may have been read before it was made.
 */
export class ImageRowCache {
  private readonly lru: Lru<{ row: unknown }>
  private generation = 0

  constructor(maxEntries: number, maxBytes: number) {
    this.lru = new Lru(maxEntries, { maxBytes })
  }

  static key = {
    work: (id: number) => `work:${id}`,
    novel: (id: number) => `novel:${id}`,
    user: (id: number) => `user:${id}`,
    seriesCover: (token: string) => `series:${token}`,
  }

  /** The kept answer (`{ row }`, the row possibly undefined), or undefined when none is kept. */
  get(key: string): { row: unknown } | undefined {
    return this.lru.get(key)
  }

  /** Starts a lookup: its answer is kept (`keep`) only if nothing is dropped before it arrives. */
  begin(key: string) {
    const at = this.generation
    return { keep: (row: unknown) => at === this.generation && this.lru.set(key, { row }) }
  }

  drop(...keys: string[]) {
    this.generation++
    for (const key of keys) this.lru.delete(key)
  }

  clear() {
    this.generation++
    this.lru.clear()
  }
}

export function repositoryImageCatalogue(repos: Repositories, cache?: ImageRowCache): AsyncImageCatalogue {
  const kept =
    <A, R>(key: (arg: A) => string, look: (arg: A) => Promise<R>) =>
    (arg: A): R | Promise<R> => {
      if (!cache) return look(arg)
      const k = key(arg)
      const hit = cache.get(k)
      if (hit) return hit.row as R
      const lookup = cache.begin(k)
      return look(arg).then((row) => {
        lookup.keep(row)
        return row
      })
    }
  return {
    work: kept(ImageRowCache.key.work, (id) => lookWork(repos, id)),
    user: kept(ImageRowCache.key.user, (id) => lookUser(repos, id)),
    novel: kept(ImageRowCache.key.novel, (id) => lookNovel(repos, id)),
    illustSeriesByCoverToken: kept(ImageRowCache.key.seriesCover, async (token) => {
      const s = await repos.series.illustByCoverToken(token)
      return s && { id: s.id, createdTs: s.created_ts }
    }),
  }
}

async function lookWork(repos: Repositories, id: number) {
  // both at once: on a database server each is a round trip. An imported work's pages are its files
  // (images/library-images.ts); a demo work has none
  const [w, files] = await Promise.all([repos.works.byId(id), repos.works.files(id)])
  if (!w) return undefined
  return {
    id: w.id,
    createdTs: w.created_ts,
    type: w.type,
    pageCount: w.page_count,
    width: w.width,
    height: w.height,
    ext: w.ext,
    frameDelays: w.frame_delays_json ? (JSON.parse(w.frame_delays_json) as number[]) : null,
    hidden: needsSignature(w),
    ...(files.length
      ? {
          files: files.map((f) => ({
            path: f.path,
            kind: f.kind,
            width: f.width,
            height: f.height,
            ext: f.ext,
            bytes: f.bytes,
            mtimeMs: f.mtime_ms,
          })),
        }
      : {}),
  }
}

async function lookUser(repos: Repositories, id: number) {
  // an imported user's avatar and background files (library/user-files.ts); none on the demo
  const [u, files] = await Promise.all([repos.users.byId(id), repos.users.files(id)])
  if (!u) return undefined
  const file = (role: string) => {
    const f = files.find((x) => x.role === role)
    return f && { path: f.path, width: f.width, height: f.height, ext: f.ext, bytes: f.bytes, mtimeMs: f.mtime_ms }
  }
  return {
    id: u.id,
    profileDate: u.profile_date,
    profileHash: u.profile_hash,
    avatar: file('avatar'),
    background: file('background'),
  }
}

async function lookNovel(repos: Repositories, id: number) {
  // an imported novel's cover and images are its files (images/library-images.ts); a demo novel has none
  const [n, rows, images] = await Promise.all([repos.novels.byId(id), repos.novels.files(id), repos.novels.images(id)])
  if (!n) return undefined
  const files = new Map(
    rows.map((f) => [`${f.role}:${f.image_id}`, { ...f, kind: 'image' as const, mtimeMs: f.mtime_ms }]),
  )
  return {
    id: n.id,
    createdTs: n.created_ts,
    coverHash: n.cover_hash,
    cover: files.get('cover:0'),
    images: images.map((i) => ({
      imageId: i.image_id,
      width: i.width,
      height: i.height,
      file: files.get(`image:${i.image_id}`),
    })),
    hidden: needsSignature(n),
  }
}
