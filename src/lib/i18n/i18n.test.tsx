import { afterEach, describe, expect, it } from 'vitest'
import { lookup, plural, Plural, type Tree } from './catalogue.ts'
import { currentLang, formatNumber, resolveLang, setLang } from './i18n.ts'

describe('resolveLang', () => {
  it('takes the setting when it names a language', () => {
    expect(resolveLang('ja', ['en-US'])).toBe('ja')
    expect(resolveLang('en', ['ja-JP'])).toBe('en')
  })

  it('else takes the first of the browser’s languages the gallery speaks, else English', () => {
    expect(resolveLang('auto', ['ja-JP', 'en'])).toBe('ja')
    expect(resolveLang('auto', ['fr-FR', 'ja'])).toBe('ja')
    expect(resolveLang('auto', ['en-GB', 'ja'])).toBe('en')
    expect(resolveLang('auto', ['de', 'fr'])).toBe('en')
    expect(resolveLang('auto', [])).toBe('en')
  })
})

describe('lookup', () => {
  const tree: Tree = { a: { b: 'x', p: plural({ one: '{count} work', other: '{count} works' }) }, c: 'y' }
  it('finds messages by dotted key, and nothing for a namespace or an unknown key', () => {
    expect(lookup(tree, 'a.b')).toBe('x')
    expect(lookup(tree, 'c')).toBe('y')
    expect(lookup(tree, 'a.p')).toBeInstanceOf(Plural)
    expect(lookup(tree, 'a')).toBeUndefined()
    expect(lookup(tree, 'a.b.c')).toBeUndefined()
    expect(lookup(tree, 'nope')).toBeUndefined()
  })
})

describe('setLang', () => {
  afterEach(() => setLang('en'))
  it('loads Japanese and marks the document', async () => {
    await setLang('ja')
    expect(currentLang()).toBe('ja')
    expect(document.documentElement.lang).toBe('ja')
    await setLang('en')
    expect(document.documentElement.lang).toBe('en')
  })
})

describe('formatNumber', () => {
  it('writes whole numbers as each language does, grouped from a thousand, rounding fractions, never "-0"', () => {
    for (const lang of ['en', 'ja'] as const) {
      expect([0, -0, 7, 999, -999, 1000, 1234567, -1500, 12.5, 999.6].map((n) => formatNumber(n, lang))).toEqual([
        '0',
        '0',
        '7',
        '999',
        '-999',
        '1,000',
        '1,234,567',
        '-1,500',
        '13',
        '1,000',
      ])
    }
  })
})
