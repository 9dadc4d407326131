import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import type { Config } from './config.ts'
import type { Logger } from './log.ts'
import { CatalogueStore } from './data/store.ts'
import { SCHEMA_VERSION } from './data/schema.ts'
import { upgradeSchema } from './data/schema-version.ts'
import { generateCatalogue } from './generator/generate.ts'
import { startOfJstDay } from './calendar.ts'
import { libraryCatalogueFile, openLibraryCatalogue } from './library/library-catalogue.ts'

export const catalogueFile = (dataDir: string) => path.join(dataDir, 'catalogue.db')

/** The file this configuration serves: the library catalogue with LIBRARY_DIR, else the demo's. */
export const servedCatalogueFile = (config: Pick<Config, 'dataDir' | 'libraryDir'>) =>
  config.libraryDir ? libraryCatalogueFile(config.dataDir) : catalogueFile(config.dataDir)

/**
 * Opens the catalogue under DATA_DIR, generating it first when it is missing. Generation writes a temporary file
 * and renames it into place, so an interrupted first start leaves no half-made catalogue behind. A new demo
 * catalogue's "today" is CATALOGUE_NOW, else the start of the current JST day (`nowS` is the real clock); an
 * existing one keeps the day it was made for. A catalogue of an older schema is migrated in place, keeping what was
 * written to it; a generated one that cannot be is made again (the demo holds nothing but generated data and the
 * demo accounts' own changes).
 */
export function openCatalogue(
  config: Config,
  log: Logger,
  nowS: () => number = () => Math.floor(Date.now() / 1000),
): CatalogueStore {
  if (config.libraryDir) return openLibraryCatalogue(config, log)
  mkdirSync(config.dataDir, { recursive: true })
  const file = catalogueFile(config.dataDir)
  if (!existsSync(file)) generate(config, log, file, nowS, 'first start')
  let store = new CatalogueStore(file)
  const { from, missing } = upgradeSchema(store.db)
  if (missing.length > 0) {
    const generated = store.meta().generator_version !== undefined
    store.close()
    const why = `it has schema version ${from}, this code has ${SCHEMA_VERSION} and cannot migrate it`
    if (!generated) throw new Error(`the catalogue ${file}: ${why} (it lacks ${missing.join(', ')})`)
    log.info(`regenerating the demo catalogue: ${why}`, { file, missing })
    for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true })
    generate(config, log, file, nowS, 'a newer schema')
    store = new CatalogueStore(file)
    upgradeSchema(store.db)
  } else if (from < SCHEMA_VERSION) log.info(`migrated the catalogue from schema version ${from} to ${SCHEMA_VERSION}`)
  const meta = store.meta()
  if (
    Number(meta.works) !== config.size.works ||
    Number(meta.seed) !== config.seed ||
    (meta.hostile_corpus === 'all') !== config.hostileCorpus ||
    (config.catalogueNow !== undefined && Number(meta.now) !== config.catalogueNow)
  )
    log.info('the catalogue on disk was made with other settings; delete it to regenerate', {
      file,
      works: meta.works,
      seed: meta.seed,
      now: meta.now,
    })
  return store
}

function generate(config: Config, log: Logger, file: string, nowS: () => number, why: string) {
  const tmp = `${file}.tmp-${process.pid}`
  rmSync(tmp, { force: true })
  const now = config.catalogueNow ?? startOfJstDay(nowS())
  log.info(`generating the demo catalogue (${why})`, { ...config.size, seed: config.seed, now })
  const started = performance.now()
  generateCatalogue(tmp, {
    seed: config.seed,
    ...config.size,
    demoPassword: config.demoPassword,
    now,
    hostileCorpus: config.hostileCorpus,
  })
  renameSync(tmp, file)
  log.info('catalogue ready', { ms: Math.round(performance.now() - started), file })
}

/** The HMAC key for access tokens: made once per data directory and kept there. */
export function tokenSecret(dataDir: string): Buffer {
  const file = path.join(dataDir, 'token-secret.key')
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' })
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex')
}
