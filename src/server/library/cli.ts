// `npm run import -- PATH… [--copy]`: imports gallery-dl archives into the library catalogue of DATA_DIR (DATA_DIR/library.db),
// the one LIBRARY_DIR serves, through the same code as the start-up scan. Prints progress (a live line on a terminal,
// plain lines otherwise) and the report: imported, updated, removed, unchanged, and each skipped file with its reason.
// With --copy the archive's files are copied into DATA_DIR/library-files and served from there (copy.ts).

import { loadConfig } from '../config.ts'
import { progressLine } from './progress.ts'
import { createLogger } from '../log.ts'
import { importInto, libraryFilesDir, openLibraryCatalogue } from './library-catalogue.ts'
import { openStorage } from '../storage/storage-url.ts'

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
const store = openLibraryCatalogue(config, log, { forImport: true })
const tty = process.stdout.isTTY
try {
  for (const root of paths) {
    const started = performance.now()
    let lastLine = 0
    await importInto(store, root, log, {
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
    })
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err))
  process.exitCode = 1
} finally {
  store.close()
}
