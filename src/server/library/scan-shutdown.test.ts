import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, expect, it } from 'vitest'
import { loadConfig } from '../config.ts'
import type { Logger } from '../log.ts'
import { startServer } from '../server.ts'
import { CatalogueStore } from '../data/store.ts'
import { libraryCatalogueFile } from './library-catalogue.ts'

// A shutdown while the library is being scanned lets the scan finish (within SHUTDOWN_TIMEOUT_MS) before the
// catalogue is closed, rather than closing the database under it.

const dir = mkdtempSync(path.join(os.tmpdir(), 'easel-scan-shutdown-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const WORKS = 300

it('a scan in progress at shutdown ends whole, and every work it found is in the catalogue', async () => {
  const lib = path.join(dir, 'gallery-dl')
  const folder = path.join(lib, 'pixiv', '91 artist')
  mkdirSync(folder, { recursive: true })
  const config = loadConfig({
    DATA_DIR: path.join(dir, 'data'),
    LIBRARY_DIR: lib,
    PORT: '0',
    HOST: '127.0.0.1',
    RATE_LIMIT: '0',
    SEARCH_WORKERS: '1',
    SHUTDOWN_TIMEOUT_MS: '30000',
  })
  const errors: string[] = []
  const log: Logger = { error: (m, f) => errors.push(`${m} ${JSON.stringify(f)}`), info: () => {}, debug: () => {} }
  const running = await startServer(config, log)
  const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#336699' } })
    .jpeg()
    .toBuffer()
  for (let i = 0; i < WORKS; i++) {
    const id = 5000 + i
    writeFileSync(path.join(folder, `${id}_p0.jpg`), jpeg)
    writeFileSync(
      path.join(folder, `${id}_p0.jpg.json`),
      JSON.stringify({
        id,
        title: `work ${id}`,
        type: 'illust',
        caption: '',
        restrict: 0,
        user: { id: 91, name: 'Artist', account: 'artist' },
        tags: [{ name: 'scan', translated_name: null }],
        create_date: '2025-05-05T10:00:00+09:00',
        page_count: 1,
        width: 16,
        height: 16,
        x_restrict: 0,
        num: 0,
        category: 'pixiv',
      }),
    )
  }
  const scans = running.services.library!
  expect(scans.start()).toBe(true)
  while (scans.status().done === 0) await new Promise((r) => setTimeout(r, 5))
  expect(scans.status().done).toBeLessThan(WORKS)

  await running.close()
  expect(scans.status()).toMatchObject({ running: false, done: WORKS, total: WORKS, error: null })
  expect(errors).toEqual([])
  const store = new CatalogueStore(libraryCatalogueFile(config.dataDir), { readonly: true })
  try {
    expect(store.db.prepare('SELECT count(*) FROM works WHERE id >= 5000').pluck().get()).toBe(WORKS)
  } finally {
    store.close()
  }
}, 60_000)
