// Moderation (Easel's own): members report a work, a novel or a comment; admins hide, restore or delete any of them,
// suspend an account (its sessions end, its works and novels are hidden, it can no longer sign in), work through the
// reports, and read the audit log of every such action. Part of the one endpoint table (endpoints.ts spreads them into
// ENDPOINTS); a module of its own so that only the screens that report or moderate carry these entries.

import { endpoint, type EndpointSpec } from './endpoint-spec.ts'
import type {
  WireModerationHeld,
  WireModerationLog,
  WireModerationTargetAnswer,
  WireReportList,
} from './wire-responses.ts'

/** What may be reported and moderated. */
export const MODERATION_KINDS = ['illust', 'novel', 'comment'] as const
/** Why a member reports something. */
export const REPORT_REASONS = ['spam', 'sexual', 'violence', 'harassment', 'copyright', 'other'] as const
/** What an admin does to a work, a novel or a comment. */
export const ITEM_ACTIONS = ['hide', 'unhide', 'delete'] as const
/** What an admin does to an account: suspends or reinstates it, or gives it the admin's role or the member's. */
export const USER_ACTIONS = ['suspend', 'unsuspend', 'make_admin', 'make_member'] as const
/** A report's list: still to be worked through, or done with. */
export const REPORT_STATES = ['open', 'closed'] as const
export const MAX_REPORT_NOTE_LENGTH = 1000
export const MAX_MODERATION_NOTE_LENGTH = 500

const id = { kind: 'id', required: true } as const
const offset = { kind: 'offset' } as const
const kind = { kind: 'enum', values: MODERATION_KINDS, required: true } as const
const note = { kind: 'text', max: MAX_MODERATION_NOTE_LENGTH } as const

export const MODERATION_ENDPOINTS = {
  /**
   * Reports a work, a novel or a comment the caller can see (not their own) to the admins. Reporting the same thing
   * again while the first report is open changes nothing.
   */
  addReport: endpoint<Record<string, never>>()({
    method: 'POST',
    path: '/v1/easel/report',
    params: {
      kind,
      target_id: id,
      reason: { kind: 'enum', values: REPORT_REASONS, required: true },
      note: { kind: 'text', max: MAX_REPORT_NOTE_LENGTH },
    },
    auth: 'required',
  }),
  /** Admins: the reports, open (the oldest first, to work through) or closed (the newest first). */
  moderationReports: endpoint<WireReportList>()({
    method: 'GET',
    path: '/v1/easel/moderation/reports',
    params: { state: { kind: 'enum', values: REPORT_STATES, default: 'open' }, offset },
    cursor: ['offset'],
    auth: 'required',
  }),
  /** Admins: closes a report without acting on what it names (acting on it closes its open reports by itself). */
  dismissReport: endpoint<Record<string, never>>()({
    method: 'POST',
    path: '/v1/easel/moderation/report/dismiss',
    params: { report_id: id, note },
    auth: 'required',
  }),
  /**
   * Admins: hides, restores or deletes any work, novel or comment. A hidden work or novel is its author's alone (in no
   * list, search or ranking; the moderation screen's held list names it); a hidden comment its writer's and the admins'. Deleting is final, as its author's.
   */
  moderateItem: endpoint<Record<string, never>>()({
    method: 'POST',
    path: '/v1/easel/moderation/item',
    params: { kind, target_id: id, action: { kind: 'enum', values: ITEM_ACTIONS, required: true }, note },
    auth: 'required',
  }),
  /**
   * Admins: suspends an account (its sessions end at once, it cannot sign in, its works and novels are hidden) or
   * lifts the suspension (its works come back, unless an admin hid them one by one); or makes it an admin, or a member
   * again. Admins cannot be suspended; the library's owner is always an admin, and a catalogue keeps at least one.
   */
  moderateUser: endpoint<Record<string, never>>()({
    method: 'POST',
    path: '/v1/easel/moderation/user',
    params: { user_id: id, action: { kind: 'enum', values: USER_ACTIONS, required: true }, note },
    auth: 'required',
  }),
  /** Admins: one work, novel, comment or account as moderation sees it now (whether it is hidden or suspended). */
  moderationTarget: endpoint<WireModerationTargetAnswer>()({
    method: 'GET',
    path: '/v1/easel/moderation/target',
    params: { kind: { kind: 'enum', values: [...MODERATION_KINDS, 'user'], required: true }, target_id: id },
    auth: 'required',
  }),
  /** Admins: what moderation holds now: hidden works, novels and comments, and suspended accounts, the newest first. */
  moderationHeld: endpoint<WireModerationHeld>()({
    method: 'GET',
    path: '/v1/easel/moderation/held',
    params: { offset },
    cursor: ['offset'],
    auth: 'required',
  }),
  /** Admins: the audit log, every moderation action, the newest first. */
  moderationLog: endpoint<WireModerationLog>()({
    method: 'GET',
    path: '/v1/easel/moderation/log',
    params: { offset },
    cursor: ['offset'],
    auth: 'required',
  }),
} as const satisfies Record<string, EndpointSpec>
