// npm run db:copy -- --from sqlite:PATH --to postgres://USER@HOST/DB [--fresh] [--batch-rows N]
// Copies a catalogue from its SQLite file into PostgreSQL (db-copy.ts), prints per table the rows and checksums on
// each side, and exits 1 if any differ. Run again after an interruption: it continues where it stopped.
// npm run db:copy -- --from postgres://… --to sqlite:PATH: the other way, into a new file (db-copy-to-sqlite.ts).
import { parseArgs } from 'node:util'
import { copySqliteToPostgres, reportLines, type CopyReport } from './db-copy.ts'
import { copyPostgresToSqlite } from './db-copy-to-sqlite.ts'
import { isPostgresUrl } from '../config.ts'

const USAGE =
  'usage: npm run db:copy -- --from sqlite:PATH --to postgres://USER@HOST[:PORT]/DATABASE [--fresh] [--batch-rows N]\n' +
  '       npm run db:copy -- --from postgres://USER@HOST[:PORT]/DATABASE --to sqlite:NEW_PATH\n' +
  '  --from     the SQLite catalogue (DATA_DIR/catalogue.db, or DATA_DIR/library.db for an imported library)\n' +
  '  --to       the PostgreSQL database (default: DATABASE_URL); it is migrated to the current schema first\n' +
  "  --fresh    empty the target's catalogue tables first (a copy over an older copy)\n" +
  '  --batch-rows N  rows per INSERT (default 1000)'

function sqlitePath(from: string) {
  const m = /^sqlite:(?:\/\/)?(.+)$/.exec(from)
  if (!m) throw new Error(`expected sqlite:PATH, not "${from}"`)
  return m[1]!
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      from: { type: 'string' },
      to: { type: 'string' },
      fresh: { type: 'boolean' },
      'batch-rows': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  const to = values.to ?? process.env.DATABASE_URL
  if (values.help || !values.from || !to) {
    console.log(USAGE)
    return values.help ? 0 : 2
  }
  const log = (line: string) => console.error(line)
  let report: CopyReport
  if (isPostgresUrl(values.from)) {
    report = await copyPostgresToSqlite(values.from, sqlitePath(to), { log })
  } else {
    if (!isPostgresUrl(to)) throw new Error(`--to must be a postgres:// URL (or --from one, to copy back into SQLite)`)
    const batchRows = values['batch-rows'] === undefined ? undefined : Number(values['batch-rows'])
    report = await copySqliteToPostgres(sqlitePath(values.from), to, { fresh: values.fresh, batchRows, log })
  }
  for (const line of reportLines(report)) console.log(line)
  return report.equal ? 0 : 1
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`db:copy: ${err instanceof Error ? err.message : String(err)}`)
    process.exit(1)
  },
)
