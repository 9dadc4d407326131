// `npm run import -- PATH… [--copy]`: imports gallery-dl archives into the library catalogue of DATA_DIR (DATA_DIR/library.db),
// the one LIBRARY_DIR serves, or with DATABASE_URL into that PostgreSQL library catalogue (made empty if the database
// is), through the same code as the start-up scan. On PostgreSQL it takes the instances' import lock, and tells every
// running instance, through the cache bus, to forget what it derived from the catalogue's items. Prints progress (a live line on a terminal,
// plain lines otherwise) and the report: imported, updated, removed, unchanged, and each skipped file with its reason.
// With --copy the archive's files are copied into DATA_DIR/library-files and served from there (copy.ts).

import { loadConfig } from '../config.ts'
import { progressLine } from './progress.ts'
import { createLogger } from '../log.ts'
import { changedAnything } from './import.ts'
import {
  ensureOwnerAccount,
  importInto,
  libraryFilesDir,
  openLibraryCatalogue,
  pgLibraryTarget,
  sqliteLibraryTarget,
  type LibraryTarget,
} from './library-catalogue.ts'
import { openStorage } from '../storage/storage-url.ts'
import { openPostgresCatalogue } from '../data/postgres/open-catalogue.ts'
import { PgCacheBus } from '../data/postgres/cache-bus.ts'

const args = process.argv.slice(2).filter((a) => a !== '--')
const copy = args.includes('--copy')
const paths = args.filter((a) => a !== '--copy')
if (paths.length === 0 || paths.some((p) => p.startsWith('-'))) {
  console.error(
    'usage: npm run import -- PATH… [--copy] (imports into the library catalogue of DATA_DIR, default ./data;\n' +
      "  --copy: copies the archive's files into DATA_DIR/library-files and serves the copies, so the archive can be removed)",
  )
  process.exit(2)
}
const config = loadConfig()
const log = createLogger(config.logLevel === 'silent' ? 'silent' : 'info')
const url = config.databaseUrl
const { target, close } = await (async (): Promise<{ target: LibraryTarget; close: () => Promise<void> }> => {
  if (!url) {
    const store = openLibraryCatalogue(config, log, { forImport: true })
    return { target: sqliteLibraryTarget(store), close: async () => store.close() }
  }
  const pool = await openPostgresCatalogue(config, url, log, { library: true })
  const pgTarget = pgLibraryTarget(pool)
  await pgTarget.exclusive(() => ensureOwnerAccount(pgTarget.db, config, log))
  return { target: pgTarget, close: () => pool.end() }
})().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err))
  process.exit(1)
})
const tty = process.stdout.isTTY
let changed = false
try {
  for (const root of paths) {
    const started = performance.now()
    let lastLine = 0
    const report = await target.exclusive(() =>
      importInto(target.db, root, log, {
        exclude: [config.dataDir],
        ownerPixivId: config.owner.pixivId,
        copy,
        copyDir: libraryFilesDir(config.dataDir),
        storage: openStorage(config.storage),
        onProgress: (done, total) => {
          const line = progressLine(done, total, (performance.now() - started) / 1000, !!tty)
          if (tty) process.stdout.write(`\r${line}\x1b[K${done === total ? '\n' : ''}`)
          else if (performance.now() - lastLine > 5000 || done === total) {
            lastLine = performance.now()
            console.log(line)
          }
        },
      }),
    )
    changed ||= changedAnything(report)
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err))
  process.exitCode = 1
  // the import that failed may have written whole items before it stopped
  changed = true
} finally {
  // the running instances on PostgreSQL forget every item (on SQLite they see items_version move: watchServedLibrary)
  if (url && changed) {
    const bus = new PgCacheBus(url, { log })
    await bus.ready()
    await bus.publish({ allItems: true, lists: true })
    await bus.close()
  }
  await close()
}
