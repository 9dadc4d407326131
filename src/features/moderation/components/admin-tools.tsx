import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState, type ReactNode } from 'react'
import type { Comment } from '../../../api/model.ts'
import { accountQuery } from '../../../lib/account-query.ts'
import { useT } from '../../../lib/i18n/i18n.ts'
import type { ModerationTargetKind } from '../../../lib/moderation-client.ts'
import { moderationApi } from '../../../lib/moderation-api.ts'
import { moderationQueries } from '../api/moderation-queries.ts'
import { ModerateButton, ModerateDelete, type ModerationAction } from './moderate-button.tsx'
import '../../../lib/i18n/messages/en/moderation.ts'

// The admins' tools on a work, a novel, a comment and a profile: a chunk of its own, loaded for signed-in readers
// only (item-moderation.tsx), and shown once the account's role says admin. A member sees nothing of it.

/** Whether the signed-in reader is an admin (false until the account is known). */
function useIsAdmin(): boolean {
  return useQuery(accountQuery()).data?.role === 'admin'
}

interface Hold {
  hold: boolean
  release: boolean
  /** a work or novel hidden only by its author's suspension: neither applies (lifting the suspension shows it) */
  bySuspension: boolean
}

/**
 * Which of a pair of opposite actions applies (Hide or Unhide, Suspend or Lift suspension), from moderation's own
 * answer, asked for admins only. While it is asked, neither; when it cannot be told (the answer failed), both: doing
 * what is already done changes nothing.
 */
function useHold(kind: ModerationTargetKind, id: number, admin: boolean): Hold {
  const target = useQuery({ ...moderationQueries.target(kind, id), enabled: admin })
  if (target.isError) return { hold: true, release: true, bySuspension: false }
  const { held, suspensionHold = false } = target.data ?? {}
  return { hold: held === false, release: held === true && !suspensionHold, bySuspension: suspensionHold }
}

/** One of an admin's actions here: what it runs, and what the status line says once it is done. */
interface Step {
  action: ModerationAction
  run: (note: string) => Promise<unknown>
  said: string
  openLabel?: string
}

/**
 * The admins' buttons as one group, with a line that says what the last action did: `steps`, each asked again in a
 * dialog; `children` (a deletion); `roles`, a group of their own. After an action, moderation's answers
 *  (this target's state, the screen's lists) are asked for again, and `onChanged` runs.
 */
function AdminTools({
  steps,
  roles,
  target,
  onChanged,
  children,
}: {
  steps: readonly Step[]
  roles?: readonly Step[]
  target: { label?: string; name?: string }
  onChanged: () => unknown
  children?: ReactNode
}) {
  const t = useT()
  const roleId = useId()
  const [status, setStatus] = useState<string | null>(null)
  const client = useQueryClient()
  const button = ({ action, run, said, openLabel }: Step) => (
    <ModerateButton
      key={action}
      action={action}
      target={target}
      openLabel={openLabel}
      run={run}
      onDone={() => {
        setStatus(said)
        void client.invalidateQueries({ queryKey: moderationQueries.all() })
        void onChanged()
      }}
    />
  )
  return (
    <div role="group" aria-label={t('moderation.group')} className="flex flex-wrap items-center gap-2">
      {steps.map(button)}
      {children}
      {roles && (
        <div role="group" aria-labelledby={roleId} className="flex flex-wrap items-center gap-2">
          <span id={roleId} className="text-sm text-muted">
            {t('moderation.user.role')}
          </span>
          {roles.map(button)}
        </div>
      )}
      <p role="status" className="text-sm font-medium empty:hidden">
        {status}
      </p>
    </div>
  )
}

/** Of a pair of opposite steps (hide or unhide, suspend or lift), those that apply (useHold). */
const applying = ({ hold, release }: Hold, holding: Step, releasing: Step) =>
  [hold && holding, release && releasing].filter((step): step is Step => step !== false)

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
  const admin = useIsAdmin()
  const pair = useHold(kind, id, admin)
  if (!admin) return null
  const name = label || t('moderation.untitled')
  const act = (action: 'hide' | 'unhide' | 'delete') => (note: string) =>
    moderationApi.moderateItem({ kind, targetId: id, action, note })
  return (
    <AdminTools
      target={{ label: name }}
      onChanged={onChanged}
      steps={applying(
        pair,
        { action: 'hide', run: act('hide'), said: t('moderation.item.hidden') },
        { action: 'unhide', run: act('unhide'), said: t('moderation.item.unhidden') },
      )}
    >
      {pair.bySuspension && <p className="text-sm text-muted">{t('moderation.item.suspensionHold')}</p>}
      <ModerateDelete
        title={t('moderation.item.deleteTitle', { label: name })}
        text={t('moderation.item.deleteText')}
        run={act('delete')}
        onDeleted={onDeleted}
      />
    </AdminTools>
  )
}

/** A comment's: Hide or Unhide (whichever applies), and Delete. `onChange` after any (the comments are asked again). */
export function AdminCommentControls({ comment, onChange }: { comment: Comment; onChange: () => unknown }) {
  const t = useT()
  const admin = useIsAdmin()
  const pair = useHold('comment', comment.id, admin)
  const client = useQueryClient()
  if (!admin) return null
  const name = comment.user.name || comment.user.account
  const act = (action: 'hide' | 'unhide' | 'delete') => (note: string) =>
    moderationApi.moderateItem({ kind: 'comment', targetId: comment.id, action, note })
  return (
    <AdminTools
      target={{ name }}
      onChanged={onChange}
      steps={applying(
        pair,
        {
          action: 'hideComment',
          run: act('hide'),
          said: t('moderation.comment.hidden'),
          openLabel: t('moderation.comment.hideLabel', { name }),
        },
        {
          action: 'unhideComment',
          run: act('unhide'),
          said: t('moderation.comment.unhidden'),
          openLabel: t('moderation.comment.unhideLabel', { name }),
        },
      )}
    >
      <ModerateDelete
        title={t('moderation.comment.deleteTitle', { name })}
        text={t('moderation.comment.deleteText')}
        openLabel={t('moderation.comment.deleteLabel', { name })}
        run={act('delete')}
        onDeleted={() => {
          void client.invalidateQueries({ queryKey: moderationQueries.all() })
          void onChange()
        }}
      />
    </AdminTools>
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
  const admin = useIsAdmin()
  const pair = useHold('user', userId, admin)
  if (!admin) return null
  const act = (action: 'suspend' | 'unsuspend' | 'make_admin' | 'make_member') => (note: string) =>
    moderationApi.moderateUser(userId, action, note)
  return (
    <AdminTools
      target={{ name }}
      onChanged={onChanged}
      steps={applying(
        pair,
        { action: 'suspend', run: act('suspend'), said: t('moderation.user.suspended', { name }) },
        { action: 'unsuspend', run: act('unsuspend'), said: t('moderation.user.unsuspended', { name }) },
      )}
      roles={[
        { action: 'makeAdmin', run: act('make_admin'), said: t('moderation.user.madeAdmin', { name }) },
        { action: 'makeMember', run: act('make_member'), said: t('moderation.user.madeMember', { name }) },
      ]}
    />
  )
}
