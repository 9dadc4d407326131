import pg from 'pg'
import { afterEach, describe, expect, it } from 'vitest'
import { usePostgres } from '../../testing/postgres.ts'
import type { CacheChange } from '../../services/cache-bus.ts'
import { PgCacheBus } from './cache-bus.ts'

// Two instances' buses over one database: what one publishes is applied by the other before publish resolves; a bus whose session the server ends
// listens again by itself and tells its caches to forget everything (what was sent meanwhile is lost to it).

const db = usePostgres()
const open: PgCacheBus[] = []

afterEach(async () => {
  await Promise.all(open.splice(0).map((b) => b.close()))
})

async function bus(name: string) {
  const b = new PgCacheBus(db.url, { name })
  open.push(b)
  const seen: CacheChange[] = []
  b.subscribe((c) => seen.push(c))
  await b.ready()
  return { bus: b, seen }
}

async function until(what: () => boolean, ms = 5000) {
  const start = Date.now()
  while (!what()) {
    if (Date.now() - start > ms) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 10))
  }
}

async function sql(query: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: db.url })
  await client.connect()
  try {
    return (await client.query(query, params)).rows
  } finally {
    await client.end()
  }
}

describe('the PostgreSQL cache bus', () => {
  it("carries one instance's change to the other, and applies it to its own caches once", async () => {
    const a = await bus('a')
    const b = await bus('b')
    const change: CacheChange = { callers: [7, 9], items: [{ kind: 'illust', id: 42 }] }
    const published = a.bus.publish(change)
    expect(a.seen).toEqual([change]) // at once, before publish resolves
    expect(b.seen).toEqual([])
    await published
    expect(b.seen).toEqual([change]) // publish resolved once B had applied it
    await b.bus.publish({ sessions: [3] })
    expect(a.seen).toEqual([change, { sessions: [3] }])
    await new Promise((r) => setTimeout(r, 100))
    expect(a.seen).toHaveLength(2) // its own notification came back and was not applied again
    expect(b.seen).toHaveLength(2)
  })

  it('sends a change too large for a notification as "forget everything"', async () => {
    const a = await bus('a')
    const b = await bus('b')
    const items = Array.from({ length: 2000 }, (_, i) => ({ kind: 'illust' as const, id: 1_000_000 + i }))
    await a.bus.publish({ items, lists: true })
    await until(() => b.seen.length > 0)
    expect(b.seen).toEqual([{ everything: true }])
  })

  it('listens again after its session is ended, forgets everything, and then hears the others again', async () => {
    const a = await bus('a')
    const b = await bus('b')
    const ended = await sql(
      "SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE application_name = 'easel-cache-bus b'",
    )
    expect(ended).toEqual([{ ok: true }])
    // what A sends while B has no session is lost to B: B's caches must forget everything once it listens again
    await a.bus.publish({ callers: [1] })
    await until(() => b.bus.reconnections === 1)
    expect(b.seen).toContainEqual({ everything: true })
    const before = b.seen.length
    await a.bus.publish({ callers: [2] })
    await until(() => b.seen.length > before)
    expect(b.seen.at(-1)).toEqual({ callers: [2] })
  })

  it('sends what it published without a session once it has one again', async () => {
    const a = await bus('a')
    const b = await bus('b')
    await sql("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'easel-cache-bus a'")
    await until(() => (a.bus as unknown as { listening: boolean }).listening === false)
    await a.bus.publish({ callers: [5] }) // no session: kept
    expect(a.seen).toEqual([{ callers: [5] }]) // applied here at once all the same
    await until(() => b.seen.length > 0)
    expect(b.seen).toEqual([{ callers: [5] }])
  })
})
