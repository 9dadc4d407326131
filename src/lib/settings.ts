import type { FilterSettings } from './filter-engine.ts'
import { localStorageStore, useLocalStorageStore } from './local-storage-store.ts'
import { DEFAULT_SETTINGS, parseSettings, SETTINGS_KEY, type Settings } from './settings-values.ts'

// The viewer's settings (DESIGN.md §3.5), persisted in localStorage and shared by every component through one
// external store, so a change in /settings shows at once in every list. Their values: settings-values.ts.

export { DEFAULT_SETTINGS, type Density, type ImageQuality, type Settings, type Theme } from './settings-values.ts'

const store = localStorageStore(SETTINGS_KEY, DEFAULT_SETTINGS, parseSettings)

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
