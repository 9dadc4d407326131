// The library catalogue: DATA_DIR/library.db, a catalogue with no demo content that holds what was imported from
// archives (LIBRARY_DIR at start, `npm run import`), and one owner account. Kept apart from the demo's catalogue.db so
// the two are never mixed.

import { existsSync, mkdirSync } from 'node:fs'
import type pg from 'pg'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import type { Config } from '../config.ts'
import type { Logger } from '../log.ts'
import { CatalogueStore } from '../data/store.ts'
import { createEmptyCatalogue, LibraryWriter } from '../data/library-writer.ts'
import { sqliteLibraryDb } from '../data/sqlite-library-db.ts'
import type { LibraryDb, LibraryOwner } from '../data/library-db.ts'
import { pgLibraryDb } from '../data/postgres/library-db.ts'
import { withLibraryImportLock } from '../data/postgres/library-lock.ts'
import { upgradeSchema } from '../data/schema-version.ts'
import { hashPassword } from '../auth/tokens.ts'
import { pathDate } from '../images/paths.ts'
import type { Services } from '../context.ts'
import {
  cacheChangeOf,
  changedAnything,
  importLibrary,
  reportLines,
  type ImportOptions,
  type ImportReport,
} from './import.ts'
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
  // The writer itself, not the async LibraryDb: the service opens its SQLite catalogue synchronously (catalogue.ts
  // openCatalogue, server.ts createServices).
  const writer = new LibraryWriter(store.db)
  const owner = ownerAccount(config, !!store.userByAccount(config.owner.username))
  if (owner.create && writer.ensureOwner(owner.create)) log.info(owner.created)
  else if (owner.passwordHash) writer.setPassword(config.owner.username, owner.passwordHash)
  return store
}

/**
 * What the owner account needs on either engine: made (`create`, with the line to log once it is: a generated
 * password is printed that once, as it is stored only as a hash), or its password set again (OWNER_PASSWORD given).
 */
function ownerAccount(
  config: Pick<Config, 'owner'>,
  exists: boolean,
): { create?: LibraryOwner; created: string; passwordHash?: string } {
  const { username, password } = config.owner
  const salt = randomBytes(16)
  if (exists) return { created: '', passwordHash: password === undefined ? undefined : hashPassword(password, salt) }
  const chosen = password ?? randomBytes(12).toString('base64url')
  return {
    create: {
      id: OWNER_ID,
      account: username,
      name: username,
      passwordHash: hashPassword(chosen, salt),
      profileDate: pathDate(Math.floor(Date.now() / 1000)),
    },
    created:
      password === undefined
        ? `created the owner account "${username}" with the generated password "${chosen}" (OWNER_PASSWORD sets one)`
        : `created the owner account "${username}" (password from OWNER_PASSWORD)`,
  }
}

/** The owner account of a library catalogue on PostgreSQL: made on its first start, its password set again after. */
export async function ensureOwnerAccount(db: LibraryDb, config: Pick<Config, 'owner'>, log: Logger) {
  const owner = ownerAccount(config, await db.hasAccount(config.owner.username))
  if (owner.create && (await db.ensureOwner(owner.create))) log.info(owner.created)
  else if (owner.passwordHash) await db.setPassword(config.owner.username, owner.passwordHash)
}

/** Imports one archive folder into a library catalogue (either engine's), logging the report. */
export async function importInto(
  db: LibraryDb,
  root: string,
  log: Logger,
  opts: ImportOptions & { quiet?: boolean } = {},
): Promise<ImportReport> {
  const report = await importLibrary(db, root, opts)
  // a rescan while running reports only what changed
  if (opts.quiet && !changedAnything(report)) return report
  const [head, ...skipped] = reportLines(report)
  log.info(head!)
  for (const line of skipped) log.info(line)
  return report
}

/** Where a served library's scans write, on either engine. */
export interface LibraryTarget {
  db: LibraryDb
  /**
   * Runs `fn` while no other import into this catalogue runs. On PostgreSQL, instances serving one library take an
   * advisory lock (each instance may watch the same folder); on SQLite the catalogue has one service.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>
  /** meta items_version now, where another process may import into the same file (SQLite; watchServedLibrary) */
  itemsVersion?: () => string | undefined
}

