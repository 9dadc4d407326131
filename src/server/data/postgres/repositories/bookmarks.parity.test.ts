import { describe, expect, test } from 'vitest'
import { useBothEngines } from '../../../testing/repository-parity.ts'
import { expectSame, plain } from '../../../testing/parity-compare.ts'
import type { Repositories } from '../../repositories.ts'
import type { Caller, Kind } from '../../store.ts'
import { openPgPool } from '../pool.ts'
import { pgBookmarks } from './bookmarks.ts'

// Bookmarks on PostgreSQL answer as on SQLite (the demo catalogue and its db:copy): the lists walked to their ends by
// their cursor for sampled users, callers, restricts and tags; the caller's own marks; the recommendation seeds; the
// same writes leave the same reads and counters; and on PostgreSQL, concurrent adds and removes count once.

const engines = useBothEngines()

const KINDS: Kind[] = ['illust', 'novel']
const USERS = [1, 17, 55, 15, 2, 999_999]
const CALLERS: Caller[] = [
  { id: 0, maxX: 0 },
  { id: 1, maxX: 2 },
  { id: 7, maxX: 1 },
  { id: 17, maxX: 2 },
  { id: 44, maxX: 0 },
]
const MAX = Number.MAX_SAFE_INTEGER
const items = (kind: Kind) => (kind === 'illust' ? 'works' : 'novels')

/** Walks a bookmark list by its cursor to the end on both engines, page by page. */
async function walk(kind: Kind, uid: number, restrict: 0 | 1, caller: Caller, limit: number, tag?: string) {
  let before = MAX
  for (let page = 0; page < 100; page++) {
    const label = `page ${kind} ${uid} r${restrict} by ${caller.id} before ${before} tag ${tag}`
    const answer = await expectSame(
      engines,
      (r) => r.bookmarks.page(kind, uid, restrict, caller, before, limit, tag),
      label,
    )
    const rows = ('ok' in answer ? answer.ok : []) as { id: number }[]
    if (rows.length < limit) return
    before = rows.at(-1)!.id
  }
}

/** The counters of items on both engines: equal, and returned. */
async function counters(kind: Kind, ids: number[]) {
  const lite = engines.store.db
    .prepare(`SELECT id, total_bookmarks FROM ${items(kind)} WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id`)
    .all(JSON.stringify(ids))
  const pg = (
    await engines.pool.query(
      `SELECT id, total_bookmarks FROM ${items(kind)} WHERE id = ANY($1::bigint[]) ORDER BY id`,
      [ids],
    )
  ).rows
  expect(pg, `counters ${kind} ${ids.join(',')}`).toEqual(lite)
  return new Map((lite as { id: number; total_bookmarks: number }[]).map((r) => [r.id, r.total_bookmarks]))
}

const ownIds = (kind: Kind, uid: number) =>
  engines.store.db
    .prepare(`SELECT item_id FROM ${kind}_bookmarks WHERE user_id = ? ORDER BY id`)
    .pluck()
    .all(uid) as number[]

/** Every read of one user's bookmarks, compared. */
async function readsOf(kind: Kind, uid: number, label: string) {
  const mine = ownIds(kind, uid)
  const probe = [...mine.slice(0, 5), ...mine.slice(-5), 1, 2, 3, 999_999]
  await expectSame(engines, (r) => r.bookmarks.among(kind, uid, probe), `${label} among ${kind} ${uid}`)
  for (const id of probe)
    await expectSame(engines, (r) => r.bookmarks.of(kind, uid, id), `${label} of ${kind} ${uid} ${id}`)
  for (const restrict of [0, 1] as const)
    for (const c of [CALLERS[0]!, CALLERS[1]!, CALLERS[3]!])
      for (const offset of [0, 3, 200])
        await expectSame(
          engines,
          (r) => r.bookmarks.tags(kind, uid, restrict, c, offset, 30),
          `${label} tags ${kind} ${uid} r${restrict} by ${c.id} @${offset}`,
        )
  for (const depth of [1, 10, 1000]) {
    const w = await expectSame(engines, (r) => r.bookmarks.window(kind, uid, depth), `${label} window ${depth}`)
    const { max, min } = ('ok' in w ? w.ok : { max: 0, min: 0 }) as { max: number; min: number }
    await expectSame(engines, (r) => r.bookmarks.window(kind, uid, depth, Math.floor(max / 2)), `${label} window ≤`)
    await expectSame(engines, (r) => r.bookmarks.seeds(kind, uid, min, max), `${label} seeds ${min}-${max}`)
    await expectSame(engines, (r) => r.bookmarks.upTo(kind, uid, min), `${label} upTo ${min}`)
  }
}

describe('reads', () => {
  test('every list walked to its end by its cursor, for every sampled user, caller and restrict', async () => {
    for (const kind of KINDS)
      for (const uid of USERS)
        for (const restrict of [0, 1] as const) for (const c of CALLERS) await walk(kind, uid, restrict, c, 100)
  })

  test('lists of one bookmark tag (and of a tag no bookmark has), in short pages', async () => {
    for (const kind of KINDS)
      for (const tag of ['オリジナル', '漫画', 'R-18', 'no such tag'])
        for (const restrict of [0, 1] as const)
          for (const c of [CALLERS[0]!, CALLERS[1]!, CALLERS[2]!]) await walk(kind, 1, restrict, c, 7, tag)
  })

  test("the caller's own marks, bookmark tags at every offset, and the recommendation seeds", async () => {
    for (const kind of KINDS) for (const uid of USERS) await readsOf(kind, uid, 'demo')
    await expectSame(engines, (r) => r.bookmarks.among('illust', 0, [1, 2, 3]), 'among by anonymous')
    await expectSame(engines, (r) => r.bookmarks.among('illust', 1, []), 'among of nothing')
  })
})

