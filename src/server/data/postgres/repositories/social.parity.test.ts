import { describe, expect, test } from 'vitest'
import { useBothEngines } from '../../../testing/repository-parity.ts'
import { expectSame, offsetsOf } from '../../../testing/parity-compare.ts'
import type { Caller } from '../../store.ts'
import { MuteLimitExceeded } from '../../store.ts'
import { openPgPool } from '../pool.ts'
import { pgMutes } from './mutes.ts'

// Users, follows and mutes on PostgreSQL answer as on SQLite (the demo catalogue and its db:copy): every read over
// sampled users and callers, lists walked to their ends, missing ids; the same writes leave the same reads; and the
// writes hold under concurrent requests on PostgreSQL.

const engines = useBothEngines()

/** the demo user, the most followed and most following, heavy bookmarkers, a muter, mutual follows of the demo, the last user, one missing */
const USERS = [1, 229, 21, 105, 17, 169, 3, 7, 44, 2, 300, 999_999]
const CALLERS: Caller[] = [
  { id: 0, maxX: 0 },
  { id: 1, maxX: 2 },
  { id: 7, maxX: 1 },
  { id: 229, maxX: 0 },
  { id: 44, maxX: 2 },
]

describe('users', () => {
  test('rows by id, account and ids', async () => {
    for (const id of USERS) await expectSame(engines, (r) => r.users.byId(id), `byId ${id}`)
    for (const a of ['demo', 'kiraya', 'sayochan', 'nobody', ''])
      await expectSame(engines, (r) => r.users.byAccount(a), `byAccount ${a}`)
    await expectSame(engines, (r) => r.users.byIds(USERS), 'byIds')
    await expectSame(engines, (r) => r.users.byIds([]), 'byIds []')
  })

  test('profile counters, of what each caller may see', async () => {
    for (const id of USERS)
      for (const c of CALLERS) await expectSame(engines, (r) => r.users.counts(id, c), `counts ${id} by ${c.id}`)
  })

  test('AI setting, files and the recommendation figures', async () => {
    await expectSame(engines, (r) => r.users.authorPopularity(), 'authorPopularity')
    for (const id of USERS) {
      await expectSame(engines, (r) => r.users.showAi(id), `showAi ${id}`)
      await expectSame(engines, (r) => r.users.files(id), `files ${id}`)
      for (const limit of [3, 100]) await expectSame(engines, (r) => r.users.authorTags(id, limit), `authorTags ${id}`)
      for (const depth of [5, 200])
        await expectSame(engines, (r) => r.users.bookmarkedTags(id, depth, 20), `bookmarkedTags ${id} ${depth}`)
      await expectSame(engines, (r) => r.users.coBookmarkedAuthors(id), `coBookmarkedAuthors ${id}`)
    }
    const tags = (await engines.sqlite.users.authorTags(229, 5)).map((t) => t.tag_id)
    for (const ids of [tags, tags.slice(0, 1), [], [999_999]])
      await expectSame(engines, (r) => r.users.authorsWithTags(ids), `authorsWithTags ${ids.join(',')}`)
  })

  test('turning the AI setting off changes the counters the user reads, on both', async () => {
    const ai = engines.store.db
      .prepare(
        'SELECT user_id FROM works WHERE ai_type = 2 AND restrict = 0 AND x_restrict = 0 GROUP BY user_id LIMIT 3',
      )
      .pluck()
      .all() as number[]
    const caller: Caller = { id: 7, maxX: 1 }
    const before = await engines.sqlite.users.counts(ai[0]!, caller)
    for (const show of [false, true]) {
      await expectSame(engines, (r) => r.users.setShowAi(7, show), `setShowAi ${show}`)
      await expectSame(engines, (r) => r.users.showAi(7), 'showAi 7')
      for (const id of ai) await expectSame(engines, (r) => r.users.counts(id, caller), `counts ${id} by 7`)
      if (!show) expect((await engines.pg.users.counts(ai[0]!, caller)).illusts).toBeLessThan(before.illusts)
    }
    await expectSame(engines, (r) => r.users.setShowAi(999_999, false), 'setShowAi of a missing user')
  })
})

