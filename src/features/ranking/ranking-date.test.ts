import { describe, expect, it } from 'vitest'
import {
  addDays,
  isIsoDate,
  jstYesterday,
  latestRankingDate,
  rankingDateMax,
  rankingDateParam,
} from './ranking-date.ts'

const work = (createDate: string) => ({ createDate })

describe('latestRankingDate', () => {
  it('takes the date the next_url carries', () => {
    const page = {
      nextUrl: 'http://x/v1/illust/ranking?mode=day&date=2025-03-01&offset=30',
      illusts: [work('2025-03-04T10:00:00+09:00')],
    }
    expect(latestRankingDate(page)).toBe('2025-03-01')
  })

  it('falls back to the newest work of the page, in the catalogue time zone as written', () => {
    const page = {
      nextUrl: 'http://x/v1/illust/ranking?mode=day&offset=30',
      illusts: [
        work('2026-10-30T08:00:00+09:00'),
        work('2026-10-31T23:28:02+09:00'),
        work('2026-10-29T00:00:00+09:00'),
      ],
    }
    expect(latestRankingDate(page)).toBe('2026-10-31')
  })

  it('falls back to yesterday in Japan when nothing is known, whatever the viewer’s time zone', () => {
    expect(latestRankingDate(undefined, new Date('2026-01-01T12:00:00+09:00'))).toBe('2025-12-31')
    // 16:00 UTC on Jan 1 is already Jan 2 in Japan
    expect(latestRankingDate(undefined, new Date('2026-01-01T16:00:00Z'))).toBe('2026-01-01')
  })
})

describe('rankingDateMax', () => {
  const now = new Date('2026-11-23T10:00:00+09:00')
  it('reaches the real yesterday, past a catalogue whose last day is earlier', () => {
    expect(jstYesterday(now)).toBe('2026-11-22')
    expect(rankingDateMax('2026-10-31', now)).toBe('2026-11-22')
    expect(rankingDateMax(undefined, now)).toBe('2026-11-22')
  })
  it('keeps a catalogue’s later days (one pinned ahead of the clock)', () => {
    expect(rankingDateMax('2026-12-31', now)).toBe('2026-12-31')
  })
})

describe('rankingDateParam', () => {
  it('keeps a real date and drops malformed ones', () => {
    expect(rankingDateParam('2026-10-01')).toBe('2026-10-01')
    expect(rankingDateParam('2026-02-30')).toBeUndefined()
    expect(rankingDateParam('yesterday')).toBeUndefined()
    expect(rankingDateParam(null)).toBeUndefined()
  })
})

describe('dates', () => {
  it('validates and shifts ISO days across month ends', () => {
    expect(isIsoDate('2024-02-29')).toBe(true)
    expect(isIsoDate('2023-02-29')).toBe(false)
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
  })
})
