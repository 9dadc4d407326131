// The images of an imported work (a library's, src/server/library/): the original is the archive's file, served byte
// for byte; every other size is rendered from it with sharp (EXIF orientation applied, pixel count limited against
// decompression bombs) and cached like the generated art. An ugoira's file is its frame zip: the 1920×1080 zip is
// that file, the 600×600 one and the thumbnails are rendered from its frames, and its "original" frames are the
// zip's entries. Specs carry the file's path, size and modification time, so a changed file is a new cache entry
// and a new ETag.
//
// An ugoira converted by gallery-dl's ugoira post-processor is one file: a video (webm, mp4, mkv) is served as it is
// and stands for its own images with a neutral poster (there is no decoder here to take a frame from it); an
// animation (gif, webp, apng) gives its frames, its zips and its thumbnails, rendered by sharp (APNG frames are
// composited here: libvips reads only an APNG's first image).

import { readFile } from 'node:fs/promises'
import { unzipSync, zipSync, type Zippable } from 'fflate'
import sharp, { type Sharp } from 'sharp'
import { crc32 } from 'node:zlib'
import { apngChunks } from '../library/video.ts'
import { pathDate } from './paths.ts'
import { refKey } from '../storage/storage.ts'

/** Pixels past which a source image is not decoded (16384²; the importer refuses such files already). */
export const MAX_SOURCE_PIXELS = 16384 * 16384

export type LibraryFileKind = 'image' | 'ugoira-zip' | 'ugoira-frame' | 'ugoira-video' | 'ugoira-animation'

export interface LibraryFile {
  path: string
  kind: LibraryFileKind
  width: number
  height: number
  ext: string
  bytes: number
  mtimeMs: number
}

/** Where a rendered image's pixels come from: a file, or (for an ugoira) the `index`-th frame of its zip. */
export interface SourceRef {
  path: string
  bytes: number
  mtimeMs: number
  frame?: number
}

/** An archive file served as it is. */
export interface FileSpec {
  t: 'file'
  path: string
  bytes: number
  mtimeMs: number
  ext: string
}

/** A JPEG of a source image: centre-cropped to the box, or fitted within it (never enlarged). */
export interface DerivedSpec {
  t: 'derived'
  src: SourceRef
  box: [number, number]
  crop: boolean
  q: number
}

/** An ugoira zip of the source zip's frames fitted within the box, same entry names and order. */
export interface ZipResizeSpec {
  t: 'zip-resize'
  src: SourceRef
  box: [number, number]
  q: number
  /** unix seconds stamped on the entries (keeps the bytes deterministic) */
  mtime: number
}

/** One entry of an ugoira zip, as it is (an ugoira's "original" frame). */
export interface ZipEntrySpec {
  t: 'zip-entry'
  src: SourceRef
  frame: number
  /** the extension the URL asked for (the frames' type) */
  ext: string
}

/** An ugoira zip made from frames saved as files (`ugoira: original`), fitted within the box, named by index. */
export interface FramesZipSpec {
  t: 'frames-zip'
  srcs: SourceRef[]
  ext: string
  box: [number, number]
  q: number
  mtime: number
}

/** One frame of an animation file (gif, webp, apng), full size, as a JPEG. */
export interface AnimFrameSpec {
  t: 'anim-frame'
  src: SourceRef
  frame: number
  q: number
}

/** An ugoira zip of an animation file's frames fitted within the box, named by index (`000000.jpg`, …). */
export interface AnimZipSpec {
  t: 'anim-zip'
  src: SourceRef
  box: [number, number]
  q: number
  mtime: number
}

/** What stands for a video's images: a neutral w×h picture with a play mark (no decoder to take a frame). */
export interface PosterSpec {
  t: 'poster'
  w: number
  h: number
}

export type LibrarySpec =
  FileSpec | DerivedSpec | ZipResizeSpec | ZipEntrySpec | FramesZipSpec | AnimFrameSpec | AnimZipSpec | PosterSpec

