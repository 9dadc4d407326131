import type pg from 'pg'
import type { AccountRepository, InviteRow, SignUpOutcome } from '../../repositories.ts'
import { FIRST_OWN_ACCOUNT_ID, LAST_ACCOUNT_ID_KEY, REGISTRATION_MODE_KEY } from '../../accounts.ts'
import { EMPTY_PROFILE, ownProfileHash } from '../../library-writer.ts'
import { row, rows, transaction } from '../pool.ts'
import {
  ACCOUNT_DELETION_SQL,
  ACCOUNT_FILES_SQL,
  ACCOUNT_SESSIONS_SQL,
  ACCOUNT_UPLOADS_SQL,
  accountKeys,
} from '../../account-deletion.ts'

// Accounts over PostgreSQL: the SQL of ../../accounts.ts. A sign-up takes the users table's SHARE ROW EXCLUSIVE lock
// for its transaction, so two sign-ups at once (on any instances) come out one after the other: one first account,
// one use of an invite, one holder of a name. Reads go on beside it; sign-ups are rare.

/** PostgreSQL's SQLSTATE for a unique constraint broken. */
const UNIQUE_VIOLATION = '23505'

const INVITE_COLUMNS = 'id, created_by, created_ts, expires_ts, used_by, used_ts'

const upsertMeta = (db: pg.ClientBase | pg.Pool, key: string, value: string) =>
  db.query('INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value', [
    key,
    value,
  ])

