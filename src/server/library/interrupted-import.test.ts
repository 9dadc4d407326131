import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createLogger } from '../log.ts'
import { writeGalleryDlArchive } from '../testing/gallery-dl-archive.ts'
import { importInto, openLibraryCatalogue } from './library-catalogue.ts'
import { sqliteLibraryDb } from '../data/sqlite-library-db.ts'

const SILENT = createLogger('silent')

// One transaction per work: `npm run import` of 5,000 works killed with SIGKILL in the middle (twice: early, then in a
// run that had already resumed) leaves only whole works, and the next run finishes the job, giving the same rows as an
// import that was never interrupted, without duplicates.

const WORKS = 5000

let dir: string
let archive: string

/** `npm run import` as a process of its own (node --import tsx, so the child is the importer itself). */
function importer(dataDir: string) {
  return spawn(process.execPath, ['--import', 'tsx', path.resolve('src/server/library/cli.ts'), archive], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'error', OWNER_PASSWORD: 'pw' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
}

const finished = (child: ReturnType<typeof importer>) =>
  new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))

/** Every row a client could see the effect of (not the owner's password hash nor import times). */
function rows(dataDir: string) {
  const db = new Database(path.join(dataDir, 'library.db'), { readonly: true })
  try {
    const all = (sql: string) => db.prepare(sql).all()
    return {
      works: all('SELECT * FROM works ORDER BY id'),
      workTags: all('SELECT * FROM work_tags ORDER BY work_id, pos'),
      tags: all('SELECT * FROM tags ORDER BY id'),
      files: all('SELECT * FROM work_files ORDER BY work_id, page'),
      users: all('SELECT id, name, account FROM users ORDER BY id'),
      library: all('SELECT work_id, root, fingerprint FROM library_works ORDER BY work_id'),
    }
  } finally {
    db.close()
  }
}

function importedSoFar(dataDir: string): number {
  const file = path.join(dataDir, 'library.db')
  if (!existsSync(file)) return 0
  try {
    const db = new Database(file, { readonly: true })
    try {
      return (db.prepare('SELECT COUNT(*) AS n FROM library_works').get() as { n: number }).n
    } finally {
      db.close()
    }
  } catch {
    return 0 // not made yet
  }
}

beforeAll(async () => {
  // In memory where the system has it: each work's transaction is synced to disk (the store's synchronous = FULL),
  // which on a busy disk makes 5,000 of them take minutes; a process killed with SIGKILL leaves SQLite's files the same
  // on either (what a power loss would, it does not test).
  dir = mkdtempSync(path.join(existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir(), 'easel-kill-'))
  archive = path.join(dir, 'gallery-dl')
  await writeGalleryDlArchive(archive, WORKS)
}, 120_000)

afterAll(() => rmSync(dir, { recursive: true, force: true }))

it('killed mid-import, the next run gives the rows of an uninterrupted import', async () => {
  // the uninterrupted import, in this process (the same importLibrary the command runs; no second process start)
  const whole = path.join(dir, 'whole')
  const store = openLibraryCatalogue({ dataDir: whole, owner: { username: 'owner', password: 'pw' } }, SILENT)
  try {
    await importInto(sqliteLibraryDb(store.db), archive, SILENT, { exclude: [whole] })
  } finally {
    store.close()
  }

  const killed = path.join(dir, 'killed')
  // killed once a fifth is in, then again (a run that resumed) past three fifths
  for (const at of [WORKS / 5, (WORKS * 3) / 5]) {
    const child = importer(killed)
    const exited = finished(child)
    let seen = 0
    while ((seen = importedSoFar(killed)) < at) await new Promise((r) => setTimeout(r, 20))
    child.kill('SIGKILL')
    expect(await exited).toBeNull()
    const partial = importedSoFar(killed)
    expect(partial).toBeGreaterThanOrEqual(seen)
    expect(partial).toBeLessThan(WORKS)
    expectWholeWorks(rows(killed))
  }
  expect(await finished(importer(killed))).toBe(0)
  expect(rows(killed)).toEqual(rows(whole))
}, 300_000)

/** Only whole works: each work has all its pages' files, its tags and its library record, and nothing else has. */
function expectWholeWorks(after: ReturnType<typeof rows>) {
  const works = after.works as { id: number; page_count: number }[]
  const count = (list: unknown[]) => {
    const n = new Map<number, number>()
    for (const r of list as { work_id: number }[]) n.set(r.work_id, (n.get(r.work_id) ?? 0) + 1)
    return n
  }
  const files = count(after.files)
  const tags = count(after.workTags)
  const library = count(after.library)
  for (const w of works) {
    expect(files.get(w.id), `files of ${w.id}`).toBe(w.page_count)
    expect(tags.get(w.id), `tags of ${w.id}`).toBe(2)
    expect(library.get(w.id), `library record of ${w.id}`).toBe(1)
  }
  const ids = new Set(works.map((w) => w.id))
  for (const id of [...files.keys(), ...tags.keys(), ...library.keys()]) expect(ids.has(id), `rows of ${id}`).toBe(true)
}
