import { localStorageStore, useLocalStorageStore } from '../../../lib/local-storage-store.ts'
import { READER_FONT_SIZES } from '../../../tunables.ts'

// The reader's own display settings, persisted in localStorage like the gallery's settings (src/lib/settings.ts):
// one external store, so every reader view (and another tab, through the storage event) follows a change at once.

export type ReaderTheme = 'light' | 'sepia' | 'dark'
export type ReaderFont = 'serif' | 'sans'
export type WritingMode = 'horizontal' | 'vertical'
export type LineSpacing = 'compact' | 'normal' | 'loose'

export interface ReaderSettings {
  /** CSS pixels; one of READER_FONT_SIZES. */
  fontSize: number
  lineSpacing: LineSpacing
  font: ReaderFont
  theme: ReaderTheme
  writingMode: WritingMode
}

export const DEFAULT_READER_SETTINGS: ReaderSettings = {
  fontSize: 18,
  lineSpacing: 'normal',
  font: 'serif',
  theme: 'light',
  writingMode: 'horizontal',
}

export const LINE_HEIGHTS: Record<LineSpacing, number> = { compact: 1.6, normal: 1.85, loose: 2.1 }

const oneOf = <T extends string>(value: unknown, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback

/** Saved settings, each value checked: a stale or hand-edited entry falls back to the default, field by field. */
export function readerSettingsFrom(raw: string | null): ReaderSettings {
  if (!raw) return DEFAULT_READER_SETTINGS
  let saved: Partial<Record<keyof ReaderSettings, unknown>>
  try {
    saved = JSON.parse(raw) as typeof saved
  } catch {
    return DEFAULT_READER_SETTINGS
  }
  if (!saved || typeof saved !== 'object') return DEFAULT_READER_SETTINGS
  const d = DEFAULT_READER_SETTINGS
  return {
    fontSize: READER_FONT_SIZES.includes(saved.fontSize as number) ? (saved.fontSize as number) : d.fontSize,
    lineSpacing: oneOf(saved.lineSpacing, ['compact', 'normal', 'loose'], d.lineSpacing),
    font: oneOf(saved.font, ['serif', 'sans'], d.font),
    theme: oneOf(saved.theme, ['light', 'sepia', 'dark'], d.theme),
    writingMode: oneOf(saved.writingMode, ['horizontal', 'vertical'], d.writingMode),
  }
}

// After the helpers above: the store reads what was saved at once, and a const is not there before its line has run.
const store = localStorageStore('easel.reader', DEFAULT_READER_SETTINGS, readerSettingsFrom)

export function getReaderSettings(): ReaderSettings {
  return store.get()
}

export function updateReaderSettings(patch: Partial<ReaderSettings>) {
  store.set({ ...store.get(), ...patch })
}

/** The next font size up (+1) or down (-1) from `size`, staying within READER_FONT_SIZES. */
export function stepFontSize(size: number, direction: 1 | -1): number {
  const index = READER_FONT_SIZES.indexOf(size)
  const from = index < 0 ? READER_FONT_SIZES.indexOf(DEFAULT_READER_SETTINGS.fontSize) : index
  const to = Math.min(READER_FONT_SIZES.length - 1, Math.max(0, from + direction))
  return READER_FONT_SIZES[to]!
}

export function useReaderSettings(): ReaderSettings {
  return useLocalStorageStore(store)
}
