import { describe, expect, test } from 'vitest'
import { useBothEngines } from '../../../testing/repository-parity.ts'
import { expectSame, offsetsOf } from '../../../testing/parity-compare.ts'
import type { CommentRow } from '../../comments.ts'
import type { Repositories } from '../../repositories.ts'
import type { Kind } from '../../store.ts'
import { openPgPool } from '../pool.ts'
import { pgComments } from './comments.ts'
import { pgTokens } from './tokens.ts'

// Comments and refresh tokens on PostgreSQL answer as on SQLite (the demo catalogue and its db:copy): comment pages
// and threads walked to their ends with and without muted authors, the same writes leaving the same pages and
// total_comments, the same session answers; and on PostgreSQL, concurrent writes count once and a token is renewed or
// revoked atomically.

const engines = useBothEngines()
const items = (kind: Kind) => (kind === 'illust' ? 'works' : 'novels')
const lite = <T>(sql: string, ...params: unknown[]) => engines.store.db.prepare(sql).all(...params) as T[]

/** the busiest items of each kind, one with a single comment, one without any, and a missing one */
function sampleItems(): [Kind, number][] {
  const out: [Kind, number][] = []
  for (const kind of ['illust', 'novel'] as Kind[]) {
    const busiest = lite<{ item_id: number }>(
      'SELECT item_id FROM comments WHERE kind = ? GROUP BY item_id ORDER BY COUNT(*) DESC, item_id LIMIT 2',
      kind,
    )
    const one = lite<{ item_id: number }>(
      'SELECT item_id FROM comments WHERE kind = ? GROUP BY item_id HAVING COUNT(*) = 1 ORDER BY item_id LIMIT 1',
      kind,
    )
    const none = lite<{ id: number }>(`SELECT id FROM ${items(kind)} WHERE total_comments = 0 ORDER BY id LIMIT 1`)
    out.push(
      ...[...busiest, ...one].map((r) => [kind, r.item_id] as [Kind, number]),
      [kind, none[0]!.id],
      [kind, 999_999],
    )
  }
  return out
}

async function commentCounters(kind: Kind, id: number) {
  const l = lite(`SELECT total_comments FROM ${items(kind)} WHERE id = ?`, id)
  const p = (await engines.pool.query(`SELECT total_comments FROM ${items(kind)} WHERE id = $1`, [id])).rows
  expect(p, `total_comments ${kind} ${id}`).toEqual(l)
}

async function pagesOf(kind: Kind, itemId: number, label: string) {
  const n = lite<{ n: number }>('SELECT COUNT(*) AS n FROM comments WHERE kind = ? AND item_id = ?', kind, itemId)[0]!.n
  const authors = lite<{ user_id: number }>(
    'SELECT user_id FROM comments WHERE kind = ? AND item_id = ? GROUP BY user_id ORDER BY COUNT(*) DESC LIMIT 3',
    kind,
    itemId,
  ).map((r) => r.user_id)
  for (const mutedUsers of [[], authors.slice(0, 1), authors])
    for (const rootsOnly of [true, false])
      for (const offset of offsetsOf(n, 30)) {
        const page = await expectSame(
          engines,
          (r) => r.comments.page(kind, itemId, { rootsOnly, mutedUsers, offset, limit: 30 }),
          `${label} page ${kind} ${itemId} roots ${rootsOnly} muted ${mutedUsers.length} @${offset}`,
        )
        const rows = ('ok' in page ? page.ok : []) as unknown as CommentRow[]
        for (const root of rows.filter((c) => c.has_replies).slice(0, 3))
          for (const offset of [0, 2, 30])
            await expectSame(
              engines,
              (r) => r.comments.replies(root.id, { mutedUsers, offset, limit: 5 }),
              `${label} replies ${root.id} @${offset}`,
            )
      }
  await commentCounters(kind, itemId)
}

