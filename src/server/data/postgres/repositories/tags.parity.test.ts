import { describe, expect, it } from 'vitest'
import { useParity } from '../../../testing/repository-parity-sample.ts'

// The tags repository answers alike on both engines (testing/repository-parity-sample.ts): every method
// asked with many sampled arguments, the answers deep-equal, in order wherever the interface promises one.
// Autocomplete for every caller, with prefix and infix words, ASCII case, LIKE's wildcards and Japanese.

const { both, same, counts, callers, itemIds } = useParity()
const lite = () => both.store.db

describe('tags', () => {
  it('of items, by names, and every tag id of items', async () => {
    for (const kind of ['illust', 'novel'] as const) {
      const list = itemIds(kind)
      await same(`of ${kind}`, (r) => r.tags.of(kind, list))
      await same(`of ${kind} none`, (r) => r.tags.of(kind, []))
      await same(`idsOfItems ${kind}`, (r) => r.tags.idsOfItems(kind, list))
      await same(`idsOfItems ${kind} none`, (r) => r.tags.idsOfItems(kind, []))
    }
    const names = (lite().prepare('SELECT name FROM tags ORDER BY id LIMIT 40').all() as { name: string }[]).map(
      (r) => r.name,
    )
    await same('byNames', (r) => r.tags.byNames([...names, 'no such tag', '', names[0]!.toUpperCase()]))
    await same('byNames none', (r) => r.tags.byNames([]))
  })

  it('trending tags of every window', async () => {
    const last = (lite().prepare('SELECT MAX(day) AS d FROM work_activity').get() as { d: number }).d
    for (const [from, to] of [
      [last, last],
      [last - 6, last],
      [last - 29, last],
      [last - 40, last - 20],
      [0, 1],
    ] as const)
      for (const limit of [10, 1000]) await same(`trending ${from}-${to}`, (r) => r.tags.trending(from, to, limit))
  })

  it('autocomplete, for every caller: prefix, infix, case, wildcards and scripts', async () => {
    const words = [
      'a',
      'A',
      'an',
      'ori',
      'オリ',
      'オリジナル',
      '風景',
      'の',
      '%',
      '_',
      '\\',
      "'",
      'zzzz',
      'girl',
      'GIRL',
    ]
    const tagWords = (
      lite().prepare('SELECT name, translated_name FROM tags ORDER BY id LIMIT 400').all() as {
        name: string
        translated_name: string | null
      }[]
    ).flatMap((t, i) => (i % 25 === 0 ? [t.name.slice(0, 2), (t.translated_name ?? '').slice(1, 4)] : []))
    for (const word of [...words, ...tagWords].filter(Boolean))
      for (const caller of callers())
        for (const limit of [5, 100])
          await same(`autocomplete ${word} ${JSON.stringify(caller)} ${limit}`, (r) =>
            r.tags.autocomplete(word, caller, limit),
          )
  })
})

const MIN_CALLS = 300

describe('the comparison', () => {
  it('was not vacuous: most answers held something', () => {
    expect(counts.calls).toBeGreaterThan(MIN_CALLS)
    expect(counts.nonEmpty / counts.calls).toBeGreaterThan(0.5)
  })
})
