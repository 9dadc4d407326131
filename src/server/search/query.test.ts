import { describe, expect, it } from 'vitest'
import { lastPlainWord, MAX_DEPTH, MAX_TERMS, parseQuery, QueryRefusedError, type QueryNode } from './query.ts'

const t = (text: string): QueryNode => ({ kind: 'term', text })
const and = (...nodes: QueryNode[]): QueryNode => ({ kind: 'and', nodes })
const or = (...nodes: QueryNode[]): QueryNode => ({ kind: 'or', nodes })
const not = (node: QueryNode): QueryNode => ({ kind: 'not', node })

const tree = (q: string) => {
  const p = parseQuery(q)
  expect(p.plain).toBe(false)
  return p.root
}
/** The query is malformed: it is searched as its space-separated pieces, all required. */
const plain = (q: string, ...words: string[]) => {
  const p = parseQuery(q)
  expect(p.plain).toBe(true)
  expect(p.root).toEqual(words.length === 1 ? t(words[0]!) : and(...words.map(t)))
}

describe('parseQuery', () => {
  it('words separated by spaces must all match', () => {
    expect(tree('猫')).toEqual(t('猫'))
    expect(tree('猫 犬')).toEqual(and(t('猫'), t('犬')))
    expect(tree('  猫   犬  ')).toEqual(and(t('猫'), t('犬')))
  })

  it('full-width spaces and tabs separate words too', () => {
    expect(tree('猫\u3000犬\t空')).toEqual(and(t('猫'), t('犬'), t('空')))
    expect(tree('猫\u3000OR\u3000犬')).toEqual(or(t('猫'), t('犬')))
  })

  it('OR matches either side, and chains', () => {
    expect(tree('猫 OR 犬')).toEqual(or(t('猫'), t('犬')))
    expect(tree('猫 OR 犬 OR 狐')).toEqual(or(t('猫'), t('犬'), t('狐')))
  })

  it('OR binds tighter than the implicit AND', () => {
    expect(tree('A OR B C')).toEqual(and(or(t('A'), t('B')), t('C')))
    expect(tree('C A OR B')).toEqual(and(t('C'), or(t('A'), t('B'))))
    expect(tree('A OR B C OR D')).toEqual(and(or(t('A'), t('B')), or(t('C'), t('D'))))
  })

  it('only upper-case OR is the operator; lower-case or and a quoted "OR" are words', () => {
    expect(tree('A or B')).toEqual(and(t('A'), t('or'), t('B')))
    expect(tree('A Or B')).toEqual(and(t('A'), t('Or'), t('B')))
    expect(tree('A "OR" B')).toEqual(and(t('A'), t('OR'), t('B')))
    expect(tree('ORIGINAL')).toEqual(t('ORIGINAL'))
  })

  it('-A excludes A, binds tighter than OR, and only at the start of a word', () => {
    expect(tree('猫 -犬')).toEqual(and(t('猫'), not(t('犬'))))
    expect(tree('C -A OR B')).toEqual(and(t('C'), or(not(t('A')), t('B'))))
    expect(tree('A -B -C')).toEqual(and(t('A'), not(t('B')), not(t('C'))))
    expect(tree('R-18')).toEqual(t('R-18'))
    expect(tree('猫 -R-18')).toEqual(and(t('猫'), not(t('R-18'))))
    expect(tree('A --B')).toEqual(and(t('A'), t('B')))
  })

  it('parentheses group and nest', () => {
    expect(tree('(A OR B) C')).toEqual(and(or(t('A'), t('B')), t('C')))
    expect(tree('A (B C)')).toEqual(and(t('A'), t('B'), t('C')))
    expect(tree('A OR (B C)')).toEqual(or(t('A'), and(t('B'), t('C'))))
    expect(tree('((A OR B) (C OR (D -E))) F')).toEqual(
      and(or(t('A'), t('B')), or(t('C'), and(t('D'), not(t('E')))), t('F')),
    )
    expect(tree('A -(B OR C)')).toEqual(and(t('A'), not(or(t('B'), t('C')))))
    expect(tree('( A  OR  B )')).toEqual(or(t('A'), t('B')))
    expect(tree('(((A)))')).toEqual(t('A'))
  })

  it('brackets inside a word belong to it; unbalanced trailing ones close a group', () => {
    expect(tree('ハルカ(アニポケ)')).toEqual(t('ハルカ(アニポケ)'))
    expect(tree('(ハルカ(アニポケ) OR サトシ)')).toEqual(or(t('ハルカ(アニポケ)'), t('サトシ')))
    expect(tree('(A OR B))'.slice(0, -1))).toEqual(or(t('A'), t('B')))
  })

  it('quotes make a phrase: one term with its spaces', () => {
    expect(tree('"night sky"')).toEqual(t('night sky'))
    expect(tree('"night sky" OR 星空')).toEqual(or(t('night sky'), t('星空')))
    expect(tree('-"long hair" girl')).toEqual(and(not(t('long hair')), t('girl')))
    expect(tree('("a (b)" OR c)')).toEqual(or(t('a (b)'), t('c')))
    expect(tree('"  padded  "')).toEqual(t('padded'))
    expect(tree('say"so"')).toEqual(t('say"so"'))
  })

  it.each([
    ['(A B', ['(A', 'B']],
    ['A B)', ['A', 'B)']],
    [')A (B', [')A', '(B']],
    ['(A OR B', ['(A', 'OR', 'B']],
    ['()', ['()']],
    ['A ()', ['A', '()']],
  ])('unbalanced or empty parentheses %j are searched as plain words', (q, words) => plain(q, ...words))

  it.each([
    ['OR A', ['OR', 'A']],
    ['A OR', ['A', 'OR']],
    ['A OR OR B', ['A', 'OR', 'OR', 'B']],
    ['OR', ['OR']],
    ['(OR A) B', ['(OR', 'A)', 'B']],
    ['A (B OR) C', ['A', '(B', 'OR)', 'C']],
  ])('a stray OR %j is searched as plain words', (q, words) => plain(q, ...words))

  it.each([
    ['-', ['-']],
    ['A -', ['A', '-']],
    ['A - B', ['A', '-', 'B']],
    ['-A', ['-A']],
    ['-A -B', ['-A', '-B']],
    ['-(A B)', ['-(A', 'B)']],
    ['-A OR -B', ['-A', 'OR', '-B']],
    ['A OR -B', ['A', 'OR', '-B']],
  ])('a lone - or a query of only negations %j is searched as plain words', (q, words) => plain(q, ...words))

  it.each([
    ['""', ['""']],
    ['A ""', ['A', '""']],
    ['"A B', ['"A', 'B']],
    ['A "B', ['A', '"B']],
  ])('empty or unclosed quotes %j are searched as plain words', (q, words) => plain(q, ...words))

  it('takes 10+ terms and anything up to the bound', () => {
    const words = Array.from({ length: 12 }, (_, i) => `w${i}`)
    expect(tree(words.join(' '))).toEqual(and(...words.map(t)))
    const max = Array.from({ length: MAX_TERMS / 2 }, (_, i) => `(a${i} OR b${i})`).join(' ')
    expect(tree(max)).toEqual(and(...Array.from({ length: MAX_TERMS / 2 }, (_, i) => or(t(`a${i}`), t(`b${i}`)))))
  })

  it('refuses more than MAX_TERMS terms or MAX_DEPTH nesting, whether parsed or plain', () => {
    const many = Array.from({ length: MAX_TERMS + 1 }, (_, i) => `w${i}`)
    expect(() => parseQuery(many.join(' '))).toThrow(QueryRefusedError)
    expect(() => parseQuery(many.join(' '))).toThrow(`at most ${MAX_TERMS} search terms`)
    expect(() => parseQuery(`(${many.join(' ')}`)).toThrow(QueryRefusedError)
    expect(() => parseQuery(many.slice(0, MAX_TERMS).join(' OR '))).not.toThrow()
    const deep = (d: number) => `${'('.repeat(d)}A OR B${')'.repeat(d)}`
    expect(tree(deep(MAX_DEPTH))).toEqual(or(t('A'), t('B')))
    expect(() => parseQuery(deep(MAX_DEPTH + 1))).toThrow('deeper than')
    // Unbalanced deep brackets are just malformed: plain words.
    expect(parseQuery(`${'('.repeat(50)}A`).plain).toBe(true)
  })

  it('never throws anything but QueryRefusedError on odd input', () => {
    const alphabet = ['A', 'B', 'OR', 'or', '-', '(', ')', '"', ' ', '\u3000', '-A', 'x(y)', '""']
    let seed = 7
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    for (let i = 0; i < 3000; i++) {
      const q = Array.from(
        { length: 1 + Math.floor(rand() * 12) },
        () => alphabet[Math.floor(rand() * alphabet.length)],
      )
        .join(rand() < 0.5 ? ' ' : '')
        .trim()
      if (!q) continue
      try {
        const p = parseQuery(q)
        expect(p.root).toBeDefined()
      } catch (e) {
        expect(e).toBeInstanceOf(QueryRefusedError)
      }
    }
  })
})

describe('lastPlainWord', () => {
  it.each([
    ['猫', '猫'],
    ['猫 犬', '犬'],
    ['猫 OR 犬', '犬'],
    ['猫 -犬', '犬'],
    ['(猫 OR 犬)', '犬'],
    ['猫 "night sk', 'night sk'],
    ['"night sky"', 'night sky'],
    ['猫 OR', '猫'],
    ['猫 -', '猫'],
    ['-', ''],
    ['OR', ''],
    ['(', ''],
    ['ハルカ(アニポ', 'ハルカ(アニポ'],
  ])('%j completes %j', (q, want) => expect(lastPlainWord(q)).toBe(want))
})
