// The CDN image paths (reference §15), exactly as i.pximg.net and s.pximg.net spell them, so that swapping this
// service's image origin for `https://i.pximg.net` gives the real path and clients that read URLs by position
// (gallery-dl's `date_url`, its original-cover and full-avatar derivations, its `limit_` placeholder check) work.
// The image routes parse exactly these shapes (image-request.ts); anything else is a 404.

import { createHash } from 'node:crypto'
import { IMAGE_PATH_PREFIXES, LEGACY_IMAGE_PREFIX } from '../../api/service-paths.ts'

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
    squareMedium: `/c/360x360_70/img-master/img/${d}/${stem}_square1200.jpg`,
    medium: `/c/540x540_70/img-master/img/${d}/${stem}_master1200.jpg`,
    large: `/c/600x1200_90/img-master/img/${d}/${stem}_master1200.jpg`,
    /** the uncropped master gallery-dl falls back to (`-original/` → `-master/`, `_master1200.jpg`) */
    master: `/img-master/img/${d}/${stem}_master1200.jpg`,
    original:
      w.type === 'ugoira'
        ? `/img-original/img/${d}/${w.id}_ugoira${page}.${w.ext}`
        : `/img-original/img/${d}/${stem}.${w.ext}`,
  }
}

export const ugoiraZipPath = (w: WorkImageSubject, size: '600x600' | '1920x1080' = '600x600') =>
  `/img-zip-ugoira/img/${pathDate(w.createdTs)}/${w.id}_ugoira${size}.zip`

interface ProfileSubject {
  id: number
  profileDate: string
  profileHash: string
}

/** The 170 px avatar `profile_image_urls.medium` names. */
export const profileImagePath = (u: ProfileSubject) =>
  `/user-profile/img/${u.profileDate}/${u.id}_${u.profileHash}_170.jpg`

/** The full-size avatar: the 170 px name with `_170` dropped, as gallery-dl's avatar extractor derives it. */
export const profileImageFullPath = (u: ProfileSubject) =>
  `/user-profile/img/${u.profileDate}/${u.id}_${u.profileHash}.jpg`

/**
 * Whether a user has a profile background. The demo catalogue gives one to about half its users, chosen from the
 * profile hash so the answer is stable without a column of its own.
 */
export const hasBackground = (u: { profileHash: string }) => /[02468ace]$/i.test(u.profileHash)

/**
 * A user's background banner: `background_image_url` is the 1200×600 master; gallery-dl drops `/c/<size>` and
 * `_master1200` to get the original.
 */
export const backgroundPaths = (u: ProfileSubject) => {
  const stem = `${u.profileDate}/${u.id}_${u.profileHash}`
  return {
    master: `/c/1200x600_90_a2_g5/background/img/${stem}_master1200.jpg`,
    original: `/background/img/${stem}.jpg`,
  }
}

export const DEFAULT_COVER_PATHS = {
  squareMedium: '/common/images/novel_thumb/novel_thumb_0_128x128.jpg',
  medium: '/common/images/novel_thumb/novel_thumb_0_176mw.jpg',
  large: '/common/images/novel_thumb/novel_thumb_0_240mw.jpg',
} as const

export const novelCoverPaths = (n: { id: number; createdTs: number; coverHash: string | null }) => {
  if (!n.coverHash) return { ...DEFAULT_COVER_PATHS }
  const d = pathDate(n.createdTs)
  const stem = `${n.id}_${n.coverHash}`
  return {
    squareMedium: `/c/128x128/novel-cover-master/img/${d}/${stem}_square1200.jpg`,
    medium: `/c/176x352/novel-cover-master/img/${d}/${stem}_master1200.jpg`,
    large: `/c/240x480_80/novel-cover-master/img/${d}/${stem}_master1200.jpg`,
  }
}

/**
 * The original cover gallery-dl derives from `image_urls.large`: the part after the first `/img/`, its extension and
 * `_master1200` dropped, under `/novel-cover-original/img/`, `.jpg` first.
 */
export const novelCoverOriginalPath = (n: { id: number; createdTs: number; coverHash: string }) =>
  `/novel-cover-original/img/${pathDate(n.createdTs)}/${n.id}_${n.coverHash}.jpg`

/**
 * The name pixiv gives an image uploaded into a novel: `tei<image id>_<hash>` ("text embedded image"), in the
 * novel-cover folders. Image ids are unique per novel only, so the hash carries the novel id (12 hex digits) and a
 * digest binding it to the image: the route finds the novel without a lookup table, and a made-up name is a 404.
 */