const ref = (f: LibraryFile, frame?: number): SourceRef => ({
  path: f.path,
  bytes: f.bytes,
  mtimeMs: f.mtimeMs,
  ...(frame === undefined ? {} : { frame }),
})

/** The source of page `page`'s pixels (an ugoira's first frame), or null when there is no such page. */
export function pageSource(files: readonly LibraryFile[], page: number): SourceRef | null {
  const f = files[page]
  if (!f) return null
  return f.kind === 'ugoira-zip' ? ref(f, 0) : ref(f)
}

/** The original of a page (an image file, or an ugoira's zip) at `ext`, or null when the page or its type differ. */
export function originalFile(files: readonly LibraryFile[], page: number, ext: string): FileSpec | null {
  const f = files[page]
  if (!f || f.kind !== 'image' || f.ext !== ext) return null
  return { t: 'file', path: f.path, bytes: f.bytes, mtimeMs: f.mtimeMs, ext: f.ext }
}

export function ugoiraZip(files: readonly LibraryFile[], size: '600x600' | '1920x1080', q: number, mtime: number) {
  const f = files[0]
  if (f?.kind === 'ugoira-frame') {
    const box: [number, number] = size === '600x600' ? [600, 600] : [1920, 1080]
    return { t: 'frames-zip', srcs: files.map((x) => ref(x)), ext: f.ext, box, q, mtime } as FramesZipSpec
  }
  if (f?.kind === 'ugoira-animation') {
    const box: [number, number] = size === '600x600' ? [600, 600] : [1920, 1080]
    return { t: 'anim-zip', src: ref(f), box, q, mtime } as AnimZipSpec
  }
  if (!f || f.kind !== 'ugoira-zip') return null
  // gallery-dl keeps the 1920×1080 zip: that is the file itself.
  if (size === '1920x1080')
    return { t: 'file', path: f.path, bytes: f.bytes, mtimeMs: f.mtimeMs, ext: 'zip' } as FileSpec
  return { t: 'zip-resize', src: ref(f), box: [600, 600], q, mtime } as ZipResizeSpec
}

export function ugoiraFrame(files: readonly LibraryFile[], frame: number, ext: string): LibrarySpec | null {
  // frames saved as files: the frame's own file
  const own = files[frame]
  if (own?.kind === 'ugoira-frame')
    return own.ext === ext ? { t: 'file', path: own.path, bytes: own.bytes, mtimeMs: own.mtimeMs, ext: own.ext } : null
  const f = files[0]
  // an animation's frames are rendered as JPEGs (the names /v1/ugoira/metadata gives)
  if (f?.kind === 'ugoira-animation') return ext === 'jpg' ? { t: 'anim-frame', src: ref(f), frame, q: 90 } : null
  if (!f || f.kind !== 'ugoira-zip') return null
  return { t: 'zip-entry', src: ref(f), frame, ext }
}

/** A converted ugoira's own file (video or animation), served as it is at `<id>_ugoira.<ext>`. */
export function ugoiraFile(files: readonly LibraryFile[], ext: string): FileSpec | null {
  const f = files[0]
  if (!f || (f.kind !== 'ugoira-video' && f.kind !== 'ugoira-animation') || f.ext !== ext) return null
  return { t: 'file', path: f.path, bytes: f.bytes, mtimeMs: f.mtimeMs, ext: f.ext }
}

/** The poster standing for a video ugoira's images at `box` (cropped to it, or fitted within it); null otherwise. */
export function videoPoster(files: readonly LibraryFile[], box: [number, number], crop: boolean): PosterSpec | null {
  const f = files[0]
  if (f?.kind !== 'ugoira-video') return null
  if (crop) return { t: 'poster', w: box[0], h: box[1] }
  const s = Math.min(1, box[0] / f.width, box[1] / f.height)
  return { t: 'poster', w: Math.max(1, Math.round(f.width * s)), h: Math.max(1, Math.round(f.height * s)) }
}

