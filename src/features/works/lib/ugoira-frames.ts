// Unpacks an ugoira zip into the frames its metadata lists, in the metadata's order (the zip's own order is not
// guaranteed), with a MIME type for decoding. Frames are stored uncompressed in pixiv's zips, so the synchronous
// unzip is a matter of slicing; it still runs only over the files the metadata names.

import { unzipSync } from 'fflate'
import { t } from '../../../lib/i18n/i18n.ts'
import '../../../lib/i18n/messages/en/artwork.ts'

export interface PackedFrame {
  file: string
  delay: number
  bytes: Uint8Array<ArrayBuffer>
  type: string
}

const MIME: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
}

export function mimeOf(file: string): string {
  const ext = /\.([a-z0-9]+)$/i.exec(file)?.[1]?.toLowerCase() ?? ''
  return MIME[ext] ?? 'application/octet-stream'
}

/** The listed frames found in the zip, in order; throws when the zip holds none of them. */
export function framesFromZip(zip: Uint8Array, frames: readonly { file: string; delay: number }[]): PackedFrame[] {
  const wanted = new Set(frames.map((f) => f.file))
  const files = unzipSync(zip, { filter: (entry) => wanted.has(entry.name) })
  const out: PackedFrame[] = []
  for (const frame of frames) {
    const bytes = files[frame.file]
    // A frame missing from the zip is skipped rather than failing the whole animation.
    if (bytes)
      out.push({
        file: frame.file,
        delay: frame.delay,
        bytes: bytes as Uint8Array<ArrayBuffer>,
        type: mimeOf(frame.file),
      })
  }
  if (out.length === 0) throw new Error(t('artwork.ugoira.noFrames'))
  return out
}
