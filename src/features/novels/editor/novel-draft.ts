// The novel being written, kept in localStorage as it is typed: a reload, a closed tab or a dropped connection loses
// nothing. One draft per account and novel: the new novel's (`new`), and one per novel being edited (its id). A draft
// that says nothing more than what the form started from is no draft: it is removed, not kept.

import { NOVEL_DRAFT_SAVE_DELAY_MS } from '../../../tunables.ts'
import { EMPTY_NOVEL, sameValues, type NovelValues } from './novel-values.ts'

/** The new novel's draft, or the draft of the edit of one novel. */
export type DraftSlot = 'new' | number

export interface NovelDraft {
  values: NovelValues
  /** When it was saved (epoch ms). */
  savedAt: number
}

type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/** Another account's draft is never offered: the key names the account. */
export const draftKey = (userId: number, slot: DraftSlot) => `easel.novelDraft.${userId}.${slot}`

function storage(): DraftStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const ENUMS: Partial<Record<keyof NovelValues, readonly string[]>> = {
  restrict: ['public', 'mypixiv', 'private'],
  xRestrict: ['general', 'r18', 'r18g'],
  aiType: ['not_ai', 'ai'],
}
const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0

/** The saved values, field by field: a draft of another version, or edited by hand, keeps what still fits. */
function valuesOf(raw: unknown): NovelValues {
  const out: Record<string, unknown> = { ...EMPTY_NOVEL }
  if (!isObject(raw)) return out as unknown as NovelValues
  for (const [key, fallback] of Object.entries(EMPTY_NOVEL) as [keyof NovelValues, unknown][]) {
    const value = raw[key]
    const words = ENUMS[key]
    if (key === 'tags') {
      if (Array.isArray(value) && value.every((t) => typeof t === 'string')) out.tags = value
    } else if (key === 'coverUploadId') {
      if (value === null || isId(value)) out.coverUploadId = value
    } else if (key === 'series') {
      if (value === 'none' || value === 'new' || isId(value)) out.series = value
    } else if (words) {
      if (typeof value === 'string' && words.includes(value)) out[key] = value
    } else if (typeof value === typeof fallback) out[key] = value
  }
  return out as unknown as NovelValues
}

/** The draft saved as `raw`; null when there is none or it cannot be read. */
export function parseNovelDraft(raw: string | null): NovelDraft | null {
  if (!raw) return null
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    return null
  }
  if (!isObject(parsed) || !isObject(parsed.values)) return null
  return { values: valuesOf(parsed.values), savedAt: typeof parsed.savedAt === 'number' ? parsed.savedAt : 0 }
}

/** The account's draft of `slot`, unless it holds nothing more than `base` (what the form starts from). */
export function readNovelDraft(userId: number, slot: DraftSlot, base: NovelValues = EMPTY_NOVEL): NovelDraft | null {
  try {
    const draft = parseNovelDraft(storage()?.getItem(draftKey(userId, slot)) ?? null)
    return draft && !sameValues(draft.values, base) ? draft : null
  } catch {
    return null
  }
}

/**
 * Saves the draft, or removes it when it holds nothing more than `base`. False when the browser would not keep it
 * (storage full or disabled): the form still works, without its safety net, and says so.
 */
export function writeNovelDraft(
  userId: number,
  slot: DraftSlot,
  values: NovelValues,
  base: NovelValues = EMPTY_NOVEL,
  now = Date.now(),
): boolean {
  try {
    const store = storage()
    if (!store) return false
    if (sameValues(values, base)) store.removeItem(draftKey(userId, slot))
    else store.setItem(draftKey(userId, slot), JSON.stringify({ values, savedAt: now } satisfies NovelDraft))
    return true
  } catch {
    return false
  }
}

export function clearNovelDraft(userId: number, slot: DraftSlot): void {
  try {
    storage()?.removeItem(draftKey(userId, slot))
  } catch {
    // as above
  }
}

export interface DraftSaver<T> {
  /** The newest value: saved once no other has come for the delay. */
  change(value: T): void
  /** Saves the newest value now, if it is not saved yet (the page is being hidden or left). */
  flush(): void
  /** Forgets the value not yet saved (posted: nothing is to be kept any more). */
  cancel(): void
}

/** Saves the newest of the values it is given, `delayMs` after the last one (typing is not a write per key). */
export function draftSaver<T>(save: (value: T) => void, delayMs = NOVEL_DRAFT_SAVE_DELAY_MS): DraftSaver<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  let pending: { value: T } | null = null
  const flush = () => {
    clearTimeout(timer)
    timer = undefined
    if (!pending) return
    const { value } = pending
    pending = null
    save(value)
  }
  return {
    change(value) {
      pending = { value }
      clearTimeout(timer)
      timer = setTimeout(flush, delayMs)
    },
    flush,
    cancel() {
      clearTimeout(timer)
      timer = undefined
      pending = null
    },
  }
}
