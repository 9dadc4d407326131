import type Database from 'better-sqlite3'
import type { AccountRepository, InviteRow } from './repositories.ts'
import { EMPTY_PROFILE, ownProfileHash } from './library-writer.ts'
import {
  ACCOUNT_DELETION_SQL,
  ACCOUNT_FILES_SQL,
  ACCOUNT_SESSIONS_SQL,
  ACCOUNT_UPLOADS_SQL,
  accountKeys,
} from './account-deletion.ts'

// Accounts over SQLite: sign-up, the registration mode, invites. The PostgreSQL twin is postgres/repositories/
// accounts.ts; the rules (who may sign up, in which mode) are the service's (services/accounts.ts).

/**
 * Accounts made here take ids from this one up: past every pixiv user id an import may bring (pixiv's are under
 * 200 million) and past a library owner's (library/library-catalogue.ts OWNER_ID, 2,000,000,000).
 */
export const FIRST_OWN_ACCOUNT_ID = 2_000_000_001

/** The meta key of the last id given to an account made here: an account gone never gives its id to another. */
export const LAST_ACCOUNT_ID_KEY = 'last_account_id'

/** The meta key of the registration mode an admin set. */
export const REGISTRATION_MODE_KEY = 'registration_mode'

const INVITE_COLUMNS = 'id, created_by, created_ts, expires_ts, used_by, used_ts'

