import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { usePostgres } from '../testing/postgres.ts'
import { freePort, startServiceProcess, type ServiceProcess } from '../testing/service-process.ts'
import { signIn, type Instance } from '../testing/two-instances.ts'
import { writeGalleryDlArchive } from '../testing/gallery-dl-archive.ts'
import { LIBRARY_FIXTURE, writeLibraryFixture } from '../testing/library-fixture.ts'
import type { WireLibraryStatus } from '../../api/wire-responses.ts'

// Issue 16's "imports made through one are seen through the other on the next request", on real processes over one
// PostgreSQL: instance A serves a gallery-dl folder (LIBRARY_DIR) and scans it; instance B serves the same catalogue
// without the folder, so what it knows of an import it learns from the database and the cache bus alone. B is asked
// first (its caches hold the old answers), then A imports a change, then B's very next request shows it.

const db = usePostgres()
const started: ServiceProcess[] = []
const dirs: string[] = []
/** A, then B, as the first test starts them (the second test goes on with them) */
const instances: Instance[] = []
let lib: string

beforeAll(async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'easel-library-instances-'))
  dirs.push(dir)
  lib = path.join(dir, 'gallery-dl')
  await writeLibraryFixture(lib)
})

afterAll(async () => {
  await Promise.all(started.map((s) => s.stop()))
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

async function start(name: string, env: Record<string, string>): Promise<Instance> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `easel-library-${name}-`))
  dirs.push(dataDir)
  const s = await startServiceProcess({
    dataDir,
    port: await freePort(),
    env: { DATABASE_URL: db.url, TOKEN_SECRET: 'ef'.repeat(32), OWNER_PASSWORD: 'pw', ...env },
    limitMs: 120_000,
  })
  started.push(s)
  const instance: Instance = {
    name,
    fetch(p, init = {}) {
      const { token, ...rest } = init
      const headers = new Headers(rest.headers)
      if (token) headers.set('authorization', `Bearer ${token}`)
      return fetch(s.url + p, { ...rest, headers })
    },
  }
  instances.push(instance)
  return instance
}

const json = async <T>(i: Instance, p: string, token?: string): Promise<{ status: number; body: T }> => {
  const res = await i.fetch(p, { token })
  return { status: res.status, body: (await res.json()) as T }
}
const title = async (i: Instance, id: number, token: string) =>
  (await json<{ illust: { title: string } }>(i, `/v1/illust/detail?illust_id=${id}`, token)).body.illust?.title
const userWorks = async (i: Instance, userId: number, token: string) =>
  (await json<{ illusts: { id: number }[] }>(i, `/v1/user/illusts?user_id=${userId}&type=illust`, token)).body.illusts
    .map((w) => w.id)
    .sort()

/** Gives the fixture's manga (user 1000's, every page's sidecar) a new title in the folder. */
function retitleManga(from: string, to: string) {
  const { id, pages } = LIBRARY_FIXTURE.manga
  const dir = path.join(lib, 'pixiv', '1000 artist_1000')
  for (let p = 0; p < pages; p++) {
    const sidecar = path.join(dir, `${id}_p${p}.jpg.json`)
    writeFileSync(sidecar, readFileSync(sidecar, 'utf8').replace(`"${from}"`, `"${to}"`))
  }
}

/** The ids of the works tagged `tag` (writeGalleryDlArchive gives its first work 風景). */
const tagged = async (i: Instance, tag: string, token: string) =>
  (
    await json<{ illusts: { id: number }[] }>(
      i,
      `/v1/search/illust?word=${encodeURIComponent(tag)}&search_target=exact_match_for_tags&sort=date_desc`,
      token,
    )
  ).body.illusts.map((w) => w.id)

