import type { LibraryItem, LibraryItemKey, LibraryItemKind } from './library-writer.ts'
import type { ListChanges, ListKind, OwnerBookmark } from './library-lists.ts'
import type { UserFileOwner, UserFileRecord, UserFileRole } from './library-user-files.ts'

// What a library import (src/server/library/import.ts) reads from and writes to its catalogue, on either engine: the
// importer's clearly separate writer of issue 16. SQLite's is the store's own connection (sqlite-library-db.ts, over
// library-writer.ts and its neighbours); PostgreSQL's a pool (postgres/library-db.ts). Every write of one item, one
// user file or one list sync is one transaction, so a kill at any moment leaves whole items only and the next scan
// finishes the job.

/** The owner account a library catalogue is made with (library-catalogue.ts). */
export interface LibraryOwner {
  id: number
  account: string
  name: string
  passwordHash: string
  profileDate: string
}

export interface LibraryDb {
  /** The fingerprint of every item imported from `root`, by key. */
  fingerprints(root: string): Promise<Map<LibraryItemKey, string>>
  /** The item of every file imported from `root`, by the file's path (a novel's images; its text is stored). */
  filesOf(root: string): Promise<Map<string, { kind: LibraryItemKind; id: number }>>
  /** Writes (or replaces) one item with its user, tags, series and files, in one transaction; throws, writing nothing. */
  put(root: string, item: LibraryItem, fingerprint: string, nowTs: number): Promise<void>
  /** Takes an item that left the library out of the catalogue, in one transaction. */
  remove(key: LibraryItemKey): Promise<void>
  /** Series order (as recorded, else by date) for works and novels, and series left without items dropped. */
  finishSeries(): Promise<void>
  /** Replaces the skipped-file report of `root`. */
  setSkipped(root: string, skipped: readonly { path: string; reason: string }[]): Promise<void>
  /** Tells every cache of works and tags that these changed (meta `items_version` + 1). */
  bumpItemsVersion(): Promise<void>
  /** Sets one meta row. */
  setMeta(key: string, value: string): Promise<void>
  /** Creates the owner account unless an account of that name exists; true when it was created. */
  ensureOwner(o: LibraryOwner): Promise<boolean>
  /** Sets an account's password; false when there is no such account. */
  setPassword(account: string, passwordHash: string): Promise<boolean>
  /** Whether an account of that name exists. */
  hasAccount(account: string): Promise<boolean>

  /** Users' avatars and backgrounds (library-user-files.ts). */
  userFiles: {
    /** What the last scan of `root` imported: `"<user id>:<role>"` → fingerprint. */
    seen(root: string): Promise<Map<string, string>>
    setSeen(root: string, seen: ReadonlyMap<string, string>): Promise<void>
    /** Writes (or replaces) a user's file with a new profile hash, creating the user if needed, in one transaction. */
    put(f: UserFileRecord, owner: UserFileOwner, profileDate: string | null): Promise<void>
    remove(userId: number, role: UserFileRole): Promise<void>
    /** The ids of a user's works. */
    worksOf(userId: number): Promise<number[]>
  }

  /** The owner's bookmarks and the recorded rankings (library-lists.ts). */
  lists: {
    ownerId(): Promise<number | undefined>
    present(kind: ListKind, ids: readonly number[]): Promise<Set<number>>
    syncBookmarks(root: string, kind: ListKind, ownerId: number, list: readonly OwnerBookmark[]): Promise<ListChanges>
    syncRankings(
      root: string,
      kind: ListKind,
      days: ReadonlyMap<string, ReadonlyMap<number, readonly number[]>>,
    ): Promise<number>
  }

  /** Every path of a work's, a novel's or a user's file that starts with one of `prefixes` (copy.ts collectCopies). */
  pathsStartingWith(prefixes: readonly string[]): Promise<string[]>
}
