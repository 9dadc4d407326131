// Turns a request path (the CDN path itself, reference §15) into a render spec, or null for anything that is not exactly one
// of the shapes paths.ts builds for an item that exists. Every capture group is a literal choice or a
// digit/alnum run, so `..`, percent-escapes, empty segments and unknown prefixes cannot match. The
// spec is plain data built only from validated values and catalogue numbers; its JSON is the cache key.

import { COVER_VH, COVER_VW, type PlaceholderKind } from './art.ts'
import { hasBackground, novelIdOfImageHash, pathDate } from './paths.ts'
import {
  originalFile,
  pageSource,
  ugoiraFile,
  ugoiraFrame,
  ugoiraZip,
  videoPoster,
  type LibraryFile,
  type LibrarySpec,
} from './library-images.ts'

export interface ImageCatalogue {
  work(id: number):
    | {
        id: number
        createdTs: number
        type: 'illust' | 'manga' | 'ugoira'
        pageCount: number
        width: number
        height: number
        /** the originals' extension (`jpg` or `png`; an imported work's may be `gif`) */
        ext: string
        frameDelays: number[] | null
        /** an imported work's files, one per page (library-images.ts); absent: the generated art */
        files?: LibraryFile[]
        /** not everyone may see it: its images need the work's signature (image-signing.ts) */
        hidden?: boolean
      }
    | undefined
  user(id: number):
    | {
        id: number
        profileDate: string
        profileHash: string
        /** an imported user's own avatar and background files (library-images.ts); absent: the generated art */
        avatar?: UserFile
        background?: UserFile
      }
    | undefined
  novel(id: number):
    | {
        id: number
        createdTs: number
        coverHash: string | null
        /** an imported novel's cover file (library-images.ts); absent: the generated art */
        cover?: LibraryFile
        /** `file`: an imported novel's image file; absent: the generated art */
        images: { imageId: number; width: number; height: number; file?: LibraryFile }[]
        /** not everyone may see it: its cover and embedded images need the novel's signature */
        hidden?: boolean
      }
    | undefined
  illustSeriesByCoverToken(token: string): { id: number; createdTs: number } | undefined
}

export type ArtSubject =
  | { k: 'illust'; seed: string }
  | { k: 'manga'; seed: string; page: number }
  | { k: 'ugoira'; seed: string; frame: number; frames: number }
  | { k: 'cover'; seed: string }
  | { k: 'default-cover' }
  | { k: 'avatar'; seed: string }
  | { k: 'no-profile' }
  | { k: 'placeholder'; kind: PlaceholderKind }

/** One raster image: `subject` drawn in a vw×vh space, output w×h (centre-cropped if the aspect differs). */
export interface RasterSpec {
  t: 'raster'
  subject: ArtSubject
  vw: number
  vh: number
  w: number
  h: number
  fmt: 'jpeg' | 'png'
  q: number
}

/** An ugoira zip: `frames` JPEG frames of the work's scene at w×h. */
export interface ZipSpec {
  t: 'zip'
  seed: string
  frames: number
  vw: number
  vh: number
  w: number
  h: number
  q: number
  /** unix seconds stamped on the zip entries (keeps the bytes deterministic) */
  mtime: number
}

export type ImageSpec = RasterSpec | ZipSpec | LibrarySpec

/** The item whose signature an image needs (it is not public), set by resolveImagePath. */
export interface ImageGuard {
  kind: 'illust' | 'novel'
  id: number
}
/** Where resolveImagePath reports the guard of the image it resolved (none: anyone may load it). */
export interface ResolveOut {
  guard?: ImageGuard
}

const guardWork = (out: ResolveOut | undefined, w: { id: number; hidden?: boolean }) => {
  if (out && w.hidden) out.guard = { kind: 'illust', id: w.id }
}
const guardNovel = (out: ResolveOut | undefined, n: { id: number; hidden?: boolean }) => {
  if (out && n.hidden) out.guard = { kind: 'novel', id: n.id }
}

