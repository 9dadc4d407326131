import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync } from 'node:fs'
import path from 'node:path'
import { loadConfig } from '../config.ts'
import { generateCatalogue, type GenerateOptions } from '../generator/generate.ts'

// Generates the default demo catalogue once for the whole unit-test run (tests copy it before writing to it).
// The file name carries a hash of the generator's sources and options, so a changed generator makes a fresh one.
export const TEST_DATA_ROOT = path.resolve('.data-test')

function generatorHash() {
  const dir = path.resolve('src/server/generator')
  const h = createHash('sha256')
  for (const f of readdirSync(dir).sort()) if (!f.endsWith('.test.ts')) h.update(readFileSync(path.join(dir, f)))
  for (const f of ['records.ts', 'schema.ts', 'catalogue-writer.ts'])
    h.update(readFileSync(path.resolve('src/server/data', f)))
  // The hostile payloads the generator plants live in the contract (both halves read them).
  h.update(readFileSync(path.resolve('src/api/hostile.ts')))
  h.update(JSON.stringify(testCatalogueOptions()))
  return h.digest('hex').slice(0, 12)
}

/**
 * The unit tests' catalogue "today": a fixed day (2026-11-01T00:00:00+09:00), so the shared catalogue is the same
 * file whenever the tests run. The real clock stays real: tests that need another "real" day set the service's.
 */
export const TEST_CATALOGUE_NOW = 1793458800

/** The options the shared catalogue is generated with: the service's defaults on the fixed day. */
export function testCatalogueOptions(): GenerateOptions {
  const config = loadConfig({})
  return { seed: config.seed, ...config.size, demoPassword: 'demo', now: TEST_CATALOGUE_NOW }
}

/** The shared catalogue's file, generated first if this generator has not made it yet. */
export function ensureTestCatalogue(): string {
  mkdirSync(TEST_DATA_ROOT, { recursive: true })
  const file = path.join(TEST_DATA_ROOT, `catalogue-${generatorHash()}.db`)
  if (!existsSync(file)) {
    const tmp = `${file}.tmp-${process.pid}`
    generateCatalogue(tmp, testCatalogueOptions())
    renameSync(tmp, file)
  }
  return file
}

export default function setup({ provide }: { provide: (key: string, value: string) => void }) {
  provide('catalogueFile', ensureTestCatalogue())
}

declare module 'vitest' {
  export interface ProvidedContext {
    catalogueFile: string
  }
}
