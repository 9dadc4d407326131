import { describe, expect, it } from 'vitest'
import { splitTwoDigitRuns, textLang } from './text-lang.ts'

describe('textLang', () => {
  it('reads any kana or kanji as Japanese', () => {
    expect(textLang('吾輩は猫である。名前はまだ無い。')).toBe('ja')
    expect(textLang('It was a dark night. ひらがな once')).toBe('ja')
    expect(textLang('カタカナ')).toBe('ja')
    expect(textLang('漢字')).toBe('ja')
    expect(textLang('「」')).toBe('ja')
  })

  it('leaves other text to the document’s language', () => {
    expect(textLang('It was a dark and stormy night; the rain fell in torrents.')).toBeUndefined()
    expect(textLang('Ça va ? Ünïcödé — “quotes” 123')).toBeUndefined()
    expect(textLang('')).toBeUndefined()
    expect(textLang(null)).toBeUndefined()
  })
})

describe('splitTwoDigitRuns', () => {
  it('sets runs of exactly two digits apart, and leaves one digit or three as they are', () => {
    expect(splitTwoDigitRuns('第12話と3話と100話')).toEqual([
      { text: '第', upright: false },
      { text: '12', upright: true },
      { text: '話と3話と100話', upright: false },
    ])
    expect(splitTwoDigitRuns('24')).toEqual([{ text: '24', upright: true }])
    expect(splitTwoDigitRuns('no digits')).toEqual([{ text: 'no digits', upright: false }])
    expect(splitTwoDigitRuns('')).toEqual([{ text: '', upright: false }])
  })
})
