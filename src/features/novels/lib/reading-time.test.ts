import { describe, expect, it } from 'vitest'
import { NOVEL_CHARS_PER_MINUTE } from '../../../tunables.ts'
import { formatReadingTime, readingMinutes } from './reading-time.ts'

describe('reading time', () => {
  it('is at least a minute, even for an empty novel', () => {
    expect(readingMinutes(0)).toBe(1)
    expect(readingMinutes(10)).toBe(1)
    expect(formatReadingTime(0)).toBe('1 min')
  })

  it('grows with the text at the configured speed', () => {
    expect(readingMinutes(NOVEL_CHARS_PER_MINUTE * 8)).toBe(8)
    expect(formatReadingTime(NOVEL_CHARS_PER_MINUTE * 8)).toBe('8 min')
  })

  it('switches to hours past an hour', () => {
    expect(formatReadingTime(NOVEL_CHARS_PER_MINUTE * 60)).toBe('1 h')
    expect(formatReadingTime(NOVEL_CHARS_PER_MINUTE * 125)).toBe('2 h 5 min')
  })
})
