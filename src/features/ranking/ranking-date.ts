// The ranking's dates. The latest ranking is the catalogue's, not the clock's: a catalogue generated a while ago
// ends on its own last day. Any day up to the real yesterday in Japan (the service's calendar) may be asked for; a
// day after the catalogue's last shows its latest ranking, and a later day than yesterday is refused.

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

export function isIsoDate(value: string | null | undefined): value is string {
  if (!value || !ISO_DATE.test(value)) return false
  const t = Date.parse(`${value}T00:00:00Z`)
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === value
}

/** `YYYY-MM-DD` a number of days away from `iso`. */
export function addDays(iso: string, days: number): string {
  const t = Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000
  return new Date(t).toISOString().slice(0, 10)
}

/** Yesterday in Japan, whatever the viewer's time zone: the last day the service ranks. */
export function jstYesterday(now: Date = new Date()): string {
  return new Date(now.getTime() + 9 * 3_600_000 - 86_400_000).toISOString().slice(0, 10)
}

/** The last day the date picker offers: the real yesterday, or the latest ranking day when that is later. */
export function rankingDateMax(latest: string | undefined, now: Date = new Date()): string {
  const yesterday = jstYesterday(now)
  return latest && latest > yesterday ? latest : yesterday
}

/**
 * The latest ranking day, from the first page of the latest (undated) ranking: the `date` its `next_url` carries
 * (the service names it); else the day of the newest work in it (dates are in the catalogue's time zone, so the
 * date part of `createDate` as written); else yesterday in Japan.
 */
export function latestRankingDate(
  firstPage: { nextUrl: string | null; illusts: readonly { createDate: string }[] } | undefined,
  today: Date = new Date(),
): string {
  if (firstPage?.nextUrl) {
    try {
      const date = new URL(firstPage.nextUrl, 'http://localhost').searchParams.get('date')
      if (isIsoDate(date)) return date
    } catch {
      // not a URL: fall through
    }
  }
  let newest: string | undefined
  for (const work of firstPage?.illusts ?? []) {
    const day = work.createDate.slice(0, 10)
    if (isIsoDate(day) && (!newest || day > newest)) newest = day
  }
  if (newest) return newest
  return jstYesterday(today)
}

/** The `date` of the URL when it is a real day; undefined means "the latest". */
export function rankingDateParam(raw: string | null): string | undefined {
  return isIsoDate(raw) ? raw : undefined
}
