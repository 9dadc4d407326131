import sharp, { type Metadata } from 'sharp'
import { MAX_UPLOAD_PIXELS, MAX_UPLOAD_SIDE } from '../../api/posting-endpoints.ts'
import { endsAsZip, holdsDocument, imageEnd, sniff, type ImageType } from './image-bytes.ts'

// An uploaded page, checked whole before anything of it is stored: its type read from its bytes (and matching what
// the client said it was), nothing after or inside the image that another program would read as something else (a
// zip, an HTML page), its size and pixel count within the limits (read from its header, before any decoding), and
// every pixel decodable (a truncated file is refused, not stored grey). What is stored is the image re-encoded by
// sharp: orientation applied, and no metadata at all (EXIF location, camera, XMP, comments).

export class UploadRefused extends Error {
  constructor(
    message: string,
    /** 415 for a file that is not an image of an accepted type; 400 for one that is, but is refused */
    readonly status: 400 | 415 = 400,
  ) {
    super(message)
  }
}

export interface CheckedImage {
  /** the bytes to store */
  data: Buffer
  ext: 'jpg' | 'png' | 'gif' | 'webp'
  width: number
  height: number
}

const EXT: Record<ImageType, CheckedImage['ext']> = { jpeg: 'jpg', png: 'png', gif: 'gif', webp: 'webp' }
/** What a client may call each type: its media type and its file names' extensions. */
const DECLARED: Record<ImageType, { mime: string; exts: string[] }> = {
  jpeg: { mime: 'image/jpeg', exts: ['jpg', 'jpeg', 'jfif'] },
  png: { mime: 'image/png', exts: ['png', 'apng'] },
  gif: { mime: 'image/gif', exts: ['gif'] },
  webp: { mime: 'image/webp', exts: ['webp'] },
}
/** Declared types that say nothing (a client that did not know). */
const UNSAID = new Set(['', 'application/octet-stream'])

/**
 * Throws UploadRefused unless the bytes are of the type the client said (or it said none), end where the image's
 * structure ends (not truncated), and hold nothing besides the image (a zip, an HTML page).
 */
export function checkStructure(bytes: Buffer, type: ImageType, declared: { type: string; name: string }) {
  const said = declared.type.toLowerCase().split(';')[0]!.trim()
  const nameExt = /\.([a-z0-9]{1,8})$/i.exec(declared.name)?.[1]?.toLowerCase()
  const knownExt = Object.values(DECLARED).some((d) => nameExt !== undefined && d.exts.includes(nameExt))
  if (
    (!UNSAID.has(said) && said !== DECLARED[type].mime && !(type === 'png' && said === 'image/apng')) ||
    (knownExt && !DECLARED[type].exts.includes(nameExt!))
  )
    throw new UploadRefused(`The file's bytes are a ${type.toUpperCase()} image, not what its type or name says.`, 415)
  const end = imageEnd(bytes, type)
  if (end === null) throw new UploadRefused('The image is cut short (truncated).')
  const trailing = bytes.subarray(end)
  // a camera's extra pictures (MPF: depth maps, previews) follow a JPEG's end; zero padding follows some files
  const harmless = trailing.every((x) => x === 0) || (type === 'jpeg' && trailing[0] === 0xff && trailing[1] === 0xd8)
  if (!harmless || endsAsZip(bytes) || holdsDocument(bytes))
    throw new UploadRefused('The file holds something besides its image (an archive or a document).')
}

/** Throws UploadRefused unless `bytes` are one acceptable image; else what to store. */
export async function checkUpload(bytes: Buffer, declared: { type: string; name: string }): Promise<CheckedImage> {
  const type = sniff(bytes)
  if (!type) throw new UploadRefused('The file is not a JPEG, PNG, GIF or WebP image.', 415)
  checkStructure(bytes, type, declared)

  let meta: Metadata
  try {
    meta = await sharp(bytes).metadata()
  } catch {
    throw new UploadRefused('The image cannot be read.')
  }
  const width = meta.width ?? 0
  const height = meta.pageHeight ?? meta.height ?? 0
  const frames = meta.pages ?? 1
  if (!width || !height) throw new UploadRefused('The image cannot be read.')
  if (width > MAX_UPLOAD_SIDE || height > MAX_UPLOAD_SIDE)
    throw new UploadRefused(`The image is larger than ${MAX_UPLOAD_SIDE} pixels on a side.`)
  if (width * height * frames > MAX_UPLOAD_PIXELS)
    throw new UploadRefused(`The image has more than ${MAX_UPLOAD_PIXELS / 1_000_000} million pixels.`)

  const animated = frames > 1
  try {
    // failOn 'truncated': a file whose pixels end early fails here rather than being stored part grey
    let image = sharp(bytes, { failOn: 'truncated', limitInputPixels: MAX_UPLOAD_PIXELS, animated })
    if (!animated) image = image.autoOrient()
    const out =
      type === 'jpeg'
        ? image.jpeg({ quality: 92 })
        : type === 'png'
          ? image.png({ compressionLevel: 6 })
          : type === 'gif'
            ? image.gif()
            : image.webp({ quality: 92 })
    const { data, info } = await out.toBuffer({ resolveWithObject: true })
    return { data, ext: EXT[type], width: info.width, height: info.pageHeight ?? info.height }
  } catch {
    throw new UploadRefused('The image is damaged or cut short and cannot be decoded.')
  }
}