export const isLibrarySpec = (spec: { t: string }): spec is LibrarySpec =>
  spec.t === 'file' ||
  spec.t === 'derived' ||
  spec.t === 'zip-resize' ||
  spec.t === 'zip-entry' ||
  spec.t === 'frames-zip' ||
  spec.t === 'anim-frame' ||
  spec.t === 'anim-zip' ||
  spec.t === 'poster'

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  zip: 'application/zip',
  webp: 'image/webp',
  webm: 'video/webm',
  mp4: 'video/mp4',
  mkv: 'video/x-matroska',
}

/** Where a converted ugoira's own file is served (Easel's own path, beside the frames' `_ugoira<N>` originals). */
export const ugoiraFilePath = (w: { id: number; createdTs: number }, ext: string) =>
  `/img-original/img/${pathDate(w.createdTs)}/${w.id}_ugoira.${ext}`

/** The content type a file of this extension is served with. */
export const fileContentType = (ext: string) => CONTENT_TYPES[ext] ?? 'application/octet-stream'

/** What a library spec answers as (its content type and cache file extension). */
export function libraryOutput(spec: LibrarySpec): { type: string; ext: string } {
  if (spec.t === 'file') return { type: CONTENT_TYPES[spec.ext] ?? 'application/octet-stream', ext: spec.ext }
  if (spec.t === 'zip-resize' || spec.t === 'frames-zip' || spec.t === 'anim-zip')
    return { type: 'application/zip', ext: 'zip' }
  if (spec.t === 'zip-entry') return { type: CONTENT_TYPES[spec.ext] ?? 'application/octet-stream', ext: spec.ext }
  return { type: 'image/jpeg', ext: 'jpg' }
}

/**
 * The bytes of a file a spec names: a local path (an archive's file served in place), or a copied original in the
 * shared storage (`storage:<key>`, storage.ts); image-routes.ts gives the reader that knows the storage.
 */
export type SourceReader = (path: string) => Promise<Buffer>

/** The entries of a zip in their stored order, names checked (no folders). */
async function zipEntries(read: SourceReader, path: string, only?: number): Promise<[string, Uint8Array][]> {
  const data = await read(path)
  const names: string[] = []
  const files = unzipSync(data, {
    filter: (f) => {
      // frames only: no folders, and not the ugoira post-processor's animation.json
      if (f.name.includes('/') || f.name.includes('\\') || f.name === 'animation.json') return false
      names.push(f.name)
      return only === undefined || names.length - 1 === only
    },
  })
  return names.flatMap((n): [string, Uint8Array][] => (files[n] ? [[n, files[n]]] : []))
}

async function sourceBytes(read: SourceReader, src: SourceRef): Promise<Buffer | string> {
  // a local file is handed to sharp by name (libvips reads it without a copy in JS memory)
  if (src.frame === undefined) return refKey(src.path) === null ? src.path : read(src.path)
  const entry = (await zipEntries(read, src.path, src.frame))[0]
  if (!entry) throw new Error(`${src.path} has no frame ${src.frame}`)
  return Buffer.from(entry[1].buffer, entry[1].byteOffset, entry[1].byteLength)
}

