import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestApp, walk, type TestApp } from '../testing/harness.ts'
import { fixtures } from '../data/fixtures.ts'
import { allowed, type Caller } from '../testing/visibility.ts'

// pixiv's search operators (DESIGN.md §2.4) against an independent filter: every work and novel the caller may see is
// read here with plain queries (tags with their translated names, title, caption, body), each query is evaluated in
// JS from a hand-written predicate, and the endpoint's pages must list exactly those ids in the sort's order.

interface Doc {
  id: number
  created_ts: number
  total_bookmarks: number
  title: string
  caption: string
  text: string
  tags: { name: string; translated: string | null }[]
}
type Kind = 'illust' | 'novel'
type Target = 'partial_match_for_tags' | 'exact_match_for_tags' | 'title_and_caption' | 'keyword' | 'text'
/** A predicate over one work, given how a single term matches under the search target. */
type Pred = (d: Doc, target: Target) => boolean

// SQLite's LIKE and NOCASE fold ASCII letters only; pixiv's partial tag match ignores case too.
const fold = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase())
const contains = (value: string | null, term: string) => value !== null && fold(value).includes(fold(term))

function termMatches(d: Doc, target: Target, term: string): boolean {
  const partialTag = d.tags.some((t) => contains(t.name, term) || contains(t.translated, term))
  const titleCaption = contains(d.title, term) || contains(d.caption, term)
  switch (target) {
    case 'partial_match_for_tags':
      return partialTag
    case 'exact_match_for_tags':
      return d.tags.some((t) => t.name === term || (t.translated !== null && fold(t.translated) === fold(term)))
    case 'title_and_caption':
      return titleCaption
    case 'keyword':
      return partialTag || titleCaption
    case 'text':
      return contains(d.text, term)
  }
}

const w =
  (term: string): Pred =>
  (d, target) =>
    termMatches(d, target, term)
const all =
  (...ps: Pred[]): Pred =>
  (d, target) =>
    ps.every((p) => p(d, target))
const any =
  (...ps: Pred[]): Pred =>
  (d, target) =>
    ps.some((p) => p(d, target))
const not =
  (p: Pred): Pred =>
  (d, target) =>
    !p(d, target)
/** What a malformed query is searched as: its space-separated pieces, each literal, all required. */
const plainWords = (q: string) => all(...q.split(/[\s\u3000]+/).map(w))

let app: TestApp
const visible: Record<string, Record<Kind, Doc[]>> = {}
const tokens: Record<string, string | undefined> = {}

function readDocs(kind: Kind, who: Caller): Doc[] {
  const db = app.services.store.db
  const items = kind === 'illust' ? 'works' : 'novels'
  const itemTags = kind === 'illust' ? 'work_tags' : 'novel_tags'
  const itemCol = kind === 'illust' ? 'work_id' : 'novel_id'
  const rows = db
    .prepare(`SELECT id, user_id, restrict, x_restrict, created_ts, total_bookmarks, title, caption FROM ${items}`)
    .all() as (Doc & { user_id: number; restrict: number; x_restrict: number })[]
  const tagRows = db
    .prepare(
      `SELECT x.${itemCol} AS id, t.name, t.translated_name AS translated FROM ${itemTags} x JOIN tags t ON t.id = x.tag_id`,
    )
    .all() as { id: number; name: string; translated: string | null }[]
  const texts = new Map<number, string>()
  if (kind === 'novel')
    for (const r of db.prepare('SELECT novel_id, text FROM novel_texts').all() as { novel_id: number; text: string }[])
      texts.set(r.novel_id, r.text)
  const tags = new Map<number, Doc['tags']>()
  for (const r of tagRows) {
    if (!tags.has(r.id)) tags.set(r.id, [])
    tags.get(r.id)!.push({ name: r.name, translated: r.translated })
  }
  return rows
    .filter((r) =>
      allowed(app.services.store, who, { restrict: r.restrict, x_restrict: r.x_restrict, user: { id: r.user_id } }),
    )
    .map((r) => ({ ...r, text: texts.get(r.id) ?? '', tags: tags.get(r.id) ?? [] }))
}

