import { READER_FONT_SIZES } from '../../../tunables.ts'

// The reader's display settings as values: their types, defaults and how a saved entry is read. No React: the page's
// first view (src/app/first-view/first-view.ts) reads them too. The store that keeps them: reader-settings.ts.

/** Where they are saved in localStorage. */
export const READER_SETTINGS_KEY = 'easel.reader'

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
