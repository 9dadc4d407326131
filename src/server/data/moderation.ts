import type Database from 'better-sqlite3'
import type { AuditEntry, HeldRow, ModerationRepository, ReportRow, TargetKind, TargetRow } from './repositories.ts'

// Moderation's data (the schema's moderation_holds, reports and audit_log): written once, as SQL both engines run
// alike, over a small runner each engine gives (this module's for SQLite, postgres/repositories/moderation.ts for
// PostgreSQL). Every action is one transaction: the hold, the items it hides or brings back, the sessions it ends, the
// reports it closes and its line in the audit log land together or not at all.
//
// Hiding a work or novel makes it private to its author (restrict 2), so every list, search, ranking, feed, count and
// image signature that already obeys the one visibility rule (services/visibility.ts) leaves it out with no query of
// its own; the hold keeps the restrict its author chose (`restrict_before`), which comes back when nothing holds it.

/** Runs statements with named parameters (`@name`) in one transaction; answers the rows of each SELECT, in order. */
export interface ModerationRunner {
  script(statements: readonly string[], params: Record<string, unknown>): Promise<unknown[][]>
  query<T>(sql: string, params: Record<string, unknown>): Promise<T[]>
}

const TABLE = { illust: 'works', novel: 'novels' } as const

/** Closes the open reports on a target, as the action taken. */
const CLOSE_REPORTS = `UPDATE reports SET closed_ts = @ts, closed_by = @admin, resolution = @action
  WHERE kind = @kind AND target_id = @target AND closed_ts IS NULL`

const LOG = `INSERT INTO audit_log (created_ts, admin_id, action, kind, target_id, target_label, target_user_id, note)
  VALUES (@ts, @admin, @action, @kind, @target, @label, @targetUser, @note)`

/** A work or novel held by nothing any more gets its author's restrict back, and its hold goes. */
const release = (kind: 'illust' | 'novel', which: string) => [
  `UPDATE ${TABLE[kind]} SET restrict = (SELECT h.restrict_before FROM moderation_holds h
     WHERE h.kind = '${kind}' AND h.target_id = ${TABLE[kind]}.id)
   WHERE ${which} AND EXISTS (SELECT 1 FROM moderation_holds h WHERE h.kind = '${kind}'
     AND h.target_id = ${TABLE[kind]}.id AND h.by_admin = 0 AND h.by_suspension = 0)`,
  `DELETE FROM moderation_holds WHERE kind = '${kind}' AND by_admin = 0 AND by_suspension = 0
   AND target_id IN (SELECT id FROM ${TABLE[kind]} WHERE ${which})`,
]

/** Holds an account's works or novels with its suspension (an admin's own hold of one stays as it is). */
const holdAllOf = (kind: 'illust' | 'novel') => [
  `INSERT INTO moderation_holds (kind, target_id, by_admin, by_suspension, restrict_before, created_ts)
   SELECT '${kind}', id, 0, 1, restrict, CAST(@ts AS BIGINT) FROM ${TABLE[kind]} WHERE user_id = @target
   ON CONFLICT (kind, target_id) DO UPDATE SET by_suspension = 1`,
  `UPDATE ${TABLE[kind]} SET restrict = 2 WHERE user_id = @target`,
]

/**
 * After its author edited a held work or novel (`@target`): the restrict they chose is kept for when the hold is
 * lifted, and the item stays private meanwhile. Run in the edit's own transaction (posting.ts and its PostgreSQL twin).
 */
export const KEEP_HELD_AFTER_EDIT_SQL = (kind: 'illust' | 'novel'): readonly string[] => [
  `UPDATE moderation_holds SET restrict_before = (SELECT restrict FROM ${TABLE[kind]} WHERE id = @target)
   WHERE kind = '${kind}' AND target_id = @target`,
  `UPDATE ${TABLE[kind]} SET restrict = 2 WHERE id = @target
   AND EXISTS (SELECT 1 FROM moderation_holds WHERE kind = '${kind}' AND target_id = @target)`,
]

