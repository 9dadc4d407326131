import type Database from 'better-sqlite3'
import type { LibraryDb } from './library-db.ts'
import { LibraryLists } from './library-lists.ts'
import { LibraryUserFiles } from './library-user-files.ts'
import { LibraryWriter } from './library-writer.ts'

// The library import's LibraryDb on a SQLite catalogue: the synchronous writers on the store's connection, each call
// run whole before its promise is returned. Each write keeps better-sqlite3's synchronous transaction inside the call,
// so no SQLite transaction is ever open across an `await` (the service's requests share this connection between the
// importer's awaits, and would otherwise read, or write into, a half-written item).

/** The library import's reads and writes on `db`, a SQLite catalogue of this code's schema. */
export function sqliteLibraryDb(db: Database.Database): LibraryDb {
  const writer = new LibraryWriter(db)
  const userFiles = new LibraryUserFiles(db)
  const lists = new LibraryLists(db)
  return {
    fingerprints: async (root) => writer.fingerprints(root),
    filesOf: async (root) => writer.filesOf(root),
    put: async (root, item, fingerprint, nowTs) => writer.put(root, item, fingerprint, nowTs),
    remove: async (key) => writer.remove(key),
    finishSeries: async () => writer.finishSeries(),
    setSkipped: async (root, skipped) => writer.setSkipped(root, skipped),
    bumpItemsVersion: async () => writer.bumpItemsVersion(),
    setMeta: async (key, value) => writer.meta(key, value),
    ensureOwner: async (o) => writer.ensureOwner(o),
    setPassword: async (account, passwordHash) => writer.setPassword(account, passwordHash),
    hasAccount: async (account) => writer.hasAccount(account),
    userFiles: {
      seen: async (root) => userFiles.seen(root),
      setSeen: async (root, seen) => userFiles.setSeen(root, seen),
      put: async (f, owner, profileDate) => userFiles.put(f, owner, profileDate),
      remove: async (userId, role) => userFiles.remove(userId, role),
      worksOf: async (userId) => userFiles.worksOf(userId),
    },
    lists: {
      ownerId: async () => lists.ownerId(),
      present: async (kind, ids) => lists.present(kind, ids),
      syncBookmarks: async (root, kind, ownerId, list) => lists.syncBookmarks(root, kind, ownerId, list),
      syncRankings: async (root, kind, days) => lists.syncRankings(root, kind, days),
    },
    pathsStartingWith: async (prefixes) => pathsStartingWith(db, prefixes),
  }
}

/** Every table of the library schema that names a file: work pages, novels' covers and images, users' avatars. */
const FILE_TABLES = ['work_files', 'novel_files', 'user_files'] as const

function pathsStartingWith(db: Database.Database, prefixes: readonly string[]): string[] {
  const out: string[] = []
  for (const table of FILE_TABLES) {
    // a catalogue of an older schema may lack the newer tables
    const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table)
    if (!exists) continue
    const paths = db.prepare(`SELECT path FROM ${table} WHERE path LIKE ? ESCAPE '\\'`).pluck()
    for (const prefix of prefixes) for (const p of paths.iterate(likePrefix(prefix)) as Iterable<string>) out.push(p)
  }
  return out
}

/** A LIKE pattern matching the paths that start with `prefix`. */
function likePrefix(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}
