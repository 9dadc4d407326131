import type pg from 'pg'
import { moderationRepository, type ModerationRunner } from '../../moderation.ts'
import type { ModerationRepository } from '../../repositories.ts'
import { rows, transaction } from '../pool.ts'

// Moderation over PostgreSQL: the SQL of ../../moderation.ts, its named parameters put in PostgreSQL's positional
// ones, each script in one transaction.

/** `@name` parameters as `$1`, `$2`… (one number per name, however often it stands), and their values in that order. */
export function positional(sql: string, params: Record<string, unknown>): { text: string; values: unknown[] } {
  const order: string[] = []
  const text = sql.replace(/@(\w+)/g, (_, name: string) => {
    if (!(name in params)) throw new Error(`moderation SQL: no value for @${name}`)
    let at = order.indexOf(name)
    if (at < 0) at = order.push(name) - 1
    return `$${at + 1}`
  })
  return { text, values: order.map((name) => params[name]) }
}

const isRead = (sql: string) => /^\s*SELECT\b/i.test(sql)

export function pgModerationRunner(pool: pg.Pool): ModerationRunner {
  return {
    script: (statements, params) =>
      transaction(pool, async (client) => {
        const out: unknown[][] = []
        for (const sql of statements) {
          const { text, values } = positional(sql, params)
          const result = await client.query(text, values)
          if (isRead(sql)) out.push(result.rows)
        }
        return out
      }),
    query: <T>(sql: string, params: Record<string, unknown>) => {
      const { text, values } = positional(sql, params)
      return rows<T & pg.QueryResultRow>(pool, text, values) as Promise<T[]>
    },
  }
}

export const pgModeration = (pool: pg.Pool): ModerationRepository => moderationRepository(pgModerationRunner(pool))