/** The holds on a work or novel (`@target`) and on the comments on it, before they are deleted with it. */
export const DROP_HOLDS_OF_ITEM_SQL = (kind: 'illust' | 'novel') =>
  `DELETE FROM moderation_holds WHERE (kind = '${kind}' AND target_id = @target)
   OR (kind = 'comment' AND target_id IN (SELECT id FROM comments WHERE kind = '${kind}' AND item_id = @target))`

/** The holds on a comment (`@target`) and on its replies, before they are deleted with it. */
export const DROP_HOLDS_OF_COMMENT_SQL = `DELETE FROM moderation_holds WHERE kind = 'comment'
  AND (target_id = @target OR target_id IN (SELECT id FROM comments WHERE parent_id = @target))`

const REPORT_COLUMNS = `id, kind, target_id, target_label, target_user_id, reporter_id, reason, note, created_ts,
  closed_ts, closed_by, resolution`

export function moderationRepository(run: ModerationRunner): ModerationRepository {
  const entry = (e: AuditEntry) => ({
    ts: e.ts,
    admin: e.adminId,
    action: e.action,
    kind: e.kind,
    target: e.targetId,
    label: e.label,
    targetUser: e.targetUserId,
    note: e.note,
  })

  return {
    async target(kind, id) {
      const found = await run.query<TargetRow>(TARGET_SQL[kind], { target: id })
      return found[0]
    },

    async addReport(r) {
      const [added] = await run.script(
        [
          `INSERT INTO reports (kind, target_id, target_label, target_user_id, reporter_id, reason, note, created_ts)
           SELECT CAST(@kind AS TEXT), CAST(@target AS BIGINT), CAST(@label AS TEXT), CAST(@targetUser AS BIGINT),
             CAST(@reporter AS BIGINT), CAST(@reason AS TEXT), CAST(@note AS TEXT), CAST(@ts AS BIGINT)
           WHERE NOT EXISTS (SELECT 1 FROM reports WHERE kind = @kind AND target_id = @target
             AND reporter_id = @reporter AND closed_ts IS NULL)`,
          `SELECT id FROM reports WHERE kind = @kind AND target_id = @target AND reporter_id = @reporter
           AND closed_ts IS NULL`,
        ],
        {
          kind: r.kind,
          target: r.targetId,
          label: r.label,
          targetUser: r.targetUserId,
          reporter: r.reporterId,
          reason: r.reason,
          note: r.note,
          ts: r.ts,
        },
      )
      return (added as { id: number }[]).length > 0
    },

    reports: (state, offset, limit) =>
      run.query<ReportRow>(
        state === 'open'
          ? `SELECT ${REPORT_COLUMNS} FROM reports WHERE closed_ts IS NULL ORDER BY id LIMIT @limit OFFSET @offset`
          : `SELECT ${REPORT_COLUMNS} FROM reports WHERE closed_ts IS NOT NULL
             ORDER BY closed_ts DESC, id DESC LIMIT @limit OFFSET @offset`,
        { limit, offset },
      ),

    async dismissReport(reportId, e) {
      const [found] = await run.script(
        [
          `SELECT id FROM reports WHERE id = @report AND closed_ts IS NULL`,
          // the log line names what the report was about
          `INSERT INTO audit_log (created_ts, admin_id, action, kind, target_id, target_label, target_user_id, note)
           SELECT CAST(@ts AS BIGINT), CAST(@admin AS BIGINT), 'dismiss', kind, target_id, target_label, target_user_id,
             CAST(@note AS TEXT) FROM reports
           WHERE id = @report AND closed_ts IS NULL`,
          `UPDATE reports SET closed_ts = @ts, closed_by = @admin, resolution = 'dismiss'
           WHERE id = @report AND closed_ts IS NULL`,
        ],
        { ...entry(e), report: reportId },
      )
      return (found as unknown[]).length > 0
    },

    async hide(kind, id, e) {
      const p = { ...entry(e), target: id }
      if (kind === 'comment')
        await run.script(
          [
            `INSERT INTO moderation_holds (kind, target_id, by_admin, by_suspension, created_ts)
             VALUES ('comment', @target, 1, 0, @ts) ON CONFLICT (kind, target_id) DO NOTHING`,
            CLOSE_REPORTS,
            LOG,
          ],
          p,
        )
      else
        await run.script(
          [
            `INSERT INTO moderation_holds (kind, target_id, by_admin, by_suspension, restrict_before, created_ts)
             SELECT '${kind}', id, 1, 0, restrict, CAST(@ts AS BIGINT) FROM ${TABLE[kind]} WHERE id = @target
             ON CONFLICT (kind, target_id) DO UPDATE SET by_admin = 1`,
            `UPDATE ${TABLE[kind]} SET restrict = 2 WHERE id = @target`,
            CLOSE_REPORTS,
            LOG,
          ],
          p,
        )
    },

    async unhide(kind, id, e) {
      const p = { ...entry(e), target: id }
      await run.script(
        kind === 'comment'
          ? ["DELETE FROM moderation_holds WHERE kind = 'comment' AND target_id = @target", LOG]
          : [
              `UPDATE moderation_holds SET by_admin = 0 WHERE kind = '${kind}' AND target_id = @target`,
              ...release(kind, 'id = @target'),
              LOG,
            ],
        p,
      )
    },

    async suspend(userId, e) {
      const [sessions] = await run.script(
        [
          'SELECT id FROM refresh_tokens WHERE user_id = @target',
          `INSERT INTO moderation_holds (kind, target_id, by_admin, by_suspension, created_ts)
           VALUES ('user', @target, 1, 0, @ts) ON CONFLICT (kind, target_id) DO NOTHING`,
          ...holdAllOf('illust'),
          ...holdAllOf('novel'),
          'DELETE FROM refresh_tokens WHERE user_id = @target',
          // reports on what the account wrote are worked through with it
          `UPDATE reports SET closed_ts = @ts, closed_by = @admin, resolution = 'suspend'
           WHERE target_user_id = @target AND closed_ts IS NULL`,
          LOG,
        ],
        { ...entry(e), target: userId },
      )
      return (sessions as { id: number }[]).map((s) => Number(s.id))
    },

    async unsuspend(userId, e) {
      await run.script(
        [
          "DELETE FROM moderation_holds WHERE kind = 'user' AND target_id = @target",
          `UPDATE moderation_holds SET by_suspension = 0 WHERE kind = 'illust'
           AND target_id IN (SELECT id FROM works WHERE user_id = @target)`,
          `UPDATE moderation_holds SET by_suspension = 0 WHERE kind = 'novel'
           AND target_id IN (SELECT id FROM novels WHERE user_id = @target)`,
          ...release('illust', 'user_id = @target'),
          ...release('novel', 'user_id = @target'),
          LOG,
        ],
        { ...entry(e), target: userId },
      )
    },

    async setRole(userId, role, e) {
      const [left] = await run.script(
        [
          `UPDATE users SET role = @role WHERE id = @target
           AND (@role = 'admin' OR EXISTS (SELECT 1 FROM users o WHERE o.role = 'admin' AND o.id != @target))`,
          'SELECT id FROM users WHERE id = @target AND role = @role',
          `INSERT INTO audit_log (created_ts, admin_id, action, kind, target_id, target_label, target_user_id, note)
           SELECT CAST(@ts AS BIGINT), CAST(@admin AS BIGINT), CAST(@action AS TEXT), 'user', id, name, id,
             CAST(@note AS TEXT) FROM users WHERE id = @target AND role = @role`,
        ],
        { ...entry(e), target: userId, role },
      )
      return (left as unknown[]).length > 0
    },

    async deleted(e) {
      await run.script([CLOSE_REPORTS, LOG], entry(e))
    },

    async isSuspended(userId) {
      const found = await run.query("SELECT 1 AS x FROM moderation_holds WHERE kind = 'user' AND target_id = @target", {
        target: userId,
      })
      return found.length > 0
    },

    held: (offset, limit) =>
      run.query<HeldRow>(
        `SELECT kind, target_id, created_ts FROM moderation_holds WHERE by_admin = 1
         ORDER BY created_ts DESC, kind, target_id LIMIT @limit OFFSET @offset`,
        { limit, offset },
      ),

    log: (offset, limit) =>
      run.query(
        `SELECT id, created_ts, admin_id, action, kind, target_id, target_label, target_user_id, note FROM audit_log
         ORDER BY id DESC LIMIT @limit OFFSET @offset`,
        { limit, offset },
      ),
  }
}

