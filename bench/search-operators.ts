// Uncached search cost on the default catalogue, per query shape: `tsx bench/search-operators.ts [catalogue.db]`.
// Calls the store directly (the route's hit cache is what a repeated search hits; this is the miss), 20 runs each,
// after 3 warm-up runs, and prints the median and the number of hits.
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { CatalogueStore, ANONYMOUS, type SearchQuery } from '../src/server/data/store.ts'
import { parseQuery } from '../src/server/search/query.ts'

const file =
  process.argv[2] ??
  path.join('.data-test', readdirSync('.data-test').find((f) => /^catalogue-.*\.db$/.test(f)) ?? 'missing.db')
const store = new CatalogueStore(file, { readonly: true })
const RUNS = 20
const LIMIT = 5031

const queries: [string, string, SearchQuery['target']][] = [
  ['1 word', 'オリジナル', 'partial_match_for_tags'],
  ['3-word AND', 'オリジナル 太陽 浴衣', 'partial_match_for_tags'],
  ['OR', '浴衣 OR ドレス', 'partial_match_for_tags'],
  ['NOT', 'オリジナル -漫画', 'partial_match_for_tags'],
  ['1 word, keyword', 'sky', 'keyword'],
  ['OR + NOT, keyword', '(sky OR sea) -night', 'keyword'],
]

for (const [label, word, target] of queries) {
  const query = {
    words: word.split(/[\s\u3000]+/),
    expr: parseQuery(word).root,
    target,
    sort: 'date_desc',
    showAi: true,
  } as unknown as SearchQuery
  let hits = 0
  const times: number[] = []
  for (let i = 0; i < RUNS + 3; i++) {
    const t0 = performance.now()
    hits = store.search('illust', query, ANONYMOUS, 0, LIMIT).length
    if (i >= 3) times.push(performance.now() - t0)
  }
  times.sort((a, b) => a - b)
  const p50 = (times[RUNS / 2 - 1]! + times[RUNS / 2]!) / 2
  console.log(
    `${label.padEnd(20)} ${JSON.stringify(word).padEnd(28)} ${target.padEnd(24)} p50 ${p50.toFixed(2)} ms  ${hits} hits`,
  )
}
store.close()