export const THUMB_QUALITY = 80
export const ORIGINAL_QUALITY = 90

/** Scale (w, h) down to fit maxW×maxH, never up. */
export function fitWithin(w: number, h: number, maxW: number, maxH: number): [number, number] {
  const s = Math.min(1, maxW / w, maxH / h)
  return [Math.max(1, Math.round(w * s)), Math.max(1, Math.round(h * s))]
}

const D = String.raw`(\d{4}/\d{2}/\d{2}/\d{2}/\d{2}/\d{2})`
const ID = String.raw`([1-9]\d{0,14})`
const IDX = String.raw`(0|[1-9]\d{0,5})`
const HASH = '([0-9A-Za-z]{1,64})'

const RE = {
  workThumb: new RegExp(
    String.raw`^/c/(360x360_70|360x360_10_webp|540x540_70|600x1200_90|600x1200_90_webp)/img-master/img/${D}/${ID}_p${IDX}_(square1200|master1200)\.jpg$`,
  ),
  workMaster: new RegExp(String.raw`^/img-master/img/${D}/${ID}_p${IDX}_master1200\.jpg$`),
  workOriginal: new RegExp(String.raw`^/img-original/img/${D}/${ID}_(p|ugoira)${IDX}\.(jpg|png|gif)$`),
  // Easel's own: a converted ugoira's video or animation file (an imported one), as it is
  ugoiraFile: new RegExp(String.raw`^/img-original/img/${D}/${ID}_ugoira\.(webm|mp4|mkv|gif|png|webp)$`),
  ugoiraZip: new RegExp(String.raw`^/img-zip-ugoira/img/${D}/${ID}_ugoira(600x600|1920x1080)\.zip$`),
  profile: new RegExp(String.raw`^/user-profile/img/${D}/${ID}_${HASH}(_170)?\.jpg$`),
  background: new RegExp(
    String.raw`^(?:/c/(1200x600_90_a2_g5|1920x960_80_a2_g5))?/background/img/${D}/${ID}_${HASH}(_master1200)?\.jpg$`,
  ),
  novelCover: new RegExp(
    String.raw`^/c/(128x128|176x352|240x480_80)/novel-cover-master/img/${D}/${ID}_${HASH}_(square1200|master1200)\.jpg$`,
  ),
  novelCoverOriginal: new RegExp(String.raw`^/novel-cover-original/img/${D}/${ID}_${HASH}\.(jpg|png|gif)$`),
  defaultCover: /^\/common\/images\/novel_thumb\/novel_thumb_0_(128x128|176mw|240mw)\.jpg$/,
  novelImage: new RegExp(
    String.raw`^/c/(128x128|240x480_80|480x960|1200x1200)/novel-cover-master/img/${D}/tei${ID}_([0-9a-f]{32})_(square1200|master1200)\.jpg$`,
  ),
  novelImageOriginal: new RegExp(String.raw`^/novel-cover-original/img/${D}/tei${ID}_([0-9a-f]{32})\.(jpg|png|gif)$`),
  seriesCover: new RegExp(
    String.raw`^/c/782x410_80_a2_g5/illust-series-cover-original/img/${D}/([0-9A-Za-z_-]{1,128})\.jpg$`,
  ),
  placeholder: /^\/common\/images\/limit_(sanity_level|unviewable|mypixiv|unknown)_360\.png$/,
  noProfile: /^\/common\/images\/no_profile\.png$/,
}

type ThumbSuffix = 'square1200' | 'master1200'

/**
 * Work thumbnails: per size token, the suffixes it answers. The suffix decides the shape: `_square1200` is a
 * centre crop to the box, `_master1200` the master fitted within it. `360x360_70` has both (the fitted one is the
 * grid's small size on phones); every other pair is a 404. A token's `_70` / `_90` is its JPEG quality, as on the
 * CDN; a `_webp` token is its JPEG twin's image (one cache entry).
 */