/** Whether moderation holds the target (alias), and why: an admin one by one, its author's suspension, or both. */
const HOLD_OF = (kind: TargetKind, alias: string) =>
  `CASE WHEN EXISTS (SELECT 1 FROM moderation_holds h WHERE h.kind = '${kind}' AND h.target_id = ${alias}.id)
     THEN 1 ELSE 0 END AS held,
   COALESCE((SELECT h.by_admin FROM moderation_holds h WHERE h.kind = '${kind}' AND h.target_id = ${alias}.id), 0)
     AS by_admin,
   COALESCE((SELECT h.by_suspension FROM moderation_holds h WHERE h.kind = '${kind}' AND h.target_id = ${alias}.id), 0)
     AS by_suspension,
   (SELECT h.restrict_before FROM moderation_holds h WHERE h.kind = '${kind}' AND h.target_id = ${alias}.id)
     AS restrict_before`

/** What a target is now: its label, whose it is, whether moderation holds it, and a comment's item. */
const TARGET_SQL: Record<TargetKind, string> = {
  illust: `SELECT w.id, w.title AS label, w.user_id, ${HOLD_OF('illust', 'w')},
    NULL AS on_kind, NULL AS on_id FROM works w WHERE w.id = @target`,
  novel: `SELECT n.id, n.title AS label, n.user_id, ${HOLD_OF('novel', 'n')},
    NULL AS on_kind, NULL AS on_id FROM novels n WHERE n.id = @target`,
  comment: `SELECT c.id, c.body AS label, c.user_id, ${HOLD_OF('comment', 'c')},
    c.kind AS on_kind, c.item_id AS on_id FROM comments c WHERE c.id = @target`,
  user: `SELECT u.id, u.name AS label, u.id AS user_id, ${HOLD_OF('user', 'u')},
    NULL AS on_kind, NULL AS on_id FROM users u WHERE u.id = @target`,
}

/** The named parameters a statement uses, from `params` (better-sqlite3 refuses values a statement does not name). */
export function namedIn(sql: string, params: Record<string, unknown>): Record<string, unknown> {
  const names = new Set([...sql.matchAll(/@(\w+)/g)].map((m) => m[1]!))
  return Object.fromEntries(Object.entries(params).filter(([k]) => names.has(k)))
}

/** The runner over SQLite: each script is one IMMEDIATE transaction (no other writer between its statements). */
export function sqliteModerationRunner(db: Database.Database): ModerationRunner {
  const statement = (sql: string) => db.prepare(sql)
  const script = db.transaction((statements: readonly string[], params: Record<string, unknown>) =>
    statements.flatMap((sql) => {
      const s = statement(sql)
      const values = namedIn(sql, params)
      if (s.reader) return [s.all(values)]
      s.run(values)
      return []
    }),
  )
  return {
    script: async (statements, params) => script.immediate(statements, params),
    query: async <T>(sql: string, params: Record<string, unknown>) => statement(sql).all(namedIn(sql, params)) as T[],
  }
}
