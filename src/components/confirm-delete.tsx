import type { ReactNode } from 'react'
import { ConfirmAction } from './confirm-action.tsx'

/** What the delete button and its dialog say (in the reader's language: the caller's catalogue). */
export interface ConfirmDeleteLabels {
  open: ReactNode
  title: ReactNode
  text: ReactNode
  /** shown when the deletion failed without the service's own sentence */
  failed: ReactNode
  cancel: ReactNode
  deleting: ReactNode
  confirm: ReactNode
}

/**
 * A "Delete…" button asked again in a modal dialog (confirm-action.tsx) before `remove` runs; done, `onDeleted`, the
 * dialog staying busy while the page moves on. The service's refusal is shown in the dialog. `children`: more of the
 * dialog (a moderator's note, a password), `confirmDisabled` while they are not filled in, `onClosed` to empty them.
 */
export function ConfirmDelete({
  labels: { deleting, ...labels },
  remove,
  onDeleted,
  openLabel,
  describeFailure,
  confirmDisabled,
  onClosed,
  children,
}: {
  labels: ConfirmDeleteLabels
  remove: () => Promise<unknown>
  onDeleted: () => void
  openLabel?: string
  describeFailure?: (error: unknown) => ReactNode
  confirmDisabled?: boolean
  onClosed?: () => void
  children?: ReactNode
}) {
  return (
    <ConfirmAction
      labels={{ ...labels, busy: deleting }}
      run={remove}
      onDone={onDeleted}
      stayOpen
      openLabel={openLabel}
      describeFailure={describeFailure}
      confirmDisabled={confirmDisabled}
      onClosed={onClosed}
    >
      {children}
    </ConfirmAction>
  )
}
