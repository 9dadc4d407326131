import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, it } from 'vitest'
import { usePostgres } from '../testing/postgres.ts'
import { freePort, startServiceProcess, type ServiceProcess } from '../testing/service-process.ts'
import { alternate, type Instance } from '../testing/two-instances.ts'

// Issue 16's acceptance, "two instances over one PostgreSQL, requests alternating between them": two real service
// processes, each with a DATA_DIR of its own (nothing shared on disk), one throwaway database and one TOKEN_SECRET.
// A bookmark, follow, mute, comment or sign-out made through one is seen through the other on the next request, in
// every caller-relative field and counter (testing/two-instances.ts).

const db = usePostgres()
const started: ServiceProcess[] = []
const dirs: string[] = []

afterAll(async () => {
  await Promise.all(started.map((s) => s.stop()))
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

async function start(name: string, databaseUrl: string): Promise<Instance> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `easel-instance-${name}-`))
  dirs.push(dataDir)
  const s = await startServiceProcess({
    dataDir,
    port: await freePort(),
    env: { DATABASE_URL: databaseUrl, TOKEN_SECRET: 'cd'.repeat(32), CATALOGUE_SIZE: 'small' },
    // the first start migrates the database and fills it with the demo catalogue
    limitMs: 120_000,
  })
  started.push(s)
  return {
    name,
    fetch(p, init = {}) {
      const { token, ...rest } = init
      const headers = new Headers(rest.headers)
      if (token) headers.set('authorization', `Bearer ${token}`)
      return fetch(s.url + p, { ...rest, headers })
    },
  }
}

describe('two instances over one PostgreSQL', () => {
  it('see each other’s writes on the next request', { timeout: 240_000 }, async () => {
    // one after the other: the first fills the database, the second finds it filled
    const a = await start('A', db.url)
    const b = await start('B', db.url)
    await alternate(a, b)
  })
})
