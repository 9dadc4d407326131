import { unzipSync, zipSync, type Zippable } from 'fflate'
import sharp, { type Sharp } from 'sharp'
import { MAX_UGOIRA_FRAMES, MAX_UGOIRA_PIXELS, MAX_UPLOAD_SIDE } from '../../api/posting-endpoints.ts'
import { animationFrames } from '../images/library-images.ts'
import { apngChunks } from '../library/video.ts'
import { imageEnd, sniff } from './image-bytes.ts'
import { checkStructure, UploadRefused } from './upload-check.ts'

// An uploaded ugoira (an animated illustration), checked whole before anything of it is stored: either an animation
// (an animated GIF, WebP or APNG) whose frames and delays are taken as they play, or a zip of frames (JPEG or PNG,
// named plainly, in name order; an `animation.json` beside them, as PixivUtil2 writes it, gives their delays). A zip
// is read only as far as its directory allows: at most MAX_UGOIRA_FRAMES entries, what they inflate to counted
// before any is inflated (a zip bomb is refused unopened), no name that is a path. What is stored is what pixiv
// serves: a zip of the frames as JPEGs `000000.jpg`…, fitted within 1920×1080, with no metadata.

export interface CheckedUgoira {
  data: Buffer
  width: number
  height: number
  /** each frame's delay in ms */
  delays: number[]
}

/** The box the stored frames fit within (pixiv's largest ugoira zip, `1920x1080`). */
const FRAME_BOX = { width: 1920, height: 1080 } as const
/** What a zip's entries may inflate to, together. */
const MAX_INFLATED_BYTES = 200 * 1024 * 1024
/** A frame's name: a plain name of letters, digits, `_`, `-` and `.`, of a JPEG or a PNG. */
const FRAME_NAME = /^[\w-][\w.-]{0,99}\.(?:jpe?g|png)$/i
/** The delay of a frame whose animation says none (pixiv's default). */
const DEFAULT_DELAY = 100
/** Stored frames' unix-seconds time stamp (keeps the zip's bytes a function of its frames). */
const ZIP_MTIME = new Date('2020-01-01T00:00:00Z')

export async function checkUgoira(bytes: Buffer, declared: { type: string; name: string }): Promise<CheckedUgoira> {
  const zip = bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50
  const frames = zip ? await zipFrames(bytes) : await animation(bytes, declared)
  if (frames.images.length < 2) throw new UploadRefused('An ugoira needs at least two frames.')
  const files: Zippable = {}
  let size: { width: number; height: number } | undefined
  for (const [i, frame] of frames.images.entries()) {
    const { data, info } = await frame
      .flatten({ background: '#ffffff' })
      .resize({ ...FRAME_BOX, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 90 })
      .toBuffer({ resolveWithObject: true })
    size ??= { width: info.width, height: info.height }
    if (info.width !== size.width || info.height !== size.height)
      throw new UploadRefused('The frames of an ugoira must all be the same size.')
    files[`${String(i).padStart(6, '0')}.jpg`] = [data, { level: 0, mtime: ZIP_MTIME }]
  }
  return { data: Buffer.from(zipSync(files)), ...size!, delays: frames.delays }
}

/** An animated GIF, WebP or APNG: its frames as a player shows them, and its delays. */
async function animation(
  bytes: Buffer,
  declared: { type: string; name: string },
): Promise<{ images: Sharp[]; delays: number[] }> {
  const type = sniff(bytes)
  if (type === 'jpeg' || type === null)
    throw new UploadRefused('An ugoira is an animated GIF, WebP or PNG, or a zip of its frames.', 415)
  checkStructure(bytes, type, declared)
  const apng = type === 'png' ? apngChunks(bytes) : null
  let delays: number[]
  let width: number
  let height: number
  if (apng) {
    ;({ width, height } = apng)
    delays = apng.frames.map((f) => f.delay)
  } else {
    const meta = await sharp(bytes, { pages: -1 })
      .metadata()
      .catch(() => {
        throw new UploadRefused('The animation cannot be read.')
      })
    width = meta.width ?? 0
    height = meta.pageHeight ?? meta.height ?? 0
    delays = Array.from({ length: meta.pages ?? 1 }, (_, i) => meta.delay?.[i] ?? DEFAULT_DELAY)
  }
  limits(width, height, delays.length)
  const images: Sharp[] = []
  try {
    for await (const frame of animationFrames('upload', async () => bytes)) images.push(frame)
  } catch {
    throw new UploadRefused('The animation is damaged and cannot be decoded.')
  }
  // a GIF's delay of 0 or 10 ms plays at 100 ms in browsers; a player here does the same
  return { images, delays: delays.map((d) => (d < 20 ? DEFAULT_DELAY : d)) }
}

