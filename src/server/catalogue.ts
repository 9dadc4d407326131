import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import type { Config } from './config.ts'
import type { Logger } from './log.ts'
import { CatalogueStore } from './data/store.ts'
import { migrate } from './data/migrate.ts'
import { generateCatalogue } from './generator/generate.ts'

export const catalogueFile = (dataDir: string) => path.join(dataDir, 'catalogue.db')

/**
 * Opens the catalogue under DATA_DIR, generating it first when it is missing. Generation writes a temporary file
 * and renames it into place, so an interrupted first start leaves no half-made catalogue behind.
 */
export function openCatalogue(config: Config, log: Logger): CatalogueStore {
  mkdirSync(config.dataDir, { recursive: true })
  const file = catalogueFile(config.dataDir)
  if (!existsSync(file)) {
    const tmp = `${file}.tmp-${process.pid}`
    rmSync(tmp, { force: true })
    log.info('generating the demo catalogue (first start)', { ...config.size, seed: config.seed })
    const started = performance.now()
    generateCatalogue(tmp, {
      seed: config.seed,
      ...config.size,
      demoPassword: config.demoPassword,
      now: config.catalogueNow,
      hostileCorpus: config.hostileCorpus,
    })
    renameSync(tmp, file)
    log.info('catalogue ready', { ms: Math.round(performance.now() - started), file })
  }
  const store = new CatalogueStore(file)
  migrate(store.db)
  const meta = store.meta()
  if (
    Number(meta.works) !== config.size.works ||
    Number(meta.seed) !== config.seed ||
    (meta.hostile_corpus === 'all') !== config.hostileCorpus
  )
    log.info('the catalogue on disk was made with other settings; delete it to regenerate', {
      file,
      works: meta.works,
      seed: meta.seed,
    })
  return store
}

/** The HMAC key for access tokens: made once per data directory and kept there. */
export function tokenSecret(dataDir: string): Buffer {
  const file = path.join(dataDir, 'token-secret.key')
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' })
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex')
}
