import { open, type FileHandle } from 'node:fs/promises'
import path from 'node:path'
import sharp, { type Metadata } from 'sharp'
import { Skip } from './archive.ts'
import { MAX_IMAGE_PIXELS } from './media.ts'

// An ugoira as gallery-dl's ugoira post-processor converts it (`{id}_p0.webm` by default; mp4, mkv, gif, apng or
// webp by its `extension` option): a video's size from its container's header (Matroska/WebM: the video track's
// PixelWidth/PixelHeight; MP4: the video track's `tkhd`) with small parsers that read a bounded part of the file, and
// an animation's frames and delays from sharp (GIF, WebP) or its own chunks (APNG). No decoder is needed: a video is
// served and played as it is; an animation's frames are rendered from it by sharp.

export type VideoContainer = 'webm' | 'mkv' | 'mp4'

export interface VideoInfo {
  container: VideoContainer
  width: number
  height: number
}

export interface AnimationInfo {
  /** `gif`, `webp`, or `png` for an APNG (its URL's extension) */
  ext: 'gif' | 'webp' | 'png'
  width: number
  height: number
  /** each frame's delay in ms, in order */
  delays: number[]
}

/** The extensions of converted ugoira: videos, and animations sharp (or the APNG reader) can take frames from. */
export const VIDEO_EXTS = new Set(['webm', 'mkv', 'mp4', 'm4v', 'mov'])
export const ANIMATION_EXTS = new Set(['gif', 'webp', 'apng', 'png'])

/** Frames past this count are refused (a pixiv ugoira has at most 150). */
export const MAX_FRAMES = 10_000

/** Bytes of a Matroska file read to find its tracks (they come before the first cluster, in the first kilobytes). */
const EBML_HEAD_BYTES = 1024 ** 2
/** Boxes of an MP4 file looked at before giving up, and the largest `moov` read (an ugoira's is a few KB). */
const MAX_BOXES = 4096
const MAX_MOOV_BYTES = 16 * 1024 ** 2

/** The container and picture size of a video file; a Skip when it is not a video this reads. */
export async function readVideo(file: string): Promise<VideoInfo> {
  let handle: FileHandle
  try {
    handle = await open(file, 'r')
  } catch (err) {
    throw new Skip(`unreadable (${(err as NodeJS.ErrnoException).code ?? String(err)})`)
  }
  try {
    const head = Buffer.alloc(12)
    const { bytesRead } = await handle.read(head, 0, 12, 0)
    const name = path.basename(file)
    let info: VideoInfo | null = null
    if (bytesRead >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) {
      const buf = Buffer.alloc(EBML_HEAD_BYTES)
      const n = (await handle.read(buf, 0, buf.length, 0)).bytesRead
      info = matroskaInfo(buf.subarray(0, n))
    } else if (bytesRead >= 8 && head.toString('latin1', 4, 8) === 'ftyp') {
      info = await mp4Info(handle, (await handle.stat()).size)
    } else throw new Skip(`${name} is not a WebM, Matroska or MP4 video`)
    if (!info) throw new Skip(`${name}: no video track with a picture size found in its header`)
    if (info.width * info.height > MAX_IMAGE_PIXELS)
      throw new Skip(`${name} is ${info.width}×${info.height}: too large`)
    return info
  } finally {
    await handle.close()
  }
}

// ---- Matroska / WebM (EBML) ----

const EBML = { header: 0x1a45dfa3, docType: 0x4282, segment: 0x18538067, cluster: 0x1f43b675, tracks: 0x1654ae6b }
const TRACK = { entry: 0xae, type: 0x83, video: 0xe0, pixelWidth: 0xb0, pixelHeight: 0xba }

/** An EBML variable-length integer at `i`: its value and length; the ID form keeps its length marker. */
function vint(buf: Buffer, i: number, keepMarker: boolean): { value: number; len: number; unknown: boolean } | null {
  const first = buf[i]
  if (first === undefined || first === 0) return null
  const len = Math.clz32(first) - 23
  if (len > 8 || i + len > buf.length) return null
  let value = keepMarker ? first : first & (0xff >> len)
  let allOnes = value === 0xff >> len
  for (let k = 1; k < len; k++) {
    const b = buf[i + k]!
    value = value * 256 + b
    if (b !== 0xff) allOnes = false
  }
  return { value, len, unknown: !keepMarker && allOnes }
}

interface Element {
  id: number
  /** where its data starts and ends (end clipped to the buffer; an unknown size runs to the buffer's end) */
  start: number
  end: number
}

