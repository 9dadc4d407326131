import { localStorageStore, useLocalStorageStore } from '../../../lib/local-storage-store.ts'
import { READER_FONT_SIZES } from '../../../tunables.ts'
import {
  DEFAULT_READER_SETTINGS,
  READER_SETTINGS_KEY,
  readerSettingsFrom,
  type ReaderSettings,
} from './reader-settings-values.ts'

// The reader's own display settings, persisted in localStorage like the gallery's settings (src/lib/settings.ts):
// one external store, so every reader view (and another tab, through the storage event) follows a change at once.
// Their values: reader-settings-values.ts.

export {
  DEFAULT_READER_SETTINGS,
  LINE_HEIGHTS,
  type LineSpacing,
  type ReaderFont,
  type ReaderSettings,
  type ReaderTheme,
  type WritingMode,
} from './reader-settings-values.ts'

const store = localStorageStore(READER_SETTINGS_KEY, DEFAULT_READER_SETTINGS, readerSettingsFrom)

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
