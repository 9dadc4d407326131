import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, expect, it } from 'vitest'
import { createEmptyCatalogue, LibraryWriter, type LibraryNovelRecord } from './library-writer.ts'

const dir = mkdtempSync(path.join(os.tmpdir(), 'easel-novel-writer-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const novel = (id: number, seriesId: number, createdTs: number, seriesOrder: number | null): LibraryNovelRecord => ({
  id,
  title: `n${id}`,
  caption: '',
  createdTs,
  restrict: 0,
  xRestrict: 0,
  isOriginal: false,
  aiType: 0,
  text: 'text',
  textLength: null,
  totalView: 0,
  totalBookmarks: 0,
  totalComments: 0,
  user: { id: 1, name: 'a', account: 'a' },
  tags: [],
  series: { id: seriesId, title: `s${seriesId}` },
  seriesOrder,
  files: [],
})

it('orders a large library’s novel series in one pass: recorded orders kept, the others after them by date', () => {
  const file = path.join(dir, 'library.db')
  createEmptyCatalogue(file, { catalogue_kind: 'library' })
  const db = new Database(file)
  const writer = new LibraryWriter(db)
  // 4,000 novels in 40 series, half with a recorded order (PixivUtil2) and half without (gallery-dl)
  db.transaction(() => {
    for (let i = 0; i < 4000; i++)
      writer.put('/lib', { kind: 'novel', record: novel(i + 1, (i % 40) + 1, 1e9 - i, i % 2 ? null : 10 * i) }, 'f', 1)
  })()
  const started = performance.now()
  writer.finishSeries()
  // a window query per updated row (the first version) took 220 s here
  expect(performance.now() - started).toBeLessThan(5000)
  const order = (seriesId: number) =>
    (
      db.prepare('SELECT id, series_order FROM novels WHERE series_id = ? ORDER BY series_order').all(seriesId) as {
        id: number
        series_order: number
      }[]
    ).map((r) => r.id)
  // series 1: novels 1, 41, 81, … (recorded 0, 400, 800, …; none of series 1 is unrecorded: i % 40 = 0 is even)
  expect(order(1).slice(0, 3)).toEqual([1, 41, 81])
  // series 2: novels 2, 42, … all unrecorded, by date (newest id is oldest)
  expect(order(2).slice(0, 3)).toEqual([3962, 3922, 3882])
  db.close()
})

it('puts the novels without an order after a series’ recorded ones', () => {
  const file = path.join(dir, 'mixed.db')
  createEmptyCatalogue(file, { catalogue_kind: 'library' })
  const db = new Database(file)
  const writer = new LibraryWriter(db)
  writer.putNovel('/lib', novel(1, 7, 300, 5), 'f', 1)
  writer.putNovel('/lib', novel(2, 7, 100, null), 'f', 1)
  writer.putNovel('/lib', novel(3, 7, 200, 2), 'f', 1)
  writer.putNovel('/lib', novel(4, 7, 50, null), 'f', 1)
  writer.finishSeries()
  expect(db.prepare('SELECT id, series_order FROM novels ORDER BY series_order').all()).toEqual([
    { id: 3, series_order: 2 },
    { id: 1, series_order: 5 },
    { id: 4, series_order: 6 },
    { id: 2, series_order: 7 },
  ])
  writer.removeNovel(1)
  writer.removeNovel(3)
  writer.finishSeries()
  expect(db.prepare('SELECT id, series_order FROM novels ORDER BY series_order').all()).toEqual([
    { id: 4, series_order: 1 },
    { id: 2, series_order: 2 },
  ])
  writer.removeNovel(4)
  writer.removeNovel(2)
  writer.finishSeries()
  expect(db.prepare('SELECT COUNT(*) AS n FROM novel_series').get()).toEqual({ n: 0 })
  db.close()
})