describe('comments', () => {
  test('pages and threads, walked to their ends, with and without muted authors', async () => {
    for (const [kind, id] of sampleItems()) await pagesOf(kind, id, 'demo')
  })

  test('comments by id and ids', async () => {
    const max = lite<{ m: number }>('SELECT MAX(id) AS m FROM comments')[0]!.m
    const ids = [1, 2, Math.floor(max / 2), max, max + 1, 999_999_999]
    const replies = lite<{ id: number; parent_id: number }>(
      'SELECT id, parent_id FROM comments WHERE parent_id IS NOT NULL ORDER BY id LIMIT 3',
    )
    for (const id of [...ids, ...replies.flatMap((r) => [r.id, r.parent_id])])
      await expectSame(engines, (r) => r.comments.get(id), `get ${id}`)
    await expectSame(engines, (r) => r.comments.byIds(ids), 'byIds')
    await expectSame(engines, (r) => r.comments.byIds([]), 'byIds []')
  })

  test('add a comment, a reply, delete a reply, delete a thread with its replies, delete what is gone: same pages and counters', async () => {
    const [[kind, itemId]] = sampleItems() as [[Kind, number]]
    const novel = lite<{ id: number }>('SELECT id FROM novels WHERE total_comments = 0 ORDER BY id LIMIT 1')[0]!.id
    const root = lite<{ id: number }>(
      `SELECT c.id FROM comments c WHERE c.kind = ? AND c.item_id = ? AND c.parent_id IS NULL
       AND EXISTS (SELECT 1 FROM comments r WHERE r.parent_id = c.id) ORDER BY c.id LIMIT 1`,
      kind,
      itemId,
    )[0]!.id
    let mine = 0
    let reply = 0
    const writes: [string, (r: Repositories) => Promise<unknown>][] = [
      ['add', (r) => r.comments.add(kind, itemId, 17, null, 'first!', 1_800_000_000)],
      ['add to a novel', (r) => r.comments.add('novel', novel, 17, null, '小説へ', 1_800_000_001)],
      ['reply', (r) => r.comments.add(kind, itemId, 1, root, 'a reply', 1_800_000_002)],
      ['delete the reply', (r) => r.comments.delete(reply)],
      ['delete the reply again', (r) => r.comments.delete(reply)],
      ['delete a thread with replies', (r) => r.comments.delete(root)],
      ['delete a missing comment', (r) => r.comments.delete(999_999_999)],
      ['reply to my comment', (r) => r.comments.add(kind, itemId, 2, mine, 're', 1_800_000_003)],
    ]
    for (const [label, write] of writes) {
      const answer = await expectSame(engines, write, label)
      if (label === 'add') mine = (answer as unknown as { ok: CommentRow }).ok.id
      if (label === 'reply') reply = (answer as unknown as { ok: CommentRow }).ok.id
      await commentCounters(kind, itemId)
    }
    expect(mine).toBeGreaterThan(0)
    await pagesOf(kind, itemId, 'after writes')
    await pagesOf('novel', novel, 'after writes')
    await expectSame(engines, (r) => r.comments.get(root), 'the deleted thread')
  })

  test('PostgreSQL: 20 comments at once count 20; 20 deletions of one thread at once count it off once', async () => {
    const pool = openPgPool(engines.pool.options.connectionString!, { max: 20 })
    try {
      const comments = pgComments(pool)
      const work = 77
      const count = async () =>
        (await engines.pool.query<{ n: number }>('SELECT total_comments AS n FROM works WHERE id = $1', [work]))
          .rows[0]!.n
      const start = await count()
      const root = await comments.add('illust', work, 3, null, 'root', 1_800_000_000)
      await Promise.all(
        Array.from({ length: 20 }, (_, i) => comments.add('illust', work, 4 + i, root.id, `r${i}`, 1_800_000_001 + i)),
      )
      expect(await count()).toBe(start + 21)
      expect((await comments.get(root.id))?.has_replies).toBe(1)
      await Promise.all(Array.from({ length: 20 }, () => comments.delete(root.id)))
      expect(await count()).toBe(start)
      const left = await engines.pool.query('SELECT id FROM comments WHERE id = $1 OR parent_id = $1', [root.id])
      expect(left.rows).toEqual([])
    } finally {
      await pool.end()
    }
  })
})

