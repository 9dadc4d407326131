import { describe, expect, it } from 'vitest'
import { entries, Plural, type Message, type Tree } from './catalogue.ts'
import { en } from './messages/en/index.ts'
import { ja } from './messages/ja/index.ts'

// The catalogues are complete and in use: every key in both languages, the same placeholders and plural kind in
// each, and every key named somewhere in the gallery's code (a message nobody shows is a message nobody checks).

const catalogues = { en: en as unknown as Tree, ja: ja as unknown as Tree }
const keys = (tree: Tree) => [...entries(tree)].map(([k]) => k)
const texts = (m: Message) => (m instanceof Plural ? Object.values(m.forms) : [m])
const placeholders = (m: Message) => new Set(texts(m).flatMap((s) => [...s.matchAll(/\{(\w+)\}/g)].map((x) => x[1])))
const tags = (s: string) => [...s.matchAll(/<(\w+)>/g)].map((x) => x[1]).sort()

describe('the message catalogues', () => {
  const enMessages = new Map(entries(catalogues.en))
  const jaMessages = new Map(entries(catalogues.ja))

  it('have the same keys in English and Japanese', () => {
    expect(keys(catalogues.ja).sort()).toEqual(keys(catalogues.en).sort())
  })

  it('have no empty message, and the same placeholders, tags and plural kind in each language', () => {
    for (const [key, m] of enMessages) {
      const other = jaMessages.get(key)
      if (!other) continue // reported by the test above
      for (const s of [...texts(m), ...texts(other)]) expect(s.trim(), key).not.toBe('')
      expect(other instanceof Plural, `${key}: plural in one language only`).toBe(m instanceof Plural)
      expect([...placeholders(other)].sort(), key).toEqual([...placeholders(m)].sort())
      expect(tags(texts(other).join('')), key).toEqual(tags(texts(m).join('')))
      if (m instanceof Plural && other instanceof Plural) {
        const count = (s: string) => s.includes('{count}')
        expect(Object.values(other.forms).every(count) || !Object.values(m.forms).some(count), key).toBe(true)
      }
    }
  })

  it('name only keys the gallery uses', () => {
    // The gallery's code as text (Vite's glob), without the service, the tests and the catalogues themselves.
    const code = Object.values(
      import.meta.glob<string>(
        ['/src/**/*.{ts,tsx}', '!/src/server/**', '!/src/**/*.test.{ts,tsx}', '!/src/lib/i18n/messages/**'],
        { query: '?raw', import: 'default', eager: true },
      ),
    )
    expect(code.length).toBeGreaterThan(100)
    const all = code.join('\n')
    const unused = [...enMessages.keys()].filter((k) => !all.includes(`'${k}'`) && !all.includes(`"${k}"`))
    expect(unused).toEqual([])
  })

  it('are loaded by every module that names one of their keys', () => {
    // English comes in parts, each registered by its module as it loads (i18n.ts): a module that shows a message must
    // import that message's part, or it would show the key until some other module happened to load the part.
    const files = import.meta.glob<string>(
      ['/src/**/*.{ts,tsx}', '!/src/server/**', '!/src/**/*.test.{ts,tsx}', '!/src/lib/i18n/messages/**'],
      { query: '?raw', import: 'default', eager: true },
    )
    const missing: string[] = []
    for (const [file, text] of Object.entries(files)) {
      const parts = new Set(
        [...text.matchAll(/['"]([a-z][A-Za-z]*\.[A-Za-z0-9_.]+)['"]/g)]
          .map((m) => m[1]!)
          .filter((k) => enMessages.has(k))
          .map((k) => k.split('.')[0]!),
      )
      for (const part of parts)
        if (!new RegExp(`import '[^']*/messages/en/${part}\\.ts'`).test(text)) missing.push(`${file}: ${part}`)
    }
    expect(missing).toEqual([])
  })
})
