import { constants as fsConstants, closeSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs'
import path from 'node:path'
import sharp, { type Metadata } from 'sharp'
import { Inflate, unzipSync } from 'fflate'
import { Skip } from './archive.ts'

// Reading an archive's image files and ugoira zips, for every format: sizes and types from the files themselves, and
// the limits that keep a hostile file (a decompression bomb, a zip bomb, an entry leading out of its folder) out.

/** Images past this many pixels are refused (a decompression bomb): 16384 × 16384. */
export const MAX_IMAGE_PIXELS = 16384 * 16384
/** An ugoira zip whose frames would inflate past this is refused (a zip bomb). */
export const MAX_UGOIRA_BYTES = 1024 ** 3
const IMAGE_FORMATS: Record<string, string> = { jpeg: 'jpg', png: 'png', gif: 'gif' }

/** Width, height and type of an image file, from its header; a non-image or an oversized one is a Skip. */
export async function readImage(file: string): Promise<{ width: number; height: number; ext: string }> {
  let meta: Metadata
  try {
    closeSync(openRegular(file))
    meta = await sharp(file, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata()
  } catch (err) {
    if (err instanceof Skip) throw err
    const why = err instanceof Error ? err.message : String(err)
    // sharp says "missing" of a file it may not read or that left since the walk: the system's own word is clearer
    const code = unreadable(file)
    if (code) throw new Skip(`${path.basename(file)} is unreadable (${code})`)
    // sharp refuses a header past the limit already: a decompression bomb
    if (/pixel limit/i.test(why))
      throw new Skip(`${path.basename(file)} is too large (over ${MAX_IMAGE_PIXELS} pixels)`)
    throw new Skip(`${path.basename(file)} is not a readable image (${why})`)
  }
  const ext = IMAGE_FORMATS[meta.format ?? '']
  if (!ext) throw new Skip(`${path.basename(file)} is a ${meta.format ?? 'unknown'} file, not a JPEG, PNG or GIF`)
  const { width, height } = meta
  if (!width || !height) throw new Skip(`${path.basename(file)} has no size`)
  if (width * height > MAX_IMAGE_PIXELS) throw new Skip(`${path.basename(file)} is ${width}×${height}: too large`)
  const cut = truncation(file, ext)
  if (cut) throw new Skip(`${path.basename(file)} is truncated (${cut}): an incomplete download or a damaged file`)
  return { width, height, ext }
}

/** A file that cannot be opened as the regular file the walk found; `short` says why without the file's name. */
export class Unopenable extends Skip {
  constructor(
    file: string,
    readonly short: string,
  ) {
    super(`${path.basename(file)} is ${short}`)
  }
}

/**
 * Opens a file for reading as the regular file the walk found it to be. What took its place since would do harm when
 * opened as it is: a named pipe blocks the read for ever (so the open does not wait, O_NONBLOCK), a symbolic link could
 * lead out of the library (O_NOFOLLOW). Throws an Unopenable.
 */
export function openRegular(file: string): number {
  let fd: number
  try {
    fd = openSync(file, fsConstants.O_RDONLY | fsConstants.O_NONBLOCK | fsConstants.O_NOFOLLOW)
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? String(err)
    throw new Unopenable(file, code === 'ELOOP' ? 'a symbolic link now: not followed' : `unreadable (${code})`)
  }
  let regular = false
  try {
    regular = fstatSync(fd).isFile()
  } finally {
    if (!regular) closeSync(fd)
  }
  if (!regular) throw new Unopenable(file, 'no longer a regular file')
  return fd
}

/**
 * A file of the archive read whole, opened as openRegular does (every reader's metadata, texts and pages go through
 * it); `limit` bytes at most, else undefined.
 */
export function readRegular(file: string, limit = Infinity): Buffer | undefined {
  const fd = openRegular(file)
  try {
    if (fstatSync(fd).size > limit) return undefined
    return readFileSync(fd)
  } finally {
    closeSync(fd)
  }
}

/** The error code reading a file's first byte gives (ENOENT, EACCES, EISDIR…), or null when it reads. */
function unreadable(file: string): string | null {
  try {
    const fd = openSync(file, fsConstants.O_RDONLY | fsConstants.O_NONBLOCK | fsConstants.O_NOFOLLOW)
    try {
      readSync(fd, Buffer.alloc(1), 0, 1, 0)
    } finally {
      closeSync(fd)
    }
    return null
  } catch (err) {
    return (err as NodeJS.ErrnoException).code ?? String(err)
  }
}

/** How far from its end a complete image's end marker may lie (bytes some tools append after it). */
const END_MARKER_WINDOW = 4096
const PNG_IEND = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82])
const JPEG_EOI = Buffer.from([0xff, 0xd9])
/** Bytes read at a time where an end marker is searched through a whole file. */
const SEARCH_STEP = 1024 ** 2

