import { describe, expect, it } from 'vitest'
import type { ContentType } from '../../repositories.ts'
import type { RankingSpec } from '../../store.ts'
import { useParity } from '../../../testing/repository-parity-sample.ts'

// The catalogue repository answers alike on both engines (testing/repository-parity-sample.ts): every method
// asked with many sampled arguments, the answers deep-equal, in order wherever the interface promises one.
// Every ranking mode over several periods, recommendation candidates for every kind of caller.

const { both, sample, same, counts, someCallers, ids } = useParity()

const TYPES: ContentType[] = [undefined, 'illust', 'manga']

/** Every ranking mode of routes' ranking service (services/ranking.ts), by its spec without the period. */
const MODES: Omit<RankingSpec, 'fromDay' | 'toDay'>[] = [
  { xRestrict: 0 },
  { xRestrict: 0, audience: 'male' },
  { xRestrict: 0, audience: 'female' },
  { xRestrict: 0, originalOnly: true },
  { xRestrict: 0, rookieOnly: true },
  { xRestrict: 0, type: 'manga' },
  { xRestrict: 0, type: 'illust' },
  { xRestrict: 0, type: 'manga', rookieOnly: true },
  { xRestrict: 0, aiOnly: true },
  { xRestrict: 1 },
  { xRestrict: 1, audience: 'male' },
  { xRestrict: 1, audience: 'female' },
  { xRestrict: 2 },
  { xRestrict: 1, aiOnly: true },
]

describe('catalogue', () => {
  it('meta and activity days', async () => {
    await same('meta', (r) => r.catalogue.meta())
    for (const kind of ['illust', 'novel'] as const) {
      const latest = await same(`latestActivityDay ${kind}`, (r) => r.catalogue.latestActivityDay(kind))
      for (const day of [latest + 100, latest, latest - 3, latest - 400, 0, Number.MAX_SAFE_INTEGER])
        await same(`activityDayOnOrBefore ${kind} ${day}`, (r) => r.catalogue.activityDayOnOrBefore(kind, day))
    }
  })

  it('every ranking mode over every period, in score order with ties by id', async () => {
    for (const kind of ['illust', 'novel'] as const) {
      const latest = await both.sqlite.catalogue.latestActivityDay(kind)
      for (const mode of MODES) {
        if (kind === 'novel' && (mode.type || mode.originalOnly)) continue
        for (const days of [1, 7, 30])
          for (const end of [latest, latest - 10])
            await same(`ranking ${kind} ${JSON.stringify(mode)} ${days}d to ${end}`, (r) =>
              r.catalogue.ranking(kind, { ...mode, fromDay: end - days + 1, toDay: end }, 500),
            )
        await same(`ranking ${kind} ${JSON.stringify(mode)} before the first day`, (r) =>
          r.catalogue.ranking(kind, { ...mode, fromDay: 1, toDay: 7 }, 500),
        )
      }
    }
  })

  it('a demo catalogue has no recorded rankings and no library figures', async () => {
    for (const kind of ['illust', 'novel'] as const)
      for (const mode of ['day', 'week_r18']) {
        await same(`recordedRankingDay ${kind} ${mode}`, (r) => r.catalogue.recordedRankingDay(kind, mode))
        await same(`recordedRanking ${kind} ${mode}`, (r) => r.catalogue.recordedRanking(kind, mode, 20000))
      }
    await same('libraryCounts', (r) => r.catalogue.libraryCounts('/nowhere'))
    await same('librarySkipped', (r) => r.catalogue.librarySkipped('/nowhere'))
  })

  it('recommendation candidates: popular ones and those sharing tags or authors, for every caller', async () => {
    for (const kind of ['illust', 'novel'] as const) {
      const types = kind === 'illust' ? TYPES : [undefined]
      const t = kind === 'illust' ? 'work_tags' : 'novel_tags'
      const tagIds = ids(`SELECT tag_id AS id FROM ${t} GROUP BY tag_id ORDER BY COUNT(*) DESC, tag_id LIMIT 8`)
      const authors = [sample.author, sample.aiOffAuthor, sample.mutual, 999_999]
      for (const caller of someCallers())
        for (const type of types) {
          for (const limit of [10, 1200])
            await same(`popularCandidates ${kind} ${JSON.stringify(caller)} ${type} ${limit}`, (r) =>
              r.catalogue.popularCandidates(kind, caller, type, limit),
            )
          await same(`recommendCandidates ${kind} ${JSON.stringify(caller)} ${type}`, (r) =>
            r.catalogue.recommendCandidates(kind, caller, tagIds, authors, type),
          )
          await same(`recommendCandidates ${kind} ${JSON.stringify(caller)} ${type} authors only`, (r) =>
            r.catalogue.recommendCandidates(kind, caller, [], authors.slice(0, 2), type),
          )
        }
    }
  })
})

const MIN_CALLS = 150

describe('the comparison', () => {
  it('was not vacuous: most answers held something', () => {
    expect(counts.calls).toBeGreaterThan(MIN_CALLS)
    expect(counts.nonEmpty / counts.calls).toBeGreaterThan(0.5)
  })
})
