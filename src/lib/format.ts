import { currentLang, formatNumber, type Lang } from './i18n/i18n.ts'

// Counts, days, instants and relative times as the gallery shows them, in the gallery's language, through `Intl`.
// Each formatter is built on its first use and kept. The first one a page builds initialises the browser's locale data
// (about 15 ms for a number format and 30 ms for a date format on a fast desktop, four times that on a phone), which
// the first view has a worker do ahead of the app, off the page's main thread (src/app/first-view/warm-intl.ts).

const cache = new Map<string, Intl.DateTimeFormat | Intl.RelativeTimeFormat>()
function formatter<F extends Intl.DateTimeFormat | Intl.RelativeTimeFormat>(key: string, make: () => F): F {
  let f = cache.get(key) as F | undefined
  if (!f) cache.set(key, (f = make()))
  return f
}

/** 1234567 → "1,234,567" (fractions are rounded: counts are whole). */
export function formatCount(n: number, lang: Lang = currentLang()): string {
  if (!Number.isFinite(n)) return String(n)
  return formatNumber(Math.round(n), lang)
}

/** A calendar day, `YYYY-MM-DD` → "October 30, 2026" / "2026年10月30日" (no time zone: the day as named). */
export function formatDay(iso: string, lang: Lang = currentLang()): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso)
  if (!m) return iso
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const date = new Date(Date.UTC(y, mo - 1, d))
  if (date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return iso
  return formatter(`day:${lang}`, () => new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' })).format(
    date,
  )
}

/**
 * An instant (ISO 8601 with its offset) in the viewer's time zone: "October 30, 2026" or, with `time`,
 * "October 30, 2026 at 6:35 AM". An unreadable value is shown as given.
 */
export function formatDate(iso: string, { time = false, lang = currentLang() }: { time?: boolean; lang?: Lang } = {}) {
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return iso
  const style = time ? 'time' : 'date'
  return formatter(
    `${style}:${lang}`,
    () => new Intl.DateTimeFormat(lang, time ? { dateStyle: 'long', timeStyle: 'short' } : { dateStyle: 'long' }),
  ).format(d)
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86400],
  ['month', 30 * 86400],
  ['week', 7 * 86400],
  ['day', 86400],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
]

/** An instant relative to `now`: "3 hours ago", "3時間前", "in 2 days". An unreadable value is shown as given. */
export function formatRelative(iso: string, now: number = Date.now(), lang: Lang = currentLang()): string {
  const at = new Date(iso).getTime()
  if (Number.isNaN(at)) return iso
  const seconds = Math.round((at - now) / 1000)
  const [unit, size] = UNITS.find(([, s]) => Math.abs(seconds) >= s) ?? UNITS[UNITS.length - 1]!
  return formatter(`rel:${lang}`, () => new Intl.RelativeTimeFormat(lang, { numeric: 'auto' })).format(
    Math.round(seconds / size),
    unit,
  )
}
