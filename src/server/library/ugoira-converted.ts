import path from 'node:path'
import type { LibraryFileRecord } from '../data/library-writer.ts'
import { Skip, type FoundFile } from './archive.ts'
import { ANIMATION_EXTS, readAnimation, readVideo, VIDEO_EXTS } from './video.ts'

// An ugoira as gallery-dl's ugoira post-processor leaves it (any archive format that keeps such files can use this):
// one file, `{id}_p0.<extension>`, its sidecar still holding `frames` (the delays pixiv gave). A video (webm, mp4,
// mkv) is one file row of kind 'ugoira-video', its size read from its container; an animation (gif, webp, apng) one
// of kind 'ugoira-animation', its frames and delays read from the file. The work's frames are rendered as JPEGs, so
// its `ext` is `jpg` either way.

export interface ConvertedUgoira {
  file: LibraryFileRecord
  /** the frames' delays: the sidecar's when they match the file's frames, else the file's own; null for a video
   * whose sidecar records none */
  frameDelays: number[] | null
}

export async function readConvertedUgoira(
  found: FoundFile,
  recorded: { file: string; delay: number }[] | undefined,
): Promise<ConvertedUgoira> {
  const ext = path.extname(found.file).slice(1).toLowerCase()
  const base = { page: 0, path: found.file, bytes: found.bytes, mtimeMs: found.mtimeMs }
  if (VIDEO_EXTS.has(ext)) {
    const v = await readVideo(found.file)
    // a video has no frames to serve; the delays pixiv gave are kept when the sidecar has them
    return {
      file: { ...base, kind: 'ugoira-video', width: v.width, height: v.height, ext: v.container },
      frameDelays: recorded?.map((f) => f.delay) ?? null,
    }
  }
  if (ANIMATION_EXTS.has(ext)) {
    const a = await readAnimation(found.file)
    // ffmpeg may add or drop frames (a repeated last frame, a fixed frame rate): pixiv's delays only when they fit
    const delays = recorded && recorded.length === a.delays.length ? recorded.map((f) => f.delay) : a.delays
    return {
      file: { ...base, kind: 'ugoira-animation', width: a.width, height: a.height, ext: a.ext },
      frameDelays: delays,
    }
  }
  throw new Skip(
    `an ugoira saved as ${ext ? `.${ext}` : 'a file without an extension'}: not a frame zip, frames, a video (webm, mp4, mkv) or an animation (gif, webp, apng)`,
  )
}
