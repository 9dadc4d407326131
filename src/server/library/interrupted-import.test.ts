import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { writeGalleryDlArchive } from '../testing/gallery-dl-archive.ts'

// One transaction per work: `npm run import` killed with SIGKILL in the middle leaves only whole works, and the next
// run finishes the job, giving the same rows as an import that was never interrupted, without duplicates.

const WORKS = 2000

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
  dir = mkdtempSync(path.join(os.tmpdir(), 'easel-kill-'))
  archive = path.join(dir, 'gallery-dl')
  await writeGalleryDlArchive(archive, WORKS)
}, 60_000)

afterAll(() => rmSync(dir, { recursive: true, force: true }))

it('killed mid-import, the next run gives the rows of an uninterrupted import', async () => {
  const whole = path.join(dir, 'whole')
  expect(await finished(importer(whole))).toBe(0)

  const killed = path.join(dir, 'killed')
  const child = importer(killed)
  const exited = finished(child)
  let seen = 0
  while ((seen = importedSoFar(killed)) < WORKS / 10) await new Promise((r) => setTimeout(r, 20))
  child.kill('SIGKILL')
  await exited
  const partial = importedSoFar(killed)
  expect(partial).toBeGreaterThanOrEqual(seen)
  expect(partial).toBeLessThan(WORKS)
  // only whole works: each imported work has all its pages' files and its tags
  const after = rows(killed)
  for (const w of after.works as { id: number; page_count: number }[]) {
    expect((after.files as { work_id: number }[]).filter((f) => f.work_id === w.id)).toHaveLength(w.page_count)
    expect((after.workTags as { work_id: number }[]).filter((t) => t.work_id === w.id)).toHaveLength(2)
  }
  expect(await finished(importer(killed))).toBe(0)
  expect(rows(killed)).toEqual(rows(whole))
}, 90_000)