function* elements(buf: Buffer, from: number, to: number): Generator<Element> {
  let i = from
  while (i < to) {
    const id = vint(buf, i, true)
    if (!id) return
    const size = vint(buf, i + id.len, false)
    if (!size) return
    const start = i + id.len + size.len
    const end = size.unknown ? to : Math.min(to, start + size.value)
    yield { id: id.value, start, end }
    i = end
  }
}

const uint = (buf: Buffer, e: Element) => {
  let v = 0
  for (let k = e.start; k < e.end && k < e.start + 8; k++) v = v * 256 + buf[k]!
  return v
}

function matroskaInfo(buf: Buffer): VideoInfo | null {
  let container: VideoContainer | null = null
  for (const top of elements(buf, 0, buf.length)) {
    if (top.id === EBML.header) {
      for (const e of elements(buf, top.start, top.end))
        if (e.id === EBML.docType) {
          const docType = buf.toString('latin1', e.start, e.end).replace(/\0+$/, '')
          container = docType === 'webm' ? 'webm' : docType === 'matroska' ? 'mkv' : null
        }
      if (!container) return null
    } else if (top.id === EBML.segment && container) {
      for (const e of elements(buf, top.start, top.end)) {
        // the tracks come before the first cluster; a file whose clusters come first is not one this reads
        if (e.id === EBML.cluster) return null
        if (e.id !== EBML.tracks) continue
        for (const entry of elements(buf, e.start, e.end)) {
          if (entry.id !== TRACK.entry) continue
          let type = 0
          let width = 0
          let height = 0
          for (const f of elements(buf, entry.start, entry.end)) {
            if (f.id === TRACK.type) type = uint(buf, f)
            if (f.id === TRACK.video)
              for (const v of elements(buf, f.start, f.end)) {
                if (v.id === TRACK.pixelWidth) width = uint(buf, v)
                if (v.id === TRACK.pixelHeight) height = uint(buf, v)
              }
          }
          if (type === 1 && width > 0 && height > 0) return { container, width, height }
        }
        return null
      }
    }
  }
  return null
}

// ---- MP4 / QuickTime (ISO BMFF) ----

/** The first video track's size, from `moov/trak/tkhd` (16.16 fixed point) of a track whose handler is `vide`. */
async function mp4Info(handle: FileHandle, size: number): Promise<VideoInfo | null> {
  const header = Buffer.alloc(16)
  let pos = 0
  for (let n = 0; n < MAX_BOXES && pos + 8 <= size; n++) {
    await handle.read(header, 0, 16, pos)
    let boxSize = header.readUInt32BE(0)
    let headerLen = 8
    if (boxSize === 1) {
      boxSize = Number(header.readBigUInt64BE(8))
      headerLen = 16
    } else if (boxSize === 0) boxSize = size - pos
    if (boxSize < headerLen) return null
    if (header.toString('latin1', 4, 8) === 'moov') {
      if (boxSize > MAX_MOOV_BYTES) return null
      const moov = Buffer.alloc(boxSize - headerLen)
      await handle.read(moov, 0, moov.length, pos + headerLen)
      return moovInfo(moov)
    }
    pos += boxSize
  }
  return null
}

function* boxes(buf: Buffer, from: number, to: number): Generator<{ type: string; start: number; end: number }> {
  let i = from
  while (i + 8 <= to) {
    let size = buf.readUInt32BE(i)
    let headerLen = 8
    if (size === 1 && i + 16 <= to) {
      size = Number(buf.readBigUInt64BE(i + 8))
      headerLen = 16
    } else if (size === 0) size = to - i
    if (size < headerLen || i + size > to) return
    yield { type: buf.toString('latin1', i + 4, i + 8), start: i + headerLen, end: i + size }
    i += size
  }
}

function moovInfo(moov: Buffer): VideoInfo | null {
  for (const trak of boxes(moov, 0, moov.length)) {
    if (trak.type !== 'trak') continue
    let width = 0
    let height = 0
    let video = false
    for (const b of boxes(moov, trak.start, trak.end)) {
      // tkhd: version (1 byte), flags (3), …; width and height are its last 8 bytes
      if (b.type === 'tkhd' && b.end - b.start >= 84) {
        width = Math.round(moov.readUInt32BE(b.end - 8) / 65536)
        height = Math.round(moov.readUInt32BE(b.end - 4) / 65536)
      }
      if (b.type === 'mdia')
        for (const m of boxes(moov, b.start, b.end))
          if (
            m.type === 'hdlr' &&
            m.end - m.start >= 12 &&
            moov.toString('latin1', m.start + 8, m.start + 12) === 'vide'
          )
            video = true
    }
    if (video && width > 0 && height > 0) return { container: 'mp4', width, height }
  }
  return null
}

// ---- animations ----

