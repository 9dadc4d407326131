import type { Choice } from '../../components/choice-group.tsx'
import type { FilterAction, FilterSettings } from '../../lib/filter-engine.ts'
import { t, type LanguageSetting, type MessageKey } from '../../lib/i18n/i18n.ts'
import type { Density, ImageQuality, Theme } from '../../lib/settings.ts'
import '../../lib/i18n/messages/en/common.ts'
import '../../lib/i18n/messages/en/settings.ts'

/** A choice whose label is read in the current language at each use. */
const choice = <T extends string>(value: T, key: MessageKey): Choice<T> => ({
  value,
  get label() {
    return t(key)
  },
})

export const THEMES: Choice<Theme>[] = [
  choice('system', 'settings.theme.system'),
  choice('light', 'settings.theme.light'),
  choice('dark', 'settings.theme.dark'),
]

export const DENSITIES: Choice<Density>[] = [
  choice('compact', 'settings.density.compact'),
  choice('comfortable', 'settings.density.comfortable'),
  choice('spacious', 'settings.density.spacious'),
]

export const QUALITIES: Choice<ImageQuality>[] = [
  choice('data-saver', 'settings.quality.dataSaver'),
  choice('standard', 'settings.quality.standard'),
  choice('high', 'settings.quality.high'),
]

export const FILTER_ACTIONS: Choice<FilterAction>[] = [
  choice('show', 'common.show'),
  choice('blur', 'common.blur'),
  choice('hide', 'common.hide'),
]

type ActionKey = {
  [K in keyof FilterSettings]: FilterSettings[K] extends FilterAction ? K : never
}[keyof FilterSettings]

/** The language setting: each language named in itself, so a reader finds their own whatever the page's language. */
export const LANGUAGES: Choice<LanguageSetting>[] = [
  choice('auto', 'settings.language.auto'),
  { value: 'en', label: 'English' },
  { value: 'ja', label: '日本語' },
]

const filterRow = (key: ActionKey, legend: MessageKey, description: MessageKey) => ({
  key,
  get legend() {
    return t(legend)
  },
  get description() {
    return t(description)
  },
})

export const FILTER_ROWS: { readonly key: ActionKey; readonly legend: string; readonly description: string }[] = [
  filterRow('r18', 'settings.filters.r18', 'settings.filters.r18Description'),
  filterRow('r18g', 'settings.filters.r18g', 'settings.filters.r18gDescription'),
  filterRow('ai', 'settings.filters.ai', 'settings.filters.aiDescription'),
  filterRow('sensitive', 'settings.filters.sensitive', 'settings.filters.sensitiveDescription'),
]

/** A tag typed by the viewer, normalised like the filter engine compares them; null when empty or a duplicate. */
export function newMutedTag(input: string, existing: readonly string[]): string | null {
  const tag = input.trim().replace(/^#/, '').trim()
  if (!tag) return null
  const key = tag.normalize('NFKC').toLowerCase()
  return existing.some((t) => t.normalize('NFKC').toLowerCase() === key) ? null : tag
}