describe('a library over one PostgreSQL, two instances', () => {
  it('an import through one is seen through the other on the next request', { timeout: 240_000 }, async () => {
    // A makes the library catalogue and imports the folder before it listens; B finds it made
    const a = await start('A', { LIBRARY_DIR: lib })
    const b = await start('B', {})
    const { access: token } = await signIn(b, 'owner', 'pw')
    const { manga, illust } = LIBRARY_FIXTURE
    expect(await title(b, manga.id, token)).toBe(manga.title)
    expect((await json(b, `/v1/illust/detail?illust_id=${illust.id}`, token)).status).toBe(200)
    // writeGalleryDlArchive's users: 1000 drew the manga, 1001 the illustration
    const artist = 1001
    expect(await userWorks(b, artist, token)).toEqual([illust.id])

    // in the folder: the manga retitled, the illustration deleted, 8 works added (user 1001 gets 140000001)
    retitleManga(`work ${manga.id}`, 'retitled')
    rmSync(path.join(lib, 'pixiv', `${artist} artist_${artist}`), { recursive: true })
    await writeGalleryDlArchive(lib, 8, 140_000_000)

    // the owner's rescan through A (its watcher may have begun one already: then that one is the scan)
    const scan = await a.fetch('/v1/easel/library/scan', { method: 'POST', token })
    expect(scan.status).toBe(200)
    await vi.waitFor(
      async () => {
        const s = (await json<WireLibraryStatus>(a, '/v1/easel/library', token)).body.library!
        expect(s.scan.running).toBe(false)
        expect((s.counts.illust ?? 0) + (s.counts.manga ?? 0)).toBe(2 + 8 - 1)
      },
      { timeout: 60_000, interval: 100 },
    )

    // B's next requests: the new title (its item cache held the old one), the deleted work gone, the added ones there
    expect(await title(b, manga.id, token)).toBe('retitled')
    expect((await json(b, `/v1/illust/detail?illust_id=${illust.id}`, token)).status).toBe(404)
    expect(await title(b, 140_000_001, token)).toBe('work 140000001')
    expect(await userWorks(b, artist, token)).toEqual([140_000_001])
    // and B's library page reports A's last scan
    const library = async (i: Instance) => {
      const { scan: _progress, ...rest } = (await json<WireLibraryStatus>(i, '/v1/easel/library', token)).body.library!
      return rest
    }
    expect(await library(b)).toEqual(await library(a))
  })

  it('`npm run import` of another folder into the database is seen through both on the next request', async () => {
    const a = instances[0]!
    const b = instances[1]!
    const { access: token } = await signIn(b, 'owner', 'pw')
    expect(await userWorks(b, 1001, token)).toEqual([140_000_001])
    // a search B has answered is in its search cache (60 s): the import must make it forget
    expect(await tagged(b, '風景', token)).not.toContain(150_000_000)
    const other = path.join(dirs[0]!, 'elsewhere')
    await writeGalleryDlArchive(other, 3, 150_000_000)
    const run = spawnSync(process.execPath, ['--import', 'tsx', path.resolve('src/server/library/cli.ts'), other], {
      env: { ...process.env, DATA_DIR: dirs[0]!, DATABASE_URL: db.url, TOKEN_SECRET: 'ef'.repeat(32) },
      encoding: 'utf8',
      timeout: 60_000,
    })
    expect(run.status, run.stderr).toBe(0)
    expect(run.stdout + run.stderr).toMatch(/: 3 imported, 0 updated/)
    for (const i of [a, b]) {
      expect(await userWorks(i, 1001, token)).toEqual([140_000_001, 150_000_001])
      expect(await title(i, 150_000_002, token)).toBe('work 150000002')
      expect(await tagged(i, '風景', token)).toContain(150_000_000)
    }
  })

  it(
    'what an instance starting later imports at start-up is seen through the running ones',
    { timeout: 240_000 },
    async () => {
      const b = instances[1]!
      const { access: token } = await signIn(b, 'owner', 'pw')
      // A stops; the folder changes while no instance watches it; C starts on it
      await started[0]!.stop()
      expect(await title(b, LIBRARY_FIXTURE.manga.id, token)).toBe('retitled')
      retitleManga('retitled', 'again')
      const c = await start('C', { LIBRARY_DIR: lib })
      expect(await title(c, LIBRARY_FIXTURE.manga.id, token)).toBe('again')
      // B held the old title in its item cache: C's start-up scan told it
      expect(await title(b, LIBRARY_FIXTURE.manga.id, token)).toBe('again')
    },
  )
})
