import type { ITEM_ACTIONS, REPORT_REASONS, USER_ACTIONS } from '../../api/moderation-endpoints.ts'
import type { AuditEntry, AuditRow, HeldRow, ReportRow, TargetKind, TargetRow } from '../data/repositories.ts'
import type { UserRow } from '../data/store.ts'
import { FIRST_OWN_ITEM_ID } from '../data/posting.ts'
import { badRequest, forbidden, notFound } from '../http/errors.ts'
import type { View } from '../wire/view.ts'
import type { CommentService } from './comments.ts'
import type { ServiceDeps } from './deps.ts'
import type { ItemService } from './items.ts'
import type { PostingService } from './posting.ts'

// Moderation: members report what they see; admins hide, restore or delete any work, novel or comment, suspend and
// reinstate accounts, and work through the reports; every action is logged with the admin, the target and a note.
// The data is one transaction per action (data/moderation.ts); this service decides who may, what the target is, and
// what every instance forgets afterwards.

/** How long a label (a comment's text) the reports and the log keep. */
const LABEL_LENGTH = 120

/** Something a page of reports, holds or log lines names, as it is now (undefined: deleted since). */
export interface TargetNow {
  kind: TargetKind
  id: number
  row: TargetRow | undefined
}

const NOT_FOUND: Record<TargetKind, string> = {
  illust: 'The artwork has been deleted or the artwork ID does not exist.',
  novel: 'The novel has been deleted or the novel ID does not exist.',
  comment: 'No such comment.',
  user: 'No such user.',
}

/** A work or novel hidden only by its author's suspension: lifting the suspension shows it, unhiding it cannot. */
export const heldBySuspensionOnly = (target: TargetRow) => target.by_admin === 0 && target.by_suspension === 1