/** An animation's size, frames and delays; a Skip when it is not an animation this reads. */
export async function readAnimation(file: string): Promise<AnimationInfo> {
  const name = path.basename(file)
  const apng = await readApng(file)
  if (apng) return apng
  let meta: Metadata
  try {
    meta = await sharp(file, { limitInputPixels: MAX_IMAGE_PIXELS, pages: -1 }).metadata()
  } catch (err) {
    throw new Skip(`${name} is not a readable animation (${err instanceof Error ? err.message : String(err)})`)
  }
  const ext = meta.format === 'gif' ? 'gif' : meta.format === 'webp' ? 'webp' : null
  if (!ext) throw new Skip(`${name} is a ${meta.format ?? 'unknown'} file, not a GIF, WebP or APNG animation`)
  const pages = meta.pages ?? 1
  const width = meta.width
  const height = meta.pageHeight ?? meta.height
  if (!width || !height) throw new Skip(`${name} has no size`)
  if (pages > MAX_FRAMES) throw new Skip(`${name} has ${pages} frames: too many`)
  if (width * height > MAX_IMAGE_PIXELS) throw new Skip(`${name} is ${width}×${height}: too large`)
  // a still image has one frame; its delay (none recorded) is the ugoira default of 100 ms
  const delays = Array.from({ length: pages }, (_, i) => meta.delay?.[i] ?? 100)
  return { ext, width, height, delays }
}

/**
 * An APNG's size and frame delays from its chunks (IHDR, acTL, fcTL), or null when the file is not an animated PNG.
 * Its frames are rendered by sharp from the PNG made of each frame's data (library-images.ts `apngFrame`).
 */
export async function readApng(file: string): Promise<AnimationInfo | null> {
  let data: Buffer
  try {
    const handle = await open(file, 'r')
    try {
      const head = Buffer.alloc(8)
      await handle.read(head, 0, 8, 0)
      if (head.readUInt32BE(0) !== 0x89504e47) return null
      const size = (await handle.stat()).size
      if (size > 1024 ** 3) return null
      data = Buffer.alloc(size)
      await handle.read(data, 0, size, 0)
    } finally {
      await handle.close()
    }
  } catch (err) {
    throw new Skip(`unreadable (${(err as NodeJS.ErrnoException).code ?? String(err)})`)
  }
  const parsed = apngChunks(data)
  if (!parsed) return null
  return { ext: 'png', width: parsed.width, height: parsed.height, delays: parsed.frames.map((f) => f.delay) }
}

export interface ApngFrame {
  width: number
  height: number
  x: number
  y: number
  delay: number
  dispose: number
  blend: number
  /** the frame's compressed image data (IDAT, or fdAT without its sequence numbers) */
  data: Buffer[]
}

/** The chunks of an animated PNG: IHDR's size and the frames; null when it has no acTL (a still PNG). */
export function apngChunks(
  png: Buffer,
): { width: number; height: number; ihdr: Buffer; other: Buffer[]; frames: ApngFrame[] } | null {
  if (png.length < 33 || png.readUInt32BE(0) !== 0x89504e47) return null
  let i = 8
  let ihdr: Buffer | null = null
  let animated = false
  const other: Buffer[] = []
  const frames: ApngFrame[] = []
  let current: ApngFrame | null = null
  while (i + 12 <= png.length) {
    const len = png.readUInt32BE(i)
    const type = png.toString('latin1', i + 4, i + 8)
    if (i + 12 + len > png.length) return null
    const body = png.subarray(i + 8, i + 8 + len)
    if (type === 'IHDR') ihdr = body
    else if (type === 'acTL') animated = true
    else if (type === 'fcTL' && len >= 26) {
      const num = body.readUInt16BE(20)
      const den = body.readUInt16BE(22) || 100
      current = {
        width: body.readUInt32BE(4),
        height: body.readUInt32BE(8),
        x: body.readUInt32BE(12),
        y: body.readUInt32BE(16),
        delay: Math.round((num * 1000) / den),
        dispose: body[24]!,
        blend: body[25]!,
        data: [],
      }
      frames.push(current)
      if (frames.length > MAX_FRAMES) return null
    } else if (type === 'IDAT') {
      // the default image is the first frame only when an fcTL came before it
      current?.data.push(body)
    } else if (type === 'fdAT') current?.data.push(body.subarray(4))
    else if (type === 'IEND') break
    else if (type === 'PLTE' || type === 'tRNS' || type === 'gAMA' || type === 'sRGB' || type === 'iCCP')
      other.push(png.subarray(i, i + 12 + len))
    i += 12 + len
  }
  if (!ihdr || !animated || frames.length === 0) return null
  return { width: ihdr.readUInt32BE(0), height: ihdr.readUInt32BE(4), ihdr, other, frames }
}
