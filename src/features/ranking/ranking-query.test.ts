import { describe, expect, it } from 'vitest'
import { novelRankingQueryParams, rankingQueryParams } from './ranking-query.ts'

describe('rankingQueryParams', () => {
  it('defaults to the latest daily ranking', () => {
    expect(rankingQueryParams(new URLSearchParams(''), null)).toEqual({ mode: 'day' })
  })

  it('carries mode and date from the URL', () => {
    expect(rankingQueryParams(new URLSearchParams('mode=week&date=2026-10-01'), null)).toEqual({
      mode: 'week',
      date: '2026-10-01',
    })
  })

  it('asks for nothing when the viewer may not see the mode', () => {
    expect(rankingQueryParams(new URLSearchParams('mode=day_r18'), null)).toBeNull()
    expect(rankingQueryParams(new URLSearchParams('mode=day_r18'), 1)).toEqual({ mode: 'day_r18' })
  })
})

describe('novelRankingQueryParams', () => {
  it('defaults to the latest daily novel ranking and carries mode and date', () => {
    expect(novelRankingQueryParams(new URLSearchParams('kind=novel'), null)).toEqual({ mode: 'day' })
    expect(novelRankingQueryParams(new URLSearchParams('kind=novel&mode=week&date=2026-10-01'), null)).toEqual({
      mode: 'week',
      date: '2026-10-01',
    })
  })

  it('asks for nothing for a works-only mode or one the viewer may not see', () => {
    expect(novelRankingQueryParams(new URLSearchParams('kind=novel&mode=month'), 2)).toBeNull()
    expect(novelRankingQueryParams(new URLSearchParams('kind=novel&mode=day_r18'), 0)).toBeNull()
  })
})