function resized(input: Buffer | string, box: [number, number], crop: boolean) {
  return (
    sharp(input, { limitInputPixels: MAX_SOURCE_PIXELS })
      // EXIF orientation: the derived sizes are upright, as the CDN's are
      .rotate()
      .resize(box[0], box[1], crop ? { fit: 'cover' } : { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
  )
}

// DOS timestamps in zip headers only cover 1980–2107
const ZIP_MIN_TS = Date.UTC(1980, 0, 2) / 1000
const ZIP_MAX_TS = Date.UTC(2099, 11, 31) / 1000

export async function renderLibrarySpec(spec: LibrarySpec, read: SourceReader = readFile): Promise<Buffer> {
  switch (spec.t) {
    case 'file':
      return read(spec.path)
    case 'derived':
      return resized(await sourceBytes(read, spec.src), spec.box, spec.crop)
        .jpeg({ quality: spec.q })
        .toBuffer()
    case 'zip-entry': {
      const entry = (await zipEntries(read, spec.src.path, spec.frame))[0]
      if (!entry) throw new Error(`${spec.src.path} has no frame ${spec.frame}`)
      return Buffer.from(entry[1].buffer, entry[1].byteOffset, entry[1].byteLength)
    }
    case 'zip-resize': {
      const mtime = new Date(Math.min(ZIP_MAX_TS, Math.max(ZIP_MIN_TS, spec.mtime)) * 1000)
      const out: Zippable = {}
      // one frame after another: the whole zip holds one render slot
      for (const [name, bytes] of await zipEntries(read, spec.src.path)) {
        const img = resized(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), spec.box, false)
        const frame = await (/\.png$/i.test(name) ? img.png() : img.jpeg({ quality: spec.q })).toBuffer()
        out[name] = [new Uint8Array(frame.buffer, frame.byteOffset, frame.byteLength), { level: 0, mtime }]
      }
      const zip = zipSync(out, { level: 0, mtime })
      return Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength)
    }
    case 'anim-frame': {
      let n = 0
      for await (const frame of animationFrames(spec.src.path, read))
        if (n++ === spec.frame) return frame.flatten({ background: '#ffffff' }).jpeg({ quality: spec.q }).toBuffer()
      throw new Error(`${spec.src.path} has no frame ${spec.frame}`)
    }
    case 'anim-zip': {
      const mtime = new Date(Math.min(ZIP_MAX_TS, Math.max(ZIP_MIN_TS, spec.mtime)) * 1000)
      const out: Zippable = {}
      let i = 0
      for await (const frame of animationFrames(spec.src.path, read)) {
        const jpeg = await frame
          .resize(spec.box[0], spec.box[1], { fit: 'inside', withoutEnlargement: true })
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: spec.q })
          .toBuffer()
        out[`${String(i++).padStart(6, '0')}.jpg`] = [
          new Uint8Array(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength),
          { level: 0, mtime },
        ]
      }
      const zip = zipSync(out, { level: 0, mtime })
      return Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength)
    }
    case 'poster':
      return posterJpeg(spec.w, spec.h)
    case 'frames-zip': {
      const mtime = new Date(Math.min(ZIP_MAX_TS, Math.max(ZIP_MIN_TS, spec.mtime)) * 1000)
      const out: Zippable = {}
      for (const [i, src] of spec.srcs.entries()) {
        const img = resized(await sourceBytes(read, src), spec.box, false)
        const frame = await (spec.ext === 'png' ? img.png() : img.jpeg({ quality: spec.q })).toBuffer()
        const name = `${String(i).padStart(6, '0')}.${spec.ext === 'png' ? 'png' : 'jpg'}`
        out[name] = [new Uint8Array(frame.buffer, frame.byteOffset, frame.byteLength), { level: 0, mtime }]
      }
      const zip = zipSync(out, { level: 0, mtime })
      return Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength)
    }
  }
}