const WORK_THUMB_SIZES: Record<string, { box: [number, number]; suffixes: readonly ThumbSuffix[]; q: number }> = {
  '360x360_70': { box: [360, 360], suffixes: ['square1200', 'master1200'], q: 70 },
  '360x360_10_webp': { box: [360, 360], suffixes: ['square1200'], q: 70 },
  '540x540_70': { box: [540, 540], suffixes: ['master1200'], q: 70 },
  '600x1200_90': { box: [600, 1200], suffixes: ['master1200'], q: 90 },
  '600x1200_90_webp': { box: [600, 1200], suffixes: ['master1200'], q: 90 },
}

const COVER_BOX: Record<string, { box: [number, number]; crop: boolean }> = {
  '128x128': { box: [128, 128], crop: true },
  '176x352': { box: [176, 352], crop: false },
  '240x480_80': { box: [240, 480], crop: false },
}
const DEFAULT_COVER_BOX: Record<string, string> = { '128x128': '128x128', '176mw': '176x352', '240mw': '240x480_80' }

const NOVEL_IMAGE_BOX: Record<string, { box: [number, number]; crop: boolean }> = {
  '128x128': { box: [128, 128], crop: true },
  '240x480_80': { box: [240, 480], crop: false },
  '480x960': { box: [480, 960], crop: false },
  '1200x1200': { box: [1200, 1200], crop: false },
}

type Work = NonNullable<ReturnType<ImageCatalogue['work']>>
type UserFile = Pick<LibraryFile, 'path' | 'width' | 'height' | 'ext' | 'bytes' | 'mtimeMs'>

/** Guards the renderer against catalogue rows with absurd dimensions (a 0 or 10⁶ px original). */
const MAX_SIDE = 20000
const isSaneSize = (w: number, h: number) =>
  Number.isSafeInteger(w) && Number.isSafeInteger(h) && w > 0 && h > 0 && w <= MAX_SIDE && h <= MAX_SIDE

const isValidWork = (w: Work | undefined): w is Work => !!w && isSaneSize(w.width, w.height)

const frameCount = (w: Work) => (w.type === 'ugoira' && Array.isArray(w.frameDelays) ? w.frameDelays.length : 0)

/** The art of page `page` of a work (for ugoira, `frame` of its animation). */
function workSubject(w: Work, page: number, frame: number): ArtSubject {
  if (w.type === 'ugoira') return { k: 'ugoira', seed: `ugoira:${w.id}`, frame, frames: frameCount(w) }
  if (w.type === 'manga') return { k: 'manga', seed: `manga:${w.id}:p${page}`, page }
  return { k: 'illust', seed: `work:${w.id}:p${page}` }
}

function raster(
  subject: ArtSubject,
  vw: number,
  vh: number,
  box: [number, number] | null,
  crop: boolean,
  fmt: 'jpeg' | 'png',
  q: number,
): RasterSpec {
  const [w, h] = box === null ? [vw, vh] : crop ? box : fitWithin(vw, vh, box[0], box[1])
  return { t: 'raster', subject, vw, vh, w, h, fmt, q }
}

/** An imported novel's file: the original as it is (of its own type only), or a derived size rendered from it. */
function novelFile(f: LibraryFile, box: [number, number] | null, crop: boolean, ext: string): LibrarySpec | null {
  if (!box) return f.ext === ext ? { t: 'file', path: f.path, bytes: f.bytes, mtimeMs: f.mtimeMs, ext: f.ext } : null
  return { t: 'derived', src: { path: f.path, bytes: f.bytes, mtimeMs: f.mtimeMs }, box, crop, q: THUMB_QUALITY }
}