describe('follows', () => {
  const lists = async (label: string) => {
    for (const id of USERS) {
      const sets = await expectSame(engines, (r) => r.follows.sets(id), `sets ${id}`)
      await expectSame(engines, (r) => r.follows.followees(id), `followees ${id}`)
      const n = 'ok' in sets ? ((sets.ok as { following: number[] }).following.length ?? 0) : 0
      const m = 'ok' in sets ? ((sets.ok as { followers: number[] }).followers.length ?? 0) : 0
      for (const restrict of [0, 1] as const)
        for (const offset of offsetsOf(n, 30))
          await expectSame(
            engines,
            (r) => r.follows.following(id, restrict, offset, 30),
            `${label} following ${id} ${restrict} @${offset}`,
          )
      for (const offset of offsetsOf(m, 30))
        await expectSame(engines, (r) => r.follows.followers(id, offset, 30), `${label} followers ${id} @${offset}`)
      for (const c of CALLERS)
        for (const offset of [0, 5, n])
          await expectSame(
            engines,
            (r) => r.follows.mypixiv(id, c.id, offset, 30),
            `${label} mypixiv ${id} by ${c.id} @${offset}`,
          )
    }
    for (const me of [0, 1, 7, 229, 999_999])
      for (const among of [USERS, [], [1], [999_999]])
        await expectSame(engines, (r) => r.follows.followedAmong(me, among), `${label} followedAmong ${me}`)
  }

  test('every list, walked to its end, by every sampled caller', async () => {
    await lists('demo')
  })

  test('follow, follow again, change restrict, unfollow (also one never followed): the same lists and counters after', async () => {
    const writes: [string, (r: import('../../repositories.ts').Repositories) => Promise<void>][] = [
      ['follow 1→5', (r) => r.follows.follow(1, 5, 0)],
      ['follow 1→5 again', (r) => r.follows.follow(1, 5, 0)],
      ['follow 1→5 privately', (r) => r.follows.follow(1, 5, 1)],
      ['follow 1→6', (r) => r.follows.follow(1, 6, 0)],
      ['unfollow 1→999999 (never followed)', (r) => r.follows.unfollow(1, 999_999)],
      ['unfollow 1→3', (r) => r.follows.unfollow(1, 3)],
      ['unfollow 1→3 again', (r) => r.follows.unfollow(1, 3)],
      ['follow 300→1 privately', (r) => r.follows.follow(300, 1, 1)],
      ['follow 1→300', (r) => r.follows.follow(1, 300, 0)],
      ['follow 3→1 again after 1 unfollowed 3', (r) => r.follows.follow(3, 1, 0)],
    ]
    for (const [label, write] of writes) await expectSame(engines, write, label)
    await lists('after writes')
    for (const id of [1, 3, 5, 6, 300])
      for (const c of CALLERS) await expectSame(engines, (r) => r.users.counts(id, c), `counts ${id} by ${c.id}`)
  })

  test('PostgreSQL: concurrent follows each get their own place in the lists; one pair followed at once is one follow', async () => {
    const me = 250
    const others = Array.from({ length: 20 }, (_, i) => 100 + i)
    await Promise.all(others.map((id) => engines.pg.follows.follow(me, id, 0)))
    await Promise.all(others.map(() => engines.pg.follows.follow(me, 120, 0)))
    const { rows } = await engines.pool.query<{ followee_id: number; seq: number }>(
      'SELECT followee_id, seq FROM follows WHERE follower_id = $1 AND followee_id = ANY($2::bigint[])',
      [me, [...others, 120]],
    )
    expect(rows.filter((r) => r.followee_id === 120)).toHaveLength(1)
    const all = await engines.pool.query<{ n: number; d: number }>(
      'SELECT COUNT(*) AS n, COUNT(DISTINCT seq) AS d FROM follows',
    )
    expect(all.rows[0]!.d).toBe(all.rows[0]!.n)
  })
})

describe('mutes', () => {
  const LIMIT = 10

  test('each user reads the same mutes, in the order they were added', async () => {
    for (const id of [0, ...USERS, 173, 292]) await expectSame(engines, (r) => r.mutes.of(id), `of ${id}`)
  })

  test('edits: add, add again, delete, delete what is not muted, and past the limit (rejected, nothing written)', async () => {
    const me = 169
    const edits = [
      { addTags: ['猫', 'R-18'], deleteTags: [], addUsers: [5, 6], deleteUsers: [] },
      { addTags: ['猫', '猫'], deleteTags: [], addUsers: [5], deleteUsers: [] },
      { addTags: [], deleteTags: ['猫', 'never muted'], addUsers: [], deleteUsers: [6, 999_999] },
      { addTags: ['a', 'b', 'c', 'd', 'e', 'f', 'g'], deleteTags: [], addUsers: [], deleteUsers: [] },
      { addTags: ['猫'], deleteTags: ['R-18'], addUsers: [7], deleteUsers: [] },
      { addTags: ['h'], deleteTags: [], addUsers: [], deleteUsers: [] },
    ]
    for (const [i, edit] of edits.entries()) {
      const answer = await expectSame(engines, (r) => r.mutes.edit(me, edit, LIMIT), `edit ${i}`)
      await expectSame(engines, (r) => r.mutes.of(me), `of after edit ${i}`)
      if (i === 3) expect(answer).toEqual({ error: expect.stringMatching(/^MuteLimitExceeded/) })
    }
    await expect(engines.pg.mutes.edit(me, edits[3]!, LIMIT)).rejects.toBeInstanceOf(MuteLimitExceeded)
  })

  test('PostgreSQL: concurrent edits of one user never pass the limit together', async () => {
    // a pool of its own, wide enough that every edit has a connection and they truly run at once
    const pool = openPgPool(engines.pool.options.connectionString!, { max: 12 })
    try {
      const mutes = pgMutes(pool)
      for (const me of [2, 4, 8, 9, 10]) {
        expect((await mutes.of(me)).tags).toEqual([])
        const results = await Promise.allSettled(
          Array.from({ length: 12 }, (_, i) =>
            mutes.edit(me, { addTags: [`x${i}a`, `x${i}b`], deleteTags: [], addUsers: [], deleteUsers: [] }, LIMIT),
          ),
        )
        const after = await mutes.of(me)
        expect(after.tags, `user ${me}`).toHaveLength(LIMIT)
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(LIMIT / 2)
        for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(MuteLimitExceeded)
        // each accepted edit's two tags are there, in one piece, one after the other
        for (let i = 0; i < 12; i++) {
          const a = after.tags.indexOf(`x${i}a`)
          expect(a === -1 ? -1 : after.tags.indexOf(`x${i}b`)).toBe(a === -1 ? -1 : a + 1)
        }
      }
    } finally {
      await pool.end()
    }
  })
})
