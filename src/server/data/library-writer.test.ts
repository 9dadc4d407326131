import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, expect, it } from 'vitest'
import { createEmptyCatalogue, LibraryWriter, type LibraryWorkRecord } from './library-writer.ts'

const dir = mkdtempSync(path.join(os.tmpdir(), 'easel-library-writer-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const work = (id: number, seriesId: number, createdTs: number, seriesOrder: number | null): LibraryWorkRecord => ({
  id,
  type: 'illust',
  title: `w${id}`,
  caption: '',
  createdTs,
  width: 10,
  height: 10,
  ext: 'jpg',
  sanityLevel: 2,
  xRestrict: 0,
  restrict: 0,
  aiType: 0,
  bookStyle: 0,
  totalView: 0,
  totalBookmarks: 0,
  totalComments: 0,
  commentAccessControl: 0,
  tools: [],
  frameDelays: null,
  user: { id: 1, name: 'a', account: 'a' },
  tags: [],
  series: { id: seriesId, title: `s${seriesId}` },
  seriesOrder,
  files: [],
})

it('orders works in series: recorded positions kept, the others by date; a second pass writes nothing', () => {
  const file = path.join(dir, 'library.db')
  createEmptyCatalogue(file, { catalogue_kind: 'library' })
  const db = new Database(file)
  const writer = new LibraryWriter(db)
  // 3,000 works in 30 series: even ids with a recorded position (gallery-dl's num_series), odd ones without
  db.transaction(() => {
    for (let i = 0; i < 3000; i++)
      writer.put(
        '/lib',
        { kind: 'illust', record: work(i + 1, (i % 30) + 1, 1e9 - i, i % 2 ? null : 1000 + i) },
        'f',
        1,
      )
  })()
  writer.finishSeries()
  const orders = (seriesId: number) =>
    db.prepare('SELECT id, series_order AS n FROM works WHERE series_id = ? ORDER BY id').all(seriesId) as {
      id: number
      n: number
    }[]
  // series 1: ids 1, 31, 61, … all even i (recorded 1000 + i)
  expect(orders(1).slice(0, 3)).toEqual([
    { id: 1, n: 1000 },
    { id: 31, n: 1030 },
    { id: 61, n: 1060 },
  ])
  // series 2: ids 2, 32, … all odd i, by date (the highest id is the oldest): id 2972 is first
  const s2 = orders(2)
  expect(s2.find((r) => r.id === 2972)!.n).toBe(1)
  expect(s2.find((r) => r.id === 2)!.n).toBe(100)
  const changes = () => (db.prepare('SELECT total_changes() AS n').get() as { n: number }).n
  const before = changes()
  writer.finishSeries()
  expect(changes() - before).toBe(0)
  db.close()
})