/** A zip of frames: names, counts and sizes checked from its directory before anything is inflated. */
async function zipFrames(bytes: Buffer): Promise<{ images: Sharp[]; delays: number[] }> {
  const names: string[] = []
  let inflated = 0
  let entries: Record<string, Uint8Array>
  try {
    entries = unzipSync(bytes, {
      filter: (f) => {
        if (f.name.endsWith('/')) return false // a folder entry holds nothing
        if (f.name !== 'animation.json' && !FRAME_NAME.test(f.name))
          throw new UploadRefused(`The zip holds "${f.name.slice(0, 100)}", which is not a frame's plain name.`)
        names.push(f.name)
        if (names.length > MAX_UGOIRA_FRAMES + 1)
          throw new UploadRefused(`An ugoira has at most ${MAX_UGOIRA_FRAMES} frames.`)
        inflated += f.originalSize
        if (inflated > MAX_INFLATED_BYTES)
          throw new UploadRefused(`The zip's frames would take more than ${MAX_INFLATED_BYTES / 1024 / 1024} MB.`)
        return true
      },
    })
  } catch (err) {
    if (err instanceof UploadRefused) throw err
    throw new UploadRefused('The zip is damaged and cannot be read.')
  }
  const frameNames = names
    .filter((n) => n !== 'animation.json')
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
  const delays = delaysOf(entries['animation.json'], frameNames)
  let first: { width: number; height: number } | undefined
  const images: Sharp[] = []
  for (const name of frameNames) {
    const data = Buffer.from(entries[name]!)
    const type = sniff(data)
    if (type !== 'jpeg' && type !== 'png') throw new UploadRefused(`The frame ${name} is not a JPEG or PNG image.`)
    if (imageEnd(data, type) === null) throw new UploadRefused(`The frame ${name} is cut short (truncated).`)
    const meta = await sharp(data)
      .metadata()
      .catch(() => {
        throw new UploadRefused(`The frame ${name} cannot be read.`)
      })
    first ??= { width: meta.width ?? 0, height: meta.height ?? 0 }
    limits(first.width, first.height, frameNames.length)
    images.push(sharp(data, { failOn: 'truncated', limitInputPixels: MAX_UGOIRA_PIXELS }))
  }
  return { images, delays }
}

/** The delays `animation.json` gives the frames (PixivUtil2's `{"frames": [{"file", "delay"}]}`), else the default. */
function delaysOf(json: Uint8Array | undefined, frames: string[]): number[] {
  const fallback = frames.map(() => DEFAULT_DELAY)
  if (!json) return fallback
  try {
    const parsed = JSON.parse(new TextDecoder().decode(json)) as { frames?: { file?: unknown; delay?: unknown }[] }
    const byName = new Map((parsed.frames ?? []).map((f) => [String(f.file), Number(f.delay)]))
    return frames.map((n) => {
      const d = byName.get(n)
      return d !== undefined && Number.isInteger(d) && d >= 20 && d <= 60_000 ? d : DEFAULT_DELAY
    })
  } catch {
    throw new UploadRefused('The zip’s animation.json is not readable JSON.')
  }
}

function limits(width: number, height: number, frames: number) {
  if (!width || !height) throw new UploadRefused('The frames cannot be read.')
  if (frames > MAX_UGOIRA_FRAMES) throw new UploadRefused(`An ugoira has at most ${MAX_UGOIRA_FRAMES} frames.`)
  if (width > MAX_UPLOAD_SIDE || height > MAX_UPLOAD_SIDE)
    throw new UploadRefused(`The frames are larger than ${MAX_UPLOAD_SIDE} pixels on a side.`)
  if (width * height * frames > MAX_UGOIRA_PIXELS)
    throw new UploadRefused(`The frames together have more than ${MAX_UGOIRA_PIXELS / 1_000_000} million pixels.`)
}
