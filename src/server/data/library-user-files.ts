import { createHash } from 'node:crypto'
import type Database from 'better-sqlite3'
import { EMPTY_PROFILE } from './library-writer.ts'

// Users' own files imported from an archive (gallery-dl's `include: avatar, background`): the `user_files` rows
// (schema 5) and what the user's profile URLs are made of. Writes on the store's database handle, one transaction
// per file, as library-writer.ts does for works.
//
// Which of these rows came from which library folder, with the fingerprint of what each was read from, is kept in the
// meta table (`library_user_files:<root>`, a JSON object `"<user id>:<role>" → fingerprint`, written once per scan):
// user_files has no column for it, and a rescan must know what left its folder even when the rows point at --copy
// copies. A scan killed before it wrote the object only reads those files again: writing a row is idempotent.

export type UserFileRole = 'avatar' | 'background'

export interface UserFileRecord {
  userId: number
  role: UserFileRole
  /** absolute path, served where it is (or its copy) */
  path: string
  width: number
  height: number
  /** `jpg`, `png` or `gif` */
  ext: string
  bytes: number
  mtimeMs: number
}

export interface UserFileRow {
  role: UserFileRole
  path: string
  width: number
  height: number
  ext: string
  bytes: number
  mtime_ms: number
}

/** A user as the file's sidecar names them (gallery-dl writes the user_detail's user). */
export interface UserFileOwner {
  id: number
  name: string
  account: string
}

/** The meta key of what the last scan of `root` imported (see above). */
export const userFilesSeenKey = (root: string) => `library_user_files:${root}`

export class LibraryUserFiles {
  constructor(private readonly db: Database.Database) {}

  /** What the last scan of `root` imported: `"<user id>:<role>"` → fingerprint. */
  seen(root: string): Map<string, string> {
    const row = this.db.prepare('SELECT value FROM meta WHERE key = ?').get(userFilesSeenKey(root)) as
      { value: string } | undefined
    return parseUserFilesSeen(row?.value)
  }

  setSeen(root: string, seen: ReadonlyMap<string, string>) {
    this.db
      .prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)')
      .run(userFilesSeenKey(root), JSON.stringify(Object.fromEntries(seen)))
  }

  /**
   * Writes (or replaces) a user's file and gives the user a new profile hash (their avatar's URL changes with the
   * file, so no client keeps showing an old one from its cache), in one transaction. A user the catalogue does not
   * hold yet (an avatar downloaded without works) is created with the sidecar's name and account.
   */
  put(f: UserFileRecord, owner: UserFileOwner, profileDate: string | null) {
    this.db.transaction(() => {
      const user = this.db.prepare('SELECT account FROM users WHERE id = ?').get(owner.id) as
        { account: string } | undefined
      if (!user) {
        const clash = this.db.prepare('SELECT id FROM users WHERE account = ?').get(owner.account) as
          { id: number } | undefined
        if (clash) throw new Error(`user ${owner.id}'s account "${owner.account}" is already user ${clash.id}'s`)
        this.db
          .prepare(
            `INSERT INTO users (id, name, account, comment, password_hash, x_restrict, is_premium, profile_date,
               profile_hash, profile_json) VALUES (?, ?, ?, '', NULL, 0, 0, ?, '', ?)`,
          )
          .run(owner.id, owner.name, owner.account, profileDate ?? '2000/01/01/00/00/00', EMPTY_PROFILE)
      }
      this.db
        .prepare(
          `INSERT OR REPLACE INTO user_files (user_id, role, path, width, height, ext, bytes, mtime_ms)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(f.userId, f.role, f.path, f.width, f.height, f.ext, f.bytes, Math.round(f.mtimeMs))
      if (profileDate && f.role === 'avatar')
        this.db.prepare('UPDATE users SET profile_date = ? WHERE id = ?').run(profileDate, f.userId)
      this.rehash(f.userId)
    })()
  }

  /** Takes a user's file out (it left the archive), in one transaction. */
  remove(userId: number, role: UserFileRole) {
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM user_files WHERE user_id = ? AND role = ?').run(userId, role)
      this.rehash(userId)
    })()
  }

  /** The ids of a user's works (whose items name the user's avatar), by id: the same order on either engine. */
  worksOf(userId: number): number[] {
    return this.db.prepare('SELECT id FROM works WHERE user_id = ? ORDER BY id').pluck().all(userId) as number[]
  }

  /**
   * A new profile hash from the user's files: the avatar's and the background's URLs name it. Its last hex digit is
   * even exactly when the user has a background file (paths.ts `hasBackground`), so an imported user never shows a
   * generated background.
   */
  private rehash(userId: number) {
    const files = this.db
      .prepare('SELECT role, path, bytes, mtime_ms FROM user_files WHERE user_id = ? ORDER BY role')
      .all(userId) as UserFileDigestRow[]
    this.db.prepare('UPDATE users SET profile_hash = ? WHERE id = ?').run(profileHashOfFiles(userId, files), userId)
  }
}

/** The meta value of what a scan imported (userFilesSeenKey), read back; none when missing or unreadable. */
export function parseUserFilesSeen(value: string | undefined): Map<string, string> {
  if (value === undefined) return new Map()
  try {
    return new Map(Object.entries(JSON.parse(value) as Record<string, string>))
  } catch {
    return new Map()
  }
}

/** What a user's profile hash is made of: each of their files (by role), as `SELECT role, path, bytes, mtime_ms`. */
export interface UserFileDigestRow {
  role: string
  path: string
  bytes: number
  mtime_ms: number
}

/** A user's profile hash from their files (rows by role); its last digit even exactly when one is a background. */
export function profileHashOfFiles(userId: number, files: readonly UserFileDigestRow[]): string {
  const digest = createHash('sha256')
    // the fields named one by one: the digest is the same whatever the engine's row object holds, in whatever order
    .update(
      `user ${userId}\n${JSON.stringify(files.map((f) => ({ role: f.role, path: f.path, bytes: f.bytes, mtime_ms: f.mtime_ms })))}`,
    )
    .digest('hex')
    .slice(0, 31)
  const background = files.some((f) => f.role === 'background')
  return `${digest}${background ? '0' : '1'}`
}
