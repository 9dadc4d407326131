// npm run db:migrate [-- postgres://USER@HOST/DB]: brings a PostgreSQL database (default: DATABASE_URL) to this
// Easel's schema (migrate.ts). Safe to run any number of times, from any number of machines at once.
import { migratePostgres } from './migrate.ts'

const url = process.argv[2] ?? process.env.DATABASE_URL
if (!url || !/^postgres(ql)?:\/\//.test(url)) {
  console.error('usage: npm run db:migrate -- postgres://USER@HOST[:PORT]/DATABASE   (or set DATABASE_URL)')
  process.exit(2)
}
try {
  const r = await migratePostgres(url)
  for (const w of r.warnings) console.error(`warning: ${w}`)
  console.log(
    r.applied.length > 0
      ? `applied migrations ${r.applied.join(', ')}: the database has schema ${r.version}`
      : `the database has schema ${r.version}: nothing to do`,
  )
} catch (err) {
  console.error(`db:migrate: ${err instanceof Error ? err.message : String(err)}`)
  process.exit(1)
}
