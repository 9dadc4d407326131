import { useId, useState } from 'react'
import { MAX_MODERATION_NOTE_LENGTH } from '../../../api/moderation-endpoints.ts'
import type { ButtonVariant } from '../../../components/button.tsx'
import { ConfirmAction } from '../../../components/confirm-action.tsx'
import { ConfirmDelete } from '../../../components/confirm-delete.tsx'
import { t as translate, useT, type MessageKey } from '../../../lib/i18n/i18n.ts'
import { refusalMessage, type KnownRefusal } from '../refusal.ts'
import '../../../lib/i18n/messages/en/moderation.ts'

/** The service's refusals of an admin's action that the gallery says in its own words. */
const REFUSALS: readonly KnownRefusal[] = [
  [/only works and novels posted here/i, () => translate('moderation.errors.notPosted')],
  [/author is suspended/i, () => translate('moderation.errors.suspensionHold')],
  [/admin.s account cannot be suspended/i, () => translate('moderation.errors.adminAccount')],
  [/suspend your own account/i, () => translate('moderation.errors.ownAccount')],
  [/only admin cannot become a member/i, () => translate('moderation.errors.onlyAdmin')],
  [/owner is always an admin/i, () => translate('moderation.errors.owner')],
  [/suspended account cannot be an admin/i, () => translate('moderation.errors.suspendedAdmin')],
  [/^only an admin/i, () => translate('moderation.errors.adminsOnly')],
  [/no such open report/i, () => translate('moderation.errors.reportClosed')],
  [/deleted|does not exist|no such/i, () => translate('moderation.errors.gone')],
]

/** What an admin's action failed with, in words. */
export const moderationFailure = (error: unknown): string =>
  refusalMessage(error, REFUSALS, translate('moderation.failed'))

/** The note an action writes into the audit log: a field of its dialog, emptied whenever the dialog closes. */
function NoteField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const t = useT()
  const id = useId()
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {t('moderation.note')}
      </label>
      <textarea
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        maxLength={MAX_MODERATION_NOTE_LENGTH}
        rows={2}
        aria-describedby={`${id}-length`}
        className="w-full rounded-lg border border-line bg-surface p-2 text-base text-ink"
      />
      <p id={`${id}-length`} className="text-xs text-muted">
        {t('moderation.noteLength', { length: value.length, max: MAX_MODERATION_NOTE_LENGTH })}
      </p>
    </div>
  )
}

/** An action's words, as message keys (its title takes the target's `label` or `name`), and its button's look. */
interface ActionWords {
  open: MessageKey
  title: MessageKey
  text: MessageKey
  busy: MessageKey
  confirm: MessageKey
  variant?: ButtonVariant
}

const HIDE: ActionWords = {
  open: 'moderation.item.hide',
  title: 'moderation.item.hideTitle',
  text: 'moderation.item.hideText',
  busy: 'moderation.item.hiding',
  confirm: 'moderation.item.hide',
  variant: 'danger',
}
const UNHIDE: ActionWords = {
  open: 'moderation.item.unhide',
  title: 'moderation.item.unhideTitle',
  text: 'moderation.item.unhideText',
  busy: 'moderation.item.unhiding',
  confirm: 'moderation.item.unhideConfirm',
}

/** Every action an admin confirms in a dialog (deleting has its own: ModerateDelete). */
const ACTIONS = {
  hide: HIDE,
  unhide: UNHIDE,
  hideComment: {
    ...HIDE,
    title: 'moderation.comment.hideTitle',
    text: 'moderation.comment.hideText',
    variant: 'ghost',
  },
  unhideComment: {
    ...UNHIDE,
    title: 'moderation.comment.unhideTitle',
    text: 'moderation.comment.unhideText',
    variant: 'ghost',
  },
  suspend: {
    open: 'moderation.user.suspend',
    title: 'moderation.user.suspendTitle',
    text: 'moderation.user.suspendText',
    busy: 'moderation.user.suspending',
    confirm: 'moderation.user.suspend',
    variant: 'danger',
  },
  unsuspend: {
    open: 'moderation.user.unsuspend',
    title: 'moderation.user.unsuspendTitle',
    text: 'moderation.user.unsuspendText',
    busy: 'moderation.user.unsuspending',
    confirm: 'moderation.user.unsuspend',
  },
  makeAdmin: {
    open: 'moderation.user.makeAdmin',
    title: 'moderation.user.makeAdminTitle',
    text: 'moderation.user.makeAdminText',
    busy: 'moderation.user.makingAdmin',
    confirm: 'moderation.user.makeAdmin',
  },
  makeMember: {
    open: 'moderation.user.makeMember',
    title: 'moderation.user.makeMemberTitle',
    text: 'moderation.user.makeMemberText',
    busy: 'moderation.user.makingMember',
    confirm: 'moderation.user.makeMember',
  },
  dismiss: {
    open: 'moderation.reports.dismiss',
    title: 'moderation.reports.dismissTitle',
    text: 'moderation.reports.dismissText',
    busy: 'moderation.reports.dismissing',
    confirm: 'moderation.reports.dismiss',
  },
} satisfies Record<string, ActionWords>
export type ModerationAction = keyof typeof ACTIONS

/**
 * An admin's action: a button, then a dialog that says what it does, with a note for the log; done, `onDone`.
 * `target` fills the dialog's title; `open` and `openLabel` replace the button's words and its accessible name.
 */
export function ModerateButton({
  action,
  target = {},
  run,
  onDone,
  open,
  openLabel,
}: {
  action: ModerationAction
  target?: { label?: string; name?: string }
  run: (note: string) => Promise<unknown>
  onDone: () => void
  open?: string
  openLabel?: string
}) {
  const t = useT()
  const [note, setNote] = useState('')
  const words: ActionWords = ACTIONS[action]
  return (
    <ConfirmAction
      labels={{
        open: open ?? t(words.open),
        title: t(words.title, target),
        text: t(words.text),
        busy: t(words.busy),
        confirm: t(words.confirm),
        failed: t('moderation.failed'),
        cancel: t('moderation.cancel'),
      }}
      run={() => run(note)}
      onDone={onDone}
      variant={words.variant ?? 'secondary'}
      openLabel={openLabel}
      describeFailure={moderationFailure}
      onClosed={() => setNote('')}
    >
      <NoteField value={note} onChange={setNote} />
    </ConfirmAction>
  )
}

/** An admin's deletion of a work, a novel or a comment: asked again (confirm-delete.tsx), with a note for the log. */
export function ModerateDelete({
  title,
  text,
  openLabel,
  run,
  onDeleted,
}: {
  title: string
  text: string
  openLabel?: string
  run: (note: string) => Promise<unknown>
  onDeleted: () => void
}) {
  const t = useT()
  const [note, setNote] = useState('')
  return (
    <ConfirmDelete
      labels={{
        open: t('moderation.item.delete'),
        title,
        text,
        failed: t('moderation.failed'),
        cancel: t('moderation.cancel'),
        deleting: t('moderation.item.deleting'),
        confirm: t('moderation.item.delete'),
      }}
      remove={() => run(note)}
      onDeleted={onDeleted}
      openLabel={openLabel}
      describeFailure={moderationFailure}
      onClosed={() => setNote('')}
    >
      <NoteField value={note} onChange={setNote} />
    </ConfirmDelete>
  )
}
