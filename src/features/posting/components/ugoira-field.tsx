import { useId, useRef, useState, type ChangeEvent, type DragEvent } from 'react'
import {
  MAX_FRAME_DELAY,
  MAX_UGOIRA_FRAMES,
  MAX_UPLOAD_BYTES,
  MIN_FRAME_DELAY,
} from '../../../api/posting-endpoints.ts'
import { Button } from '../../../components/button.tsx'
import { useT } from '../../../lib/i18n/i18n.ts'
import { UGOIRA_FILE_TYPES, type PageItem } from '../page-list.ts'
import {
  delayTexts,
  loopMs,
  parseDelay,
  ugoiraUpload,
  withAllDelays,
  withDelay,
  type FrameDelays,
  type UgoiraUpload,
} from '../ugoira-rules.ts'
import { Icon, iconButton, PageStatus } from './pages-field.tsx'
import type { PageUploads } from './use-page-uploads.ts'
import '../../../lib/i18n/messages/en/posting.ts'

// By type and by name: a phone's picker may know a zip or an APNG only by its extension.
const ACCEPT = [...UGOIRA_FILE_TYPES.filter((t) => t !== 'application/octet-stream'), '.apng', '.zip'].join(',')
const MB = 1024 * 1024
const delayInput =
  'min-h-11 min-w-0 rounded-lg border border-line bg-surface px-2 py-1 text-sm tabular-nums aria-[invalid=true]:border-danger sm:min-h-9'

/** The animation's card: its image (a GIF, WebP or PNG shows itself playing), what it is, its upload, Remove. */
function UgoiraCard({ page, uploads, onRemove }: { page: PageItem; uploads: PageUploads; onRemove: () => void }) {
  const t = useT()
  const frames = page.upload?.frame_delays
  return (
    <div data-page-key={page.key} className="flex min-w-0 gap-3 rounded-xl border border-line bg-surface p-2">
      <div className="flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-line/40 sm:size-32">
        {page.preview ? (
          <img src={page.preview} alt="" draggable={false} className="size-full object-contain" />
        ) : (
          // A zip of frames, or a draft's animation after a reload: a film's outline instead.
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-10 text-muted"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
          >
            <rect x="3" y="4" width="18" height="16" rx="2" />
            <path d="M7 4v16M17 4v16M3 8h4M3 12h4M3 16h4M17 8h4M17 12h4M17 16h4" />
          </svg>
        )}
      </div>
      <div className="min-w-0 flex-1 space-y-2">
        <div className="min-w-0">
          <p className="text-sm font-medium">
            {frames && page.upload
              ? t('posting.ugoira.frames', {
                  count: frames.length,
                  width: page.upload.width,
                  height: page.upload.height,
                })
              : t('posting.ugoira.file')}
          </p>
          {page.name && (
            <p className="truncate text-xs text-muted" title={page.name}>
              {page.name}
            </p>
          )}
        </div>
        <PageStatus page={page} onRetry={() => uploads.retry(page)} />
      </div>
      <button
        type="button"
        data-action="remove"
        className={`${iconButton} text-danger`}
        aria-label={t('posting.pages.remove')}
        title={t('posting.pages.remove')}
        onClick={onRemove}
      >
        <Icon>
          <path d="m5 5 10 10M15 5 5 15" />
        </Icon>
      </button>
    </div>
  )
}

/**
 * Each frame's delay, in ms, as a compact list of number inputs, and one value for every frame at once; a delay the
 * service would not take is marked as it is typed. `error`: what the service said of the delays.
 */
function FrameDelaysField({
  upload,
  delays,
  onDelays,
  error,
}: {
  upload: UgoiraUpload
  delays: FrameDelays | null
  onDelays: (delays: FrameDelays | null) => void
  error: string | null
}) {
  const t = useT()
  const id = useId()
  const [all, setAll] = useState('')
  const [allChecked, setAllChecked] = useState(false)
  const texts = delayTexts(delays, upload)
  const edited = texts.some((d, i) => d !== String(upload.frame_delays[i]))
  const range = t('posting.errors.frameDelays', { min: MIN_FRAME_DELAY, max: MAX_FRAME_DELAY })
  const invalid = texts.some((d) => parseDelay(d) === undefined)
  const shown = error ?? (invalid ? range : null)
  const allInvalid = allChecked && parseDelay(all) === undefined
  const applyAll = () => {
    const ms = parseDelay(all)
    setAllChecked(true)
    if (ms !== undefined) onDelays(withAllDelays(upload, ms))
  }
  const seconds = (loopMs(texts) / 1000).toLocaleString(undefined, { maximumFractionDigits: 2 })

  return (
    <fieldset data-delays className="space-y-3" aria-describedby={`${id}-hint${shown ? ` ${id}-error` : ''}`}>
      <legend className="text-sm font-semibold">{t('posting.ugoira.delays')}</legend>
      <p id={`${id}-hint`} className="text-sm text-muted">
        {t('posting.ugoira.delaysHint', { min: MIN_FRAME_DELAY, max: MAX_FRAME_DELAY, seconds })}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={`${id}-all`} className="text-sm font-medium">
          {t('posting.ugoira.allFrames')}
        </label>
        <input
          id={`${id}-all`}
          type="number"
          inputMode="numeric"
          min={MIN_FRAME_DELAY}
          max={MAX_FRAME_DELAY}
          step={1}
          className={`${delayInput} w-28`}
          value={all}
          aria-invalid={allInvalid || undefined}
          aria-describedby={allInvalid ? `${id}-all-error` : undefined}
          onChange={(e: ChangeEvent<HTMLInputElement>) => {
            setAll(e.target.value)
            setAllChecked(false)
          }}
          onKeyDown={(e) => {
            // Enter sets every frame, rather than posting the form.
            if (e.key !== 'Enter') return
            e.preventDefault()
            applyAll()
          }}
        />
        <Button onClick={applyAll}>{t('posting.ugoira.setAll')}</Button>
        {edited && (
          <Button variant="ghost" onClick={() => onDelays(null)}>
            {t('posting.ugoira.asUploaded')}
          </Button>
        )}
      </div>
      {allInvalid && (
        <p id={`${id}-all-error`} className="text-sm font-medium text-danger">
          {range}
        </p>
      )}
      <ol className="grid grid-cols-3 gap-2 sm:grid-cols-5 lg:grid-cols-6">
        {texts.map((delay, i) => {
          const bad = parseDelay(delay) === undefined
          return (
            <li key={i}>
              <label className="flex items-center gap-1.5">
                <span aria-hidden="true" className="w-7 shrink-0 text-right text-xs text-muted tabular-nums">
                  {i + 1}
                </span>
                <input
                  data-delay
                  type="number"
                  inputMode="numeric"
                  min={MIN_FRAME_DELAY}
                  max={MAX_FRAME_DELAY}
                  step={1}
                  className={`${delayInput} w-full`}
                  aria-label={t('posting.ugoira.delay', { n: i + 1 })}
                  aria-invalid={bad || undefined}
                  aria-describedby={bad ? `${id}-error` : undefined}
                  value={delay}
                  onChange={(e) => onDelays(withDelay(delays, upload, i, e.target.value))}
                />
              </label>
            </li>
          )
        })}
      </ol>
      {shown && (
        <p id={`${id}-error`} className="text-sm font-medium text-danger">
          {shown}
        </p>
      )}
    </fieldset>
  )
}

