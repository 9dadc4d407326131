import Database from 'better-sqlite3'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest'
import { generateCatalogue, HOSTILE_NOVEL_ID, HOSTILE_WORK_IDS } from './generate.ts'
import { HOSTILE_COMMENTS } from './comments.ts'
import { XSS_MARKER } from './hostile-corpus.ts'

// The demo catalogue's comments, read from the default catalogue the test run generates (global-setup.ts).

type Db = Database.Database
let db: Db
const one = <T>(sql: string, ...p: unknown[]) => db.prepare(sql).get(...p) as T
const count = (sql: string, ...p: unknown[]) => one<{ n: number }>(sql, ...p).n

beforeAll(() => {
  db = new Database(inject('catalogueFile'), { readonly: true })
})
afterAll(() => db.close())

/** The item each comment is on, as (alias i) works or novels. */
const onItems = (kind: 'illust' | 'novel') =>
  `comments c JOIN ${kind === 'illust' ? 'works' : 'novels'} i ON i.id = c.item_id AND c.kind = '${kind}'`

describe('generated comments', () => {
  it('are exactly as many as each item’s total_comments', () => {
    for (const [kind, table] of [
      ['illust', 'works'],
      ['novel', 'novels'],
    ])
      expect(
        count(
          `SELECT COUNT(*) AS n FROM ${table} w
           WHERE w.total_comments != (SELECT COUNT(*) FROM comments c WHERE c.kind = ? AND c.item_id = w.id)`,
          kind,
        ),
      ).toBe(0)
    expect(count('SELECT COUNT(*) AS n FROM comments')).toBeGreaterThan(10_000)
  })

  it('are on a good share of works and novels', () => {
    const share = (table: string) => one<{ s: number }>(`SELECT AVG(total_comments > 0) AS s FROM ${table}`).s
    expect(share('works')).toBeGreaterThan(0.3)
    expect(share('novels')).toBeGreaterThan(0.3)
  })

  it('are dated after their item and no later than the catalogue’s today', () => {
    const now = Number(one<{ value: string }>("SELECT value FROM meta WHERE key = 'now'").value)
    for (const kind of ['illust', 'novel'] as const)
      expect(
        count(`SELECT COUNT(*) AS n FROM ${onItems(kind)} WHERE c.created_ts <= i.created_ts OR c.created_ts > ?`, now),
      ).toBe(0)
  })

  it('form two-level threads: a reply answers an earlier first comment on the same item', () => {
    expect(count('SELECT COUNT(*) AS n FROM comments WHERE parent_id IS NOT NULL')).toBeGreaterThan(1000)
    expect(
      count(
        `SELECT COUNT(*) AS n FROM comments c LEFT JOIN comments p ON p.id = c.parent_id
         WHERE c.parent_id IS NOT NULL AND (p.id IS NULL OR p.parent_id IS NOT NULL OR p.kind != c.kind
           OR p.item_id != c.item_id OR p.created_ts > c.created_ts)`,
      ),
    ).toBe(0)
  })

  it('are written by users who may see the item and whom its comment setting lets in', () => {
    for (const kind of ['illust', 'novel'] as const) {
      const follows = (a: string, b: string) =>
        `EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = ${a} AND f.followee_id = ${b})`
      const bad = count(
        `SELECT COUNT(*) AS n FROM ${onItems(kind)} JOIN users u ON u.id = c.user_id
         WHERE c.user_id != i.user_id AND (u.x_restrict < i.x_restrict OR i.restrict = 2
           OR (i.restrict = 1 AND NOT (${follows('c.user_id', 'i.user_id')} AND ${follows('i.user_id', 'c.user_id')}))
           ${kind === 'illust' ? `OR (i.comment_access_control = 1 AND NOT ${follows('i.user_id', 'c.user_id')})` : ''})`,
      )
      expect(bad, kind).toBe(0)
    }
    expect(
      count('SELECT COUNT(*) AS n FROM works WHERE comment_access_control = 1 AND total_comments > 0'),
    ).toBeGreaterThan(0)
    expect(count('SELECT COUNT(DISTINCT user_id) AS n FROM comments')).toBeGreaterThan(100)
  })

  it('include the demo user’s own, Japanese and English text, and hostile text', () => {
    expect(count('SELECT COUNT(*) AS n FROM comments WHERE user_id = 1')).toBeGreaterThanOrEqual(5)
    const bodies = (db.prepare('SELECT body FROM comments').all() as { body: string }[]).map((r) => r.body)
    expect(bodies.filter((b) => /[\u3040-\u30ff]/.test(b)).length).toBeGreaterThan(1000)
    expect(bodies.filter((b) => /^[A-Z][a-z]+ /.test(b)).length).toBeGreaterThan(500)
    const hostile = new Set(HOSTILE_COMMENTS)
    const fixedItems = (kind: string, ids: readonly number[]) =>
      (
        db
          .prepare(`SELECT body FROM comments WHERE kind = ? AND item_id IN (SELECT value FROM json_each(?))`)
          .all(kind, JSON.stringify(ids)) as { body: string }[]
      ).map((r) => r.body)
    const onFixed = [...fixedItems('illust', HOSTILE_WORK_IDS), ...fixedItems('novel', [HOSTILE_NOVEL_ID])]
    expect(onFixed.length).toBeGreaterThanOrEqual(36)
    for (const b of onFixed) expect(hostile.has(b)).toBe(true)
    // elsewhere too, and every kind of payload somewhere
    expect(bodies.filter((b) => hostile.has(b)).length).toBeGreaterThan(onFixed.length + 100)
    for (const h of HOSTILE_COMMENTS) expect(bodies).toContain(h)
    for (const needle of ['<script>', 'onerror=', 'javascript:', '\u202E'])
      expect(bodies.some((b) => b.includes(needle))).toBe(true)
    expect(bodies.some((b) => /\S{100,}/.test(b))).toBe(true)
  })

  it('carry the XSS corpus in the opt-in hostile catalogue', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'easel-comments-'))
    try {
      const file = path.join(dir, 'corpus.db')
      generateCatalogue(file, {
        seed: 7,
        works: 200,
        novels: 40,
        users: 30,
        demoPassword: 'x',
        now: 1793458800,
        hostileCorpus: true,
      })
      const corpus = new Database(file, { readonly: true })
      const rows = corpus.prepare('SELECT body FROM comments').all() as { body: string }[]
      corpus.close()
      expect(rows.length).toBeGreaterThan(0)
      for (const r of rows) expect(r.body).toContain(XSS_MARKER)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
