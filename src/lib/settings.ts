import { DEFAULT_FILTER_SETTINGS, type FilterSettings } from './filter-engine.ts'
import type { LanguageSetting } from './i18n/i18n.ts'
import { localStorageStore, useLocalStorageStore } from './local-storage-store.ts'

// The viewer's settings (DESIGN.md §3.5), persisted in localStorage and shared by every component through one
// external store, so a change in /settings shows at once in every list.

export type Theme = 'system' | 'light' | 'dark'
export type Density = 'compact' | 'comfortable' | 'spacious'
export type ImageQuality = 'data-saver' | 'standard' | 'high'

export interface Settings {
  theme: Theme
  density: Density
  imageQuality: ImageQuality
  /** 'auto': the browser's languages decide (src/lib/i18n/i18n.ts) */
  language: LanguageSetting
  filters: FilterSettings
}

export const DEFAULT_SETTINGS: Settings = {
  theme: 'system',
  density: 'comfortable',
  imageQuality: 'standard',
  language: 'auto',
  filters: DEFAULT_FILTER_SETTINGS,
}

/** What was saved, over the defaults (a bad entry throws: the store then gives the defaults). */
function parseSettings(raw: string | null): Settings {
  if (!raw) return DEFAULT_SETTINGS
  const saved = JSON.parse(raw) as Partial<Settings>
  return { ...DEFAULT_SETTINGS, ...saved, filters: { ...DEFAULT_SETTINGS.filters, ...saved.filters } }
}

const store = localStorageStore('easel.settings', DEFAULT_SETTINGS, parseSettings)

export function getSettings(): Settings {
  return store.get()
}

export function updateSettings(patch: Partial<Omit<Settings, 'filters'>> & { filters?: Partial<FilterSettings> }) {
  const current = store.get()
  store.set({ ...current, ...patch, filters: { ...current.filters, ...patch.filters } })
}

export function useSettings(): Settings {
  return useLocalStorageStore(store)
}