/** A neutral picture with a play mark, standing for a video's images. */
function posterJpeg(w: number, h: number): Promise<Buffer> {
  const r = Math.max(4, Math.round(Math.min(w, h) / 6))
  const cx = w / 2
  const cy = h / 2
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
    <rect width="100%" height="100%" fill="#3a3f47"/>
    <circle cx="${cx}" cy="${cy}" r="${r}" fill="#ffffff" fill-opacity="0.18"/>
    <path d="M ${cx - r * 0.35} ${cy - r * 0.5} L ${cx + r * 0.55} ${cy} L ${cx - r * 0.35} ${cy + r * 0.5} Z" fill="#ffffff" fill-opacity="0.85"/>
  </svg>`
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer()
}

/**
 * Each frame of an animation file in order, whole (every frame composited onto what came before, as a player shows
 * it): GIF and WebP by libvips, APNG here.
 */
export async function* animationFrames(file: string, read: SourceReader = readFile): AsyncGenerator<Sharp> {
  const data = await read(file)
  const apng = apngChunks(data)
  if (apng) {
    yield* apngFrames(apng)
    return
  }
  const meta = await sharp(data, { limitInputPixels: MAX_SOURCE_PIXELS, pages: -1 }).metadata()
  const pages = meta.pages ?? 1
  for (let page = 0; page < pages; page++) yield sharp(data, { limitInputPixels: MAX_SOURCE_PIXELS, page })
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

function pngChunk(type: string, body: Buffer): Buffer {
  const b = Buffer.alloc(12 + body.length)
  b.writeUInt32BE(body.length, 0)
  b.write(type, 4, 'latin1')
  body.copy(b, 8)
  b.writeUInt32BE(crc32(b.subarray(4, 8 + body.length)) >>> 0, 8 + body.length)
  return b
}

/** The frames of an APNG composited by its dispose and blend operations (PNG spec, APNG extension). */
async function* apngFrames(a: NonNullable<ReturnType<typeof apngChunks>>): AsyncGenerator<Sharp> {
  const { width: W, height: H } = a
  if (W * H > MAX_SOURCE_PIXELS) throw new Error('the animation is too large')
  const canvas = Buffer.alloc(W * H * 4)
  for (const [index, f] of a.frames.entries()) {
    if (f.x + f.width > W || f.y + f.height > H || f.width === 0 || f.height === 0)
      throw new Error(`APNG frame ${index} lies outside the image`)
    const ihdr = Buffer.from(a.ihdr)
    ihdr.writeUInt32BE(f.width, 0)
    ihdr.writeUInt32BE(f.height, 4)
    const png = Buffer.concat([
      PNG_SIGNATURE,
      pngChunk('IHDR', ihdr),
      ...a.other,
      pngChunk('IDAT', Buffer.concat(f.data)),
      pngChunk('IEND', Buffer.alloc(0)),
    ])
    const pixels = await sharp(png, { limitInputPixels: MAX_SOURCE_PIXELS }).ensureAlpha().raw().toBuffer()
    // dispose 2 (previous) restores the region as it was before this frame; on the first frame it clears it
    const saved = f.dispose === 2 && index > 0 ? regionOf(canvas, W, f) : null
    for (let y = 0; y < f.height; y++)
      for (let x = 0; x < f.width; x++) {
        const s = (y * f.width + x) * 4
        const d = ((f.y + y) * W + f.x + x) * 4
        const alpha = pixels[s + 3]!
        if (f.blend === 0 || alpha === 255) pixels.copy(canvas, d, s, s + 4)
        else if (alpha > 0) {
          // source over destination
          const da = canvas[d + 3]! / 255
          const sa = alpha / 255
          const oa = sa + da * (1 - sa)
          for (let c = 0; c < 3; c++)
            canvas[d + c] = Math.round((pixels[s + c]! * sa + canvas[d + c]! * da * (1 - sa)) / oa)
          canvas[d + 3] = Math.round(oa * 255)
        }
      }
    yield sharp(Buffer.from(canvas), { raw: { width: W, height: H, channels: 4 } })
    if (saved) writeRegion(canvas, W, f, saved)
    else if (f.dispose === 1 || f.dispose === 2)
      for (let y = 0; y < f.height; y++) canvas.fill(0, ((f.y + y) * W + f.x) * 4, ((f.y + y) * W + f.x + f.width) * 4)
  }
}

type Region = { x: number; y: number; width: number; height: number }

function regionOf(canvas: Buffer, W: number, r: Region): Buffer {
  const out = Buffer.alloc(r.width * r.height * 4)
  for (let y = 0; y < r.height; y++)
    canvas.copy(out, y * r.width * 4, ((r.y + y) * W + r.x) * 4, ((r.y + y) * W + r.x + r.width) * 4)
  return out
}

function writeRegion(canvas: Buffer, W: number, r: Region, data: Buffer) {
  for (let y = 0; y < r.height; y++)
    data.copy(canvas, ((r.y + y) * W + r.x) * 4, y * r.width * 4, (y + 1) * r.width * 4)
}
