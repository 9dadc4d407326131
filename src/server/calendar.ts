// The catalogue's calendar (DESIGN.md §2.4 "Time"). A demo catalogue's dates are placed relative to the day it was
// generated, its "today" (meta `now`); the service keeps using that day for as long as the file lives, while the
// dates a client may ask a ranking for follow the real clock.
import { dayOf, dayStart } from './services/days.ts'

/** The start of the JST day of a unix time: a new demo catalogue's "today" unless CATALOGUE_NOW pins one. */
export const startOfJstDay = (unixS: number) => dayStart(dayOf(unixS))

/**
 * The catalogue's own "today" (unix seconds): its meta `now`. A catalogue without one (not made by the generator)
 * has real dates, so its today is the real one.
 */
export function catalogueNowOf(meta: Record<string, string>, nowS: number): number {
  const now = Number(meta.now)
  return meta.now !== undefined && Number.isSafeInteger(now) ? now : startOfJstDay(nowS)
}

/**
 * The last JST day a ranking may be asked for: the real yesterday, or the catalogue's latest ranking day if that
 * is later (a catalogue pinned to a day ahead of the clock still shows its own rankings).
 */
export const lastRankingDay = (latestActivityDay: number, nowS: number) => Math.max(latestActivityDay, dayOf(nowS) - 1)
