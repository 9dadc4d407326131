import { describe, expect, it } from 'vitest'
import { useParity } from '../../../testing/repository-parity-sample.ts'

// The series repository answers alike on both engines (testing/repository-parity-sample.ts): every method
// asked with many sampled arguments, the answers deep-equal, in order wherever the interface promises one.
// Series with hidden entries and a deleted one, pages from every cursor, neighbours.

const { both, sample, same, counts, someCallers, ids } = useParity()
const lite = () => both.store.db

describe('series', () => {
  it('series rows, by id and cover token, and their titles', async () => {
    const illust = ids('SELECT id FROM illust_series ORDER BY id LIMIT 10')
    const novel = ids('SELECT id FROM novel_series ORDER BY id LIMIT 10')
    expect(illust.length * novel.length).toBeGreaterThan(0)
    for (const id of [...illust, 0, 999_999]) await same(`illust ${id}`, (r) => r.series.illust(id))
    for (const id of [...novel, 0, 999_999]) await same(`novel ${id}`, (r) => r.series.novel(id))
    const tokens = (
      lite().prepare('SELECT cover_token FROM illust_series ORDER BY id LIMIT 5').all() as { cover_token: string }[]
    ).map((r) => r.cover_token)
    for (const token of [...tokens, 'nope', ''])
      await same(`illustByCoverToken ${token}`, (r) => r.series.illustByCoverToken(token))
    await same('titles illust', (r) => r.series.titles('illust', [...illust, 999_999]))
    await same('titles novel', (r) => r.series.titles('novel', [...novel, 999_999]))
    await same('titles none', (r) => r.series.titles('novel', []))
  })

  it('the entries a caller may see: stats, pages from every cursor, neighbours', async () => {
    for (const kind of ['illust', 'novel'] as const) {
      const t = kind === 'illust' ? 'works' : 'novels'
      // the longest series, those with hidden entries, the one with a deleted novel, and one that is not there
      const series = ids(
        `SELECT series_id AS id FROM ${t} WHERE series_id IS NOT NULL GROUP BY series_id
         ORDER BY COUNT(*) DESC, MAX(restrict) DESC, MAX(x_restrict) DESC, series_id LIMIT 4`,
      )
      const gapped = kind === 'novel' ? [sample.gappedSeries] : []
      for (const seriesId of [...series, ...gapped, 999_999])
        for (const caller of someCallers()) {
          const stats = await same(`stats ${kind} ${seriesId} ${JSON.stringify(caller)}`, (r) =>
            r.series.stats(kind, seriesId, caller),
          )
          const last = stats.last ?? 0
          for (const after of [0, Math.floor(last / 2), last - 1, last + 10])
            for (const [limit, offset] of [
              [30, 0],
              [5, 3],
              [5, stats.count],
            ] as const)
              await same(`page ${kind} ${seriesId} ${JSON.stringify(caller)} >${after} ${limit}@${offset}`, (r) =>
                r.series.page(kind, seriesId, caller, after, limit, offset),
              )
          await same(`page ${kind} ${seriesId} default offset`, (r) => r.series.page(kind, seriesId, caller, 0, 10))
          for (const order of [0, 2, Math.floor(last / 2), last])
            await same(`neighbours ${kind} ${seriesId} ${JSON.stringify(caller)} ${order}`, (r) =>
              r.series.neighbours(kind, seriesId, order, caller),
            )
        }
    }
  })
})

const MIN_CALLS = 300

describe('the comparison', () => {
  it('was not vacuous: most answers held something', () => {
    expect(counts.calls).toBeGreaterThan(MIN_CALLS)
    expect(counts.nonEmpty / counts.calls).toBeGreaterThan(0.5)
  })
})