export function pgAccounts(pool: pg.Pool): AccountRepository {
  const hasAccounts = async (db: pg.ClientBase | pg.Pool) =>
    (await row(db, 'SELECT 1 FROM users WHERE password_hash IS NOT NULL LIMIT 1')) !== undefined

  /** The engine-neutral SQL's `@user` in PostgreSQL's form. */
  const pgSql = (sql: string) => sql.replaceAll('@user', '$1')
  return {
    deleteAccount: (userId) =>
      transaction(pool, async (c) => {
        // one deletion at a time, as sign-ups: an account being made cannot follow one going
        await c.query('LOCK TABLE users IN SHARE ROW EXCLUSIVE MODE')
        const keys = accountKeys(
          await rows<{ storage_key: string }>(c, pgSql(ACCOUNT_UPLOADS_SQL), [userId]),
          await rows<{ path: string }>(c, pgSql(ACCOUNT_FILES_SQL), [userId]),
        )
        const sessions = (await rows<{ id: number }>(c, pgSql(ACCOUNT_SESSIONS_SQL), [userId])).map((r) => r.id)
        for (const sql of ACCOUNT_DELETION_SQL) await c.query(pgSql(sql), [userId])
        await c.query(`INSERT INTO meta (key, value) VALUES ('items_version', '1') ON CONFLICT (key) DO UPDATE
          SET value = (CASE WHEN meta.value ~ '^[0-9]{1,15}$' THEN meta.value::bigint ELSE 0 END + 1)::text`)
        return { keys, sessions }
      }),
    adminCount: async () =>
      (await row<{ n: number }>(pool, "SELECT COUNT(*)::int AS n FROM users WHERE role = 'admin'"))!.n,
    setProfileImage: (userId, role, file, profile) =>
      transaction(pool, async (c) => {
        const old = await row<{ path: string }>(c, 'SELECT path FROM user_files WHERE user_id = $1 AND role = $2', [
          userId,
          role,
        ])
        await c.query('DELETE FROM user_files WHERE user_id = $1 AND role = $2', [userId, role])
        if (file)
          await c.query(
            `INSERT INTO user_files (user_id, role, path, width, height, ext, bytes, mtime_ms)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
            [userId, role, file.path, file.width, file.height, file.ext, file.bytes, Math.round(file.mtimeMs)],
          )
        const custom =
          (await row(c, "SELECT 1 FROM user_files WHERE user_id = $1 AND role = 'avatar'", [userId])) !== undefined
        await c.query(
          `UPDATE users SET profile_date = $1, profile_hash = $2,
             profile_json = jsonb_set(profile_json::jsonb, '{is_using_custom_profile_image}', to_jsonb($3::boolean))::text
           WHERE id = $4`,
          [profile.date, profile.hash, custom, userId],
        )
        return old?.path ?? null
      }),
    knownProfilePaths: async (paths) =>
      new Set(
        (await rows<{ path: string }>(pool, 'SELECT path FROM user_files WHERE path = ANY($1)', [paths])).map(
          (r) => r.path,
        ),
      ),
    hasAccounts: () => hasAccounts(pool),

    signUp: (a, entry, nowTs) =>
      transaction(pool, async (c): Promise<SignUpOutcome> => {
        await c.query('LOCK TABLE users IN SHARE ROW EXCLUSIVE MODE')
        const first = !(await hasAccounts(c))
        if (await row(c, 'SELECT 1 FROM users WHERE account = $1', [a.account])) return { made: false, why: 'taken' }
        if (!first && entry.mode === 'closed') return { made: false, why: 'closed' }
        const invited = !first && entry.mode === 'invite'
        if (invited) {
          if (entry.inviteHash === undefined) return { made: false, why: 'invite' }
          const used = await c.query(
            'UPDATE invites SET used_ts = $1 WHERE code_hash = $2 AND used_by IS NULL AND expires_ts > $1',
            [nowTs, entry.inviteHash],
          )
          if (used.rowCount === 0) return { made: false, why: 'invite' }
        }
        const { id } = (await row<{ id: number }>(
          c,
          `SELECT GREATEST($1::bigint - 1,
             (SELECT MAX(id) FROM users WHERE id >= $1),
             (SELECT CASE WHEN value ~ '^[0-9]{1,15}$' THEN value::bigint END FROM meta WHERE key = $2)) + 1 AS id`,
          [FIRST_OWN_ACCOUNT_ID, LAST_ACCOUNT_ID_KEY],
        ))!
        const role = first ? 'admin' : 'member'
        await c.query(
          `INSERT INTO users (id, name, account, comment, password_hash, x_restrict, is_premium, profile_date,
             profile_hash, profile_json, role) VALUES ($1, $2, $3, '', $4, 0, 0, $5, $6, $7, $8)`,
          [id, a.name, a.account, a.passwordHash, a.profileDate, ownProfileHash(id), EMPTY_PROFILE, role],
        )
        await upsertMeta(c, LAST_ACCOUNT_ID_KEY, String(id))
        if (invited) await c.query('UPDATE invites SET used_by = $1 WHERE code_hash = $2', [id, entry.inviteHash])
        return { made: true, userId: id, role }
      }),

    // one statement: a name another account holds leaves the row as it was (the unique index decides, not a read)
    editProfile: async (userId, p) => {
      try {
        await pool.query('UPDATE users SET name = $1, account = $2, comment = $3, profile_json = $4 WHERE id = $5', [
          p.name,
          p.account,
          p.comment,
          p.profileJson,
          userId,
        ])
        return 'done'
      } catch (err) {
        if ((err as { code?: string }).code === UNIQUE_VIOLATION) return 'taken'
        throw err
      }
    },

    registrationMode: async () =>
      (await row<{ value: string }>(pool, 'SELECT value FROM meta WHERE key = $1', [REGISTRATION_MODE_KEY]))?.value,
    setRegistrationMode: async (mode) => void (await upsertMeta(pool, REGISTRATION_MODE_KEY, mode)),

    addInvite: async (codeHash, createdBy, createdTs, expiresTs) =>
      (await row<InviteRow>(
        pool,
        `INSERT INTO invites (code_hash, created_by, created_ts, expires_ts) VALUES ($1, $2, $3, $4)
         RETURNING ${INVITE_COLUMNS}`,
        [codeHash, createdBy, createdTs, expiresTs],
      ))!,
    invites: (limit) =>
      rows<InviteRow>(pool, `SELECT ${INVITE_COLUMNS} FROM invites ORDER BY id DESC LIMIT $1`, [limit]),
    invite: (codeHash) =>
      row<InviteRow>(pool, `SELECT ${INVITE_COLUMNS} FROM invites WHERE code_hash = $1`, [codeHash]),
    revokeInvite: async (id) =>
      ((await pool.query('DELETE FROM invites WHERE id = $1 AND used_by IS NULL', [id])).rowCount ?? 0) > 0,
  }
}
