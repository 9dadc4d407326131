import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, inject, it, vi } from 'vitest'
import { catalogueFile } from '../catalogue.ts'
import { fixtures } from '../data/fixtures.ts'
import { CatalogueStore } from '../data/store.ts'
import { openPgPool } from '../data/postgres/pool.ts'
import { report, scale } from '../testing/reliability.ts'
import { freePort, startServiceProcess, type ServiceProcess } from '../testing/service-process.ts'
import { newTestDatabase, testEngine } from '../testing/test-engine.ts'

// Crash durability: concurrent writers add, re-add (other restrict, other tags) and remove bookmarks against the
// real service process, which is killed with SIGKILL at a random moment, several times over. After each restart the
// bookmark tables are compared, row by row, with the state derived from the acknowledged operations: every
// acknowledged write is there; the one operation each writer had in flight at the kill may have happened or not;
// nothing else changed, and each item's total_bookmarks moved with its rows. On either engine (testing/test-engine.ts):
// on PostgreSQL the service serves a database of its own made from the test catalogue, and the tables are read there.

const KILLS = scale(2, 6)
const USERS = 4
const WRITERS_PER_USER = 2
const WORKS_PER_WRITER = 8
const NOVELS_PER_WRITER = 4

type Kind = 'illust' | 'novel'
type Row = { restrict: number; tags: string } | null
/** user:kind:item */
type Key = `${number}:${Kind}:${number}`

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'easel-crash-'))
copyFileSync(inject('catalogueFile'), catalogueFile(dataDir))
// PostgreSQL: the service's database (a copy of the same catalogue), a pool to read it, and the settings every
// instance over one database shares.
const databaseUrl = testEngine() === 'postgres' ? newTestDatabase() : undefined
const reader = databaseUrl ? openPgPool(databaseUrl, { max: 2 }) : undefined
const serviceEnv = databaseUrl ? { DATABASE_URL: databaseUrl, TOKEN_SECRET: 'ab'.repeat(32) } : undefined
const startService = (port: number) => startServiceProcess({ dataDir, port, env: serviceEnv })
let service: ServiceProcess | undefined
afterAll(async () => {
  await service?.kill()
  await reader?.end()
  rmSync(dataDir, { recursive: true, force: true })
})

type BookmarkRow = { id: number; user_id: number; item_id: number; restrict: number; tags: string }

async function readTables() {
  if (reader) {
    const table = async (kind: Kind) =>
      (
        await reader.query<BookmarkRow>(
          `SELECT b.id, b.user_id, b.item_id, b.restrict,
             COALESCE((SELECT string_agg(name, ',' ORDER BY name) FROM ${kind}_bookmark_tags t
               WHERE t.bookmark_id = b.id), '') AS tags
           FROM ${kind}_bookmarks b ORDER BY b.id`,
        )
      ).rows
    const totals = async (kind: Kind, ids: number[]) =>
      new Map(
        (
          await reader.query<{ id: number; n: number }>(
            `SELECT id, total_bookmarks AS n FROM ${kind === 'illust' ? 'works' : 'novels'} WHERE id = ANY($1)`,
            [ids],
          )
        ).rows.map((r) => [r.id, r.n]),
      )
    return {
      illust: await table('illust'),
      novel: await table('novel'),
      counters: { illust: await totals('illust', pool.illust), novel: await totals('novel', pool.novel) },
    }
  }
  const store = new CatalogueStore(catalogueFile(dataDir), { readonly: true })
  try {
    return {
      illust: fixtures.bookmarkTable(store, 'illust'),
      novel: fixtures.bookmarkTable(store, 'novel'),
      counters: {
        illust: fixtures.totalBookmarks(store, 'illust', pool.illust),
        novel: fixtures.totalBookmarks(store, 'novel', pool.novel),
      },
    }
  } finally {
    store.close()
  }
}

const pool = { illust: [] as number[], novel: [] as number[] }
const writers: { user: number; token: string; works: number[]; novels: number[] }[] = []

