import { readFileSync } from 'node:fs'
import path from 'node:path'
import sharp, { type Metadata } from 'sharp'
import { unzipSync } from 'fflate'
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
    meta = await sharp(file, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata()
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err)
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
  return { width, height, ext }
}

/**
 * Checks an ugoira zip against its `frames` (every frame there, names without folders, not inflating past the
 * limit) and reads the first frame's size and type.
 */
export function readUgoiraZip(
  file: string,
  recorded: { file: string; delay: number }[] | undefined,
): { width: number; height: number; frameExt: string; frames: { file: string; delay: number }[] } {
  let data: Buffer
  try {
    data = readFileSync(file)
  } catch (err) {
    throw new Skip(`unreadable (${(err as NodeJS.ErrnoException).code ?? String(err)})`)
  }
  const names = new Map<string, number>()
  let inflated = 0
  let entries: Record<string, Uint8Array>
  try {
    // first the list (nothing inflated), then the first frame and the ugoira post-processor's animation.json
    unzipSync(data, {
      filter: (f) => {
        names.set(f.name, f.originalSize)
        inflated += f.originalSize
        return false
      },
    })
    if (inflated > MAX_UGOIRA_BYTES) throw new Skip(`${path.basename(file)} inflates past 1 GB`)
    for (const name of names.keys())
      if (name.includes('/') || name.includes('\\') || name.startsWith('.'))
        throw new Skip(`${path.basename(file)} has an entry outside its folder (${JSON.stringify(name)})`)
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
  return { ...readFrame(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), first), frames }
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

function readFrame(bytes: Buffer, name: string): { width: number; height: number; frameExt: string } {
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
  throw new Skip(`the frame ${name} is not a JPEG or PNG image`)
}
