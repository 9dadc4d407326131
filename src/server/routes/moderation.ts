import type { Hono } from 'hono'
import type {
  WireAuditEntry,
  WireHeld,
  WireModerationTarget,
  WireReport,
  WireUserRef,
} from '../../api/wire-responses.ts'
import type { AppContext, AppEnv, Services } from '../context.ts'
import type { TargetKind } from '../data/repositories.ts'
import type { UserRow } from '../data/store.ts'
import { on } from '../http/endpoint.ts'
import { forbidden, notFound } from '../http/errors.ts'
import { nextUrl, PAGE_SIZE } from '../http/paging.ts'
import { heldBySuspensionOnly, type ModerationService, type TargetNow } from '../services/moderation.ts'
import { pageOf, sendJson } from './common.ts'

// Moderation (services/moderation.ts): members report; admins act, work through the reports, read the log.

const iso = (ts: number) => new Date(ts * 1000).toISOString()

export function moderationRoutes(app: Hono<AppEnv>, { domain, repos }: Services, moderation: ModerationService) {
  const adminOnly = (c: AppContext, what: string) => {
    if (!c.get('caller').admin) throw forbidden(`Only an admin can ${what}.`)
  }

  /** The accounts a page names, by id. */
  const usersOf = async (ids: (number | null)[]) => {
    const wanted = [...new Set(ids.filter((id): id is number => id !== null && id > 0))]
    return repos.users.byIds(wanted)
  }
  const ref = (users: Map<number, UserRow>, id: number | null): WireUserRef | null => {
    const user = id === null ? undefined : users.get(id)
    return user ? { id: user.id, name: user.name, account: user.account } : null
  }

  /** A target as a page shows it: as it is now, or as the report or the log line knew it once it is gone. */
  const wireTarget = (
    kind: TargetKind,
    id: number,
    now: Map<string, TargetNow>,
    users: Map<number, UserRow>,
    known: { label: string; userId: number | null },
  ): WireModerationTarget => {
    const row = now.get(`${kind}:${id}`)?.row
    return {
      kind,
      id,
      label: row?.label ?? known.label,
      user: ref(users, row?.user_id ?? known.userId),
      exists: row !== undefined,
      held: row?.held === 1,
      suspension_hold: row !== undefined && heldBySuspensionOnly(row),
      ...(kind === 'comment' && row?.on_kind && row.on_id !== null ? { on: { kind: row.on_kind, id: row.on_id } } : {}),
    }
  }

  /** One page of rows, with the targets they name as they are now and the accounts they name. */
  const page = async <R extends { kind: TargetKind; target_id: number }>(
    found: R[],
    userIds: (r: R) => (number | null)[],
  ) => {
    const { items, more } = pageOf(found)
    const now = await moderation.targetsNow(items)
    const users = await usersOf([...items.flatMap(userIds), ...[...now.values()].map((t) => t.row?.user_id ?? null)])
    return { items, more, now, users }
  }

  on(app, 'addReport', async (c, q) => {
    await moderation.report(c.get('view'), q.kind, q.target_id, q.reason, q.note ?? '')
    return sendJson(c, {})
  })

  on(app, 'moderationReports', async (c, q) => {
    adminOnly(c, 'see the reports')
    const found = await moderation.reports(q.state, q.offset, PAGE_SIZE + 1)
    const { items, more, now, users } = await page(found, (r) => [r.reporter_id, r.closed_by, r.target_user_id])
    const reports: WireReport[] = items.map((r) => ({
      id: r.id,
      target: wireTarget(r.kind, r.target_id, now, users, { label: r.target_label, userId: r.target_user_id }),
      reason: r.reason as WireReport['reason'],
      note: r.note,
      reporter: ref(users, r.reporter_id),
      created_at: iso(r.created_ts),
      closed_at: r.closed_ts === null ? null : iso(r.closed_ts),
      resolution: r.resolution,
      closed_by: ref(users, r.closed_by),
    }))
    return sendJson(c, {
      reports,
      next_url: nextUrl(c, c.get('origin'), more ? { offset: q.offset + PAGE_SIZE } : null),
    })
  })

  on(app, 'dismissReport', async (c, q) => {
    adminOnly(c, 'dismiss a report')
    await moderation.dismiss(c.get('caller').id, q.report_id, q.note ?? '')
    return sendJson(c, {})
  })

  on(app, 'moderateItem', async (c, q) => {
    adminOnly(c, 'moderate')
    await moderation.moderateItem(c.get('caller').id, q.kind, q.target_id, q.action, q.note ?? '')
    return sendJson(c, {})
  })

  on(app, 'moderateUser', async (c, q) => {
    adminOnly(c, 'suspend an account')
    const user = await domain.users.existing(q.user_id)
    const owner = (await repos.catalogue.meta()).owner_account
    await moderation.moderateUser(c.get('caller'), user, owner, q.action, q.note ?? '')
    return sendJson(c, {})
  })

  on(app, 'moderationTarget', async (c, q) => {
    adminOnly(c, 'moderate')
    const now = await moderation.targetsNow([{ kind: q.kind, target_id: q.target_id }])
    const row = now.get(`${q.kind}:${q.target_id}`)?.row
    if (!row) throw notFound('No such work, novel, comment or account.')
    const users = await usersOf([row.user_id])
    return sendJson(c, { target: wireTarget(q.kind, q.target_id, now, users, { label: '', userId: null }) })
  })

  on(app, 'moderationHeld', async (c, q) => {
    adminOnly(c, 'see what is hidden')
    const { items, more, now, users } = await page(await moderation.held(q.offset, PAGE_SIZE + 1), () => [])
    const held: WireHeld[] = items.map((h) => ({
      target: wireTarget(h.kind, h.target_id, now, users, { label: '', userId: null }),
      held_at: iso(h.created_ts),
    }))
    return sendJson(c, { held, next_url: nextUrl(c, c.get('origin'), more ? { offset: q.offset + PAGE_SIZE } : null) })
  })

  on(app, 'moderationLog', async (c, q) => {
    adminOnly(c, 'read the moderation log')
    const found = await moderation.log(q.offset, PAGE_SIZE + 1)
    const { items, more, now, users } = await page(found, (e) => [e.admin_id, e.target_user_id])
    const entries: WireAuditEntry[] = items.map((e) => ({
      id: e.id,
      created_at: iso(e.created_ts),
      admin: ref(users, e.admin_id),
      action: e.action,
      target: wireTarget(e.kind, e.target_id, now, users, { label: e.target_label, userId: e.target_user_id }),
      note: e.note,
    }))
    return sendJson(c, {
      entries,
      next_url: nextUrl(c, c.get('origin'), more ? { offset: q.offset + PAGE_SIZE } : null),
    })
  })
}
