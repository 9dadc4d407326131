// The work being posted, kept in localStorage as it is typed and uploaded: a reload, a closed tab or a dropped
// connection loses no page the service already holds. One draft per browser, of one account (another account's
// draft is not offered: its uploads are not the reader's); removed once the work is posted. An ugoira's draft is its
// upload (with the delays it played with) and the delays as edited; a series chosen to join, its id.

import type { Upload } from '../../lib/posting-client.ts'
import { POSTING_DRAFT_PAGES_TTL_MS } from '../../tunables.ts'
import type { FrameDelays } from './ugoira-rules.ts'
import { EMPTY_WORK, type SeriesChoice, type WorkValues } from './work-rules.ts'

export const DRAFT_KEY = 'easel.posting.draft'

export interface DraftPage {
  upload: Upload
  /** When the service took it (epoch ms): unused uploads are deleted after a day. */
  at: number
}

export interface Draft {
  userId: number
  values: WorkValues
  /** The pages the service holds, in the order shown. */
  pages: DraftPage[]
}

type Storage_ = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

function storage(): Storage_ | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const isListOf = <T>(v: unknown, item: (x: unknown) => x is T): v is T[] => Array.isArray(v) && v.every(item)
const isNumber = (v: unknown): v is number => typeof v === 'number'
const isString = (v: unknown): v is string => typeof v === 'string'
const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0
/** A new work's series choices (`current` is an edit's, and an edit keeps no draft). */
const DRAFT_SERIES: readonly unknown[] = ['none', 'existing', 'new'] satisfies SeriesChoice[]
const isUpload = (v: unknown): v is Upload =>
  isObject(v) &&
  typeof v.id === 'number' &&
  typeof v.width === 'number' &&
  typeof v.height === 'number' &&
  typeof v.ext === 'string' &&
  typeof v.bytes === 'number' &&
  (v.frame_delays === undefined || isListOf(v.frame_delays, isNumber))
const isFrameDelays = (v: unknown): v is FrameDelays =>
  isObject(v) && typeof v.uploadId === 'number' && isListOf(v.delays, isString)

/** The saved values, field by field: one of another version, or edited by hand, keeps what still fits. */
function valuesOf(raw: unknown): WorkValues {
  if (!isObject(raw)) return EMPTY_WORK
  const out: Record<string, unknown> = { ...EMPTY_WORK }
  for (const [key, fallback] of Object.entries(EMPTY_WORK)) {
    const value = raw[key]
    if (key === 'tags') {
      if (isListOf(value, isString)) out.tags = value
    } else if (key === 'frameDelays') {
      if (isFrameDelays(value)) out.frameDelays = { uploadId: value.uploadId, delays: value.delays }
    } else if (key === 'currentSeries') {
      // only an edit has one, and an edit keeps no draft
    } else if (key === 'series') {
      if (DRAFT_SERIES.includes(value)) out.series = value
    } else if (key === 'seriesId') {
      if (value === null || isId(value)) out.seriesId = value
    } else if (typeof value === typeof fallback) out[key] = value
  }
  return out as unknown as WorkValues
}

/**
 * The draft saved as `raw` for `userId`, without the pages the service will have deleted by now; null when there is
 * none, it is another account's, or it cannot be read.
 */
export function parseDraft(raw: string | null, userId: number, now: number): Draft | null {
  if (!raw) return null
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    return null
  }
  if (!isObject(parsed) || parsed.userId !== userId) return null
  const pages = Array.isArray(parsed.pages)
    ? parsed.pages.filter(
        (p): p is DraftPage =>
          isObject(p) && isUpload(p.upload) && typeof p.at === 'number' && now - p.at < POSTING_DRAFT_PAGES_TTL_MS,
      )
    : []
  return { userId, values: valuesOf(parsed.values), pages: pages.map((p) => ({ upload: p.upload, at: p.at })) }
}

/** Whether there is anything to keep: a page, or a field changed from the empty form. */
export function isEmptyDraft(draft: Pick<Draft, 'values' | 'pages'>): boolean {
  const v = draft.values
  return (
    draft.pages.length === 0 &&
    // delays edited for an upload no longer there are nothing to keep
    (Object.keys(EMPTY_WORK) as (keyof WorkValues)[]).every((k) =>
      k === 'tags' ? v.tags.length === 0 : k === 'frameDelays' || v[k] === EMPTY_WORK[k],
    )
  )
}

export function readDraft(userId: number, now = Date.now()): Draft | null {
  try {
    return parseDraft(storage()?.getItem(DRAFT_KEY) ?? null, userId, now)
  } catch {
    return null
  }
}

/** Saves the draft (removes it when there is nothing in it). */
export function writeDraft(draft: Draft): void {
  try {
    if (isEmptyDraft(draft)) storage()?.removeItem(DRAFT_KEY)
    else storage()?.setItem(DRAFT_KEY, JSON.stringify(draft))
  } catch {
    // Full or disabled storage: the form still works, without its safety net.
  }
}

export function clearDraft(): void {
  try {
    storage()?.removeItem(DRAFT_KEY)
  } catch {
    // as above
  }
}