beforeAll(async () => {
  app = openTestApp()
  const store = app.services.store
  const demo = { id: 1, maxX: store.user(1)!.x_restrict }
  tokens.demo = await app.login(fixtures.userAccount(store, 1))
  for (const [name, who] of [
    ['anonymous', { id: 0, maxX: 0 }],
    ['demo', demo],
  ] as const)
    visible[name] = { illust: readDocs('illust', who), novel: readDocs('novel', who) }
})
afterAll(() => app.close())

const ORDER = {
  date_desc: (a: Doc, b: Doc) => b.created_ts - a.created_ts || b.id - a.id,
  popular_desc: (a: Doc, b: Doc) => b.total_bookmarks - a.total_bookmarks || b.id - a.id,
}

function expected(who: string, kind: Kind, target: Target, pred: Pred, sort: keyof typeof ORDER = 'date_desc') {
  return visible[who]![kind].filter((d) => pred(d, target))
    .sort(ORDER[sort])
    .map((d) => d.id)
}

async function searched(who: string, kind: Kind, word: string, target: Target, sort = 'date_desc') {
  const qs = new URLSearchParams({ word, search_target: target, sort })
  const { items } = await walk<{ id: number }>(app, `/v1/search/${kind}?${qs}`, `${kind}s`, tokens[who])
  return items.map((i) => i.id)
}

interface Case {
  word: string
  pred: Pred
  kind?: Kind
  target?: Target
  /** the filter finds nothing (the query is only here to prove it is not an error) */
  empty?: boolean
}

const operatorCases: Record<string, Case[]> = {
  AND: [
    { word: '浴衣 ドレス', pred: all(w('浴衣'), w('ドレス')) },
    { word: 'オリジナル\u3000太陽', pred: all(w('オリジナル'), w('太陽')) },
  ],
  OR: [
    { word: '浴衣 OR ドレス', pred: any(w('浴衣'), w('ドレス')) },
    { word: 'yukata OR dress OR 天使', pred: any(w('yukata'), w('dress'), w('天使')) },
    // Lower-case `or` is a word like any other.
    { word: '浴衣 or', pred: all(w('浴衣'), w('or')) },
  ],
  NOT: [
    { word: 'オリジナル -漫画', pred: all(w('オリジナル'), not(w('漫画'))) },
    { word: '太陽 -R-18 -AI', pred: all(w('太陽'), not(w('R-18')), not(w('AI'))) },
  ],
  precedence: [
    // OR binds tighter than the implicit AND.
    { word: '浴衣 OR ドレス 太陽', pred: all(any(w('浴衣'), w('ドレス')), w('太陽')) },
    { word: '太陽 浴衣 OR ドレス', pred: all(w('太陽'), any(w('浴衣'), w('ドレス'))) },
  ],
  parentheses: [
    { word: '(浴衣 OR ドレス) -オリジナル', pred: all(any(w('浴衣'), w('ドレス')), not(w('オリジナル'))) },
    { word: '浴衣 OR (ドレス 太陽)', pred: any(w('浴衣'), all(w('ドレス'), w('太陽'))) },
    {
      word: '((浴衣 OR ドレス) (sun OR 山)) -(R-18 OR 漫画)',
      pred: all(any(w('浴衣'), w('ドレス')), any(w('sun'), w('山')), not(any(w('R-18'), w('漫画')))),
    },
  ],
  phrases: [
    { word: '"night sky"', pred: w('night sky') },
    { word: '"night sky" OR "starry sky"', pred: any(w('night sky'), w('starry sky')) },
    { word: 'sky -"night sky"', pred: all(w('sky'), not(w('night sky'))) },
    { word: '"OR" 浴衣', pred: all(w('OR'), w('浴衣')) },
  ],
  mixed: [
    { word: '(sky OR sea) -night', target: 'keyword', pred: all(any(w('sky'), w('sea')), not(w('night'))) },
    {
      word: 'Notes OR Memory -Sky',
      target: 'title_and_caption',
      pred: all(any(w('Notes'), w('Memory')), not(w('Sky'))),
    },
    { word: '"Notes on a"', target: 'title_and_caption', pred: w('Notes on a') },
    {
      word: '浴衣 OR dress OR "night sky"',
      target: 'exact_match_for_tags',
      pred: any(w('浴衣'), w('dress'), w('night sky')),
    },
    { word: '天使 OR 錬金術 -R-18', kind: 'novel', pred: all(any(w('天使'), w('錬金術')), not(w('R-18'))) },
    {
      word: '(angel OR alchemy) -オリジナル',
      kind: 'novel',
      target: 'keyword',
      pred: all(any(w('angel'), w('alchemy')), not(w('オリジナル'))),
    },
    {
      word: '"懐中時計" OR 金魚 -雨',
      kind: 'novel',
      target: 'text',
      pred: all(any(w('懐中時計'), w('金魚')), not(w('雨'))),
    },
  ],
  malformed: [
    { word: '-18', pred: plainWords('-18') },
    { word: '太陽 -', pred: plainWords('太陽 -') },
    { word: '浴衣 OR', pred: plainWords('浴衣 OR') },
    { word: 'OR 浴衣', pred: plainWords('OR 浴衣') },
    { word: '(浴衣 OR ドレス', pred: plainWords('(浴衣 OR ドレス'), empty: true },
    { word: '浴衣 ドレス)', pred: plainWords('浴衣 ドレス)'), empty: true },
    { word: '-ドレス -太陽', pred: plainWords('-ドレス -太陽'), empty: true },
    { word: '"浴衣 ドレス', pred: plainWords('"浴衣 ドレス'), empty: true },
    { word: '浴衣 ""', pred: plainWords('浴衣 ""'), empty: true },
  ],
}

