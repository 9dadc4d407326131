import { useMutation } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { MAX_REPORT_NOTE_LENGTH, REPORT_REASONS } from '../../../api/moderation-endpoints.ts'
import { Button } from '../../../components/button.tsx'
import { NotFoundError } from '../../../lib/api-error.ts'
import { t as translate, useT } from '../../../lib/i18n/i18n.ts'
import type { ReportReason } from '../../../lib/moderation-client.ts'
import { moderationApi } from '../../../lib/moderation-api.ts'
import { refusalMessage, type KnownRefusal } from '../refusal.ts'
import { REASON_LABELS, REPORT_TITLES, type ReportTarget } from '../report-labels.ts'
import '../../../lib/i18n/messages/en/report.ts'

const REFUSALS: readonly KnownRefusal[] = [[/report your own/i, () => translate('report.own')]]

/** How long a comment's text the dialog quotes. */
const LABEL_CHARS = 80

function failure(error: unknown): string {
  if (error instanceof NotFoundError) return translate('report.gone')
  return refusalMessage(error, REFUSALS, translate('report.tryAgain'))
}

/**
 * The report dialog (a modal: focus stays inside, Escape closes it): why, in one of the service's reasons, and an
 * optional note; sent, a thank-you that says so. Open from the moment it mounts; `onClose` when it closes.
 */
export function ReportDialog({ kind, targetId, label, onClose }: ReportTarget & { onClose: () => void }) {
  const t = useT()
  const id = useId()
  const dialog = useRef<HTMLDialogElement>(null)
  const [reason, setReason] = useState<ReportReason | null>(null)
  const [note, setNote] = useState('')
  const send = useMutation({
    mutationFn: (report: { reason: ReportReason; note: string }) =>
      moderationApi.addReport({ kind, targetId, ...report }),
  })

  useEffect(() => {
    const d = dialog.current
    if (d && !d.open) d.showModal()
  }, [])

  const close = () => {
    if (!send.isPending) dialog.current?.close()
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (reason && !send.isPending) send.mutate({ reason, note })
  }
  const chars = [...label.replace(/\s+/g, ' ').trim()]
  const quoted = chars.length > LABEL_CHARS ? `${chars.slice(0, LABEL_CHARS - 1).join('')}…` : chars.join('')

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      onCancel={(e) => {
        if (send.isPending) e.preventDefault()
      }}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(30rem,calc(100vw-2rem))] overflow-y-auto rounded-2xl border border-line bg-surface p-5 text-ink shadow-xl backdrop:bg-black/50"
    >
      {send.isSuccess ? (
        <div role="status" className="space-y-4">
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            {t('report.sentTitle')}
          </h2>
          <p className="text-sm">{t('report.sent')}</p>
          <div className="flex justify-end">
            <Button variant="primary" autoFocus onClick={close}>
              {t('report.close')}
            </Button>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} className="space-y-4" aria-describedby={`${id}-about`}>
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            {t(REPORT_TITLES[kind])}
          </h2>
          <p id={`${id}-about`} className="text-sm break-words text-muted" data-content>
            {t('report.about', { label: quoted })}
          </p>
          <fieldset className="space-y-1">
            <legend className="mb-1 text-sm font-semibold">{t('report.reason')}</legend>
            {REPORT_REASONS.map((value) => (
              <label
                key={value}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 hover:bg-line/40"
              >
                <input
                  type="radio"
                  name={`${id}-reason`}
                  value={value}
                  checked={reason === value}
                  onChange={() => setReason(value)}
                  className="size-5 shrink-0 accent-accent"
                />
                <span className="text-sm">{t(REASON_LABELS[value])}</span>
              </label>
            ))}
          </fieldset>
          <div className="space-y-1">
            <label htmlFor={`${id}-note`} className="block text-sm font-medium">
              {t('report.note')}
            </label>
            <textarea
              id={`${id}-note`}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              maxLength={MAX_REPORT_NOTE_LENGTH}
              rows={3}
              aria-describedby={`${id}-length`}
              className="w-full rounded-lg border border-line bg-surface p-2 text-base"
            />
            <p id={`${id}-length`} className="text-xs text-muted">
              {t('report.noteLength', { length: note.length, max: MAX_REPORT_NOTE_LENGTH })}
            </p>
          </div>
          {send.isError && (
            <p role="alert" className="text-sm font-medium text-danger">
              {t('report.failed', { reason: failure(send.error) })}
            </p>
          )}
          <div className="flex flex-wrap items-center justify-end gap-2">
            {!reason && (
              <p id={`${id}-hint`} className="mr-auto text-xs text-muted">
                {t('report.chooseReason')}
              </p>
            )}
            <Button onClick={close} disabled={send.isPending}>
              {t('report.cancel')}
            </Button>
            <Button
              type="submit"
              variant="primary"
              disabled={!reason || send.isPending}
              aria-describedby={reason ? undefined : `${id}-hint`}
            >
              {send.isPending ? t('report.sending') : t('report.send')}
            </Button>
          </div>
        </form>
      )}
    </dialog>
  )
}
