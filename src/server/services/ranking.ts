import type { IllustRankingMode, NovelRankingMode } from '../../api/endpoints.ts'
import type { Caller, Kind, RankingSpec } from '../data/store.ts'
import { badRequest, forbidden } from '../http/errors.ts'
import { dayToIso, isoToDay } from './days.ts'
import { lastRankingDay } from '../calendar.ts'
import type { ServiceDeps } from './deps.ts'
import { allowsAge } from './visibility.ts'

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

/** A ranking as asked: its ids, and the day its later pages stay on (the latest, when no date was asked). */
export interface RankingAnswer {
  ids: number[]
  /** the ISO day to name in next_url, when the request named none */
  cursorDate?: string
}

// Rankings: of the catalogue's activity in the mode's period ending at the day asked, or, in a library catalogue, the
// rankings its archive recorded. Windows, age checks and the latest-day rule live here.
export class RankingService {
  /** whether this catalogue is a library (its rankings are recorded ones); read once */
  private library: Promise<boolean> | undefined

  constructor(private readonly deps: ServiceDeps) {}

  private isLibrary(): Promise<boolean> {
    return (this.library ??= this.deps.repos.catalogue.meta().then((m) => m.catalogue_kind === 'library'))
  }

  async ranking(kind: Kind, caller: Caller, q: { mode: string; date?: string }): Promise<RankingAnswer> {
    const modes: Record<string, Mode> = kind === 'illust' ? ILLUST_MODES : NOVEL_MODES
    const mode = modes[q.mode]!
    if (!allowsAge(caller, mode.xRestrict))
      throw forbidden(caller.id ? 'Your age setting does not allow this ranking.' : 'Sign in to see this ranking.')
    if (await this.isLibrary()) return this.recorded(kind, q)
    const { repos, caches, nowS } = this.deps
    // Any date up to the real yesterday is a ranking: the newest one the catalogue has on or before it, or none
    // (an empty page) before its first day (DESIGN.md §2.4 "Time").
    const latest = await repos.catalogue.latestActivityDay(kind)
    const asked = q.date ? isoToDay(q.date) : latest
    const last = lastRankingDay(latest, nowS())
    if (asked > last) throw badRequest(`date must be no later than ${dayToIso(last)}`)
    const day = asked >= latest ? latest : await repos.catalogue.activityDayOnOrBefore(kind, asked)
    const { days, ...spec } = mode
    let ids: number[] = []
    if (day !== undefined) {
      const key = `${kind}:${q.mode}:${day}`
      const hit = caches.ranking.get(key)
      if (hit) ids = hit
      else {
        ids = await repos.catalogue.ranking(kind, { ...spec, fromDay: day - days + 1, toDay: day }, RANKING_SIZE)
        caches.ranking.set(key, ids)
      }
    }
    // The latest ranking's next_url names its day (as the reference's example has a date): the next pages stay on
    // that day, and the gallery learns which day "latest" is.
    return { ids, ...(q.date ? {} : { cursorDate: dayToIso(latest) }) }
  }

  /** A recorded ranking: of the day asked (or the newest recorded before it), else of the latest day recorded. */
  private async recorded(kind: Kind, q: { mode: string; date?: string }): Promise<RankingAnswer> {
    const { catalogue } = this.deps.repos
    const latest = await catalogue.recordedRankingDay(kind, q.mode)
    const last = lastRankingDay(latest ?? 0, this.deps.nowS())
    if (q.date && isoToDay(q.date) > last) throw badRequest(`date must be no later than ${dayToIso(last)}`)
    const day = q.date ? await catalogue.recordedRankingDay(kind, q.mode, isoToDay(q.date)) : latest
    const ids = day === undefined ? [] : await catalogue.recordedRanking(kind, q.mode, day)
    return { ids, ...(q.date || latest === undefined ? {} : { cursorDate: dayToIso(latest) }) }
  }
}