describe.each(Object.entries(operatorCases))('search operators: %s', (_, cases) => {
  it.each(cases.map((c) => [c.word, c] as const))(
    '%j lists exactly the visible matches, newest first',
    async (_w, c) => {
      const kind = c.kind ?? 'illust'
      const target = c.target ?? 'partial_match_for_tags'
      let found = 0
      for (const who of ['anonymous', 'demo']) {
        const want = expected(who, kind, target, c.pred)
        found += want.length
        expect(await searched(who, kind, c.word, target)).toEqual(want)
      }
      if (!c.empty) expect(found, `the catalogue has matches for ${c.word}`).toBeGreaterThan(0)
    },
  )
})

describe('search operators: the rest of the contract', () => {
  it('a phrase is one term: "night sky" finds fewer works than the words night and sky', () => {
    const phrase = expected('anonymous', 'illust', 'partial_match_for_tags', w('night sky'))
    const words = expected('anonymous', 'illust', 'partial_match_for_tags', all(w('night'), w('sky')))
    expect(phrase.length).toBeGreaterThan(0)
    expect(words.length).toBeGreaterThan(phrase.length)
  })

  it('popular_desc orders an OR query by bookmarks', async () => {
    const want = expected('anonymous', 'illust', 'partial_match_for_tags', any(w('浴衣'), w('ドレス')), 'popular_desc')
    expect(await searched('anonymous', 'illust', '浴衣 OR ドレス', 'partial_match_for_tags', 'popular_desc')).toEqual(
      want,
    )
  })

  it('takes 12 terms, and refuses more than 30 with the error body', async () => {
    const twelve = Array.from({ length: 12 }, (_, i) => (i % 2 ? 'OR 浴衣' : 'ドレス')).join(' ')
    const ok = await app.fetch(`/v1/search/illust?word=${encodeURIComponent(twelve)}`)
    expect(ok.status).toBe(200)
    const many = Array.from({ length: 31 }, (_, i) => `w${i}`).join(' ')
    const res = await app.fetch(`/v1/search/illust?word=${encodeURIComponent(many)}`)
    expect(res.status).toBe(400)
    const body = (await res.json()) as { error: { message: string } }
    expect(body.error.message).toContain('at most 30 search terms')
  })

  it('search_target=keyword is accepted for illustrations', async () => {
    const res = await app.fetch('/v1/search/illust?word=sky&search_target=keyword')
    expect(res.status).toBe(200)
  })

  it('autocomplete completes the last word, ignoring operators', async () => {
    const names = async (word: string) =>
      (
        (await app.get(`/v2/search/autocomplete?word=${encodeURIComponent(word)}`)) as { tags: { name: string }[] }
      ).tags.map((t) => t.name)
    expect(await names('浴衣 OR ドレ')).toContain('ドレス')
    expect(await names('(太陽 -浴')).toContain('浴衣')
    expect(await names('"night sk')).toContain('夜空')
    expect(await names('OR')).toEqual([])
  })
})
