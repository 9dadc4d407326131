import pg from 'pg'
import { expect, it, vi } from 'vitest'
import { usePostgres } from '../../testing/postgres.ts'
import { openPgPool } from './pool.ts'

// A connection the server ends while it sits idle in the pool (a restart, a failover, pg_terminate_backend) is
// reported and replaced; unheard, node-postgres' 'error' event on the pool is an uncaught exception, which would end
// the service and every request in it.

const db = usePostgres()

it('a lost idle connection is logged, not thrown, and the next query gets a new one', async () => {
  const lost: string[] = []
  const pool = openPgPool(db.url, {
    max: 2,
    application_name: 'easel-pool-test',
    log: { error: (message) => lost.push(message) },
  })
  try {
    // two connections, both idle once answered
    const [a, b] = await Promise.all([pool.connect(), pool.connect()])
    a.release()
    b.release()
    const admin = new pg.Client({ connectionString: db.url })
    await admin.connect()
    const ended = await admin
      .query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'easel-pool-test'")
      .finally(() => admin.end())
    expect(ended.rowCount).toBe(2)
    await vi.waitFor(() => expect(lost).toHaveLength(2))
    expect((await pool.query<{ one: number }>('SELECT 1 AS one')).rows[0]!.one).toBe(1)
  } finally {
    await pool.end()
  }
})
