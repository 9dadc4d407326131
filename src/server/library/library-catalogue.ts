// The library catalogue: DATA_DIR/library.db, a catalogue with no demo content that holds what was imported from
// archives (LIBRARY_DIR at start, `npm run import`), and one owner account. Kept apart from the demo's catalogue.db so
// the two are never mixed.

import { existsSync, mkdirSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import type { Config } from '../config.ts'
import type { Logger } from '../log.ts'
import { CatalogueStore } from '../data/store.ts'
import { createEmptyCatalogue, LibraryWriter } from '../data/library-writer.ts'
import { upgradeSchema } from '../data/schema-version.ts'
import { hashPassword } from '../auth/tokens.ts'
import { pathDate } from '../images/paths.ts'
import type { Services } from '../context.ts'
import { changedAnything, importLibrary, reportLines, type ImportOptions, type ImportReport } from './import.ts'
import { watchLibrary, type LibraryWatcher } from './watch.ts'
import { LibraryScans } from './scans.ts'
import { COPY_FOLDER } from './copy.ts'
import { openStorage } from '../storage/storage-url.ts'

export const libraryCatalogueFile = (dataDir: string) => path.join(dataDir, 'library.db')
/** Where `npm run import -- … --copy` keeps its copies of archives' files (copy.ts). */
export const libraryFilesDir = (dataDir: string) => path.join(dataDir, COPY_FOLDER)

/**
 * The owner's user id: above every pixiv user id (about 1.2 × 10⁸ in 2025), so it never meets an imported user's,
 * and below 2³¹ for clients that keep ids in 32-bit integers.
 */
export const OWNER_ID = 2_000_000_000

/**
 * Opens DATA_DIR's library catalogue, making it (empty) first when it is missing, migrating an older one in place, and
 * creating the owner account on the first start. Returns the store; the caller closes it.
 *
 * `forImport`: the connection only imports (`npm run import`, the start-up scan), so it commits with
 * `synchronous = NORMAL` instead of the service's FULL: in WAL mode a kill -9 still loses no committed work, and a power
 * cut loses at most the last works, which the next scan imports again (their fingerprints are not there). It saves a
 * disk flush per work: a 5,000-work import took 29.7 s on disk with FULL, 6.2 s in memory.
 */
export function openLibraryCatalogue(
  config: Pick<Config, 'dataDir' | 'owner'>,
  log: Logger,
  opts: { forImport?: boolean } = {},
): CatalogueStore {
  mkdirSync(config.dataDir, { recursive: true })
  const file = libraryCatalogueFile(config.dataDir)
  if (!existsSync(file)) {
    createEmptyCatalogue(file, { catalogue_kind: 'library' })
    log.info('made an empty library catalogue', { file })
  }
  const store = new CatalogueStore(file)
  if (opts.forImport) store.db.pragma('synchronous = NORMAL')
  const { from, missing } = upgradeSchema(store.db)
  if (missing.length > 0) {
    store.close()
    throw new Error(`the library catalogue ${file} has schema version ${from} and lacks ${missing.join(', ')}`)
  }
  const writer = new LibraryWriter(store.db)
  const { username, password } = config.owner
  const salt = randomBytes(16)
  if (!store.userByAccount(username)) {
    const chosen = password ?? randomBytes(12).toString('base64url')
    writer.ensureOwner({
      id: OWNER_ID,
      account: username,
      name: username,
      passwordHash: hashPassword(chosen, salt),
      profileDate: pathDate(Math.floor(Date.now() / 1000)),
    })
    // Printed this once: it is stored only as a hash.
    if (password === undefined)
      log.info(
        `created the owner account "${username}" with the generated password "${chosen}" (OWNER_PASSWORD sets one)`,
      )
    else log.info(`created the owner account "${username}" (password from OWNER_PASSWORD)`)
  } else if (password !== undefined) writer.setPassword(username, hashPassword(password, salt))
  return store
}

/** Imports one archive folder into the library catalogue of `dataDir`, logging the report. */
export async function importInto(
  store: CatalogueStore,
  root: string,
  log: Logger,
  opts: ImportOptions & { quiet?: boolean } = {},
): Promise<ImportReport> {
  const report = await importLibrary(store.db, root, opts)
  // a rescan while running reports only what changed
  if (opts.quiet && !changedAnything(report)) return report
  const [head, ...skipped] = reportLines(report)
  log.info(head!)
  for (const line of skipped) log.info(line)
  return report
}

/**
 * The scans of the served LIBRARY_DIR (library/scans.ts), the watcher's and the owner's rescan button's: each imports
 * what changed through the service's own store, and the service forgets what it derived from the works that changed
 * (their wire JSON, lists, searches). undefined without LIBRARY_DIR (the demo).
 */
export function libraryScans(
  config: Pick<Config, 'libraryDir' | 'dataDir' | 'owner' | 'storage'>,
  services: Pick<Services, 'store' | 'caches' | 'nowS'>,
  log: Logger,
): LibraryScans | undefined {
  const root = config.libraryDir
  // a library is imported into SQLite only (DATABASE_URL with LIBRARY_DIR is refused at start-up)
  const store = services.store
  if (!root || !store) return undefined
  const scans: LibraryScans = new LibraryScans(
    async (onProgress) => {
      const report = await importInto(store, root, log, {
        quiet: true,
        exclude: [config.dataDir],
        onProgress,
        ownerPixivId: config.owner.pixivId,
        copyDir: libraryFilesDir(config.dataDir),
        storage: openStorage(config.storage),
      })
      // what this scan changed is forgotten here, item by item: the poll below need not forget everything
      scans.scannedVersion = store.itemsVersion()
      if (!changedAnything(report)) return
      await services.caches.bus.publish({ items: report.changed.map(({ kind, id }) => ({ kind, id })), lists: true })
    },
    services.nowS,
    log,
  )
  return scans
}

/** How often the service looks whether another process (`npm run import` into its DATA_DIR) changed the catalogue. */
export const EXTERNAL_IMPORT_POLL_MS = 2000

/**
 * Watches the served LIBRARY_DIR (library/watch.ts): each change is read by a scan of `services.library`. And follows
 * imports other processes make into the same catalogue (`npm run import -- PATH` while the service runs): they bump
 * meta `items_version` as the service's own scans do, without saying which items changed, so the service forgets every
 * item it derived when the version moved under it (a cheap read every EXTERNAL_IMPORT_POLL_MS).
 */
export function watchServedLibrary(config: Config, services: Services, log: Logger): LibraryWatcher | undefined {
  const root = config.libraryDir
  const scans = services.library
  const store = services.store
  if (!root || !scans || !store) return undefined
  const watcher = watchLibrary(root, () => scans.next(), log, { exclude: [config.dataDir] })
  let known = store.itemsVersion()
  const poll = setInterval(() => {
    const version = store.itemsVersion()
    if (version === known) return
    known = version
    // the service's own scans forget what they change themselves
    if (scans.status().running || version === scans.scannedVersion) return
    void services.caches.bus.publish({ allItems: true, lists: true })
  }, EXTERNAL_IMPORT_POLL_MS)
  poll.unref()
  return {
    ready: watcher.ready,
    close() {
      clearInterval(poll)
      watcher.close()
    },
  }
}

/** The start-up scan of LIBRARY_DIR: the catalogue made or brought up to date before the service opens it. */
export async function prepareLibrary(config: Config, log: Logger): Promise<ImportReport | undefined> {
  if (!config.libraryDir) return undefined
  if (!existsSync(config.libraryDir)) throw new Error(`LIBRARY_DIR ${config.libraryDir} does not exist`)
  const store = openLibraryCatalogue(config, log, { forImport: true })
  try {
    log.info(`scanning the library ${config.libraryDir}`)
    return await importInto(store, config.libraryDir, log, {
      exclude: [config.dataDir],
      ownerPixivId: config.owner.pixivId,
      copyDir: libraryFilesDir(config.dataDir),
      storage: openStorage(config.storage),
    })
  } finally {
    store.close()
  }
}
