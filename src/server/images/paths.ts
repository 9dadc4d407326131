// The CDN-style image paths (reference §15) under this server's own origin. The image route parses
// exactly these shapes; anything else under /img is a 404.

const JST_OFFSET_S = 9 * 3600

/** `YYYY/MM/DD/hh/mm/ss` of a unix time, in JST as the real CDN paths are. */
export function pathDate(ts: number): string {
  const d = new Date((ts + JST_OFFSET_S) * 1000)
  const p = (n: number) => String(n).padStart(2, '0')
  return `${d.getUTCFullYear()}/${p(d.getUTCMonth() + 1)}/${p(d.getUTCDate())}/${p(d.getUTCHours())}/${p(d.getUTCMinutes())}/${p(d.getUTCSeconds())}`
}

/** ISO 8601 in JST, as `create_date` travels: `2025-03-01T12:34:56+09:00`. */
export function isoJst(ts: number): string {
  const [y, mo, d, h, mi, s] = pathDate(ts).split('/')
  return `${y}-${mo}-${d}T${h}:${mi}:${s}+09:00`
}

export interface WorkImageSubject {
  id: number
  createdTs: number
  type: string
  ext: string
}

export const workImagePaths = (w: WorkImageSubject, page: number) => {
  const d = pathDate(w.createdTs)
  const stem = `${w.id}_p${page}`
  return {
    squareMedium: `/img/c/360x360_70/img-master/img/${d}/${stem}_square1200.jpg`,
    medium: `/img/c/540x540_70/img-master/img/${d}/${stem}_master1200.jpg`,
    large: `/img/c/600x1200_90/img-master/img/${d}/${stem}_master1200.jpg`,
    original:
      w.type === 'ugoira'
        ? `/img/img-original/img/${d}/${w.id}_ugoira${page}.${w.ext}`
        : `/img/img-original/img/${d}/${stem}.${w.ext}`,
  }
}

export const ugoiraZipPath = (w: WorkImageSubject, size: '600x600' | '1920x1080' = '600x600') =>
  `/img/img-zip-ugoira/img/${pathDate(w.createdTs)}/${w.id}_ugoira${size}.zip`

export const profileImagePath = (u: { id: number; profileDate: string; profileHash: string }) =>
  `/img/user-profile/img/${u.profileDate}/${u.id}_${u.profileHash}_170.jpg`

export const novelCoverPaths = (n: { id: number; createdTs: number; coverHash: string | null }) => {
  if (!n.coverHash)
    return {
      squareMedium: '/img/common/images/novel_thumb/novel_thumb_0_128x128.jpg',
      medium: '/img/common/images/novel_thumb/novel_thumb_0_176mw.jpg',
      large: '/img/common/images/novel_thumb/novel_thumb_0_240mw.jpg',
    }
  const d = pathDate(n.createdTs)
  const stem = `${n.id}_${n.coverHash}`
  return {
    squareMedium: `/img/c/128x128/novel-cover-master/img/${d}/${stem}_square1200.jpg`,
    medium: `/img/c/176x352/novel-cover-master/img/${d}/${stem}_master1200.jpg`,
    large: `/img/c/240x480_80/novel-cover-master/img/${d}/${stem}_master1200.jpg`,
  }
}

/** `[uploadedimage:ID]` image URLs, keyed as the webview `images[ID].urls` are. */
export const novelUploadedImagePaths = (n: { id: number; createdTs: number }, imageId: number) => {
  const d = pathDate(n.createdTs)
  const stem = `${n.id}_${imageId}`
  return {
    '128x128': `/img/c/128x128/novel-image-master/img/${d}/${stem}_square1200.jpg`,
    '240mw': `/img/c/240x480/novel-image-master/img/${d}/${stem}_master1200.jpg`,
    '480mw': `/img/c/480x960/novel-image-master/img/${d}/${stem}_master1200.jpg`,
    '1200x1200': `/img/c/1200x1200/novel-image-master/img/${d}/${stem}_master1200.jpg`,
    original: `/img/novel-image-original/img/${d}/${stem}.jpg`,
  }
}

export const illustSeriesCoverPath = (s: { createdTs: number; coverToken: string }) =>
  `/img/c/782x410_80_a2_g5/illust-series-cover-original/img/${pathDate(s.createdTs)}/${s.coverToken}.jpg`

export type PlaceholderKind = 'sanity_level' | 'unviewable' | 'mypixiv' | 'unknown'
export const placeholderPath = (kind: PlaceholderKind) => `/img/common/images/limit_${kind}_360.png`
export const noProfilePath = '/img/common/images/no_profile.png'
