import { describe, expect, it } from 'vitest'
import type { Caller, Kind, SearchQuery, SearchSort, SearchTarget } from '../data/store.ts'
import { userTermMatcher } from '../data/social.ts'
import { useBothEngines } from '../testing/repository-parity.ts'
import { compileQuery } from './compile.ts'
import { runPgSearchJob } from './pg-search.ts'
import { parseQuery } from './query.ts'
import { runSearchJob, type SearchJob } from './search-job.ts'

// Search on PostgreSQL (pg-search.ts) answers what search on SQLite (store.search, social.searchUsers) answers: the
// same ids in the same order, over the demo catalogue copied to both engines, for the query language's cases (those
// of query.test.ts and contract/search-operators.test.ts, and LIKE's own characters), every target, every sort,
// the filters, and callers who see different things.

const both = useBothEngines()

const WORDS = [
  // operators (contract/search-operators.test.ts)
  '浴衣 ドレス',
  'オリジナル\u3000太陽',
  '浴衣 OR ドレス',
  'yukata OR dress OR 天使',
  '浴衣 or',
  'オリジナル -漫画',
  '太陽 -R-18 -AI',
  '浴衣 OR ドレス 太陽',
  '太陽 浴衣 OR ドレス',
  '(浴衣 OR ドレス) -オリジナル',
  '浴衣 OR (ドレス 太陽)',
  '((浴衣 OR ドレス) (sun OR 山)) -(R-18 OR 漫画)',
  '"night sky"',
  '"night sky" OR "starry sky"',
  'sky -"night sky"',
  '"OR" 浴衣',
  '(sky OR sea) -night',
  'Notes OR Memory -Sky',
  '"Notes on a"',
  '浴衣 OR dress OR "night sky"',
  '天使 OR 錬金術 -R-18',
  '(angel OR alchemy) -オリジナル',
  '"懐中時計" OR 金魚 -雨',
  // malformed queries, searched as plain words (query.test.ts)
  '-18',
  '太陽 -',
  '浴衣 OR',
  'OR 浴衣',
  '(浴衣 OR ドレス',
  '浴衣 ドレス)',
  '-ドレス -太陽',
  '"浴衣 ドレス',
  '浴衣 ""',
  // case (ASCII folds on both), LIKE's own characters (literal on both), single letters
  'SKY',
  'Original',
  '100%',
  'a_b',
  '\\',
  'a',
  'オリジナル',
  'R-18',
]

const TARGETS: SearchTarget[] = ['partial_match_for_tags', 'exact_match_for_tags', 'title_and_caption', 'keyword']
const SORTS: SearchSort[] = ['date_desc', 'date_asc', 'popular_desc', 'popular_male_desc', 'popular_female_desc']
const CALLERS: Caller[] = [
  { id: 0, maxX: 0 },
  { id: 1, maxX: 2 },
  { id: 7, maxX: 1 },
]

/** A deterministic spread of sorts, callers and filters over the cases (every one of each is used many times). */
function jobsOf(kind: Kind): SearchJob[] {
  const jobs: SearchJob[] = []
  let n = 0
  const targets: SearchTarget[] = kind === 'novel' ? [...TARGETS, 'text'] : TARGETS
  for (const word of WORDS)
    for (const target of targets) {
      n++
      const query: SearchQuery = {
        expr: parseQuery(word).root,
        target,
        sort: SORTS[n % SORTS.length]!,
        showAi: n % 4 !== 0,
        ...(n % 3 === 0 ? { bookmarkMin: 20 } : {}),
        ...(n % 5 === 0 ? { bookmarkMax: 300 } : {}),
        ...(n % 7 === 0 ? { since: 1788000000, until: 1793000000 } : {}),
      }
      jobs.push({ op: 'items', kind, query, caller: CALLERS[n % CALLERS.length]!, offset: n % 2 ? 0 : 5, limit: 200 })
    }
  return jobs
}

describe('search on PostgreSQL answers as on SQLite', () => {
  for (const kind of ['illust', 'novel'] as const)
    it(`${kind}s: ${WORDS.length} queries × every target, with sorts, filters and callers spread over them`, async () => {
      let found = 0
      for (const job of jobsOf(kind)) {
        const lite = runSearchJob(both.store, job)
        const pg = await runPgSearchJob(both.pool, job)
        expect(pg, JSON.stringify(job)).toEqual(lite)
        found += lite.length
      }
      // not vacuous: the cases find things
      expect(found).toBeGreaterThan(1000)
    })

  it('every sort of one broad query, whole lists, for each caller', async () => {
    for (const sort of SORTS)
      for (const caller of CALLERS) {
        const query: SearchQuery = { expr: parseQuery('オリジナル').root, target: 'keyword', sort, showAi: true }
        const job: SearchJob = { op: 'items', kind: 'illust', query, caller, offset: 0, limit: 5031 }
        const lite = runSearchJob(both.store, job)
        expect(lite.length).toBeGreaterThan(100)
        expect(await runPgSearchJob(both.pool, job)).toEqual(lite)
      }
  })

  it('users: name or account, most followed first', async () => {
    let found = 0
    for (const word of [...WORDS, 'demo', 'user', 'e', 'DEMO'])
      for (const offset of [0, 3]) {
        const expr = parseQuery(word).root
        const job: SearchJob = { op: 'users', expr, match: compileQuery(expr, userTermMatcher), offset, limit: 30 }
        const lite = runSearchJob(both.store, job)
        expect(await runPgSearchJob(both.pool, job), word).toEqual(lite)
        found += lite.length
      }
    expect(found).toBeGreaterThan(50)
  })
})
