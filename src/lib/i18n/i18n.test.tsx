import { afterEach, describe, expect, it } from 'vitest'
import { lookup, plural, Plural, type Tree } from './catalogue.ts'
import { currentLang, resolveLang, setLang } from './i18n.ts'

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
