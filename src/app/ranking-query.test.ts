import { describe, expect, it } from 'vitest'
import { rankingQueryParams } from './ranking-query.ts'

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
