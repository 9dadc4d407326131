// db:copy of the default catalogue into PostgreSQL: a freshly generated default catalogue (the service's first start
// makes the same one) copied into a throwaway cluster (src/server/testing/postgres.ts: memory-backed, fsync off, so
// the figure is the copy's own cost, not a disk's), then checked. A row of `npm run bench`; alone:
//   npx tsx bench/db-copy.ts [CATALOGUE.db]
// With a catalogue file (e.g. the million-work one: `npm run generate -- --works 1000000 --novels 200000 --users
// 30000 --out FILE`), that file is copied instead of a fresh default one; EASEL_PG_DIR puts the cluster on disk.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { SIZES } from '../src/server/config.ts'
import { copySqliteToPostgres } from '../src/server/data/db-copy.ts'
import { generateCatalogue } from '../src/server/generator/generate.ts'
import { startPostgres } from '../src/server/testing/postgres.ts'
import { BENCH_CATALOGUE_NOW } from './lib/proc.ts'

export interface DbCopyFigures {
  clusterStartMs: number
  rows: number
  copyMs: number
  checkMs: number
  equal: boolean
}

/**
 * Copies `catalogue` (or a freshly generated default catalogue) into a throwaway cluster and checks the copy; `serve`,
 * when given, runs on the copy (its database URL) before the cluster stops.
 */
export async function measureDbCopy(
  progress: (line: string) => void = () => undefined,
  catalogue?: string,
  serve?: (databaseUrl: string) => Promise<void>,
): Promise<DbCopyFigures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'easel-bench-db-copy-'))
  try {
    const file = catalogue ?? path.join(dir, 'catalogue.db')
    if (!catalogue) {
      progress('db:copy: generating the default catalogue')
      const now = Math.floor(Date.parse(`${BENCH_CATALOGUE_NOW}T00:00:00+09:00`) / 1000)
      generateCatalogue(file, { seed: 20261101, ...SIZES.default!, demoPassword: 'demo', now })
    }
    const cluster = await startPostgres()
    try {
      progress(`db:copy: cluster started in ${cluster.startMs.toFixed(0)} ms; copying`)
      const url = await cluster.createDatabase('bench')
      const report = await copySqliteToPostgres(file, url)
      if (serve) await serve(url)
      return {
        clusterStartMs: cluster.startMs,
        rows: report.copied,
        copyMs: report.copyMs,
        checkMs: report.ms - report.copyMs,
        equal: report.equal,
      }
    } finally {
      await cluster.stop()
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const catalogue = process.argv[2]
  const f = await measureDbCopy((line) => console.error(line), catalogue)
  console.log(
    `cluster start ${f.clusterStartMs.toFixed(0)} ms; db:copy of ${catalogue ?? 'the default catalogue'}: ${f.rows.toLocaleString('en')} rows in ${(f.copyMs / 1000).toFixed(1)} s (${Math.round(f.rows / (f.copyMs / 1000)).toLocaleString('en')} rows/s), checked in ${(f.checkMs / 1000).toFixed(1)} s; ${f.equal ? 'every table equal' : 'MISMATCH'}`,
  )
}
