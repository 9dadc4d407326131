import { useMutation } from '@tanstack/react-query'
import { useId, useRef } from 'react'
import type { Novel } from '../../../api/model.ts'
import { Button } from '../../../components/button.tsx'
import { ApiError } from '../../../lib/api-error.ts'
import { useT } from '../../../lib/i18n/i18n.ts'
import { novelPostingApi } from '../../../lib/novel-posting-api.ts'
import '../../../lib/i18n/messages/en/editor.ts'

/**
 * "Delete this novel", asked again in a modal dialog (the browser's own: focus stays inside, Escape closes it) before
 * the novel, its images and its cover are deleted. Deleted, `onDeleted`.
 */
export function DeleteNovel({ novel, onDeleted }: { novel: Novel; onDeleted: (novel: Novel) => void }) {
  const t = useT()
  const id = useId()
  const dialog = useRef<HTMLDialogElement>(null)
  const mutation = useMutation({
    mutationFn: () => novelPostingApi.deleteNovel(novel.id),
    onSuccess: () => onDeleted(novel),
  })
  const busy = mutation.isPending || mutation.isSuccess
  const close = () => {
    if (busy) return
    mutation.reset()
    dialog.current?.close()
  }

  return (
    <>
      <Button variant="danger" onClick={() => dialog.current?.showModal()}>
        {t('editor.edit.delete')}
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
          {t('editor.edit.deleteTitle', { title: novel.title })}
        </h2>
        <p id={`${id}-text`} className="mb-4 text-sm text-muted">
          {t('editor.edit.deleteText')}
        </p>
        {mutation.isError && (
          <p role="alert" className="mb-4 text-sm font-medium text-danger">
            {mutation.error instanceof ApiError ? mutation.error.userMessage : t('editor.edit.deleteFailed')}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button autoFocus onClick={close} disabled={busy}>
            {t('editor.edit.cancel')}
          </Button>
          <Button variant="danger" disabled={busy} onClick={() => mutation.mutate()}>
            {busy ? t('editor.edit.deleting') : t('editor.edit.deleteConfirm')}
          </Button>
        </div>
      </dialog>
    </>
  )
}