/**
 * Why an image file is cut short, or null when it ends as its format ends: a PNG with its IEND chunk, a JPEG with the
 * EOI marker after its first scan's header (entropy-coded data cannot hold one; an EXIF thumbnail's EOI lies before
 * it). sharp's metadata reads a JPEG's or PNG's header only, so a half-downloaded file passes it; decoding the whole
 * image to find out costs ~70–95 ms for a 2,400×3,400 page, this reads a few KB (~0.03–0.05 ms).
 */
function truncation(file: string, ext: string): string | null {
  const fd = openRegular(file)
  try {
    const size = fstatSync(fd).size
    return endMissing(ext, size, (pos, length) => {
      const buf = Buffer.alloc(Math.max(0, Math.min(length, size - pos)))
      const n = readSync(fd, buf, 0, buf.length, pos)
      return buf.subarray(0, n)
    })
  } finally {
    closeSync(fd)
  }
}

/** truncation() of an image of `size` bytes read by `read(position, length)` (a file, or a frame in memory). */
function endMissing(ext: string, size: number, read: (pos: number, length: number) => Buffer): string | null {
  const tailStart = Math.max(0, size - END_MARKER_WINDOW)
  const tail = read(tailStart, END_MARKER_WINDOW)
  // Where the end marker is not in the last few KB, bytes were appended after it (a phone's motion photo, say) or
  // the file is cut: the rest of the file is searched, which costs a read of it for those files only.
  const findFrom = (needle: Buffer, from: number) => {
    for (let at = from; at < size; at += SEARCH_STEP) {
      const chunk = read(at, SEARCH_STEP + needle.length - 1)
      const i = chunk.indexOf(needle)
      if (i >= 0) return at + i
    }
    return -1
  }
  if (ext === 'png')
    return tail.includes(PNG_IEND) || findFrom(PNG_IEND, 8) >= 0 ? null : 'no PNG IEND chunk at its end'
  // a GIF's blocks are all read by libvips's header load (for its frame count): a cut one has failed there already
  if (ext === 'gif') return null
  // JPEG: the first scan's start (SOS), walking the marker segments from the top (most headers fit the first read)
  const top = read(0, END_MARKER_WINDOW)
  const at = (p: number, length: number) => (p + length <= top.length ? top.subarray(p, p + length) : read(p, length))
  let pos = 2
  for (;;) {
    const head = at(pos, 4)
    if (head.length < 4) return 'its markers end before the image data'
    if (head[0] !== 0xff) {
      // stray bytes between segments: libjpeg skips to the next marker, and so does this
      const chunk = at(pos, SEARCH_STEP)
      const next = chunk.indexOf(0xff)
      if (next < 0 && chunk.length < SEARCH_STEP) return 'its markers end before the image data'
      pos += next < 0 ? chunk.length : next
      continue
    }
    const marker = head[1]!
    if (marker === 0xff) {
      pos++ // fill byte
      continue
    }
    if (marker === 0xda) break
    // RSTn, SOI and TEM stand alone; every other marker is followed by its segment's length
    pos += 2 + ((marker >= 0xd0 && marker <= 0xd8) || marker === 0x01 ? 0 : head.readUInt16BE(2))
  }
  // entropy-coded data cannot hold FF D9 (an FF in it is followed by 00 or a restart marker)
  const eoi = tail.lastIndexOf(JPEG_EOI)
  if (eoi >= 0 && tailStart + eoi > pos) return null
  return findFrom(JPEG_EOI, pos) >= 0 ? null : 'no JPEG end-of-image marker after its image data'
}

/**
 * Checks an ugoira zip against its `frames` (every frame there, names without folders, each entry once and inflating
 * to what the zip says, not past the limit; every entry a whole image of the first frame's type within the pixel
 * limit) and reads the first frame's size and type.
 */
