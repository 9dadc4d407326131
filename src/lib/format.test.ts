import { describe, expect, it } from 'vitest'
import { formatCount, formatDate, formatDay, formatRelative } from './format.ts'

describe('formatCount', () => {
  it('groups thousands with commas, as en-US does', () => {
    for (const n of [0, 7, 999, 1000, 12345, 999999, 1000000, 1234567890])
      expect(formatCount(n)).toBe(n.toLocaleString('en-US'))
  })

  it('keeps the sign of negative counts and rounds fractions', () => {
    expect(formatCount(-1234)).toBe('-1,234')
    expect(formatCount(1234.6)).toBe('1,235')
    expect(formatCount(-0.2)).toBe('0')
  })
})

describe('formatDay', () => {
  it('names the calendar day of an ISO date, whatever the time zone', () => {
    expect(formatDay('2026-10-30')).toBe('October 30, 2026')
    expect(formatDay('2026-01-01')).toBe('January 1, 2026')
    expect(formatDay('2025-12-31')).toBe('December 31, 2025')
  })

  it('returns anything that is not a day unchanged', () => {
    expect(formatDay('2026-13-01')).toBe('2026-13-01')
    expect(formatDay('yesterday')).toBe('yesterday')
    expect(formatDay('')).toBe('')
  })
})

describe('formatDate', () => {
  it('matches en-US long dates and short times in the viewer’s time zone', () => {
    for (const iso of [
      '2026-10-30T06:35:00+09:00',
      '2026-01-01T00:05:00Z',
      '2026-07-04T12:00:00-05:00',
      '2026-03-09T23:59:59Z',
    ]) {
      const d = new Date(iso)
      expect(formatDate(iso)).toBe(d.toLocaleDateString('en-US', { dateStyle: 'long' }))
      expect(formatDate(iso, { time: true })).toBe(d.toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short' }))
    }
  })

  it('returns an unreadable value unchanged', () => {
    expect(formatDate('not a date')).toBe('not a date')
  })
})

describe('in Japanese', () => {
  it('writes counts, days and instants as Japanese does', () => {
    expect(formatCount(1234567, 'ja')).toBe('1,234,567')
    expect(formatDay('2026-10-30', 'ja')).toBe('2026年10月30日')
    const iso = '2026-10-30T06:35:00+09:00'
    expect(formatDate(iso, { lang: 'ja' })).toBe(new Date(iso).toLocaleDateString('ja', { dateStyle: 'long' }))
  })

  it('says how long ago in either language', () => {
    const now = Date.parse('2026-10-30T12:00:00Z')
    expect(formatRelative('2026-10-30T09:00:00Z', now, 'en')).toBe('3 hours ago')
    expect(formatRelative('2026-10-30T09:00:00Z', now, 'ja')).toBe('3 時間前')
    expect(formatRelative('2026-10-29T12:00:00Z', now, 'en')).toBe('yesterday')
    expect(formatRelative('2026-10-29T12:00:00Z', now, 'ja')).toBe('昨日')
  })
})
