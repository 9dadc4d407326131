import type { Repositories } from '../data/repositories.ts'
import type { AsyncImageCatalogue } from './async-catalogue.ts'
import { needsSignature } from './image-signing.ts'

// What the image routes read of the catalogue (image-request.ts's ImageCatalogue), through the repositories, so the
// images are served the same from either engine.

export function repositoryImageCatalogue(repos: Repositories): AsyncImageCatalogue {
  return {
    async work(id: number) {
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
    },
    async user(id: number) {
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
    },
    async novel(id: number) {
      // an imported novel's cover and images are its files (images/library-images.ts); a demo novel has none
      const [n, rows, images] = await Promise.all([
        repos.novels.byId(id),
        repos.novels.files(id),
        repos.novels.images(id),
      ])
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
    },
    async illustSeriesByCoverToken(token: string) {
      const s = await repos.series.illustByCoverToken(token)
      return s && { id: s.id, createdTs: s.created_ts }
    },
  }
}
