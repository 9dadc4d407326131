// Counts and dates as the gallery shows them, in English like the rest of its text. Deliberately without `Intl` and
// `toLocaleString`: the first formatter a page builds initialises the browser's locale data, about 15 ms for a number
// format and 30 ms for a date format on a fast desktop, four times that on a phone, in the middle of the first render.

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const

/** 1234567 → "1,234,567" (fractions are rounded: counts are whole). */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return String(n)
  const digits = String(Math.abs(Math.round(n))).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return n < 0 && Math.round(n) !== 0 ? `-${digits}` : digits
}

/** A calendar day, `YYYY-MM-DD` → "October 30, 2026" (no time zone: the day as named). Anything else as given. */
export function formatDay(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso)
  const month = m ? MONTHS[Number(m[2]) - 1] : undefined
  return m && month ? `${month} ${Number(m[3])}, ${m[1]}` : iso
}

/**
 * An instant (ISO 8601 with its offset) in the viewer's time zone: "October 30, 2026" or, with `time`,
 * "October 30, 2026 at 6:35 AM". An unreadable value is shown as given.
 */
export function formatDate(iso: string, { time = false }: { time?: boolean } = {}): string {
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return iso
  const day = `${MONTHS[d.getMonth()]} ${d.getDate()}, ${d.getFullYear()}`
  if (!time) return day
  const h = d.getHours()
  return `${day} at ${h % 12 || 12}:${String(d.getMinutes()).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`
}