/** A SQLite catalogue's target: the store's own connection. */
export const sqliteLibraryTarget = (store: CatalogueStore): LibraryTarget => ({
  db: sqliteLibraryDb(store.db),
  exclusive: (fn) => fn(),
  itemsVersion: () => store.itemsVersion(),
})

/** A PostgreSQL catalogue's target: the pool, and the advisory lock every instance's imports take. */
export const pgLibraryTarget = (pool: pg.Pool): LibraryTarget => ({
  db: pgLibraryDb(pool),
  exclusive: (fn) => withLibraryImportLock(pool, fn),
})

/** What every import of LIBRARY_DIR passes to importLibrary, the start-up scan's and the service's alike. */
const scanOptions = (config: Pick<Config, 'dataDir' | 'owner' | 'storage'>): ImportOptions => ({
  exclude: [config.dataDir],
  ownerPixivId: config.owner.pixivId,
  copyDir: libraryFilesDir(config.dataDir),
  storage: openStorage(config.storage),
})

/**
 * The scans of the served LIBRARY_DIR (library/scans.ts), the watcher's and the owner's rescan button's: each imports
 * what changed into the service's catalogue, and every instance forgets what it derived from the works that changed
 * (their wire JSON, lists, searches): the cache bus carries the change to the others. undefined without LIBRARY_DIR.
 */
export function libraryScans(
  config: Pick<Config, 'libraryDir' | 'dataDir' | 'owner' | 'storage'>,
  target: LibraryTarget,
  services: Pick<Services, 'caches' | 'nowS'>,
  log: Logger,
): LibraryScans | undefined {
  const root = config.libraryDir
  if (!root) return undefined
  const scans: LibraryScans = new LibraryScans(
    (onProgress) =>
      target.exclusive(async () => {
        const report = await importInto(target.db, root, log, { ...scanOptions(config), quiet: true, onProgress })
        // what this scan changed is forgotten here, item by item: the poll below need not forget everything
        scans.scannedVersion = target.itemsVersion?.()
        if (!changedAnything(report)) return
        await services.caches.bus.publish(cacheChangeOf(report))
      }),
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
  if (!root || !scans) return undefined
  const watcher = watchLibrary(root, () => scans.next(), log, { exclude: [config.dataDir] })
  // On PostgreSQL, `npm run import` tells every instance what it changed through the cache bus (cli.ts)
  const store = services.store
  if (!store) return watcher
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

/** The start-up scan of LIBRARY_DIR into SQLite: the catalogue made or brought up to date before the service opens it. */
export async function prepareLibrary(config: Config, log: Logger): Promise<ImportReport | undefined> {
  if (!config.libraryDir) return undefined
  if (!existsSync(config.libraryDir)) throw new Error(`LIBRARY_DIR ${config.libraryDir} does not exist`)
  const store = openLibraryCatalogue(config, log, { forImport: true })
  try {
    log.info(`scanning the library ${config.libraryDir}`)
    return await importInto(sqliteLibraryDb(store.db), config.libraryDir, log, scanOptions(config))
  } finally {
    store.close()
  }
}

/**
 * The same on PostgreSQL, over the pool of a library catalogue already opened (data/postgres/open-catalogue.ts): the
 * owner account, then the scan, under the import lock, so instances starting together import the folder once (the
 * later ones find it unchanged).
 */
export async function preparePgLibrary(pool: pg.Pool, config: Config, log: Logger): Promise<ImportReport | undefined> {
  const root = config.libraryDir
  if (!root) return undefined
  if (!existsSync(root)) throw new Error(`LIBRARY_DIR ${root} does not exist`)
  const target = pgLibraryTarget(pool)
  return target.exclusive(async () => {
    await ensureOwnerAccount(target.db, config, log)
    log.info(`scanning the library ${root}`)
    return importInto(target.db, root, log, scanOptions(config))
  })
}
