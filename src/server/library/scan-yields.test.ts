import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { createLogger } from '../log.ts'
import { writeGalleryDlArchive } from '../testing/gallery-dl-archive.ts'
import { importLibrary } from './import.ts'
import { sqliteLibraryDb } from '../data/sqlite-library-db.ts'
import { openLibraryCatalogue } from './library-catalogue.ts'

// A scan runs inside the service (the watcher's, the rescan button's): while it compares unchanged works it must let
// the service answer, or a rescan of a large library holds every request (and the library page's progress) until
// it ends.

const dir = mkdtempSync(path.join(os.tmpdir(), 'easel-scan-yields-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

it('lets the event loop run while it compares 1,000 unchanged works', async () => {
  const lib = path.join(dir, 'lib')
  await writeGalleryDlArchive(lib, 1000)
  const store = openLibraryCatalogue(
    { dataDir: path.join(dir, 'data'), owner: { username: 'owner', password: 'pw' } },
    createLogger('silent'),
  )
  try {
    expect((await importLibrary(sqliteLibraryDb(store.db), lib)).imported).toBe(1000)
    // what else the service has to do, counted while the rescan runs
    let turns = 0
    let scanning = true
    const tick = () => {
      turns++
      if (scanning) setImmediate(tick)
    }
    setImmediate(tick)
    const report = await importLibrary(sqliteLibraryDb(store.db), lib)
    scanning = false
    expect(report.unchanged).toBe(1000)
    expect(turns).toBeGreaterThanOrEqual(4)
  } finally {
    store.close()
  }
})