export function sqliteAccounts(db: Database.Database): AccountRepository {
  const hasAccounts = () =>
    db.prepare('SELECT 1 FROM users WHERE password_hash IS NOT NULL LIMIT 1').get() !== undefined
  const metaValue = (key: string) =>
    (db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined)?.value
  const setMeta = (key: string, value: string) =>
    db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(key, value)

  const signUp = db.transaction((a: Parameters<AccountRepository['signUp']>[0], entry, nowTs: number) => {
    const first = !hasAccounts()
    if (db.prepare('SELECT 1 FROM users WHERE account = ?').get(a.account))
      return { made: false, why: 'taken' } as const
    if (!first) {
      if (entry.mode === 'closed') return { made: false, why: 'closed' } as const
      if (entry.mode === 'invite') {
        if (entry.inviteHash === undefined) return { made: false, why: 'invite' } as const
        const used = db
          .prepare('UPDATE invites SET used_ts = ? WHERE code_hash = ? AND used_by IS NULL AND expires_ts > ?')
          .run(nowTs, entry.inviteHash, nowTs)
        if (used.changes === 0) return { made: false, why: 'invite' } as const
      }
    }
    const highest = db.prepare('SELECT MAX(id) AS id FROM users WHERE id >= ?').get(FIRST_OWN_ACCOUNT_ID) as {
      id: number | null
    }
    const id = Math.max(FIRST_OWN_ACCOUNT_ID - 1, highest.id ?? 0, Number(metaValue(LAST_ACCOUNT_ID_KEY)) || 0) + 1
    const role = first ? 'admin' : 'member'
    db.prepare(
      `INSERT INTO users (id, name, account, comment, password_hash, x_restrict, is_premium, profile_date, profile_hash,
         profile_json, role) VALUES (?, ?, ?, '', ?, 0, 0, ?, ?, ?, ?)`,
    ).run(id, a.name, a.account, a.passwordHash, a.profileDate, ownProfileHash(id), EMPTY_PROFILE, role)
    setMeta(LAST_ACCOUNT_ID_KEY, String(id))
    if (!first && entry.mode === 'invite')
      db.prepare('UPDATE invites SET used_by = ? WHERE code_hash = ?').run(id, entry.inviteHash)
    return { made: true, userId: id, role } as const
  })

  const setProfileImage = db.transaction(
    (
      userId: number,
      role: string,
      file: Parameters<AccountRepository['setProfileImage']>[2],
      profile: { date: string; hash: string },
    ): string | null => {
      const old = db.prepare('SELECT path FROM user_files WHERE user_id = ? AND role = ?').get(userId, role) as
        { path: string } | undefined
      db.prepare('DELETE FROM user_files WHERE user_id = ? AND role = ?').run(userId, role)
      if (file)
        db.prepare(
          `INSERT INTO user_files (user_id, role, path, width, height, ext, bytes, mtime_ms)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        ).run(userId, role, file.path, file.width, file.height, file.ext, file.bytes, Math.round(file.mtimeMs))
      const custom =
        db.prepare("SELECT 1 FROM user_files WHERE user_id = ? AND role = 'avatar'").get(userId) !== undefined
      db.prepare(
        `UPDATE users SET profile_date = ?, profile_hash = ?,
           profile_json = json_set(profile_json, '$.is_using_custom_profile_image', json(?)) WHERE id = ?`,
      ).run(profile.date, profile.hash, custom ? 'true' : 'false', userId)
      return old?.path ?? null
    },
  )

  const deleteAccount = db.transaction((userId: number) => {
    const keys = accountKeys(
      db.prepare(ACCOUNT_UPLOADS_SQL).all({ user: userId }) as { storage_key: string }[],
      db.prepare(ACCOUNT_FILES_SQL).all({ user: userId }) as { path: string }[],
    )
    const sessions = (db.prepare(ACCOUNT_SESSIONS_SQL).all({ user: userId }) as { id: number }[]).map((r) => r.id)
    for (const sql of ACCOUNT_DELETION_SQL) db.prepare(sql).run({ user: userId })
    db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('items_version', ?)").run(
      String((Number(metaValue('items_version')) || 0) + 1),
    )
    return { keys, sessions }
  })

  return {
    deleteAccount: async (userId) => deleteAccount.immediate(userId),
    adminCount: async () =>
      (db.prepare("SELECT COUNT(*) AS n FROM users WHERE role = 'admin'").get() as { n: number }).n,
    hasAccounts: async () => hasAccounts(),
    // IMMEDIATE: the first-account check, the invite and the insert see no other writer between them
    signUp: async (a, entry, nowTs) => signUp.immediate(a, entry, nowTs),
    editProfile: async (userId, p) => {
      const other = db.prepare('SELECT id FROM users WHERE account = ?').get(p.account) as { id: number } | undefined
      if (other && other.id !== userId) return 'taken'
      db.prepare('UPDATE users SET name = ?, account = ?, comment = ?, profile_json = ? WHERE id = ?').run(
        p.name,
        p.account,
        p.comment,
        p.profileJson,
        userId,
      )
      return 'done'
    },
    setProfileImage: async (userId, role, file, profile) => setProfileImage.immediate(userId, role, file, profile),
    knownProfilePaths: async (paths) =>
      new Set(paths.filter((path) => db.prepare('SELECT 1 FROM user_files WHERE path = ?').get(path))),
    registrationMode: async () => metaValue(REGISTRATION_MODE_KEY),
    setRegistrationMode: async (mode) => void setMeta(REGISTRATION_MODE_KEY, mode),
    addInvite: async (codeHash, createdBy, createdTs, expiresTs) =>
      db
        .prepare(
          `INSERT INTO invites (code_hash, created_by, created_ts, expires_ts) VALUES (?, ?, ?, ?)
           RETURNING ${INVITE_COLUMNS}`,
        )
        .get(codeHash, createdBy, createdTs, expiresTs) as InviteRow,
    invites: async (limit) =>
      db.prepare(`SELECT ${INVITE_COLUMNS} FROM invites ORDER BY id DESC LIMIT ?`).all(limit) as InviteRow[],
    invite: async (codeHash) =>
      db.prepare(`SELECT ${INVITE_COLUMNS} FROM invites WHERE code_hash = ?`).get(codeHash) as InviteRow | undefined,
    revokeInvite: async (id) => db.prepare('DELETE FROM invites WHERE id = ? AND used_by IS NULL').run(id).changes > 0,
  }
}
