import type Database from 'better-sqlite3'
import { expect } from 'vitest'
import type { Repositories } from '../data/repositories.ts'
import type { Caller, Kind } from '../data/store.ts'
import { useBothEngines, type BothEngines } from './repository-parity.ts'

// What the parity tests of the PostgreSQL repositories share (data/postgres/repositories/*.parity.test.ts): the demo
// catalogue on both engines with a few changes made before the copy (AI settings off, a work and a novel deleted),
// callers of every kind the visibility rule tells apart, ids of every visibility class, and `same`, which asks both
// engines one question and expects deep-equal answers. A Map's or Set's order is no part of an answer (they are
// looked up), so those are compared as sorted entries; a list's order is compared as it is.

/** Facts the callers and ids are picked by: users and items of every kind the visibility rule tells apart. */
export interface Sample {
  /** an author of mypixiv-only works */
  author: number
  /** a mutual follow of the author, whose AI setting is off */
  mutual: number
  /** follows the author, who does not follow back */
  fan: number
  /** an author of AI-generated works whose own AI setting is off */
  aiOffAuthor: number
  /** gone from works, still named by its tags, bookmarks and activity */
  deletedWork: number
  deletedNovel: number
  /** the series of the deleted novel */
  gappedSeries: number
}

const one = <T>(db: Database.Database, sql: string, ...params: unknown[]) => db.prepare(sql).get(...params) as T

function prepare(db: Database.Database, sample: Sample) {
  const pair = one<{ author: number; mutual: number }>(
    db,
    `SELECT w.user_id AS author, x.followee_id AS mutual FROM works w
     JOIN follows x ON x.follower_id = w.user_id JOIN follows y ON y.follower_id = x.followee_id AND y.followee_id = w.user_id
     WHERE w.restrict = 1 GROUP BY w.user_id, x.followee_id ORDER BY COUNT(*) DESC, w.user_id LIMIT 1`,
  )
  sample.author = pair.author
  sample.mutual = pair.mutual
  sample.fan = one<{ id: number }>(
    db,
    `SELECT f.follower_id AS id FROM follows f WHERE f.followee_id = ?
     AND NOT EXISTS (SELECT 1 FROM follows b WHERE b.follower_id = ? AND b.followee_id = f.follower_id) LIMIT 1`,
    pair.author,
    pair.author,
  ).id
  sample.aiOffAuthor = one<{ id: number }>(
    db,
    `SELECT user_id AS id FROM works WHERE ai_type = 2 AND user_id NOT IN (?, ?, ?)
     GROUP BY user_id ORDER BY COUNT(*) DESC, user_id LIMIT 1`,
    pair.author,
    pair.mutual,
    sample.fan,
  ).id
  db.prepare('UPDATE users SET show_ai = 0 WHERE id IN (?, ?)').run(sample.aiOffAuthor, sample.mutual)
  sample.deletedWork = one<{ id: number }>(
    db,
    'SELECT work_id AS id FROM work_activity GROUP BY work_id ORDER BY SUM(bookmarks) DESC LIMIT 1',
  ).id
  const gapped = one<{ id: number; series_id: number }>(
    db,
    'SELECT id, series_id FROM novels WHERE series_id IS NOT NULL AND series_order > 1 ORDER BY id LIMIT 1',
  )
  sample.deletedNovel = gapped.id
  sample.gappedSeries = gapped.series_id
  db.prepare('DELETE FROM works WHERE id = ?').run(sample.deletedWork)
  db.prepare('DELETE FROM novels WHERE id = ?').run(sample.deletedNovel)
}

/** Maps and Sets as sorted entries (their order is not part of the answer); everything else as it is. */
export function canonical(v: unknown): unknown {
  const byKey = (a: [unknown, unknown], b: [unknown, unknown]) => (String(a[0]) < String(b[0]) ? -1 : 1)
  if (v instanceof Map) return [...v].map(([k, x]) => [k, canonical(x)] as [unknown, unknown]).sort(byKey)
  if (v instanceof Set) return [...v].sort()
  return v
}

export interface Parity {
  readonly both: BothEngines
  readonly sample: Sample
  /** Asks both engines the same question and expects the same answer; answers SQLite's. */
  same<T>(what: string, ask: (r: Repositories) => Promise<T>): Promise<T>
  /** how many questions were asked, and how many answers held something */
  readonly counts: { calls: number; nonEmpty: number }
  /** Callers of every kind: anonymous, the demo account, an author and those around them, of every age setting. */
  callers(): Caller[]
  /** One caller of each kind (for the costlier lists): anonymous, signed in, author, mutual, fan, AI setting off. */
  someCallers(): Caller[]
  /** ids from the SQLite side */
  ids(sql: string, ...params: unknown[]): number[]
  /** Works (or novels) of every visibility class (the first and last of each), the deleted one, missing ids. */
  itemIds(kind: Kind): number[]
}

/** Call at the top level of a parity test file. */
export function useParity(): Parity {
  const sample = {} as Sample
  const both = useBothEngines({ prepare: (db) => prepare(db, sample) })
  const counts = { calls: 0, nonEmpty: 0 }
  const callers = (): Caller[] => {
    const { author, mutual, fan, aiOffAuthor } = sample
    return [
      { id: 0, maxX: 0 },
      { id: 1, maxX: 0 },
      { id: 1, maxX: 2 },
      ...[0, 1, 2].map((maxX) => ({ id: author, maxX })),
      { id: mutual, maxX: 0, showAi: false },
      { id: mutual, maxX: 2, showAi: false },
      { id: fan, maxX: 2 },
      { id: aiOffAuthor, maxX: 1, showAi: false },
    ]
  }
  const ids = (sql: string, ...params: unknown[]) =>
    (both.store.db.prepare(sql).all(...params) as { id: number }[]).map((r) => r.id)
  return {
    both,
    sample,
    counts,
    async same<T>(what: string, ask: (r: Repositories) => Promise<T>): Promise<T> {
      const lite = await ask(both.sqlite)
      const pg = await ask(both.pg)
      expect(canonical(pg), what).toStrictEqual(canonical(lite))
      counts.calls++
      const size = Array.isArray(lite) ? lite.length : lite instanceof Map || lite instanceof Set ? lite.size : 1
      if (lite !== undefined && lite !== null && size > 0) counts.nonEmpty++
      return lite
    },
    callers,
    someCallers() {
      const all = callers()
      return [all[0]!, all[1]!, all[5]!, all[7]!, all[8]!, all[9]!]
    },
    ids,
    itemIds(kind) {
      const t = kind === 'illust' ? 'works' : 'novels'
      const classes = ids(
        `SELECT MIN(id) AS id FROM ${t} GROUP BY restrict, x_restrict, ai_type
         UNION SELECT MAX(id) FROM ${t} GROUP BY restrict, x_restrict, ai_type ORDER BY id`,
      )
      const deleted = kind === 'illust' ? sample.deletedWork : sample.deletedNovel
      return [...classes, deleted, 0, -1, 999_999_999]
    },
  }
}