export function readUgoiraZip(
  file: string,
  recorded: { file: string; delay: number }[] | undefined,
): { width: number; height: number; frameExt: string; frames: { file: string; delay: number }[] } {
  let data: Buffer
  const fd = openRegular(file)
  try {
    data = readFileSync(fd)
  } catch (err) {
    throw new Skip(`${path.basename(file)} is unreadable (${(err as NodeJS.ErrnoException).code ?? String(err)})`)
  } finally {
    closeSync(fd)
  }
  const names = new Map<string, number>()
  let twice: string | undefined
  let inflated = 0
  let entries: Record<string, Uint8Array>
  try {
    // first the list (nothing inflated), then the first frame and the ugoira post-processor's animation.json
    unzipSync(data, {
      filter: (f) => {
        // two entries of one name: the one checked here and the one served (by its place in the zip) could differ
        if (names.has(f.name)) twice = f.name
        names.set(f.name, f.originalSize)
        inflated += f.originalSize
        return false
      },
    })
    if (twice !== undefined) throw new Skip(`${path.basename(file)} has two entries named ${JSON.stringify(twice)}`)
    if (inflated > MAX_UGOIRA_BYTES) throw new Skip(`${path.basename(file)} inflates past 1 GB`)
    for (const name of names.keys())
      if (name.includes('/') || name.includes('\\') || name.startsWith('.'))
        throw new Skip(`${path.basename(file)} has an entry outside its folder (${JSON.stringify(name)})`)
    checkInflatedSizes(data, path.basename(file))
    const firstName = recorded?.[0]?.file ?? [...names.keys()].filter((n) => n !== ANIMATION_JSON).sort()[0]
    entries = unzipSync(data, { filter: (f) => f.name === firstName || f.name === ANIMATION_JSON })
  } catch (err) {
    if (err instanceof Skip) throw err
    throw new Skip(`${path.basename(file)} is not a readable zip (${err instanceof Error ? err.message : String(err)})`)
  }
  // The delays: the sidecar's `frames`, else the `archive` mode's animation.json (a list of {file, delay}).
  const frames = recorded ?? animationJson(entries[ANIMATION_JSON])
  if (!frames) throw new Skip(`${path.basename(file)}: no "frames" in its metadata and no animation.json in it`)
  for (const f of frames) if (!names.has(f.file)) throw new Skip(`${path.basename(file)} lacks the frame ${f.file}`)
  const first = frames[0]!.file
  const bytes = entries[first]
  if (!bytes) throw new Skip(`${path.basename(file)}: the frame ${first} cannot be read`)
  const head = readFrame(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), first)
  // Every entry is decoded as a frame when the zip's other sizes are rendered (those the frames list and any other):
  // each one a whole image of the first one's type within the pixel limit (one at a time; sizes checked above).
  for (const name of names.keys()) {
    if (name === ANIMATION_JSON) continue
    const entry = name === first ? bytes : unzipSync(data, { filter: (f) => f.name === name })[name]
    if (!entry) throw new Skip(`${path.basename(file)}: the frame ${name} cannot be read`)
    const frame = Buffer.from(entry.buffer, entry.byteOffset, entry.byteLength)
    if (readFrame(frame, name).frameExt !== head.frameExt)
      throw new Skip(`${path.basename(file)}: the frame ${name} is not a ${head.frameExt} image as the first one is`)
    const cut = endMissing(head.frameExt, frame.length, (pos, length) => frame.subarray(pos, pos + length))
    if (cut) throw new Skip(`${path.basename(file)}: the frame ${name} is truncated (${cut})`)
  }
  return { ...head, frames }
}

/** Compressed bytes handed to the inflater at a time: deflate expands at most ~1,032 times, so ≤ 4 MB a step. */
const INFLATE_STEP = 4096

/**
 * What each entry of a zip really inflates to, counted without keeping it. The sizes in a zip's directory are its own
 * claim: fflate cuts an entry at its claimed size (so memory stays within the claims, which are limited above), but an
 * entry holding more than it claims is a hostile or damaged zip whose frames would be served cut. Stored entries (the
 * usual ugoira zip) cost nothing; deflated ones are inflated once, a step at a time.
 */