describe('crash durability', () => {
  it(`keeps every acknowledged bookmark write across ${KILLS} kill -9s, and changes nothing else (${testEngine()})`, async () => {
    // ---- the writers and their items: disjoint, so each key has one writer and a known order of operations ----
    // (chosen from the SQLite file: the PostgreSQL database is a copy of the same catalogue)
    const store = new CatalogueStore(catalogueFile(dataDir), { readonly: true })
    const users = [1, ...[2, 3, 4, 5, 6, 7, 8, 9, 10].filter((u) => store.user(u)?.password_hash)].slice(0, USERS)
    const works = fixtures.worksWhere(store, 'w.restrict = 0 AND w.x_restrict = 0 AND w.total_bookmarks > 50')
    const novels = fixtures.novelsWhere(store, 'w.restrict = 0 AND w.x_restrict = 0 AND w.total_bookmarks > 50')
    const accounts = users.map((u) => fixtures.userAccount(store, u))
    store.close()
    const W = users.length * WRITERS_PER_USER
    expect(works.length).toBeGreaterThan(W * WORKS_PER_WRITER)
    expect(novels.length).toBeGreaterThan(W * NOVELS_PER_WRITER)

    const port = await freePort()
    service = await startService(port)
    const tokens = await Promise.all(
      accounts.map(async (username) => {
        const res = await fetch(`${service!.url}/auth/token`, {
          method: 'POST',
          body: new URLSearchParams({ grant_type: 'password', username, password: 'demo' }),
        })
        return ((await res.json()) as { access_token: string }).access_token
      }),
    )
    for (let i = 0; i < W; i++) {
      const w = {
        user: users[i % users.length]!,
        token: tokens[i % users.length]!,
        works: works.slice(i * WORKS_PER_WRITER, (i + 1) * WORKS_PER_WRITER).map((x) => x.id),
        novels: novels.slice(i * NOVELS_PER_WRITER, (i + 1) * NOVELS_PER_WRITER).map((x) => x.id),
      }
      writers.push(w)
      pool.illust.push(...w.works)
      pool.novel.push(...w.novels)
    }

    // ---- the expected state, from the tables as they are before any write ----
    const initial = await readTables()
    const key = (user: number, kind: Kind, item: number): Key => `${user}:${kind}:${item}`
    const expected = new Map<Key, Row>()
    for (const w of writers) {
      for (const item of w.works) expected.set(key(w.user, 'illust', item), null)
      for (const item of w.novels) expected.set(key(w.user, 'novel', item), null)
    }
    for (const kind of ['illust', 'novel'] as const)
      for (const r of initial[kind]) {
        const k = key(r.user_id, kind, r.item_id)
        if (expected.has(k)) expected.set(k, { restrict: r.restrict, tags: r.tags })
      }
    const untouched = (kind: Kind, rows: typeof initial.illust) =>
      rows.filter((r) => !expected.has(key(r.user_id, kind, r.item_id)))
    const rowsOf = (rows: typeof initial.illust, item: number) => rows.filter((r) => r.item_id === item).length

    let acknowledged = 0
    let inFlightAtKills = 0
    let inFlightApplied = 0

    for (let round = 1; round <= KILLS; round++) {
      // ---- concurrent writers until the kill ----
      let alive = true
      const uncertain = new Map<Key, [Row, Row]>()
      const loops = writers.map(async (w, i) => {
        let n = 0
        while (alive) {
          const kind: Kind = Math.random() < 0.7 ? 'illust' : 'novel'
          const items = kind === 'illust' ? w.works : w.novels
          const item = items[Math.floor(Math.random() * items.length)]!
          const k = key(w.user, kind, item)
          const roll = Math.random()
          const next: Row =
            roll < 0.35 ? null : { restrict: roll < 0.7 ? 0 : 1, tags: roll < 0.85 ? `r${round}w${i}n${n++}` : '' }
          const fields: Record<string, string> = { [kind === 'illust' ? 'illust_id' : 'novel_id']: String(item) }
          if (next) {
            fields.restrict = next.restrict ? 'private' : 'public'
            if (next.tags) fields['tags[]'] = next.tags
          }
          const op = next ? `/v2/${kind}/bookmark/add` : `/v1/${kind}/bookmark/delete`
          let status: number
          try {
            const res = await fetch(`${service!.url}${op}`, {
              method: 'POST',
              headers: { authorization: `Bearer ${w.token}`, 'content-type': 'application/x-www-form-urlencoded' },
              body: new URLSearchParams(fields).toString(),
            })
            await res.arrayBuffer()
            status = res.status
          } catch (e) {
            if (alive) throw e
            // Sent, and cut off by the kill: it may or may not have happened.
            uncertain.set(k, [expected.get(k)!, next])
            return
          }
          expect(status, `${op} ${JSON.stringify(fields)}`).toBe(200)
          expected.set(k, next)
          acknowledged++
        }
      })
      // A random moment once the writers are well under way: every writer has had about one write acknowledged
      // (however slow the machine), then up to another second.
      const before = acknowledged
      const underWay = await vi
        .waitFor(() => expect(acknowledged).toBeGreaterThanOrEqual(before + W), { timeout: 60_000, interval: 10 })
        .then(
          () => true,
          () => false,
        )
      if (underWay) await new Promise((r) => setTimeout(r, Math.random() * 1000))
      alive = false
      await service!.kill()
      const ended = await Promise.allSettled(loops)
      for (const e of ended) if (e.status === 'rejected') throw e.reason
      expect(underWay, `the writers got ${acknowledged - before} writes acknowledged in 60 s`).toBe(true)
      inFlightAtKills += uncertain.size

      // ---- restart, and compare the tables with the expected state ----
      service = await startService(port)
      const now = await readTables()
      for (const kind of ['illust', 'novel'] as const) {
        expect(untouched(kind, now[kind]), `round ${round}: ${kind} bookmarks outside the writers' keys`).toEqual(
          untouched(kind, initial[kind]),
        )
        const actual = new Map<Key, Row>()
        for (const r of now[kind]) {
          const k = key(r.user_id, kind, r.item_id)
          if (expected.has(k)) actual.set(k, { restrict: r.restrict, tags: r.tags })
        }
        for (const [k, want] of expected) {
          if (!k.includes(`:${kind}:`)) continue
          const got = actual.get(k) ?? null
          const maybe = uncertain.get(k)
          if (maybe) {
            expect([maybe[0], maybe[1]], `round ${round}: in-flight ${k}`).toContainEqual(got)
            if (JSON.stringify(got) === JSON.stringify(maybe[1]) && JSON.stringify(maybe[0]) !== JSON.stringify(got))
              inFlightApplied++
            expected.set(k, got)
          } else expect(got, `round ${round}: acknowledged state of ${k}`).toEqual(want)
        }
        // Each item's counter moved exactly with its rows (the row and the counter are one transaction).
        for (const item of pool[kind])
          expect(now.counters[kind].get(item)! - initial.counters[kind].get(item)!, `${kind} ${item} counter`).toBe(
            rowsOf(now[kind], item) - rowsOf(initial[kind], item),
          )
      }
    }
    await service.stop()
    service = undefined
    report(
      `kill -9 rounds (${testEngine()})`,
      KILLS,
      `${acknowledged} acknowledged writes kept; ${inFlightAtKills} in flight at the kills, ${inFlightApplied} of them applied`,
    )
  }, 180_000)
})
