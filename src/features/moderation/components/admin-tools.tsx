import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState, type ReactNode } from 'react'
import type { Comment } from '../../../api/model.ts'
import { accountQuery } from '../../../lib/account-query.ts'
import { useT } from '../../../lib/i18n/i18n.ts'
import type { ModerationTargetKind } from '../../../lib/moderation-client.ts'
import { moderationApi } from '../../../lib/moderation-api.ts'
import { moderationQueries } from '../api/moderation-queries.ts'
import { ModerateButton, ModerateDelete } from './moderate-button.tsx'
import '../../../lib/i18n/messages/en/moderation.ts'

// The admins' tools on a work, a novel, a comment and a profile: a chunk of its own, loaded for signed-in readers
// only (item-moderation.tsx), and shown once the account's role says admin. A member sees nothing of it.

/** Whether the signed-in reader is an admin (false until the account is known). */
function useIsAdmin(): boolean {
  return useQuery(accountQuery()).data?.role === 'admin'
}

/**
 * Which of a pair of opposite actions applies (Hide or Unhide, Suspend or Lift suspension), from moderation's own
 * answer, asked for admins only. While it is asked, neither; when it cannot be told (the answer failed), both: doing
 * what is already done changes nothing.
 */
function useHold(kind: ModerationTargetKind, id: number, admin: boolean): { hold: boolean; release: boolean } {
  const target = useQuery({ ...moderationQueries.target(kind, id), enabled: admin })
  if (target.isError) return { hold: true, release: true }
  const held = target.data?.held
  return { hold: held === false, release: held === true }
}

/** After an action: moderation's answers (this target's state, the screen's lists) are asked for again. */
function useRefreshModeration(): () => void {
  const client = useQueryClient()
  return () => void client.invalidateQueries({ queryKey: moderationQueries.all() })
}

/** The admins' buttons as one group, with a line that says what the last action did. */
function ToolGroup({ status, children }: { status: string | null; children: ReactNode }) {
  const t = useT()
  return (
    <div role="group" aria-label={t('moderation.group')} className="flex flex-wrap items-center gap-2">
      {children}
      <p role="status" className="text-sm font-medium empty:hidden">
        {status}
      </p>
    </div>
  )
}

/**
 * A work's or a novel's: Hide or Unhide (whichever applies), and Delete. `onChanged` after hiding or showing it;
 * `onDeleted` after it is gone.
 */
export function AdminItemControls({
  kind,
  id,
  label,
  onChanged,
  onDeleted,
}: {
  kind: 'illust' | 'novel'
  id: number
  label: string
  onChanged: () => void
  onDeleted: () => void
}) {
  const t = useT()
  const [status, setStatus] = useState<string | null>(null)
  const admin = useIsAdmin()
  const { hold, release } = useHold(kind, id, admin)
  const refresh = useRefreshModeration()
  if (!admin) return null
  const name = label || t('moderation.untitled')
  const act = (action: 'hide' | 'unhide') => (note: string) =>
    moderationApi.moderateItem({ kind, targetId: id, action, note })
  return (
    <ToolGroup status={status}>
      {hold && (
        <ModerateButton
          labels={{
            open: t('moderation.item.hide'),
            title: t('moderation.item.hideTitle', { label: name }),
            text: t('moderation.item.hideText'),
            busy: t('moderation.item.hiding'),
            confirm: t('moderation.item.hide'),
          }}
          variant="danger"
          run={act('hide')}
          onDone={() => {
            setStatus(t('moderation.item.hidden'))
            refresh()
            onChanged()
          }}
        />
      )}
      {release && (
        <ModerateButton
          labels={{
            open: t('moderation.item.unhide'),
            title: t('moderation.item.unhideTitle', { label: name }),
            text: t('moderation.item.unhideText'),
            busy: t('moderation.item.unhiding'),
            confirm: t('moderation.item.unhideConfirm'),
          }}
          run={act('unhide')}
          onDone={() => {
            setStatus(t('moderation.item.unhidden'))
            refresh()
            onChanged()
          }}
        />
      )}
      <ModerateDelete
        title={t('moderation.item.deleteTitle', { label: name })}
        text={t('moderation.item.deleteText')}
        run={(note) => moderationApi.moderateItem({ kind, targetId: id, action: 'delete', note })}
        onDeleted={onDeleted}
      />
    </ToolGroup>
  )
}