function checkInflatedSizes(data: Buffer, name: string) {
  const damaged = (why: string) => new Skip(`${name} is not a readable zip (${why})`)
  // the central directory, as fflate's unzipSync reads it (end record in the last 64 KB)
  let end = data.length - 22
  while (end >= 0 && data.readUInt32LE(end) !== 0x06054b50) {
    if (data.length - end > 65558) throw damaged('no end of central directory')
    end--
  }
  if (end < 0) throw damaged('no end of central directory')
  if (end >= 20 && data.readUInt32LE(end - 20) === 0x07064b50) throw damaged('a ZIP64 archive, larger than an ugoira')
  const count = data.readUInt16LE(end + 8)
  let at = data.readUInt32LE(end + 16)
  let total = 0
  for (let i = 0; i < count; i++) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== 0x02014b50) throw damaged('a broken central directory')
    const method = data.readUInt16LE(at + 10)
    const compressed = data.readUInt32LE(at + 20)
    const claimed = data.readUInt32LE(at + 24)
    const nameLength = data.readUInt16LE(at + 28)
    const entry = data.toString('utf8', at + 46, at + 46 + nameLength)
    const local = data.readUInt32LE(at + 42)
    at += 46 + nameLength + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32)
    if (local + 30 > data.length) throw damaged(`entry ${JSON.stringify(entry)} lies outside the file`)
    const start = local + 30 + data.readUInt16LE(local + 26) + data.readUInt16LE(local + 28)
    if (start + compressed > data.length) throw damaged(`entry ${JSON.stringify(entry)} lies outside the file`)
    let actual = 0
    if (method === 0) actual = compressed
    else if (method === 8) {
      const inflater = new Inflate((chunk) => {
        actual += chunk.length
        if (actual > claimed || total + actual > MAX_UGOIRA_BYTES)
          throw new Skip(`${name} is a zip bomb: its entry ${JSON.stringify(entry)} inflates past its stated size`)
      })
      for (let p = start; p < start + compressed; p += INFLATE_STEP)
        inflater.push(data.subarray(p, Math.min(p + INFLATE_STEP, start + compressed)), false)
      inflater.push(new Uint8Array(0), true)
    }
    if (actual !== claimed)
      throw damaged(`entry ${JSON.stringify(entry)} holds ${actual} bytes, its directory says ${claimed}`)
    total += actual
  }
}

/**
 * What gallery-dl's ugoira post-processor (`archive` mode) puts beside the frames in the zip, and PixivUtil2's
 * `.ugoira` (its `createUgoira`) too.
 */
export const ANIMATION_JSON = 'animation.json'

/**
 * The frames of an animation.json: gallery-dl's is the list of {file, delay}; PixivUtil2's is the web API's
 * ugoira_meta body with that list as `frames` (and its own `zipSize`).
 */
export function animationJson(bytes: Uint8Array | undefined): { file: string; delay: number }[] | undefined {
  if (!bytes) return undefined
  try {
    const json = JSON.parse(Buffer.from(bytes).toString('utf8')) as unknown
    const parsed = (Array.isArray(json) ? json : (json as { frames?: unknown } | null)?.frames) as
      { file?: unknown; delay?: unknown }[] | undefined
    const valid =
      Array.isArray(parsed) &&
      parsed.length > 0 &&
      parsed.every((f) => typeof f?.file === 'string' && Number.isInteger(f?.delay) && (f.delay as number) >= 0)
    return valid ? (parsed as { file: string; delay: number }[]) : undefined
  } catch {
    return undefined
  }
}

/** A frame's size and type from its header, within the pixel limit (a decompression bomb is a Skip). */
function readFrame(bytes: Buffer, name: string): { width: number; height: number; frameExt: string } {
  const frame = frameHeader(bytes)
  if (!frame) throw new Skip(`the frame ${name} is not a JPEG or PNG image`)
  // the frames are decoded when the zip's other sizes are rendered: the limit on decompression bombs holds here too
  if (!frame.width || !frame.height || frame.width * frame.height > MAX_IMAGE_PIXELS)
    throw new Skip(`the frame ${name} is ${frame.width}×${frame.height}: too large (over ${MAX_IMAGE_PIXELS} pixels)`)
  return frame
}

function frameHeader(bytes: Buffer): { width: number; height: number; frameExt: string } | null {
  // The first frame's header: JPEG SOFn or PNG IHDR (sharp is asynchronous; a zip is read in one go).
  if (bytes.length > 24 && bytes.readUInt32BE(0) === 0x89504e47)
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20), frameExt: 'png' }
  if (bytes[0] === 0xff && bytes[1] === 0xd8) {
    let i = 2
    while (i + 9 < bytes.length) {
      if (bytes[i] !== 0xff) break
      const marker = bytes[i + 1]!
      const len = bytes.readUInt16BE(i + 2)
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
        return { height: bytes.readUInt16BE(i + 5), width: bytes.readUInt16BE(i + 7), frameExt: 'jpg' }
      i += 2 + len
    }
  }
  return null
}