describe('writes', () => {
  test('add, add again with other tags and restrict, remove, remove again: the same lists, marks and counters', async () => {
    const uid = 17
    for (const kind of KINDS) {
      const mine = new Set(ownIds(kind, uid))
      const fresh = (
        engines.store.db
          .prepare(`SELECT id FROM ${items(kind)} WHERE restrict = 0 ORDER BY id`)
          .pluck()
          .all() as number[]
      )
        .filter((id) => !mine.has(id))
        .slice(0, 3)
      const old = [...mine].slice(0, 2)
      const touched = [...fresh, ...old]
      await counters(kind, touched)
      const writes: [string, (r: Repositories) => Promise<void>][] = [
        ['add a', (r) => r.bookmarks.add(kind, uid, fresh[0]!, 0, ['猫', 'b', '猫'], 1_800_000_000)],
        ['add b privately', (r) => r.bookmarks.add(kind, uid, fresh[1]!, 1, [], 1_800_000_001)],
        ['add a again, private, other tags', (r) => r.bookmarks.add(kind, uid, fresh[0]!, 1, ['c'], 1_800_000_002)],
        ['add a again, same', (r) => r.bookmarks.add(kind, uid, fresh[0]!, 1, ['c'], 1_800_000_003)],
        ['remove an old one', (r) => r.bookmarks.remove(kind, uid, old[0]!)],
        ['remove it again', (r) => r.bookmarks.remove(kind, uid, old[0]!)],
        ['remove one never made', (r) => r.bookmarks.remove(kind, uid, fresh[2]!)],
        ['re-tag an old one', (r) => r.bookmarks.add(kind, uid, old[1]!, 0, ['オリジナル', 'new'], 1_800_000_004)],
        ['add c', (r) => r.bookmarks.add(kind, uid, fresh[2]!, 0, ['オリジナル'], 1_800_000_005)],
        ['a missing item', (r) => r.bookmarks.add(kind, uid, 999_999, 0, [], 1_800_000_006)],
      ]
      for (const [label, write] of writes) await expectSame(engines, write, `${kind} ${label}`)
      const after = await counters(kind, touched)
      const before = await counters(kind, [])
      expect(before.size).toBe(0)
      await readsOf(kind, uid, 'after writes')
      for (const restrict of [0, 1] as const) for (const c of CALLERS) await walk(kind, uid, restrict, c, 50)
      await walk(kind, uid, 0, CALLERS[3]!, 5, 'オリジナル')
      expect(after.size).toBe(touched.length)
    }
  })
})

describe('PostgreSQL under concurrent requests', () => {
  const wide = () => openPgPool(engines.pool.options.connectionString!, { max: 20 })

  test('20 adds of one work by one user at once make one bookmark and count it once; 20 removes count it off once', async () => {
    const pool = wide()
    try {
      const marks = pgBookmarks(pool)
      const uid = 55
      const work = (
        await engines.pool.query<{ id: number }>(
          'SELECT id FROM works WHERE id NOT IN (SELECT item_id FROM illust_bookmarks WHERE user_id = $1) ORDER BY id DESC LIMIT 1',
          [uid],
        )
      ).rows[0]!.id
      const count = async () =>
        (await engines.pool.query<{ n: number }>('SELECT total_bookmarks AS n FROM works WHERE id = $1', [work]))
          .rows[0]!.n
      const rows = async () =>
        (
          await engines.pool.query<{ n: number }>(
            'SELECT COUNT(*) AS n FROM illust_bookmarks WHERE user_id = $1 AND item_id = $2',
            [uid, work],
          )
        ).rows[0]!.n
      const start = await count()
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          marks.add('illust', uid, work, (i % 2) as 0 | 1, [`t${i % 3}`], 1_800_000_000 + i),
        ),
      )
      expect(await rows()).toBe(1)
      expect(await count()).toBe(start + 1)
      const mark = await marks.of('illust', uid, work)
      expect(mark?.tags).toHaveLength(1)
      await Promise.all(Array.from({ length: 20 }, () => marks.remove('illust', uid, work)))
      expect(await rows()).toBe(0)
      expect(await count()).toBe(start)
      expect(plain(await marks.of('illust', uid, work))).toBeNull()
    } finally {
      await pool.end()
    }
  })

  test('20 users bookmarking one work at once count 20', async () => {
    const pool = wide()
    try {
      const marks = pgBookmarks(pool)
      const work = 4242
      const users = Array.from({ length: 20 }, (_, i) => 260 + i)
      await engines.pool.query('DELETE FROM illust_bookmarks WHERE item_id = $1 AND user_id = ANY($2::bigint[])', [
        work,
        users,
      ])
      const count = async () =>
        (await engines.pool.query<{ n: number }>('SELECT total_bookmarks AS n FROM works WHERE id = $1', [work]))
          .rows[0]!.n
      const start = await count()
      await Promise.all(users.map((u) => marks.add('illust', u, work, 0, [], 1_800_000_000)))
      expect(await count()).toBe(start + 20)
    } finally {
      await pool.end()
    }
  })
})
