// The images of an imported work (a library's, src/server/library/): the original is the archive's file, served byte
// for byte; every other size is rendered from it with sharp (EXIF orientation applied, pixel count limited against
// decompression bombs) and cached like the generated art. An ugoira's file is its frame zip: the 1920×1080 zip is
// that file, the 600×600 one and the thumbnails are rendered from its frames, and its "original" frames are the
// zip's entries. Specs carry the file's path, size and modification time, so a changed file is a new cache entry
// and a new ETag.

import { readFile } from 'node:fs/promises'
import { unzipSync, zipSync, type Zippable } from 'fflate'
import sharp from 'sharp'

/** Pixels past which a source image is not decoded (16384²; the importer refuses such files already). */
export const MAX_SOURCE_PIXELS = 16384 * 16384

export interface LibraryFile {
  path: string
  kind: 'image' | 'ugoira-zip' | 'ugoira-frame'
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

export type LibrarySpec = FileSpec | DerivedSpec | ZipResizeSpec | ZipEntrySpec | FramesZipSpec

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
  if (!f || f.kind !== 'ugoira-zip') return null
  return { t: 'zip-entry', src: ref(f), frame, ext }
}

export const isLibrarySpec = (spec: { t: string }): spec is LibrarySpec =>
  spec.t === 'file' ||
  spec.t === 'derived' ||
  spec.t === 'zip-resize' ||
  spec.t === 'zip-entry' ||
  spec.t === 'frames-zip'

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  zip: 'application/zip',
}

/** What a library spec answers as (its content type and cache file extension). */
export function libraryOutput(spec: LibrarySpec): { type: string; ext: string } {
  if (spec.t === 'file') return { type: CONTENT_TYPES[spec.ext] ?? 'application/octet-stream', ext: spec.ext }
  if (spec.t === 'zip-resize' || spec.t === 'frames-zip') return { type: 'application/zip', ext: 'zip' }
  if (spec.t === 'zip-entry') return { type: CONTENT_TYPES[spec.ext] ?? 'application/octet-stream', ext: spec.ext }
  return { type: 'image/jpeg', ext: 'jpg' }
}

/** The entries of a zip in their stored order, names checked (no folders). */
async function zipEntries(path: string, only?: number): Promise<[string, Uint8Array][]> {
  const data = await readFile(path)
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

async function sourceBytes(src: SourceRef): Promise<Buffer | string> {
  if (src.frame === undefined) return src.path
  const entry = (await zipEntries(src.path, src.frame))[0]
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

export async function renderLibrarySpec(spec: LibrarySpec): Promise<Buffer> {
  switch (spec.t) {
    case 'file':
      return readFile(spec.path)
    case 'derived':
      return resized(await sourceBytes(spec.src), spec.box, spec.crop)
        .jpeg({ quality: spec.q })
        .toBuffer()
    case 'zip-entry': {
      const entry = (await zipEntries(spec.src.path, spec.frame))[0]
      if (!entry) throw new Error(`${spec.src.path} has no frame ${spec.frame}`)
      return Buffer.from(entry[1].buffer, entry[1].byteOffset, entry[1].byteLength)
    }
    case 'zip-resize': {
      const mtime = new Date(Math.min(ZIP_MAX_TS, Math.max(ZIP_MIN_TS, spec.mtime)) * 1000)
      const out: Zippable = {}
      // one frame after another: the whole zip holds one render slot
      for (const [name, bytes] of await zipEntries(spec.src.path)) {
        const img = resized(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), spec.box, false)
        const frame = await (/\.png$/i.test(name) ? img.png() : img.jpeg({ quality: spec.q })).toBuffer()
        out[name] = [new Uint8Array(frame.buffer, frame.byteOffset, frame.byteLength), { level: 0, mtime }]
      }
      const zip = zipSync(out, { level: 0, mtime })
      return Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength)
    }
    case 'frames-zip': {
      const mtime = new Date(Math.min(ZIP_MAX_TS, Math.max(ZIP_MIN_TS, spec.mtime)) * 1000)
      const out: Zippable = {}
      for (const [i, src] of spec.srcs.entries()) {
        const img = resized(src.path, spec.box, false)
        const frame = await (spec.ext === 'png' ? img.png() : img.jpeg({ quality: spec.q })).toBuffer()
        const name = `${String(i).padStart(6, '0')}.${spec.ext === 'png' ? 'png' : 'jpg'}`
        out[name] = [new Uint8Array(frame.buffer, frame.byteOffset, frame.byteLength), { level: 0, mtime }]
      }
      const zip = zipSync(out, { level: 0, mtime })
      return Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength)
    }
  }
}
