import type pg from 'pg'
import type { MuteRepository } from '../../repositories.ts'
import { MuteLimitExceeded } from '../../store.ts'
import { row, rows, transaction } from '../pool.ts'

// Mutes (tags and users a user does not want to see), in the order they were added (`seq`, per user). The SQL of
// store.ts (mutes, editMutes).

export function pgMutes(pool: pg.Pool): MuteRepository {
  return {
    of: async (me) => {
      if (!me) return { tags: [], users: [] }
      const found = await rows<{ kind: string; value: string }>(
        pool,
        'SELECT kind, value FROM mutes WHERE user_id = $1 ORDER BY seq',
        [me],
      )
      return {
        tags: found.filter((r) => r.kind === 'tag').map((r) => r.value),
        users: found.filter((r) => r.kind === 'user').map((r) => Number(r.value)),
      }
    },

    /**
     * One transaction under a lock of the user's mutes (a transaction-scoped advisory lock keyed by the user, held to
     * the commit): two edits at once apply one after the other, so neither counts without the other's rows and
     * together they never pass the limit, and `seq` (max + 1 per user) is never taken twice.
     */
    edit: (me, edit, limit) =>
      transaction(pool, async (client) => {
        await client.query("SELECT pg_advisory_xact_lock(hashtextextended('mutes:' || $1::text, 0))", [me])
        const del = (kind: string, values: string[]) =>
          values.length === 0
            ? undefined
            : client.query('DELETE FROM mutes WHERE user_id = $1 AND kind = $2 AND value = ANY($3::text[])', [
                me,
                kind,
                values,
              ])
        await del('tag', edit.deleteTags)
        await del('user', edit.deleteUsers.map(String))
        // one by one, in the edit's order: each new mute's seq follows the one before
        const add = (kind: string, value: string) =>
          client.query(
            `INSERT INTO mutes (user_id, kind, value, seq)
             VALUES ($1, $2, $3, (SELECT COALESCE(MAX(seq), 0) + 1 FROM mutes WHERE user_id = $1))
             ON CONFLICT (user_id, kind, value) DO NOTHING`,
            [me, kind, value],
          )
        for (const v of edit.addTags) await add('tag', v)
        for (const v of edit.addUsers) await add('user', String(v))
        const counted = await row<{ n: number }>(client, 'SELECT COUNT(*) AS n FROM mutes WHERE user_id = $1', [me])
        if (counted!.n > limit) throw new MuteLimitExceeded()
      }),
  }
}
