import { describe, expect, it } from 'vitest'
import {
  novelRankingModes,
  rankingKindParam,
  rankingModes,
  resolveNovelRankingMode,
  resolveRankingMode,
} from './ranking-modes.ts'

describe('rankingModes', () => {
  it('offers only the all-ages modes to anonymous viewers, in tab order', () => {
    expect(rankingModes(null).map((m) => m.mode)).toEqual([
      'day',
      'week',
      'month',
      'day_male',
      'day_female',
      'week_original',
      'week_rookie',
      'day_manga',
      'day_ai',
    ])
  })

  it('leaves R-18 out for an all-ages account', () => {
    expect(rankingModes(0).some((m) => m.xRestrict > 0)).toBe(false)
  })

  it('adds R-18 but not R-18G for an account that allows R-18', () => {
    const modes = rankingModes(1).map((m) => m.mode)
    expect(modes).toContain('day_r18')
    expect(modes).toContain('day_r18_ai')
    expect(modes).not.toContain('week_r18g')
  })

  it('adds R-18G for an account that allows it', () => {
    expect(rankingModes(2).map((m) => m.mode)).toContain('week_r18g')
  })
})

describe('resolveRankingMode', () => {
  it('defaults to the daily ranking', () => {
    expect(resolveRankingMode(null, null)).toMatchObject({ kind: 'ok', info: { mode: 'day' } })
  })

  it('accepts the manga variants that have no tab', () => {
    expect(resolveRankingMode('week_manga', null)).toMatchObject({ kind: 'ok', info: { mode: 'week_manga' } })
  })

  it('marks an R-18 mode as restricted for anonymous viewers', () => {
    expect(resolveRankingMode('day_r18', null).kind).toBe('restricted')
    expect(resolveRankingMode('week_r18g', 1).kind).toBe('restricted')
    expect(resolveRankingMode('week_r18g', 2).kind).toBe('ok')
  })

  it('says a mode that does not exist is unknown', () => {
    expect(resolveRankingMode('yearly', 2).kind).toBe('unknown')
  })
})

describe('novel ranking modes', () => {
  it('offers the all-ages novel modes to anonymous viewers, without the works-only ones', () => {
    expect(novelRankingModes(null).map((m) => m.mode)).toEqual([
      'day',
      'week',
      'day_male',
      'day_female',
      'week_rookie',
      'day_ai',
    ])
  })

  it('adds R-18 modes, then R-18G, as the account allows', () => {
    expect(novelRankingModes(1).map((m) => m.mode)).toContain('day_r18')
    expect(novelRankingModes(1).map((m) => m.mode)).not.toContain('week_r18g')
    expect(novelRankingModes(2).map((m) => m.mode)).toContain('week_r18g')
  })

  it('resolves a works-only mode as unknown and an R-18 one as restricted for anonymous viewers', () => {
    expect(resolveNovelRankingMode(null, null)).toMatchObject({ kind: 'ok', info: { mode: 'day' } })
    expect(resolveNovelRankingMode('month', null)).toEqual({ kind: 'unknown' })
    expect(resolveNovelRankingMode('day_manga', 2)).toEqual({ kind: 'unknown' })
    expect(resolveNovelRankingMode('day_r18', null)).toMatchObject({ kind: 'restricted' })
    expect(resolveNovelRankingMode('day_r18', 1)).toMatchObject({ kind: 'ok' })
  })

  it('reads the kind of ranking from the URL, works by default', () => {
    expect(rankingKindParam('novel')).toBe('novel')
    expect(rankingKindParam(null)).toBe('illust')
    expect(rankingKindParam('manga')).toBe('illust')
  })
})
