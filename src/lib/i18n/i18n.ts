import { useSyncExternalStore } from 'react'
import { lookup, Plural, type KeysOf, type Tree } from './catalogue.ts'
import type { Messages } from './messages/en/index.ts'

// The gallery's language: English or Japanese, from the viewer's setting, else the browser's languages
// (DESIGN.md §3). English is the source and every missing message's fallback; it is not one module but one per part
// of the gallery (messages/en/<part>.ts), each registering itself when the first module that shows one of its messages
// loads, so a page's JavaScript carries only the English it shows (catalogue.test.ts holds every module to importing
// the parts whose keys it names). Japanese is one chunk, loaded before the first render only for readers who read
// it. Every string the gallery shows goes through `t`, with keys checked by the type checker and by catalogue.test.ts
// (no key missing in either language, none unused).

export const LANGS = ['en', 'ja'] as const
export type Lang = (typeof LANGS)[number]
export type LanguageSetting = Lang | 'auto'
export type MessageKey = KeysOf<Messages>
export type Vars = Record<string, string | number>

/** The language to show: the setting when it names one, else the first of the browser's we have, else English. */
export function resolveLang(setting: LanguageSetting, languages: readonly string[] = browserLanguages()): Lang {
  if (setting !== 'auto') return setting
  for (const tag of languages) {
    const primary = tag.toLowerCase().split('-')[0] ?? ''
    if ((LANGS as readonly string[]).includes(primary)) return primary as Lang
  }
  return 'en'
}

const browserLanguages = () =>
  typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language]

/** The English parts loaded so far. */
const english: Tree = {}
let lang: Lang = 'en'
let catalogue: Tree = english

/** Adds parts of the English catalogue (each messages/en/<part>.ts calls this as it loads). */
export function registerEnglish(parts: Record<string, Tree>): void {
  Object.assign(english, parts)
}
const listeners = new Set<() => void>()
const loaders: Record<Lang, () => Promise<Tree>> = {
  en: () => Promise.resolve(english),
  ja: () => import('./messages/ja/index.ts').then((m) => m.ja as unknown as Tree),
}

export const currentLang = (): Lang => lang

/** Switches the language: loads its catalogue (once), marks the document, and re-renders every reader of `t`. */
export async function setLang(next: Lang): Promise<void> {
  const loaded = await loaders[next]()
  if (next === lang && loaded === catalogue) return
  lang = next
  catalogue = loaded
  if (typeof document !== 'undefined') document.documentElement.lang = next
  for (const l of listeners) l()
}

const subscribe = (l: () => void) => {
  listeners.add(l)
  return () => listeners.delete(l)
}

/** The current language, re-rendering on a change. */
export const useLang = (): Lang => useSyncExternalStore(subscribe, currentLang, currentLang)

const plurals = new Map<Lang, Intl.PluralRules>()
const numbers = new Map<Lang, Intl.NumberFormat>()

/** A whole number as the language writes it: 1,234,567. */
export function formatNumber(n: number, in_: Lang = lang): string {
  // Below a thousand there is nothing to group, and both languages write whole numbers in ASCII digits: the first
  // Intl.NumberFormat of a page costs ~12 ms of a phone's first render (its locale data), for a card's "3" pages.
  if (Number.isInteger(n) && n > -1000 && n < 1000) return String(n === 0 ? 0 : n)
  let f = numbers.get(in_)
  if (!f) numbers.set(in_, (f = new Intl.NumberFormat(in_, { maximumFractionDigits: 0 })))
  return f.format(n === 0 ? 0 : n) // -0 → "0", not "-0"
}

/**
 * The message at `key` in the current language (English when it lacks one), with `{name}` replaced by `vars.name`
 * (numbers written as the language writes them); a plural picks its form by `vars.count`.
 */
export function t(key: MessageKey, vars?: Vars): string {
  const message = lookup(catalogue, key) ?? lookup(english, key) ?? key
  let text: string
  if (message instanceof Plural) {
    let rules = plurals.get(lang)
    if (!rules) plurals.set(lang, (rules = new Intl.PluralRules(lang)))
    const count = Number(vars?.count ?? 0)
    text = message.forms[rules.select(count)] ?? message.forms.other
  } else text = message
  if (!vars) return text
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const v = vars[name]
    return v === undefined ? whole : typeof v === 'number' ? formatNumber(Math.round(v)) : v
  })
}

/** `t`, in a component that re-renders when the language changes. */
export function useT(): typeof t {
  useLang()
  return t
}
