import type { Hono } from 'hono'
import type { AppEnv, Services } from '../context.ts'
import type { Kind, RankingSpec } from '../data/store.ts'
import { on } from '../http/endpoint.ts'
import type { IllustRankingMode, NovelRankingMode } from '../../api/endpoints.ts'
import { badRequest, forbidden } from '../http/errors.ts'
import { nextUrl, PAGE_SIZE } from '../http/paging.ts'
import type { AppContext } from '../context.ts'
import { pageOf, sendJson } from './common.ts'
import { dayToIso, isoToDay } from './days.ts'
import { lastRankingDay } from '../calendar.ts'
import { LibraryRankings } from '../data/library-lists.ts'

type Mode = Omit<RankingSpec, 'fromDay' | 'toDay'> & { days: number }

// Reference §5. R-18 modes need an account whose age setting allows them.
const ILLUST_MODES: Record<IllustRankingMode, Mode> = {
  day: { days: 1, xRestrict: 0 },
  week: { days: 7, xRestrict: 0 },
  month: { days: 30, xRestrict: 0 },
  day_male: { days: 1, xRestrict: 0, audience: 'male' },
  day_female: { days: 1, xRestrict: 0, audience: 'female' },
  week_original: { days: 7, xRestrict: 0, originalOnly: true },
  week_rookie: { days: 7, xRestrict: 0, rookieOnly: true },
  day_manga: { days: 1, xRestrict: 0, type: 'manga' },
  week_manga: { days: 7, xRestrict: 0, type: 'manga' },
  month_manga: { days: 30, xRestrict: 0, type: 'manga' },
  week_rookie_manga: { days: 7, xRestrict: 0, type: 'manga', rookieOnly: true },
  day_ai: { days: 1, xRestrict: 0, aiOnly: true },
  day_r18: { days: 1, xRestrict: 1 },
  day_male_r18: { days: 1, xRestrict: 1, audience: 'male' },
  day_female_r18: { days: 1, xRestrict: 1, audience: 'female' },
  week_r18: { days: 7, xRestrict: 1 },
  week_r18g: { days: 7, xRestrict: 2 },
  day_r18_ai: { days: 1, xRestrict: 1, aiOnly: true },
}

const NOVEL_MODES: Record<NovelRankingMode, Mode> = {
  day: { days: 1, xRestrict: 0 },
  week: { days: 7, xRestrict: 0 },
  day_male: { days: 1, xRestrict: 0, audience: 'male' },
  day_female: { days: 1, xRestrict: 0, audience: 'female' },
  week_rookie: { days: 7, xRestrict: 0, rookieOnly: true },
  day_ai: { days: 1, xRestrict: 0, aiOnly: true },
  day_r18: { days: 1, xRestrict: 1 },
  week_r18: { days: 7, xRestrict: 1 },
  week_r18g: { days: 7, xRestrict: 2 },
  day_r18_ai: { days: 1, xRestrict: 1, aiOnly: true },
}

export const RANKING_SIZE = 500

type RankingParams = { mode: string; date?: string; offset: number }

export function rankingRoutes(app: Hono<AppEnv>, { store, caches, nowS }: Services) {
  // A library catalogue has no activity to rank: its rankings are those its archive recorded (library/lists.ts).
  let library: LibraryRankings | null | undefined
  const libraryRankings = () =>
    library === undefined
      ? (library = store.meta().catalogue_kind === 'library' ? new LibraryRankings(store.db) : null)
      : library

  /** A recorded ranking: of the day asked (or the newest recorded before it), else of the latest day recorded. */
  const recorded = (c: AppContext, rankings: LibraryRankings, kind: Kind, q: RankingParams) => {
    const latest = rankings.day(kind, q.mode)
    const last = lastRankingDay(latest ?? 0, nowS())
    if (q.date && isoToDay(q.date) > last) throw badRequest(`date must be no later than ${dayToIso(last)}`)
    const day = q.date ? rankings.day(kind, q.mode, isoToDay(q.date)) : latest
    const ids = day === undefined ? [] : rankings.ids(kind, q.mode, day)
    const { items, more } = pageOf(ids.slice(q.offset, q.offset + PAGE_SIZE + 1))
    const cursor = {
      ...(q.date || latest === undefined ? {} : { date: dayToIso(latest) }),
      offset: q.offset + PAGE_SIZE,
    }
    return sendJson(c, {
      [kind === 'illust' ? 'illusts' : 'novels']: c.var.view.list(kind, items),
      next_url: nextUrl(c, c.var.origin, more ? cursor : null),
    })
  }

  const handler = (c: AppContext, kind: Kind, modes: Record<string, Mode>, q: RankingParams) => {
    const mode = modes[q.mode]!
    if (mode.xRestrict > c.var.caller.maxX)
      throw forbidden(
        c.var.caller.id ? 'Your age setting does not allow this ranking.' : 'Sign in to see this ranking.',
      )
    const rankings = libraryRankings()
    if (rankings) return recorded(c, rankings, kind, q)
    // Any date up to the real yesterday is a ranking: the newest one the catalogue has on or before it, or none
    // (an empty page) before its first day (DESIGN.md §2.4 "Time").
    const latest = store.latestActivityDay(kind)
    const asked = q.date ? isoToDay(q.date) : latest
    const last = lastRankingDay(latest, nowS())
    if (asked > last) throw badRequest(`date must be no later than ${dayToIso(last)}`)
    const day = asked >= latest ? latest : store.activityDayOnOrBefore(kind, asked)
    const { days, ...spec } = mode
    const ids =
      day === undefined
        ? []
        : caches.ranking.getOrCompute(`${kind}:${q.mode}:${day}`, () =>
            store.ranking(kind, { ...spec, fromDay: day - days + 1, toDay: day }, RANKING_SIZE),
          )
    const { items, more } = pageOf(ids.slice(q.offset, q.offset + PAGE_SIZE + 1))
    // The latest ranking's next_url names its day (as the reference's example has a date): the next pages stay on
    // that day, and the gallery learns which day "latest" is.
    const cursor = { ...(q.date ? {} : { date: dayToIso(latest) }), offset: q.offset + PAGE_SIZE }
    return sendJson(c, {
      [kind === 'illust' ? 'illusts' : 'novels']: c.var.view.list(kind, items),
      next_url: nextUrl(c, c.var.origin, more ? cursor : null),
    })
  }
  on(app, 'ranking', (c, q) => handler(c, 'illust', ILLUST_MODES, q))
  on(app, 'novelRanking', (c, q) => handler(c, 'novel', NOVEL_MODES, q))
}
