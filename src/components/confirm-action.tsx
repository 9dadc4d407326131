import { useMutation } from '@tanstack/react-query'
import { useId, useRef, type ReactNode } from 'react'
import { ApiError } from '../lib/api-error.ts'
import { Button, type ButtonVariant } from './button.tsx'

/** What the button and its dialog say (in the reader's language: the caller's catalogue). */
export interface ConfirmActionLabels {
  open: ReactNode
  title: ReactNode
  text: ReactNode
  /** shown when the action failed without the service's own sentence */
  failed: ReactNode
  cancel: ReactNode
  /** the confirm button while the action runs */
  busy: ReactNode
  confirm: ReactNode
}

/**
 * A button that asks again in a modal dialog (the browser's own: focus stays inside, Escape closes it) before `run`
 * runs; done, `onDone`, and the dialog closes unless `stayOpen` (a deletion that navigates away keeps it, busy, until
 * the page goes). The service's refusal is shown in the dialog. `children`: more of the dialog (a note field), between
 * its text and its buttons; `onClosed` lets their owner start them afresh.
 */
export function ConfirmAction({
  labels,
  run,
  onDone,
  variant = 'danger',
  openLabel,
  describeFailure,
  stayOpen = false,
  confirmDisabled = false,
  onClosed,
  children,
}: {
  labels: ConfirmActionLabels
  run: () => Promise<unknown>
  onDone?: () => void
  variant?: ButtonVariant
  /** the open button's accessible name, when its text alone would not say what it acts on */
  openLabel?: string
  /** the failure in words; by default the service's sentence (ApiError's userMessage), else `labels.failed` */
  describeFailure?: (error: unknown) => ReactNode
  stayOpen?: boolean
  /** the confirm button waits for the dialog's fields (a password) */
  confirmDisabled?: boolean
  onClosed?: () => void
  children?: ReactNode
}) {
  const id = useId()
  const dialog = useRef<HTMLDialogElement>(null)
  const mutation = useMutation({
    mutationFn: run,
    onSuccess: () => {
      if (!stayOpen) close(true)
      onDone?.()
    },
  })
  const busy = mutation.isPending || (stayOpen && mutation.isSuccess)
  function close(force = false) {
    if (busy && !force) return
    mutation.reset()
    dialog.current?.close()
    onClosed?.()
  }
  const failure = mutation.isError
    ? describeFailure
      ? describeFailure(mutation.error)
      : mutation.error instanceof ApiError
        ? mutation.error.userMessage
        : labels.failed
    : null

  return (
    <>
      <Button variant={variant} aria-label={openLabel} onClick={() => dialog.current?.showModal()}>
        {labels.open}
      </Button>
      <dialog
        ref={dialog}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
        onCancel={(e) => {
          if (busy) e.preventDefault()
          else {
            mutation.reset()
            onClosed?.()
          }
        }}
        className="m-auto max-h-[calc(100dvh-2rem)] w-[min(28rem,calc(100vw-2rem))] overflow-y-auto rounded-2xl border border-line bg-surface p-5 text-ink shadow-xl backdrop:bg-black/50"
      >
        {/* A form, so that Enter in one of its fields (a password) confirms, as its button does. */}
        <form
          onSubmit={(e) => {
            e.preventDefault()
            if (!busy && !confirmDisabled) mutation.mutate()
          }}
        >
          <h2 id={`${id}-title`} className="mb-2 text-lg font-semibold break-words" data-content>
            {labels.title}
          </h2>
          <div id={`${id}-text`} className="mb-4 space-y-2 text-sm text-muted">
            {labels.text}
          </div>
          {children && <div className="mb-4 space-y-3">{children}</div>}
          {failure && (
            <p role="alert" className="mb-4 text-sm font-medium text-danger">
              {failure}
            </p>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <Button autoFocus onClick={() => close()} disabled={busy}>
              {labels.cancel}
            </Button>
            <Button type="submit" variant={variant} disabled={busy || confirmDisabled}>
              {busy ? labels.busy : labels.confirm}
            </Button>
          </div>
        </form>
      </dialog>
    </>
  )
}
