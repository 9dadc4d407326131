import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { freePort, startServiceProcess, type ServiceProcess } from '../../testing/service-process.ts'
import { usePostgres } from '../../testing/postgres.ts'
import { LIBRARY_FIXTURE, writeLibraryFixture } from '../../testing/library-fixture.ts'

// The service started with DATABASE_URL on an empty PostgreSQL database: it migrates it, seeds the demo catalogue
// (generator, then db:copy) and serves it, and two instances starting at once over one empty database seed it once
// (an advisory lock) and serve the same catalogue. With LIBRARY_DIR, an empty database becomes a library, imported
// once whoever starts first; a database holding the demo catalogue is refused in words.

const db = usePostgres()
const dirs: string[] = []
const services: ServiceProcess[] = []
afterAll(async () => {
  await Promise.all(services.map((s) => s.stop()))
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

const dataDir = () => {
  const d = mkdtempSync(path.join(os.tmpdir(), 'easel-pg-start-'))
  dirs.push(d)
  return d
}
// TOKEN_SECRET: required with DATABASE_URL (auth/service-secret.ts)
const ENV = { CATALOGUE_SIZE: '300,60,40', SEARCH_WORKERS: '1', TOKEN_SECRET: 'ef'.repeat(32) }

/** the database the first test seeds with the demo catalogue */
let demoUrl = ''

async function count(url: string, sql: string): Promise<number> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return Number((await client.query<{ n: string }>(sql)).rows[0]!.n)
  } finally {
    await client.end()
  }
}

describe('DATABASE_URL', () => {
  it('two instances starting at once over an empty database seed it once and serve the same catalogue', async () => {
    const url = (demoUrl = await db.createDatabase('empty'))
    const [a, b] = await Promise.all(
      [0, 1].map(async () => {
        const s = await startServiceProcess({
          dataDir: dataDir(),
          port: await freePort(),
          env: { ...ENV, DATABASE_URL: url },
          limitMs: 120_000,
        })
        services.push(s)
        return s
      }),
    )
    expect(await count(url, 'SELECT count(*) AS n FROM works')).toBe(300)
    expect(await count(url, 'SELECT count(*) AS n FROM schema_migrations')).toBeGreaterThanOrEqual(3)
    for (const s of [a!, b!]) {
      const ready = await fetch(`${s.url}/readyz`)
      expect(ready.status).toBe(200)
    }
    // the same answers from both, searches and images included
    const paths = [
      '/v1/illust/detail?illust_id=7',
      '/v1/search/illust?word=%E3%82%AA%E3%83%AA%E3%82%B8%E3%83%8A%E3%83%AB&search_target=partial_match_for_tags',
      '/v1/search/user?word=a',
      '/v1/illust/ranking',
    ]
    for (const p of paths) {
      const [ra, rb] = await Promise.all([fetch(a!.url + p), fetch(b!.url + p)])
      expect(ra.status, p).toBe(200)
      const [ja, jb] = [await ra.text(), await rb.text()]
      expect(ja.replaceAll(a!.url, '')).toBe(jb.replaceAll(b!.url, ''))
    }
    const detail = (await (await fetch(`${a!.url}/v1/illust/detail?illust_id=7`)).json()) as {
      illust: { image_urls: { square_medium: string } }
    }
    const image = await fetch(detail.illust.image_urls.square_medium)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toMatch(/^image\//)
    const search = await (await fetch(`${b!.url}${paths[1]}`)).json()
    expect((search as { illusts: unknown[] }).illusts.length).toBeGreaterThan(0)
  }, 240_000)

  it('with LIBRARY_DIR, two instances starting at once over an empty database make one library and import it once', async () => {
    const url = await db.createDatabase('library')
    const lib = path.join(dataDir(), 'gallery-dl')
    await writeLibraryFixture(lib)
    const started = await Promise.all(
      [0, 1].map(async () => {
        const s = await startServiceProcess({
          dataDir: dataDir(),
          port: await freePort(),
          env: { ...ENV, DATABASE_URL: url, LIBRARY_DIR: lib, OWNER_PASSWORD: 'pw' },
          limitMs: 120_000,
        })
        services.push(s)
        return s
      }),
    )
    const { counts } = LIBRARY_FIXTURE
    expect(await count(url, 'SELECT count(*) AS n FROM works')).toBe(counts.illust + counts.manga + counts.ugoira)
    expect(await count(url, "SELECT count(*) AS n FROM users WHERE account = 'owner'")).toBe(1)
    // no demo: the archive's users and the owner only
    expect(await count(url, "SELECT count(*) AS n FROM users WHERE account = 'demo'")).toBe(0)
    // the import lock: whichever scanned second found every work as the first had imported it
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    const last = await client
      .query<{ value: string }>("SELECT value FROM meta WHERE key = 'library_last_scan'")
      .finally(() => client.end())
    expect(JSON.parse(last.rows[0]!.value)).toMatchObject({ imported: 0, unchanged: 3 })
    for (const s of started) {
      const token = await fetch(`${s.url}/auth/token`, {
        method: 'POST',
        body: new URLSearchParams({ grant_type: 'password', username: 'owner', password: 'pw' }),
      }).then((r) => r.json() as Promise<{ access_token: string }>)
      const detail = await fetch(`${s.url}/v1/illust/detail?illust_id=${LIBRARY_FIXTURE.manga.id}`, {
        headers: { authorization: `Bearer ${token.access_token}` },
      })
      expect(detail.status).toBe(200)
    }
  }, 240_000)

  it('refuses LIBRARY_DIR over a database holding the demo catalogue, in words, writing nothing', async () => {
    const users = await count(demoUrl, 'SELECT count(*) AS n FROM users')
    const r = spawnSync(process.execPath, ['--import', 'tsx', path.resolve('src/server/main.ts')], {
      env: {
        ...process.env,
        DATA_DIR: dataDir(),
        PORT: '0',
        DATABASE_URL: demoUrl,
        TOKEN_SECRET: ENV.TOKEN_SECRET,
        LIBRARY_DIR: dataDir(),
        LOG_LEVEL: 'error',
      },
      encoding: 'utf8',
      timeout: 60_000,
    })
    expect(r.status).not.toBe(0)
    expect(r.stderr).toMatch(/not a library .*a database of its own/)
    // no owner account, nothing imported
    expect(await count(demoUrl, 'SELECT count(*) AS n FROM users')).toBe(users)
  }, 60_000)
})
