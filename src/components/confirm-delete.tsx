import { useMutation } from '@tanstack/react-query'
import { useId, useRef, type ReactNode } from 'react'
import { ApiError } from '../lib/api-error.ts'
import { Button } from './button.tsx'

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
 * A "Delete…" button asked again in a modal dialog (the browser's own: focus stays inside, Escape closes it) before
 * `remove` runs; done, `onDeleted`. The service's refusal is shown in the dialog.
 */
export function ConfirmDelete({
  labels,
  remove,
  onDeleted,
}: {
  labels: ConfirmDeleteLabels
  remove: () => Promise<unknown>
  onDeleted: () => void
}) {
  const id = useId()
  const dialog = useRef<HTMLDialogElement>(null)
  const mutation = useMutation({ mutationFn: remove, onSuccess: onDeleted })
  const busy = mutation.isPending || mutation.isSuccess
  const close = () => {
    if (busy) return
    mutation.reset()
    dialog.current?.close()
  }

  return (
    <>
      <Button variant="danger" onClick={() => dialog.current?.showModal()}>
        {labels.open}
      </Button>
      <dialog
        ref={dialog}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
        onCancel={(e) => {
          if (busy) e.preventDefault()
          else mutation.reset()
        }}
        className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl border border-line bg-surface p-5 text-ink shadow-xl backdrop:bg-black/50"
      >
        <h2 id={`${id}-title`} className="mb-2 text-lg font-semibold break-words" data-content>
          {labels.title}
        </h2>
        <p id={`${id}-text`} className="mb-4 text-sm text-muted">
          {labels.text}
        </p>
        {mutation.isError && (
          <p role="alert" className="mb-4 text-sm font-medium text-danger">
            {mutation.error instanceof ApiError ? mutation.error.userMessage : labels.failed}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button autoFocus onClick={close} disabled={busy}>
            {labels.cancel}
          </Button>
          <Button variant="danger" disabled={busy} onClick={() => mutation.mutate()}>
            {busy ? labels.deleting : labels.confirm}
          </Button>
        </div>
      </dialog>
    </>
  )
}
