import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inject } from 'vitest'
import { loadConfig } from './config.ts'
import { createLogger } from './log.ts'
import { createServices } from './server.ts'
import { createApp } from './app.ts'
import { catalogueFile } from './catalogue.ts'
import type { Services } from './context.ts'
import { PgCacheBus } from './data/postgres/cache-bus.ts'
import { LocalCacheBus, type CacheBus } from './services/cache-bus.ts'
import { usePostgres } from './testing/postgres.ts'
import { alternate, type Instance } from './testing/two-instances.ts'
import { ORIGIN } from './testing/harness.ts'

// Two instances of the service in this process over one catalogue file, each with its own caches, their caches kept
// right by the PostgreSQL cache bus: every write through one is seen through the other on the next request. (The same
// scenario on real processes over PostgreSQL: reliability/instances.test.ts.)

const db = usePostgres()
let dataDir: string
const opened: { services: Services; bus: CacheBus }[] = []

beforeAll(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'easel-instances-'))
  copyFileSync(inject('catalogueFile'), catalogueFile(dataDir))
})

afterAll(async () => {
  for (const { services, bus } of opened.splice(0)) {
    await bus.close()
    await services.searches.close()
    await services.closeCatalogue()
  }
  rmSync(dataDir, { recursive: true, force: true })
})

async function instance(name: string, bus: CacheBus): Promise<Instance> {
  const config = loadConfig({ DATA_DIR: dataDir, RATE_LIMIT: '0', LOG_LEVEL: 'silent', SEARCH_WORKERS: '0' })
  const log = createLogger('silent')
  const services = createServices(config, log, undefined, bus)
  await bus.ready()
  opened.push({ services, bus })
  const app = createApp(services, log)
  return {
    name,
    async fetch(p, init = {}) {
      const { token, ...rest } = init
      const headers = new Headers(rest.headers)
      if (token) headers.set('authorization', `Bearer ${token}`)
      return app.request(ORIGIN + p, { ...rest, headers })
    },
  }
}

describe('several instances over one catalogue', () => {
  it('see each other’s bookmarks, follows, mutes, comments, novel edits and sign-outs on the next request', async () => {
    const a = await instance('A', new PgCacheBus(db.url))
    const b = await instance('B', new PgCacheBus(db.url))
    await alternate(a, b)
  })

  it('without the bus, the other instance answers from its stale caches (what the bus is for)', async () => {
    const a = await instance('A', new LocalCacheBus())
    const b = await instance('B', new LocalCacheBus())
    await expect(alternate(a, b)).rejects.toThrow()
  })
})