/** A comment's: Hide or Unhide (whichever applies), and Delete. `onChange` after any (the comments are asked again). */
export function AdminCommentControls({ comment, onChange }: { comment: Comment; onChange: () => unknown }) {
  const t = useT()
  const [status, setStatus] = useState<string | null>(null)
  const admin = useIsAdmin()
  const { hold, release } = useHold('comment', comment.id, admin)
  const refresh = useRefreshModeration()
  if (!admin) return null
  const name = comment.user.name || comment.user.account
  const act = (action: 'hide' | 'unhide' | 'delete') => (note: string) =>
    moderationApi.moderateItem({ kind: 'comment', targetId: comment.id, action, note })
  return (
    <ToolGroup status={status}>
      {hold && (
        <ModerateButton
          labels={{
            open: t('moderation.item.hide'),
            title: t('moderation.comment.hideTitle', { name }),
            text: t('moderation.comment.hideText'),
            busy: t('moderation.item.hiding'),
            confirm: t('moderation.item.hide'),
          }}
          openLabel={t('moderation.comment.hideLabel', { name })}
          variant="ghost"
          run={act('hide')}
          onDone={() => {
            setStatus(t('moderation.comment.hidden'))
            refresh()
            void onChange()
          }}
        />
      )}
      {release && (
        <ModerateButton
          labels={{
            open: t('moderation.item.unhide'),
            title: t('moderation.comment.unhideTitle', { name }),
            text: t('moderation.comment.unhideText'),
            busy: t('moderation.item.unhiding'),
            confirm: t('moderation.item.unhideConfirm'),
          }}
          openLabel={t('moderation.comment.unhideLabel', { name })}
          variant="ghost"
          run={act('unhide')}
          onDone={() => {
            setStatus(t('moderation.comment.unhidden'))
            refresh()
            void onChange()
          }}
        />
      )}
      <ModerateDelete
        title={t('moderation.comment.deleteTitle', { name })}
        text={t('moderation.comment.deleteText')}
        openLabel={t('moderation.comment.deleteLabel', { name })}
        run={act('delete')}
        onDeleted={() => {
          refresh()
          void onChange()
        }}
      />
    </ToolGroup>
  )
}

/**
 * A profile's: Suspend or Lift suspension (whichever applies), each asked again; and the role. Neither the profile
 * nor moderation's answer says an account's role, so both roles are offered, each asked again by name: making an
 * admin an admin (or a member a member) changes nothing, and what the service refuses is said in the dialog.
 * `onChanged` after any.
 */
export function AdminUserControls({
  userId,
  name,
  onChanged,
}: {
  userId: number
  name: string
  onChanged: () => void
}) {
  const t = useT()
  const roleId = useId()
  const [status, setStatus] = useState<string | null>(null)
  const admin = useIsAdmin()
  const { hold, release } = useHold('user', userId, admin)
  const refresh = useRefreshModeration()
  if (!admin) return null
  const done = (said: string) => () => {
    setStatus(said)
    refresh()
    onChanged()
  }
  return (
    <ToolGroup status={status}>
      {hold && (
        <ModerateButton
          labels={{
            open: t('moderation.user.suspend'),
            title: t('moderation.user.suspendTitle', { name }),
            text: t('moderation.user.suspendText'),
            busy: t('moderation.user.suspending'),
            confirm: t('moderation.user.suspend'),
          }}
          variant="danger"
          run={(note) => moderationApi.moderateUser(userId, 'suspend', note)}
          onDone={done(t('moderation.user.suspended', { name }))}
        />
      )}
      {release && (
        <ModerateButton
          labels={{
            open: t('moderation.user.unsuspend'),
            title: t('moderation.user.unsuspendTitle', { name }),
            text: t('moderation.user.unsuspendText'),
            busy: t('moderation.user.unsuspending'),
            confirm: t('moderation.user.unsuspend'),
          }}
          run={(note) => moderationApi.moderateUser(userId, 'unsuspend', note)}
          onDone={done(t('moderation.user.unsuspended', { name }))}
        />
      )}
      <div role="group" aria-labelledby={roleId} className="flex flex-wrap items-center gap-2">
        <span id={roleId} className="text-sm text-muted">
          {t('moderation.user.role')}
        </span>
        <ModerateButton
          labels={{
            open: t('moderation.user.makeAdmin'),
            title: t('moderation.user.makeAdminTitle', { name }),
            text: t('moderation.user.makeAdminText'),
            busy: t('moderation.user.makingAdmin'),
            confirm: t('moderation.user.makeAdmin'),
          }}
          run={(note) => moderationApi.moderateUser(userId, 'make_admin', note)}
          onDone={done(t('moderation.user.madeAdmin', { name }))}
        />
        <ModerateButton
          labels={{
            open: t('moderation.user.makeMember'),
            title: t('moderation.user.makeMemberTitle', { name }),
            text: t('moderation.user.makeMemberText'),
            busy: t('moderation.user.makingMember'),
            confirm: t('moderation.user.makeMember'),
          }}
          run={(note) => moderationApi.moderateUser(userId, 'make_member', note)}
          onDone={done(t('moderation.user.madeMember', { name }))}
        />
      </div>
    </ToolGroup>
  )
}
