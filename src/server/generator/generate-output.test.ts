import Database from 'better-sqlite3'
import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_SIZE, generateCatalogue } from './generate.ts'

// The generator streams its rows (bounded memory for a million works), yet the catalogue it makes is the one it made
// when it held every work, bookmark and comment in arrays: the unit tests, the contract tests and the e2e specs read
// its content. These digests, one per table, were taken from the generator before it streamed (commit 9cdf911);
// a change of any row of any table changes its digest. If the generator's output must change on purpose, say why in
// the commit and take the new digests (DIGESTS=print).

const NOW = 1793458800 // 2026-11-01T00:00:00+09:00
const DEFAULT = { seed: 20261101, demoPassword: 'demo', now: NOW, ...DEFAULT_SIZE }

let dir: string
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'easel-gen-output-'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** sha256 of every row of every table, in rowid (or key) order; sqlite_stat tables left out (ANALYZE's estimates) */
function tableDigests(file: string): Record<string, string> {
  const db = new Database(file, { readonly: true })
  try {
    const tables = db
      .prepare(
        "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE 'CREATE VIRTUAL%' ORDER BY name",
      )
      .all() as { name: string; sql: string }[]
    const out: Record<string, string> = {}
    for (const { name, sql } of tables) {
      const order = /WITHOUT ROWID/i.test(sql) ? '1' : 'rowid'
      const h = createHash('sha256')
      let rows = 0
      for (const row of db.prepare(`SELECT * FROM "${name}" ORDER BY ${order}`).raw().iterate()) {
        h.update(JSON.stringify(row, (_, v: unknown) => (typeof v === 'bigint' ? String(v) : v)))
        h.update('\n')
        rows++
      }
      out[name] = `${rows}:${h.digest('hex').slice(0, 16)}`
    }
    return out
  } finally {
    db.close()
  }
}

const EXPECTED: Record<string, string> = {
  comments: '20972:0364cdea9d9d39c2',
  follows: '7900:f7317e4691b41e92',
  illust_bookmark_tags: '4026:eb57ac286bd6f46c',
  audit_log: '0:e3b0c44298fc1c14',
  illust_bookmarks: '9595:48f979924ed96b73',
  illust_series: '20:f779e08f405b1af8',
  invites: '0:e3b0c44298fc1c14',
  library_bookmarks: '0:e3b0c44298fc1c14',
  library_novels: '0:e3b0c44298fc1c14',
  library_rankings: '0:e3b0c44298fc1c14',
  library_skipped: '0:e3b0c44298fc1c14',
  library_works: '0:e3b0c44298fc1c14',
  meta: '8:1bd851168afc51b7', // schema_version 9
  moderation_holds: '0:e3b0c44298fc1c14',
  mutes: '33:8c8483bae83546d6',
  novel_activity: '47911:c1c7252096775770',
  novel_bookmark_tags: '423:5aba67dd6faea2fe',
  novel_bookmarks: '1098:daf54adcf2bc69c1',
  novel_files: '0:e3b0c44298fc1c14',
  novel_images: '1010:3b0d960e39d71d28',
  novel_series: '69:46d9538d088a5926',
  novel_tags: '10084:edbb969acbe6b0c5',
  novel_texts: '2000:4a1fc8d6e4ba4b87',
  novels: '2000:0b1784bcdccc1f86',
  refresh_tokens: '0:e3b0c44298fc1c14',
  reports: '0:e3b0c44298fc1c14',
  tags: '400:d7f37a4b24a27fc5',
  uploads: '0:e3b0c44298fc1c14',
  user_files: '0:e3b0c44298fc1c14',
  users: '300:5c77eda8efe33b4b', // role: the demo account admin, the rest members
  work_activity: '241453:282f794886360512',
  work_files: '0:e3b0c44298fc1c14',
  work_tags: '59944:5d56a0486b7bb58b',
  works: '10000:8e42418ab253f085',
}

describe('the default-size catalogue', () => {
  it('has the same rows in every table as before the generator streamed', { timeout: 180_000 }, () => {
    const file = path.join(dir, 'default.db')
    generateCatalogue(file, DEFAULT)
    const digests = tableDigests(file)
    if (process.env.DIGESTS === 'print') console.log(JSON.stringify(digests, null, 2))
    expect(digests).toEqual(EXPECTED)
  })
})
