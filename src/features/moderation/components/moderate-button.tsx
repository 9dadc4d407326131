import { useId, useState } from 'react'
import { MAX_MODERATION_NOTE_LENGTH } from '../../../api/moderation-endpoints.ts'
import type { ButtonVariant } from '../../../components/button.tsx'
import { ConfirmAction, type ConfirmActionLabels } from '../../../components/confirm-action.tsx'
import { ConfirmDelete } from '../../../components/confirm-delete.tsx'
import { t as translate, useT } from '../../../lib/i18n/i18n.ts'
import { refusalMessage, type KnownRefusal } from '../refusal.ts'
import '../../../lib/i18n/messages/en/moderation.ts'

/** The service's refusals of an admin's action that the gallery says in its own words. */
const REFUSALS: readonly KnownRefusal[] = [
  [/only works and novels posted here/i, () => translate('moderation.errors.notPosted')],
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

/**
 * An admin's action (hide, show again, suspend, a role, dismiss): a button, then a dialog that says what it does, with a note
 * for the log; done, `onDone`.
 */
export function ModerateButton({
  labels,
  run,
  onDone,
  variant = 'secondary',
  openLabel,
}: {
  labels: Omit<ConfirmActionLabels, 'failed' | 'cancel'>
  run: (note: string) => Promise<unknown>
  onDone: () => void
  variant?: ButtonVariant
  openLabel?: string
}) {
  const t = useT()
  const [note, setNote] = useState('')
  return (
    <ConfirmAction
      labels={{ ...labels, failed: t('moderation.failed'), cancel: t('moderation.cancel') }}
      run={() => run(note)}
      onDone={onDone}
      variant={variant}
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
