import Database from 'better-sqlite3'
import { migrate } from './migrate.ts'
import { SCHEMA_VERSION, schemaSql } from './schema.ts'

// Which schema a catalogue file has, and bringing it to this code's. Files record the version they were made with
// (meta `schema_version`; files from before it was recorded are version 1). A start migrates the file in place
// (migrate.ts); what it then still lacks of this code's tables and columns says whether that worked.

/** The schema version a catalogue file records. */
export function recordedSchemaVersion(db: Database.Database): number {
  const row = db.prepare("SELECT value FROM meta WHERE key = 'schema_version'").get() as { value: string } | undefined
  const version = Number(row?.value ?? 1)
  return Number.isInteger(version) ? version : 1
}

const columnsOf = (db: Database.Database) => {
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .all() as { name: string }[]
  return new Map(
    tables.map(({ name }) => [
      name,
      (db.prepare('SELECT name FROM pragma_table_info(?)').all(name) as { name: string }[]).map((c) => c.name),
    ]),
  )
}

/** This code's tables and columns (`table` or `table.column`) that the file does not have. */
export function missingSchema(db: Database.Database): string[] {
  const want = new Database(':memory:')
  want.exec(schemaSql)
  const expected = columnsOf(want)
  want.close()
  const have = columnsOf(db)
  const missing: string[] = []
  for (const [table, columns] of expected) {
    const got = have.get(table)
    if (!got) missing.push(table)
    else for (const c of columns) if (!got.includes(c)) missing.push(`${table}.${c}`)
  }
  return missing
}

/**
 * Migrates the file in place and records this code's version when nothing is missing afterwards. `from` is the
 * version it had; `missing` what this code needs that the migration could not add (then the version stays).
 */
export function upgradeSchema(db: Database.Database): { from: number; missing: string[] } {
  const from = recordedSchemaVersion(db)
  let missing: string[]
  try {
    migrate(db)
    missing = missingSchema(db)
  } catch (err) {
    missing = [`(the migration failed: ${err instanceof Error ? err.message : String(err)})`]
  }
  if (missing.length === 0 && from < SCHEMA_VERSION)
    db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('schema_version', ?)").run(String(SCHEMA_VERSION))
  return { from, missing }
}
