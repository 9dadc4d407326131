import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import type { Config } from './config.ts'
import type { Logger } from './log.ts'
import { CatalogueStore } from './data/store.ts'
import { SCHEMA_VERSION } from './data/schema.ts'
import { generateCatalogue } from './generator/generate.ts'
import { startOfJstDay } from './calendar.ts'

export const catalogueFile = (dataDir: string) => path.join(dataDir, 'catalogue.db')

/**
 * Opens the catalogue under DATA_DIR, generating it first when it is missing. Generation writes a temporary file
 * and renames it into place, so an interrupted first start leaves no half-made catalogue behind. A new demo
 * catalogue's "today" is CATALOGUE_NOW, else the start of the current JST day (`nowS` is the real clock); an
 * existing one keeps the day it was made for. A generated catalogue made with an older schema than this code's is
 * made again (the demo holds nothing but generated data and the demo accounts' own changes; real migrations are
 * for later).
 */
export function openCatalogue(
  config: Config,
  log: Logger,
  nowS: () => number = () => Math.floor(Date.now() / 1000),
): CatalogueStore {
  mkdirSync(config.dataDir, { recursive: true })
  const file = catalogueFile(config.dataDir)
  if (existsSync(file)) {
    const outdated = outdatedSchema(file)
    if (outdated !== undefined) {
      log.info(
        `regenerating the demo catalogue: it was made with schema version ${outdated}, this code has ${SCHEMA_VERSION}`,
        { file },
      )
      for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true })
    }
  }
  if (!existsSync(file)) {
    const tmp = `${file}.tmp-${process.pid}`
    rmSync(tmp, { force: true })
    const now = config.catalogueNow ?? startOfJstDay(nowS())
    log.info('generating the demo catalogue (first start)', { ...config.size, seed: config.seed, now })
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
  const store = new CatalogueStore(file)
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

/**
 * The schema version of a generated catalogue older than this code's, else undefined (current, or not generated:
 * an imported catalogue is never thrown away). Files from before the version was recorded are version 1.
 */
function outdatedSchema(file: string): number | undefined {
  // read-write, as the service opens it next: a read-only connection cannot recover a WAL left by a kill -9
  const store = new CatalogueStore(file)
  try {
    const meta = store.meta()
    if (meta.generator_version === undefined) return undefined
    const version = Number(meta.schema_version ?? 1)
    return version < SCHEMA_VERSION ? version : undefined
  } finally {
    store.close()
  }
}

/** The HMAC key for access tokens: made once per data directory and kept there. */
export function tokenSecret(dataDir: string): Buffer {
  const file = path.join(dataDir, 'token-secret.key')
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' })
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex')
}