export function novelImageStem(novelId: number, imageId: number): string {
  const head = novelId.toString(16).padStart(12, '0')
  const check = createHash('sha256').update(`tei:${novelId}:${imageId}`).digest('hex').slice(0, 20)
  return `tei${imageId}_${head}${check}`
}

/** The novel id a `novelImageStem` hash names, or null when the hash was not made by it for that image. */
export function novelIdOfImageHash(imageId: number, hash: string): number | null {
  if (!/^[0-9a-f]{32}$/.test(hash)) return null
  const novelId = parseInt(hash.slice(0, 12), 16)
  if (!Number.isSafeInteger(novelId) || novelId < 1) return null
  return novelImageStem(novelId, imageId) === `tei${imageId}_${hash}` ? novelId : null
}

/**
 * `[uploadedimage:ID]` image URLs, keyed as the webview `images[ID].urls` are (real CDN names, reference §19.2). The
 * original keeps its type (an imported novel's image may be a PNG or GIF); every other size is a JPEG.
 */
export const novelUploadedImagePaths = (n: { id: number; createdTs: number }, imageId: number, ext = 'jpg') => {
  const d = pathDate(n.createdTs)
  const stem = novelImageStem(n.id, imageId)
  return {
    '128x128': `/c/128x128/novel-cover-master/img/${d}/${stem}_square1200.jpg`,
    '240mw': `/c/240x480_80/novel-cover-master/img/${d}/${stem}_master1200.jpg`,
    '480mw': `/c/480x960/novel-cover-master/img/${d}/${stem}_master1200.jpg`,
    '1200x1200': `/c/1200x1200/novel-cover-master/img/${d}/${stem}_master1200.jpg`,
    original: `/novel-cover-original/img/${d}/${stem}.${ext}`,
  }
}

export const illustSeriesCoverPath = (s: { createdTs: number; coverToken: string }) =>
  `/c/782x410_80_a2_g5/illust-series-cover-original/img/${pathDate(s.createdTs)}/${s.coverToken}.jpg`

export type PlaceholderKind = 'sanity_level' | 'unviewable' | 'mypixiv' | 'unknown'
/** s.pximg.net's placeholders: gallery-dl recognises one by the `/common/images/limit_` prefix. */
export const placeholderPath = (kind: PlaceholderKind) => `/common/images/limit_${kind}_360.png`
export const noProfilePath = '/common/images/no_profile.png'

const LEGACY_NOVEL_IMAGE =
  /^\/(?:c\/(128x128|240x480|480x960|1200x1200)\/novel-image-master|novel-image-original)\/img\/(\d{4}\/\d{2}\/\d{2}\/\d{2}\/\d{2}\/\d{2})\/([1-9]\d{0,14})_([1-9]\d{0,14})(?:_(?:square1200|master1200))?\.jpg$/
const LEGACY_NOVEL_IMAGE_SIZE: Record<string, string> = {
  '128x128': '128x128',
  '240x480': '240x480_80',
  '480x960': '480x960',
  '1200x1200': '1200x1200',
}

/**
 * Where an image URL of earlier versions (`/img` + the CDN path; novel images under `novel-image-*` names) lives
 * now, or null if `path` is not one. Only the folder is checked (so the answer is always a path on this origin,
 * never `//elsewhere`): the new path answers 404 itself when it names nothing.
 */
export function legacyImagePath(path: string): string | null {
  if (!path.startsWith(LEGACY_IMAGE_PREFIX)) return null
  const rest = path.slice(LEGACY_IMAGE_PREFIX.length - 1)
  const m = LEGACY_NOVEL_IMAGE.exec(rest)
  if (!m) return IMAGE_PATH_PREFIXES.some((p) => rest.startsWith(p)) ? rest : null
  const [, size, d, novelId, imageId] = m as unknown as [string, string | undefined, string, string, string]
  const stem = novelImageStem(Number(novelId), Number(imageId))
  if (!size) return `/novel-cover-original/img/${d}/${stem}.jpg`
  const suffix = size === '128x128' ? 'square1200' : 'master1200'
  return `/c/${LEGACY_NOVEL_IMAGE_SIZE[size]}/novel-cover-master/img/${d}/${stem}_${suffix}.jpg`
}
