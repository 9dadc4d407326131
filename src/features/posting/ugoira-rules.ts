// An ugoira in the posting form, as plain functions: its one upload (an animation or a zip of frames, whose answer
// has each frame's delay as it played), the delays as the form edits them (text as typed, so a half-typed number is
// kept; tied to the upload they were edited for), checked as the service checks them and sent only when they differ
// from how the animation played; and what changing the work's type does to what was added for the other type.

import { MAX_FRAME_DELAY, MIN_FRAME_DELAY } from '../../api/posting-endpoints.ts'
import type { Upload } from '../../lib/posting-client.ts'
import { isUgoiraItem, type PageItem } from './page-list.ts'

/** The delays as edited, in ms as typed, one per frame of the upload `uploadId` (null in the form: as uploaded). */
export interface FrameDelays {
  uploadId: number
  delays: string[]
}

/** An upload with its frames' delays: an ugoira's. */
export type UgoiraUpload = Upload & { frame_delays: number[] }

/** The ugoira's upload, once the service holds it; undefined while there is none, or more than the one. */
export function ugoiraUpload(pages: readonly PageItem[]): UgoiraUpload | undefined {
  if (pages.length !== 1) return undefined
  const [page] = pages
  const upload = page!.upload
  return page!.status === 'uploaded' && upload?.frame_delays ? (upload as UgoiraUpload) : undefined
}

/** Each frame's delay as the form shows it: as edited for this upload, else as the animation played. */
export function delayTexts(edited: FrameDelays | null, upload: UgoiraUpload): string[] {
  const own = edited && edited.uploadId === upload.id && edited.delays.length === upload.frame_delays.length
  return own ? edited.delays : upload.frame_delays.map(String)
}

/** A delay as typed, in ms, when the service takes it (a whole number from 20 to 60,000); else undefined. */
export function parseDelay(text: string): number | undefined {
  if (!/^\s*\d{1,5}\s*$/.test(text)) return undefined
  const ms = Number(text)
  return ms >= MIN_FRAME_DELAY && ms <= MAX_FRAME_DELAY ? ms : undefined
}

/** The delays with frame `index`'s as typed. */
export const withDelay = (edited: FrameDelays | null, upload: UgoiraUpload, index: number, text: string) => ({
  uploadId: upload.id,
  delays: delayTexts(edited, upload).map((d, i) => (i === index ? text : d)),
})

/** Every frame shown for `ms`. */
export const withAllDelays = (upload: UgoiraUpload, ms: number): FrameDelays => ({
  uploadId: upload.id,
  delays: upload.frame_delays.map(() => String(ms)),
})

/** Whether every delay is one the service takes. */
export const delaysValid = (edited: FrameDelays | null, upload: UgoiraUpload) =>
  delayTexts(edited, upload).every((d) => parseDelay(d) !== undefined)

/** One loop of the animation, in ms, counting the delays that are valid. */
export const loopMs = (texts: readonly string[]) => texts.reduce((sum, d) => sum + (parseDelay(d) ?? 0), 0)

/**
 * The delays to post (`frame_delays`): undefined while they are as the animation played, which is what the service
 * stores when none are given. Throws while one is not valid: the form checks them first.
 */
export function sentDelays(edited: FrameDelays | null, upload: UgoiraUpload): number[] | undefined {
  const ms = delayTexts(edited, upload).map(parseDelay)
  if (ms.some((d) => d === undefined)) throw new Error('every delay must be valid first')
  return ms.every((d, i) => d === upload.frame_delays[i]) ? undefined : (ms as number[])
}

/**
 * A posted ugoira's delays (its metadata's) as the form's: null when they are its upload's own, or are not one per
 * frame (the service would take no other count).
 */
export function editedDelaysOf(upload: UgoiraUpload, delays: readonly number[]): FrameDelays | null {
  if (delays.length !== upload.frame_delays.length || delays.every((d, i) => d === upload.frame_delays[i])) return null
  return { uploadId: upload.id, delays: delays.map(String) }
}

/**
 * Whether changing the work's type to `to` leaves what was added of no use: an ugoira is one animation, not pages,
 * and an animation uploaded for an ugoira is no page.
 */
export const needsClearing = (to: 'illust' | 'manga' | 'ugoira', pages: readonly PageItem[]) =>
  to === 'ugoira' ? pages.some((p) => !isUgoiraItem(p)) : pages.some(isUgoiraItem)

/**
 * The file as sent. Browsers call an `.apng` file `image/apng`, and the service compares what a file is called
 * with what its bytes are (a PNG): the same bytes, called a PNG.
 */
export function ugoiraFile(file: File): File {
  if (file.type !== 'image/apng') return file
  return new File([file], file.name, { type: 'image/png', lastModified: file.lastModified })
}
