import { copySqliteToPostgres } from '../data/db-copy.ts'
import { ensureTestCatalogue } from './global-setup.ts'
import { startPostgres } from './postgres.ts'
import type { PgTestCatalogue } from './test-engine.ts'

// The contract suite's run on PostgreSQL (vitest.config.ts, project postgres): one throwaway cluster for the
// whole run, and the unit tests' catalogue copied into it once (db:copy) as the template every test app's database
// is made from (test-engine.ts).

const TEMPLATE = 'easel_template'

export default async function setup({
  provide,
}: {
  provide: (key: 'pgTestCatalogue', value: PgTestCatalogue) => void
}) {
  const file = ensureTestCatalogue()
  const cluster = await startPostgres()
  try {
    const url = await cluster.createDatabase(TEMPLATE)
    const report = await copySqliteToPostgres(file, url)
    if (!report.equal) throw new Error('db:copy of the test catalogue into PostgreSQL is not equal')
    provide('pgTestCatalogue', { port: cluster.port, template: TEMPLATE })
  } catch (err) {
    await cluster.stop()
    throw err
  }
  return () => cluster.stop()
}