/**
 * An ugoira's one file: an animated GIF, WebP or PNG, or a zip of its frames, dropped or chosen (the phone's picker),
 * uploaded as the ugoira's frames with its progress; then its frames' count and each one's delay, editable. A new
 * file replaces the one there. `error`: what the service said of the upload; `delaysError`: of the delays.
 */
export function UgoiraField({
  uploads,
  delays,
  onDelays,
  error,
  delaysError,
}: {
  uploads: PageUploads
  delays: FrameDelays | null
  onDelays: (delays: FrameDelays | null) => void
  error: string | null
  delaysError: string | null
}) {
  const t = useT()
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [filesOver, setFilesOver] = useState(false)
  const [notice, setNotice] = useState('')
  const { pages } = uploads
  const upload = ugoiraUpload(pages)

  const add = (files: FileList | null | undefined) => {
    const file = files?.[0]
    if (!file) return
    uploads.clear()
    uploads.addFiles([file], 'ugoira')
    setNotice('')
  }
  const remove = (page: PageItem) => {
    uploads.remove(page)
    setNotice(t('posting.ugoira.removed'))
    input.current?.parentElement?.querySelector<HTMLElement>('[data-choose]')?.focus()
  }
  const onZoneDrag = (e: DragEvent) => {
    if (!Array.from(e.dataTransfer?.types ?? []).includes('Files')) return
    e.preventDefault()
    e.dataTransfer.dropEffect = 'copy'
    setFilesOver(true)
  }

  return (
    <div className="space-y-6">
      <fieldset className="space-y-2" aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}>
        <legend className="text-sm font-semibold">{t('posting.ugoira.legend')}</legend>
        <p id={`${id}-hint`} className="text-sm text-muted">
          {t('posting.ugoira.hint', { size: MAX_UPLOAD_BYTES / MB, count: MAX_UGOIRA_FRAMES })}
        </p>
        <div
          data-drop-zone
          onDragEnter={onZoneDrag}
          onDragOver={onZoneDrag}
          onDragLeave={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFilesOver(false)
          }}
          onDrop={(e) => {
            setFilesOver(false)
            if (!Array.from(e.dataTransfer?.types ?? []).includes('Files')) return
            e.preventDefault()
            add(e.dataTransfer.files)
          }}
          className={`space-y-3 rounded-2xl border-2 border-dashed p-3 transition-colors sm:p-4 ${
            filesOver ? 'border-accent bg-accent/5' : 'border-line'
          }`}
        >
          <div className="flex flex-wrap items-center justify-center gap-3 py-4 text-center">
            <span className="hidden text-muted sm:inline">{t('posting.ugoira.drop')}</span>
            <Button
              variant={pages.length > 0 ? 'secondary' : 'primary'}
              data-choose
              onClick={() => input.current?.click()}
            >
              {pages.length > 0 ? t('posting.ugoira.replace') : t('posting.ugoira.choose')}
            </Button>
            <input
              ref={input}
              type="file"
              accept={ACCEPT}
              hidden
              onChange={(e) => {
                add(e.currentTarget.files)
                // The same file chosen again is sent again, not "no change".
                e.currentTarget.value = ''
              }}
            />
          </div>
          {pages.map((page) => (
            <UgoiraCard key={page.key} page={page} uploads={uploads} onRemove={() => remove(page)} />
          ))}
        </div>
        {error && (
          <p id={`${id}-error`} className="text-sm font-medium text-danger">
            {error}
          </p>
        )}
        <p role="status" className="sr-only">
          {notice}
        </p>
      </fieldset>
      {upload && (
        <FrameDelaysField key={upload.id} upload={upload} delays={delays} onDelays={onDelays} error={delaysError} />
      )}
    </div>
  )
}
