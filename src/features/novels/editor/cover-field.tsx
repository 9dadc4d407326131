import { useEffect, useId, useRef, useState } from 'react'
import { MAX_UPLOAD_BYTES, UPLOAD_TYPES } from '../../../api/posting-endpoints.ts'
import { Button } from '../../../components/button.tsx'
import { useT } from '../../../lib/i18n/i18n.ts'
import { useUpload } from './use-upload.ts'
import '../../../lib/i18n/messages/en/editor.ts'

const MB = 1024 * 1024

/**
 * The novel's cover: an image uploaded as soon as it is chosen (its upload is what the novel names), or none, and
 * the gallery makes one. `knownUrls`: images of uploads the service already shows (the posted novel's own cover).
 */
export function CoverField({
  value,
  onChange,
  knownUrls,
  error,
  onUploadingChange,
}: {
  value: number | null
  onChange: (uploadId: number | null) => void
  knownUrls: Readonly<Record<number, string>>
  error: string | null
  onUploadingChange: (uploading: boolean) => void
}) {
  const t = useT()
  const id = useId()
  const picker = useRef<HTMLInputElement>(null)
  const { state, upload } = useUpload()
  const [chosen, setChosen] = useState<Record<number, string>>({})
  const objectUrls = useRef<string[]>([])
  useEffect(() => () => objectUrls.current.forEach((url) => URL.revokeObjectURL(url)), [])
  const uploading = state.status === 'uploading'
  useEffect(() => onUploadingChange(uploading), [uploading, onUploadingChange])

  const pick = async (file: File | undefined) => {
    if (!file) return
    const done = await upload(file)
    if (!done) return
    const url = URL.createObjectURL(file)
    objectUrls.current.push(url)
    setChosen((urls) => ({ ...urls, [done.id]: url }))
    onChange(done.id)
  }

  const src = value === null ? null : (chosen[value] ?? knownUrls[value] ?? null)
  const hintId = `${id}-hint`
  const message = error ?? (state.status === 'failed' ? state.message : null)

  return (
    <fieldset className="space-y-2" aria-describedby={hintId}>
      <legend className="text-sm font-semibold">{t('editor.fields.cover')}</legend>
      <div className="flex flex-wrap items-center gap-4">
        <div className="flex h-34 w-24 shrink-0 items-center justify-center overflow-hidden rounded-md border border-line bg-line/40 text-center text-xs text-muted">
          {src ? (
            <img src={src} alt={t('editor.fields.coverAlt')} className="h-full w-full object-cover" />
          ) : (
            <span className="p-2">
              {value === null ? t('editor.fields.coverGenerated') : t('editor.fields.coverUploaded')}
            </span>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button data-cover-choose disabled={uploading} onClick={() => picker.current?.click()}>
            {value === null ? t('editor.fields.coverChoose') : t('editor.fields.coverChange')}
          </Button>
          {value !== null && (
            <Button variant="ghost" disabled={uploading} onClick={() => onChange(null)}>
              {t('editor.fields.coverRemove')}
            </Button>
          )}
        </div>
        <input
          ref={picker}
          type="file"
          accept={UPLOAD_TYPES.join(',')}
          hidden
          onChange={(e) => {
            const file = e.target.files?.[0]
            e.target.value = ''
            void pick(file)
          }}
        />
      </div>
      <p id={hintId} className="text-sm text-muted">
        {t('editor.fields.coverHint', { size: MAX_UPLOAD_BYTES / MB })}
      </p>
      {uploading && (
        <p role="status" className="text-sm text-muted">
          {t('editor.upload.progress', { percent: state.percent })}
        </p>
      )}
      {message && (
        <p role="alert" className="text-sm font-medium text-danger">
          {message}
        </p>
      )}
    </fieldset>
  )
}
