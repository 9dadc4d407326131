import { useSyncExternalStore } from 'react'
import { DEFAULT_FILTER_SETTINGS, type FilterSettings } from './filter-engine.ts'

// The viewer's settings (DESIGN.md §3.5), persisted in localStorage and shared by every component through one
// external store, so a change in /settings shows at once in every list.

export type Theme = 'system' | 'light' | 'dark'
export type Density = 'compact' | 'comfortable' | 'spacious'
export type ImageQuality = 'data-saver' | 'standard' | 'high'

export interface Settings {
  theme: Theme
  density: Density
  imageQuality: ImageQuality
  filters: FilterSettings
}

export const DEFAULT_SETTINGS: Settings = {
  theme: 'system',
  density: 'comfortable',
  imageQuality: 'standard',
  filters: DEFAULT_FILTER_SETTINGS,
}

const KEY = 'easel.settings'
const listeners = new Set<() => void>()
let snapshot: Settings = load()

function load(): Settings {
  try {
    const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem(KEY)
    if (!raw) return DEFAULT_SETTINGS
    const saved = JSON.parse(raw) as Partial<Settings>
    return { ...DEFAULT_SETTINGS, ...saved, filters: { ...DEFAULT_SETTINGS.filters, ...saved.filters } }
  } catch {
    return DEFAULT_SETTINGS
  }
}

export function getSettings(): Settings {
  return snapshot
}

export function updateSettings(patch: Partial<Omit<Settings, 'filters'>> & { filters?: Partial<FilterSettings> }) {
  snapshot = { ...snapshot, ...patch, filters: { ...snapshot.filters, ...patch.filters } }
  try {
    localStorage.setItem(KEY, JSON.stringify(snapshot))
  } catch {
    // private mode or full storage: the change still holds for this session
  }
  for (const l of listeners) l()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  const onStorage = (e: StorageEvent) => {
    if (e.key !== KEY) return
    snapshot = load()
    listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

export function useSettings(): Settings {
  return useSyncExternalStore(subscribe, getSettings, () => DEFAULT_SETTINGS)
}