export class ModerationService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly items: ItemService,
    private readonly comments: CommentService,
    private readonly posting: PostingService,
  ) {}

  /** Whether the account is suspended: it may not sign in. */
  isSuspended(userId: number): Promise<boolean> {
    return this.deps.repos.moderation.isSuspended(userId)
  }

  /**
   * A member's report of something they can see (a comment: on an item they can see), not their own. Reporting it
   * again while their report is open adds nothing.
   */
  async report(
    view: View,
    kind: 'illust' | 'novel' | 'comment',
    id: number,
    reason: (typeof REPORT_REASONS)[number],
    note: string,
  ): Promise<void> {
    const target = await this.visibleTarget(view, kind, id)
    if (target.user_id === view.caller.id) throw forbidden('You cannot report your own work or comment.')
    await this.deps.repos.moderation.addReport({
      kind,
      targetId: id,
      label: label(target),
      targetUserId: target.user_id,
      reporterId: view.caller.id,
      reason,
      note,
      ts: this.deps.nowS(),
    })
  }

  /** An admin's action on a work, a novel or a comment. Hiding what is hidden, or showing what is not, changes nothing. */
  async moderateItem(
    adminId: number,
    kind: 'illust' | 'novel' | 'comment',
    id: number,
    action: (typeof ITEM_ACTIONS)[number],
    note: string,
  ): Promise<void> {
    const target = await this.target(kind, id)
    const entry = this.entry(adminId, action, kind, target, note)
    const { moderation } = this.deps.repos
    if (action === 'delete') {
      // an archive's or the demo's works are their files' (a rescan would bring them back): they are hidden instead
      if (kind !== 'comment' && id < FIRST_OWN_ITEM_ID)
        throw badRequest(
          'not a posted item',
          'Only works and novels posted here can be deleted; hide this one instead.',
        )
      if (kind === 'comment') await this.comments.removeAny(id)
      else if (kind === 'illust') await this.posting.remove(adminId, id, true)
      else await this.posting.removeNovel(adminId, id, true)
      await moderation.deleted(entry)
      await this.forget(kind, target)
      return
    }
    const hidden = target.by_admin === 1
    if (action === 'unhide' && heldBySuspensionOnly(target))
      throw badRequest(
        'held by a suspension',
        'It is hidden because its author is suspended: lift the suspension to show it again.',
      )
    if ((action === 'hide') === hidden) return
    if (action === 'hide') await moderation.hide(kind, id, entry)
    else await moderation.unhide(kind, id, entry)
    await this.forget(kind, target)
  }

  /** An admin suspends an account (not an admin's, not the library owner's) or reinstates it. */
  async moderateUser(
    admin: { id: number },
    user: UserRow & { role?: string },
    ownerAccount: string | undefined,
    action: (typeof USER_ACTIONS)[number],
    note: string,
  ): Promise<void> {
    const target = await this.target('user', user.id)
    if (action === 'make_admin' || action === 'make_member') {
      const role = action === 'make_admin' ? 'admin' : 'member'
      if (user.role === role) return
      if (role === 'member' && user.account === ownerAccount) throw forbidden("The library's owner is always an admin.")
      if (role === 'admin' && target.held === 1) throw forbidden('A suspended account cannot be an admin.')
      const done = await this.deps.repos.moderation.setRole(
        user.id,
        role,
        this.entry(admin.id, action, 'user', target, note),
      )
      if (!done) throw forbidden('The only admin cannot become a member: make another admin first.')
      // every instance: the account's next request has its new role
      await this.deps.caches.bus.publish({ callers: [user.id] })
      return
    }
    if (action === 'suspend') {
      if (user.id === admin.id) throw forbidden('You cannot suspend your own account.')
      if (user.role === 'admin' || user.account === ownerAccount)
        throw forbidden("An admin's account cannot be suspended.")
      if (target.held === 1) return
      const sessions = await this.deps.repos.moderation.suspend(
        user.id,
        this.entry(admin.id, action, 'user', target, note),
      )
      // every instance: its access tokens stop working at once, and its works leave every list
      await this.deps.caches.bus.publish({ sessions, callers: [user.id], allItems: true, lists: true })
      return
    }
    if (target.held !== 1) return
    await this.deps.repos.moderation.unsuspend(user.id, this.entry(admin.id, action, 'user', target, note))
    await this.deps.caches.bus.publish({ callers: [user.id], allItems: true, lists: true })
  }

  /** An admin closes a report without acting on its target. */
  async dismiss(adminId: number, reportId: number, note: string): Promise<void> {
    const entry: AuditEntry = {
      ts: this.deps.nowS(),
      adminId,
      action: 'dismiss',
      kind: 'illust', // the log line takes the report's own target (data/moderation.ts)
      targetId: 0,
      label: '',
      targetUserId: null,
      note,
    }
    if (!(await this.deps.repos.moderation.dismissReport(reportId, entry))) throw notFound('No such open report.')
  }

  reports(state: 'open' | 'closed', offset: number, limit: number): Promise<ReportRow[]> {
    return this.deps.repos.moderation.reports(state, offset, limit)
  }

  held(offset: number, limit: number): Promise<HeldRow[]> {
    return this.deps.repos.moderation.held(offset, limit)
  }

  log(offset: number, limit: number): Promise<AuditRow[]> {
    return this.deps.repos.moderation.log(offset, limit)
  }

  /** The targets a page names, as they are now. */
  async targetsNow(refs: readonly { kind: TargetKind; target_id: number }[]): Promise<Map<string, TargetNow>> {
    const unique = new Map(refs.map((r) => [`${r.kind}:${r.target_id}`, r]))
    const found = await Promise.all(
      [...unique.values()].map(async (r): Promise<TargetNow> => ({
        kind: r.kind,
        id: r.target_id,
        row: await this.deps.repos.moderation.target(r.kind, r.target_id),
      })),
    )
    return new Map(found.map((t) => [`${t.kind}:${t.id}`, t]))
  }

  private async target(kind: TargetKind, id: number): Promise<TargetRow> {
    const row = await this.deps.repos.moderation.target(kind, id)
    if (!row) throw notFound(NOT_FOUND[kind])
    return row
  }

  /** The target, when the caller can see it: else the same 404 as when it does not exist. */
  private async visibleTarget(view: View, kind: 'illust' | 'novel' | 'comment', id: number): Promise<TargetRow> {
    const row = await this.deps.repos.moderation.target(kind, id)
    if (!row) throw notFound(NOT_FOUND[kind])
    if (row.held === 1 && row.user_id !== view.caller.id) throw notFound(NOT_FOUND[kind])
    if (kind !== 'comment') await this.items.visible(view, kind, id)
    else if (row.on_kind && row.on_id !== null) await this.items.visible(view, row.on_kind, row.on_id)
    return row
  }

  private entry(
    adminId: number,
    action: AuditEntry['action'],
    kind: TargetKind,
    target: TargetRow,
    note: string,
  ): AuditEntry {
    return {
      ts: this.deps.nowS(),
      adminId,
      action,
      kind,
      targetId: target.id,
      label: label(target),
      targetUserId: target.user_id,
      note,
    }
  }

  /** Every instance forgets the target: the item (its counts, its visibility) and the lists it was or is in. */
  private forget(kind: TargetKind, target: TargetRow) {
    const item =
      kind === 'comment'
        ? target.on_kind && target.on_id !== null
          ? [{ kind: target.on_kind, id: target.on_id }]
          : []
        : kind === 'user'
          ? []
          : [{ kind, id: target.id }]
    return this.deps.caches.bus.publish({ items: item, callers: [target.user_id], lists: true })
  }
}

/** What the reports and the log call a target: a title, a name, or a comment's text cut short. */
function label(target: TargetRow): string {
  const text = target.label.replace(/\s+/g, ' ').trim()
  return [...text].length > LABEL_LENGTH ? `${[...text].slice(0, LABEL_LENGTH - 1).join('')}…` : text
}
