// The moderation client: a member's report, and the admins' work on reports, hidden things, suspended accounts and the
// audit log (the table's entries of src/api/moderation-endpoints.ts), called through the catalogue client's transport,
// so tokens, renewal and errors work as for every other call. Only the report dialog and the admins' tools import it:
// the gallery's first script carries neither these entries nor these methods.

import { camelize, type CamelCasedDeep } from '../api/camel.ts'
import type { Cursor } from '../api/cursor.ts'
import {
  MODERATION_ENDPOINTS,
  type ITEM_ACTIONS,
  type MODERATION_KINDS,
  type REPORT_REASONS,
  type REPORT_STATES,
  type USER_ACTIONS,
} from '../api/moderation-endpoints.ts'
import type { WireAuditEntry, WireHeld, WireModerationTarget, WireReport, WireUserRef } from '../api/wire-responses.ts'
import { list, type ApiClient, type CallOptions } from './api-client.ts'

/** What may be reported and moderated: a work, a novel or a comment. */
export type ModerationKind = (typeof MODERATION_KINDS)[number]
export type ReportReason = (typeof REPORT_REASONS)[number]
export type ItemAction = (typeof ITEM_ACTIONS)[number]
export type UserAction = (typeof USER_ACTIONS)[number]
export type ReportState = (typeof REPORT_STATES)[number]
/** What moderation can say the state of: a work, a novel, a comment, or an account. */
export type ModerationTargetKind = ModerationKind | 'user'

/** An account as moderation names it. */
export type UserRef = CamelCasedDeep<WireUserRef>
/** What a report, a hold or a log line is about, as it is now (`exists: false` once deleted). */
export type ModerationTarget = CamelCasedDeep<WireModerationTarget>
export type Report = CamelCasedDeep<WireReport>
export type Held = CamelCasedDeep<WireHeld>
export type AuditEntry = CamelCasedDeep<WireAuditEntry>

export interface ReportPage {
  reports: Report[]
  nextUrl: string | null
}
export interface HeldPage {
  held: Held[]
  nextUrl: string | null
}
export interface AuditLogPage {
  entries: AuditEntry[]
  nextUrl: string | null
}

const done = () => undefined
const nextUrlOf = (w: { next_url?: string | null }) => (typeof w.next_url === 'string' ? w.next_url : null)
/** An optional note, left out when blank. */
const noteOf = (note?: string) => (note?.trim() ? note.trim() : undefined)

/** One method per moderation entry, named as the entry (the endpoint-table test checks this). */
export function createModerationClient(api: Pick<ApiClient, 'callEndpoint'>) {
  const call = api.callEndpoint
  const E = MODERATION_ENDPOINTS
  return {
    // ---- any signed-in member ----
    /** Reports a work, a novel or a comment (not one's own) to the admins; again while open changes nothing. */
    addReport(
      report: { kind: ModerationKind; targetId: number; reason: ReportReason; note?: string },
      opts?: CallOptions,
    ): Promise<void> {
      const { kind, targetId, reason, note } = report
      return call(E.addReport, { kind, target_id: targetId, reason, note: noteOf(note) }, opts, done)
    },

    // ---- admins ----
    /** The reports: open (the oldest first) or closed (the newest first). */
    moderationReports(state: ReportState, cursor?: Cursor, opts?: CallOptions): Promise<ReportPage> {
      return call(
        E.moderationReports,
        { state },
        opts,
        (w) => ({ reports: list(w.reports).map((r) => camelize(r)), nextUrl: nextUrlOf(w) }),
        cursor,
      )
    },
    /** Closes a report without acting on what it names. */
    dismissReport(reportId: number, note?: string, opts?: CallOptions): Promise<void> {
      return call(E.dismissReport, { report_id: reportId, note: noteOf(note) }, opts, done)
    },
    /** Hides, restores or deletes a work, a novel or a comment; acting closes its open reports. */
    moderateItem(
      item: { kind: ModerationKind; targetId: number; action: ItemAction; note?: string },
      opts?: CallOptions,
    ): Promise<void> {
      const { kind, targetId, action, note } = item
      return call(E.moderateItem, { kind, target_id: targetId, action, note: noteOf(note) }, opts, done)
    },
    /**
     * Suspends an account (its sessions end, its works are hidden, it cannot sign in) or lifts the suspension; or
     * gives it the admin's role or the member's.
     */
    moderateUser(userId: number, action: UserAction, note?: string, opts?: CallOptions): Promise<void> {
      return call(E.moderateUser, { user_id: userId, action, note: noteOf(note) }, opts, done)
    },
    /** One work, novel, comment or account as moderation sees it now (`held`: hidden, or suspended). */
    moderationTarget(kind: ModerationTargetKind, targetId: number, opts?: CallOptions): Promise<ModerationTarget> {
      return call(E.moderationTarget, { kind, target_id: targetId }, opts, (w) => camelize(w.target))
    },
    /** What moderation holds now: hidden works, novels and comments, suspended accounts, the newest first. */
    moderationHeld(cursor?: Cursor, opts?: CallOptions): Promise<HeldPage> {
      return call(
        E.moderationHeld,
        {},
        opts,
        (w) => ({ held: list(w.held).map((h) => camelize(h)), nextUrl: nextUrlOf(w) }),
        cursor,
      )
    },
    /** The audit log, the newest first. */
    moderationLog(cursor?: Cursor, opts?: CallOptions): Promise<AuditLogPage> {
      return call(
        E.moderationLog,
        {},
        opts,
        (w) => ({ entries: list(w.entries).map((e) => camelize(e)), nextUrl: nextUrlOf(w) }),
        cursor,
      )
    },
  }
}

export type ModerationClient = ReturnType<typeof createModerationClient>