/** An image embedded in a novel (`[uploadedimage:ID]`); box null for the original (`ext` its type). */
function novelImage(
  cat: ImageCatalogue,
  d: string,
  imageId: number,
  hash: string,
  box: [number, number] | null,
  crop: boolean,
  out: ResolveOut | undefined,
  ext = 'jpg',
): ImageSpec | null {
  const id = novelIdOfImageHash(imageId, hash)
  const nv = id === null ? undefined : cat.novel(id)
  if (!nv || pathDate(nv.createdTs) !== d) return null
  const img = nv.images.find((i) => i.imageId === imageId)
  if (!img || !isSaneSize(img.width, img.height)) return null
  if (img.file) {
    const spec = novelFile(img.file, box, crop, ext)
    if (spec) guardNovel(out, nv)
    return spec
  }
  if (ext !== 'jpg') return null
  guardNovel(out, nv)
  const subject: ArtSubject = { k: 'illust', seed: `novel-image:${nv.id}:${img.imageId}` }
  return raster(subject, img.width, img.height, box, crop, 'jpeg', box ? THUMB_QUALITY : ORIGINAL_QUALITY)
}

/** A derived size of an imported work's page, rendered from its file (library-images.ts). */
function libraryDerived(
  files: LibraryFile[],
  page: number,
  box: [number, number],
  crop: boolean,
  q: number,
): LibrarySpec | null {
  // a video has no frame to take: its poster stands for it
  const poster = videoPoster(files, box, crop)
  if (poster) return poster
  const src = pageSource(files, page)
  return src && { t: 'derived', src, box, crop, q }
}

/** An imported user's avatar or background: the file itself when it is a JPEG at full size, else rendered. */
function userFileImage(f: UserFile, box: [number, number] | null, crop: boolean): LibrarySpec {
  const src = { path: f.path, bytes: f.bytes, mtimeMs: f.mtimeMs }
  if (!box) {
    // the URL names a JPEG: another type is rendered as one, at its own size
    if (f.ext === 'jpg') return { t: 'file', ...src, ext: 'jpg' }
    return { t: 'derived', src, box: [f.width, f.height], crop: false, q: ORIGINAL_QUALITY }
  }
  return { t: 'derived', src, box, crop, q: box[0] === 1200 ? 90 : THUMB_QUALITY }
}