describe('refresh tokens', () => {
  const NOW = 1_800_000_000
  const DAY = 86_400

  test('save, renew, sessions, expiry, revoke one and all: the same answers', async () => {
    const steps: [string, (r: Repositories) => Promise<unknown>][] = [
      ['save a', (r) => r.tokens.save('hash-a', 1, NOW + DAY, NOW, 'client a')],
      ['save b', (r) => r.tokens.save('hash-b', 1, NOW + DAY, NOW, 'client b')],
      ['save c (expires soon)', (r) => r.tokens.save('hash-c', 2, NOW + 10, NOW, 'client c')],
      ['save d', (r) => r.tokens.save('hash-d', 2, NOW + DAY, NOW, 'client d')],
      ['use a', (r) => r.tokens.use('hash-a', NOW, NOW + 2 * DAY)],
      ['use a again', (r) => r.tokens.use('hash-a', NOW + 1, NOW + 2 * DAY + 1)],
      ['use an unknown token', (r) => r.tokens.use('hash-x', NOW, NOW + DAY)],
      ['session 1', (r) => r.tokens.session(1)],
      ['session 3', (r) => r.tokens.session(3)],
      ['session 99', (r) => r.tokens.session(99)],
      ['use c after it lapsed', (r) => r.tokens.use('hash-c', NOW + 20, NOW + DAY)],
      ['session 3 after its token lapsed', (r) => r.tokens.session(3)],
      ['use b exactly at its expiry', (r) => r.tokens.use('hash-b', NOW + DAY, NOW + 2 * DAY)],
      ['revoke b', (r) => r.tokens.revoke('hash-b')],
      ['revoke b again', (r) => r.tokens.revoke('hash-b')],
      ['use b after revocation', (r) => r.tokens.use('hash-b', NOW, NOW + DAY)],
      ['save e', (r) => r.tokens.save('hash-e', 1, NOW + DAY, NOW, 'client e')],
      ['revoke all of 1', (r) => r.tokens.revokeAllOf(1)],
      ['revoke all of 1 again', (r) => r.tokens.revokeAllOf(1)],
      ['session 1 after', (r) => r.tokens.session(1)],
      ['session 4 (another user)', (r) => r.tokens.session(4)],
      ['save a again (a new session)', (r) => r.tokens.save('hash-a', 1, NOW + DAY, NOW, 'client a')],
      ['sessions of 2', (r) => r.tokens.sessionsOf(2, NOW)],
      ['sessions of 1', (r) => r.tokens.sessionsOf(1, NOW)],
      ['save g (used later)', (r) => r.tokens.save('hash-g', 1, NOW + DAY, NOW + 5, 'client g')],
      ['use a later', (r) => r.tokens.use('hash-a', NOW + 9, NOW + DAY)],
      ['sessions of 1, the last used first', (r) => r.tokens.sessionsOf(1, NOW)],
      ['sessions of 1 once a lapsed', (r) => r.tokens.sessionsOf(1, NOW + DAY + 1)],
      ["revoke session 4 as user 1 (it is 2's)", (r) => r.tokens.revokeSession(1, 4)],
      ['session 4 after', (r) => r.tokens.session(4)],
      ['revoke session 4 as user 2', (r) => r.tokens.revokeSession(2, 4)],
      ['revoke session 4 again', (r) => r.tokens.revokeSession(2, 4)],
      ["set 1's password", (r) => r.tokens.setPassword(1, 'scrypt$new')],
      ['sessions of 1 after', (r) => r.tokens.sessionsOf(1, NOW)],
      ["set 1's password again (no session left)", (r) => r.tokens.setPassword(1, 'scrypt$newer')],
      ["1's password hash", (r) => r.users.byId(1).then((u) => u?.password_hash)],
      ['save h', (r) => r.tokens.save('hash-h', 2, NOW + DAY, NOW, 'client h')],
    ]
    for (const [label, step] of steps) await expectSame(engines, step, label)
    // a hash already kept (never, for random tokens) is refused by either engine's unique constraint, in its words
    await expect(engines.sqlite.tokens.save('hash-h', 2, NOW + DAY, NOW, 'client h')).rejects.toThrow(/UNIQUE/)
    await expect(engines.pg.tokens.save('hash-h', 2, NOW + DAY, NOW, 'client h')).rejects.toThrow(/unique/)
    // (a failed insert takes an id from PostgreSQL's sequence, so session ids part here: no answer depends on them
    // being dense, only on their being new)
    for (const r of [engines.sqlite, engines.pg]) {
      const id = await r.tokens.save('hash-f', 2, NOW + DAY, NOW, 'client f')
      expect(await r.tokens.session(id)).toEqual({ userId: 2, expiresTs: NOW + DAY })
    }
  })

  test('PostgreSQL: one token renewed 20 times at once renews every time; revoked 20 times at once, it is revoked once', async () => {
    const pool = openPgPool(engines.pool.options.connectionString!, { max: 20 })
    try {
      const tokens = pgTokens(pool)
      const id = await tokens.save('hash-race', 9, NOW + DAY, NOW, 'client race')
      const uses = await Promise.all(Array.from({ length: 20 }, (_, i) => tokens.use('hash-race', NOW, NOW + DAY + i)))
      expect(uses).toEqual(Array.from({ length: 20 }, () => ({ userId: 9, sessionId: id })))
      const revokes = await Promise.all(Array.from({ length: 20 }, () => tokens.revoke('hash-race')))
      expect(revokes.filter(Boolean)).toEqual([{ userId: 9, sessionId: id }])

      // renewals racing a revocation: the renewals that come after it fail, and none brings the session back
      const id2 = await tokens.save('hash-race-2', 9, NOW + DAY, NOW, 'race')
      const raced = await Promise.all([
        ...Array.from({ length: 10 }, () => tokens.use('hash-race-2', NOW, NOW + 2 * DAY)),
        tokens.revoke('hash-race-2'),
        ...Array.from({ length: 10 }, () => tokens.use('hash-race-2', NOW, NOW + 2 * DAY)),
      ])
      expect(raced[10]).toEqual({ userId: 9, sessionId: id2 })
      expect(await tokens.session(id2)).toBeUndefined()
      expect(await tokens.use('hash-race-2', NOW, NOW + DAY)).toBeUndefined()
    } finally {
      await pool.end()
    }
  })
})
