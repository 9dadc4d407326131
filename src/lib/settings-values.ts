import { DEFAULT_FILTER_SETTINGS, type FilterSettings } from './filter-engine.ts'
import type { LanguageSetting } from './i18n/i18n.ts'

// The viewer's settings (DESIGN.md §3.5) as values: their shape, defaults and how they are read from what is saved.
// React-free, so index.html's first view (src/app/first-view/first-view.ts) reads them as the app does; the store
// every component shares is settings.ts.

/** Where they are saved in localStorage (index.html's inline script reads the theme and language there too). */
export const SETTINGS_KEY = 'easel.settings'

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
export function parseSettings(raw: string | null): Settings {
  if (!raw) return DEFAULT_SETTINGS
  const saved = JSON.parse(raw) as Partial<Settings>
  return { ...DEFAULT_SETTINGS, ...saved, filters: { ...DEFAULT_SETTINGS.filters, ...saved.filters } }
}
