// What an uploaded file is, read from its bytes alone: its type (JPEG, PNG, GIF, WebP, by their signatures) and where
// the image its structure describes ends. Whatever follows that end (a zip's directory, an HTML page) or a file that
// ends before it does (truncated) is the checker's to refuse (upload-check.ts). No decoding here: headers and block
// lengths only, so a hostile file costs a walk over its bytes, never its pixels.

export type ImageType = 'jpeg' | 'png' | 'gif' | 'webp'

/** The file's type by its signature, or null for anything else (SVG, HTML, a zip, a video). */
export function sniff(b: Buffer): ImageType | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg'
  if (b.length >= 8 && b.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png'
  if (b.length >= 6 && /^GIF8[79]a$/.test(b.toString('latin1', 0, 6))) return 'gif'
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return 'webp'
  return null
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

/** The offset just past the image's last byte by its own structure, or null when the bytes end before it does. */
export function imageEnd(b: Buffer, type: ImageType): number | null {
  switch (type) {
    case 'jpeg':
      return jpegEnd(b)
    case 'png':
      return pngEnd(b)
    case 'gif':
      return gifEnd(b)
    case 'webp':
      return webpEnd(b)
  }
}

/** Segments up to each scan, the scan's entropy-coded data up to the next marker, …, until EOI (FFD9). */
function jpegEnd(b: Buffer): number | null {
  let i = 2
  while (i + 2 <= b.length) {
    if (b[i] !== 0xff) return null
    const marker = b[i + 1]!
    if (marker === 0xff) {
      i++ // fill byte
      continue
    }
    if (marker === 0xd9) return i + 2
    if (marker >= 0xd0 && marker <= 0xd7) {
      i += 2
      continue
    }
    if (i + 4 > b.length) return null
    const length = b.readUInt16BE(i + 2)
    if (length < 2) return null
    i += 2 + length
    if (marker !== 0xda) continue
    // entropy-coded data: FF00 is a stuffed FF, FFD0–FFD7 restart markers; any other FFxx is the next marker
    while (i + 1 < b.length) {
      if (b[i] === 0xff && b[i + 1] !== 0x00 && !(b[i + 1]! >= 0xd0 && b[i + 1]! <= 0xd7)) break
      i++
    }
  }
  return null
}

/** Chunks (length, type, data, CRC) until IEND. */
function pngEnd(b: Buffer): number | null {
  let i = 8
  while (i + 12 <= b.length) {
    const length = b.readUInt32BE(i)
    const type = b.toString('latin1', i + 4, i + 8)
    i += 12 + length
    if (i > b.length) return null
    if (type === 'IEND') return i
  }
  return null
}

/** Header, colour table, then extensions and images (each a chain of sub-blocks) until the trailer (3B). */
function gifEnd(b: Buffer): number | null {
  if (b.length < 13) return null
  let i = 13
  const flags = b[10]!
  if (flags & 0x80) i += 3 * (1 << ((flags & 7) + 1))
  const subBlocks = () => {
    while (i < b.length) {
      const size = b[i]!
      i += 1 + size
      if (size === 0) return true
    }
    return false
  }
  while (i < b.length) {
    const block = b[i]!
    if (block === 0x3b) return i + 1
    if (block === 0x21) {
      i += 2 // introducer, label
      if (!subBlocks()) return null
    } else if (block === 0x2c) {
      if (i + 10 > b.length) return null
      const local = b[i + 9]!
      i += 10
      if (local & 0x80) i += 3 * (1 << ((local & 7) + 1))
      i += 1 // LZW minimum code size
      if (!subBlocks()) return null
    } else return null
  }
  return null
}

/** The RIFF container's own length. */
function webpEnd(b: Buffer): number | null {
  const end = 8 + b.readUInt32LE(4)
  return end <= b.length ? end : null
}

/**
 * Markers of a document a browser or an interpreter would run: a file that holds one is not only an image. Searched
 * case-blind in the whole file; in compressed pixels such a run of letters comes by chance about once in 10^17 bytes.
 */
const DOCUMENT_MARKERS = /<(?:!doctype|html|head|body|script|iframe|svg|object|embed|\?php)[\s>/]/i

export const holdsDocument = (b: Buffer) => DOCUMENT_MARKERS.test(b.toString('latin1'))

/**
 * Whether the file ends as a zip does (an end-of-central-directory record whose comment length reaches exactly the
 * file's end): a zip reader would open it, whatever its start says.
 */
export function endsAsZip(b: Buffer): boolean {
  const from = Math.max(0, b.length - 22 - 0xffff)
  for (let i = b.length - 22; i >= from; i--)
    if (b[i] === 0x50 && b[i + 1] === 0x4b && b[i + 2] === 0x05 && b[i + 3] === 0x06)
      if (i + 22 + b.readUInt16LE(i + 20) === b.length) return true
  return false
}