export function resolveImagePath(path: string, cat: ImageCatalogue, out?: ResolveOut): ImageSpec | null {
  let m: RegExpExecArray | null

  if ((m = RE.workThumb.exec(path))) {
    const [, size, d, id, page, suffix] = m as unknown as [string, string, string, string, string, ThumbSuffix]
    const spec = WORK_THUMB_SIZES[size]
    if (!spec || !spec.suffixes.includes(suffix)) return null
    const w = cat.work(Number(id))
    if (!isValidWork(w) || pathDate(w.createdTs) !== d || Number(page) >= w.pageCount) return null
    guardWork(out, w)
    const crop = suffix === 'square1200'
    if (w.files?.length) return libraryDerived(w.files, Number(page), spec.box, crop, spec.q)
    return raster(workSubject(w, Number(page), 0), w.width, w.height, spec.box, crop, 'jpeg', spec.q)
  }

  if ((m = RE.workMaster.exec(path))) {
    const [, d, id, page] = m as unknown as [string, string, string, string]
    const w = cat.work(Number(id))
    if (!isValidWork(w) || pathDate(w.createdTs) !== d || Number(page) >= w.pageCount) return null
    guardWork(out, w)
    if (w.files?.length) return libraryDerived(w.files, Number(page), [1200, 1200], false, THUMB_QUALITY)
    return raster(workSubject(w, Number(page), 0), w.width, w.height, [1200, 1200], false, 'jpeg', THUMB_QUALITY)
  }

  if ((m = RE.workOriginal.exec(path))) {
    const [, d, id, kind, idx, ext] = m as unknown as [string, string, string, string, string, string]
    const w = cat.work(Number(id))
    if (!isValidWork(w) || pathDate(w.createdTs) !== d) return null
    const n = Number(idx)
    if (w.files?.length) {
      // each page is its own file, with its own type
      const first = w.files[0]!
      const spec =
        kind === 'ugoira'
          ? w.type !== 'ugoira' || w.ext !== ext
            ? null
            : first.kind === 'ugoira-video'
              ? // a video's "first frame" (meta_single_page) is its poster, at the video's size
                n === 0
                ? videoPoster(w.files, [first.width, first.height], true)
                : null
              : n < frameCount(w)
                ? ugoiraFrame(w.files, n, ext)
                : null
          : w.type === 'ugoira'
            ? null
            : originalFile(w.files, n, ext)
      if (spec) guardWork(out, w)
      return spec
    }
    if (w.ext !== ext) return null
    if (kind === 'ugoira') {
      if (w.type !== 'ugoira' || n >= frameCount(w)) return null
    } else if (w.type === 'ugoira' || n >= w.pageCount) return null
    guardWork(out, w)
    const subject = kind === 'ugoira' ? workSubject(w, 0, n) : workSubject(w, n, 0)
    return raster(subject, w.width, w.height, null, false, ext === 'png' ? 'png' : 'jpeg', ORIGINAL_QUALITY)
  }

  if ((m = RE.ugoiraFile.exec(path))) {
    const [, d, id, ext] = m as unknown as [string, string, string, string]
    const w = cat.work(Number(id))
    if (!isValidWork(w) || w.type !== 'ugoira' || pathDate(w.createdTs) !== d || !w.files?.length) return null
    const spec = ugoiraFile(w.files, ext)
    if (spec) guardWork(out, w)
    return spec
  }

  if ((m = RE.ugoiraZip.exec(path))) {
    const [, d, id, size] = m as unknown as [string, string, string, string]
    const w = cat.work(Number(id))
    if (!isValidWork(w) || w.type !== 'ugoira' || pathDate(w.createdTs) !== d) return null
    const frames = frameCount(w)
    if (frames < 1) return null
    guardWork(out, w)
    if (w.files?.length) return ugoiraZip(w.files, size as '600x600' | '1920x1080', THUMB_QUALITY, w.createdTs)
    const [bw, bh] = size === '600x600' ? [600, 600] : [1920, 1080]
    const [ow, oh] = fitWithin(w.width, w.height, bw, bh)
    return {
      t: 'zip',
      seed: `ugoira:${w.id}`,
      frames,
      vw: w.width,
      vh: w.height,
      w: ow,
      h: oh,
      q: THUMB_QUALITY,
      mtime: w.createdTs,
    }
  }

  if ((m = RE.profile.exec(path))) {
    const [, d, id, hash, small] = m as unknown as [string, string, string, string, string | undefined]
    const u = cat.user(Number(id))
    if (!u || u.profileDate !== d || u.profileHash !== hash) return null
    // An imported avatar: the original is the file (a JPEG as it is), the 170 px one a crop of it
    if (u.avatar) return userFileImage(u.avatar, small ? [170, 170] : null, true)
    // The 170 px avatar is a crop of the same art as the full-size one (the name without `_170`).
    const subject: ArtSubject = { k: 'avatar', seed: `user:${u.id}:${u.profileHash}` }
    return small
      ? raster(subject, 200, 200, [170, 170], true, 'jpeg', THUMB_QUALITY)
      : raster(subject, 400, 400, null, false, 'jpeg', ORIGINAL_QUALITY)
  }

  if ((m = RE.background.exec(path))) {
    const [, size, d, id, hash, master] = m as unknown as [string, string | undefined, string, string, string, string]
    // Either the 1200×600 master (the API's URL) or an uncropped original; `/c/<size>/` never names the original.
    if (!!size !== !!master && size !== '1920x960_80_a2_g5') return null
    const u = cat.user(Number(id))
    if (!u || u.profileDate !== d || u.profileHash !== hash || !hasBackground(u)) return null
    if (u.background) {
      if (size === '1200x600_90_a2_g5') return userFileImage(u.background, [1200, 600], true)
      if (size === '1920x960_80_a2_g5') return master ? null : userFileImage(u.background, [1920, 960], false)
      return userFileImage(u.background, null, false)
    }
    const subject: ArtSubject = { k: 'illust', seed: `background:${u.id}:${u.profileHash}` }
    if (size === '1200x600_90_a2_g5') return raster(subject, 1920, 960, [1200, 600], true, 'jpeg', 90)
    if (size === '1920x960_80_a2_g5') return master ? null : raster(subject, 1920, 960, null, false, 'jpeg', 80)
    return raster(subject, 1920, 960, null, false, 'jpeg', ORIGINAL_QUALITY)
  }

  if ((m = RE.novelCover.exec(path))) {
    const [, size, d, id, hash, suffix] = m as unknown as [string, string, string, string, string, string]
    const spec = COVER_BOX[size]
    if (!spec || (suffix === 'square1200') !== spec.crop) return null
    const nv = cat.novel(Number(id))
    if (!nv || !nv.coverHash || nv.coverHash !== hash || pathDate(nv.createdTs) !== d) return null
    guardNovel(out, nv)
    if (nv.cover) return novelFile(nv.cover, spec.box, spec.crop, 'jpg')
    return raster(
      { k: 'cover', seed: `novel:${nv.id}:${nv.coverHash}` },
      COVER_VW,
      COVER_VH,
      spec.box,
      spec.crop,
      'jpeg',
      THUMB_QUALITY,
    )
  }

  if ((m = RE.defaultCover.exec(path))) {
    const spec = COVER_BOX[DEFAULT_COVER_BOX[m[1] as string] as string]
    if (!spec) return null
    return raster({ k: 'default-cover' }, COVER_VW, COVER_VH, spec.box, spec.crop, 'jpeg', THUMB_QUALITY)
  }

  if ((m = RE.novelCoverOriginal.exec(path))) {
    const [, d, id, hash, ext] = m as unknown as [string, string, string, string, string]
    const nv = cat.novel(Number(id))
    if (!nv || !nv.coverHash || nv.coverHash !== hash || pathDate(nv.createdTs) !== d) return null
    // an imported cover is its file, at its own type (gallery-dl asks for `.jpg`, then `.png`)
    if (nv.cover) {
      const spec = novelFile(nv.cover, null, false, ext)
      if (spec) guardNovel(out, nv)
      return spec
    }
    if (ext !== 'jpg') return null
    guardNovel(out, nv)
    const subject: ArtSubject = { k: 'cover', seed: `novel:${nv.id}:${nv.coverHash}` }
    return raster(subject, COVER_VW, COVER_VH, null, false, 'jpeg', ORIGINAL_QUALITY)
  }

  if ((m = RE.novelImage.exec(path))) {
    const [, size, d, imageId, hash, suffix] = m as unknown as [string, string, string, string, string, string]
    const spec = NOVEL_IMAGE_BOX[size]
    if (!spec || (suffix === 'square1200') !== spec.crop) return null
    return novelImage(cat, d, Number(imageId), hash, spec.box, spec.crop, out)
  }

  if ((m = RE.novelImageOriginal.exec(path))) {
    const [, d, imageId, hash, ext] = m as unknown as [string, string, string, string, string]
    return novelImage(cat, d, Number(imageId), hash, null, false, out, ext)
  }

  if ((m = RE.seriesCover.exec(path))) {
    const [, d, token] = m as unknown as [string, string, string]
    const s = cat.illustSeriesByCoverToken(token)
    if (!s || pathDate(s.createdTs) !== d) return null
    return raster({ k: 'illust', seed: `series:${s.id}` }, 1564, 820, [782, 410], true, 'jpeg', THUMB_QUALITY)
  }

  if ((m = RE.placeholder.exec(path)))
    return raster({ k: 'placeholder', kind: m[1] as PlaceholderKind }, 360, 360, [360, 360], true, 'png', 0)

  if (RE.noProfile.test(path)) return raster({ k: 'no-profile' }, 200, 200, [170, 170], true, 'png', 0)

  return null
}
