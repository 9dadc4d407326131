import { useEffect, useId, useRef, useState, type DragEvent, type ReactNode } from 'react'
import { MAX_PAGES, MAX_UPLOAD_BYTES, UPLOAD_TYPES } from '../../../api/posting-endpoints.ts'
import { Button } from '../../../components/button.tsx'
import { useT } from '../../../lib/i18n/i18n.ts'
import type { PageItem } from '../page-list.ts'
import { pageErrorMessage } from '../posting-errors.ts'
import type { PageUploads } from './use-page-uploads.ts'
import '../../../lib/i18n/messages/en/common.ts'
import '../../../lib/i18n/messages/en/posting.ts'

/** What a page's tile carries while it is dragged onto another (files carry `Files`). */
const PAGE_TYPE = 'application/x-easel-page'
const ACCEPT = UPLOAD_TYPES.join(',')
const MB = 1024 * 1024

const carries = (e: DragEvent, type: string) => Array.from(e.dataTransfer?.types ?? []).includes(type)

export const iconButton =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-full border border-line bg-surface text-ink hover:bg-line/40 disabled:cursor-not-allowed disabled:opacity-40'

export function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  )
}

/** A local file's upload: its bar (full once the service holds it), then what became of it. */
export function PageStatus({ page, onRetry }: { page: PageItem; onRetry: () => void }) {
  const t = useT()
  const percent =
    page.status === 'uploaded' ? 100 : page.total > 0 ? Math.min(100, Math.floor((page.sent / page.total) * 100)) : 0
  return (
    <div className="space-y-1 text-sm">
      {page.file && page.status !== 'failed' && (
        <div
          role="progressbar"
          aria-label={t('posting.pages.progress', { name: page.name })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-1.5 overflow-hidden rounded-full bg-line/60"
        >
          <div
            className="h-full rounded-full bg-accent transition-[width] motion-reduce:transition-none"
            style={{ width: `${percent}%` }}
          />
        </div>
      )}
      {page.status === 'uploading' && (
        <p className="text-muted">
          {page.sent < page.total ? t('posting.pages.uploading', { percent }) : t('posting.pages.processing')}
        </p>
      )}
      {page.status === 'uploaded' && page.at !== undefined && (
        <p className="flex items-center gap-1 font-medium">
          <Icon>
            <path d="m4 10.5 4 4 8-9" />
          </Icon>
          {t('posting.pages.uploaded')}
        </p>
      )}
      {page.status === 'failed' && (
        <>
          <p className="font-medium text-danger">
            {t('posting.pages.failed')}: {pageErrorMessage(page)}
          </p>
          {!page.refused && page.file && (
            <Button className="w-full" onClick={onRetry}>
              {t('common.retry')}
            </Button>
          )}
        </>
      )}
    </div>
  )
}

/**
 * The work's pages: a drop zone for image files (dragged anywhere onto it, or chosen with the file picker, which is
 * the phone's photo picker), each page a tile with its upload's progress, its Retry when it failed, and Remove. Pages
 * move by dragging a tile onto another, or one place at a time with their arrows (keyboards, phones). `error`: what
 * the service said of the pages as a whole.
 */
export function PagesField({ uploads, error }: { uploads: PageUploads; error: string | null }) {
  const t = useT()
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const list = useRef<HTMLOListElement>(null)
  const [filesOver, setFilesOver] = useState(false)
  const [dragged, setDragged] = useState<string | null>(null)
  const [notice, setNotice] = useState('')
  /** The button to focus once the list has re-rendered: a moved page's arrow follows its page. */
  const focusNext = useRef<{ key: string; action: string } | null>(null)
  const { pages } = uploads

  useEffect(() => {
    const next = focusNext.current
    if (!next) return
    focusNext.current = null
    const tiles = list.current?.querySelectorAll<HTMLElement>('[data-page-key]') ?? []
    const tile = [...tiles].find((el) => el.dataset.pageKey === next.key)
    const button =
      tile?.querySelector<HTMLElement>(`[data-action="${next.action}"]:not(:disabled)`) ??
      tile?.querySelector<HTMLElement>('[data-action]:not(:disabled)')
    ;(button ?? input.current?.parentElement?.querySelector<HTMLElement>('[data-choose]'))?.focus()
  }, [pages])

  const add = (files: FileList | null | undefined) => {
    if (!files || files.length === 0) return
    const left = uploads.addFiles(Array.from(files))
    setNotice(left > 0 ? t('posting.pages.tooMany', { count: MAX_PAGES }) : '')
  }
  const move = (page: PageItem, by: -1 | 1) => {
    const to = pages.indexOf(page) + by
    uploads.dispatch({ type: 'move', key: page.key, by })
    focusNext.current = { key: page.key, action: by < 0 ? 'earlier' : 'later' }
    setNotice(t('posting.pages.moved', { n: to + 1, count: pages.length }))
  }
  const remove = (page: PageItem) => {
    const i = pages.indexOf(page)
    const neighbour = pages[i + 1] ?? pages[i - 1]
    uploads.remove(page)
    focusNext.current = { key: neighbour?.key ?? '', action: 'remove' }
    setNotice(t('posting.pages.removed'))
  }

  const onZoneDrag = (e: DragEvent) => {
    if (!carries(e, 'Files')) return
    e.preventDefault()
    e.dataTransfer.dropEffect = 'copy'
    setFilesOver(true)
  }

  return (
    <fieldset className="space-y-2" aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}>
      <legend className="text-sm font-semibold">{t('posting.pages.legend')}</legend>
      <p id={`${id}-hint`} className="text-sm text-muted">
        {t('posting.pages.hint', { size: MAX_UPLOAD_BYTES / MB, count: MAX_PAGES })}{' '}
        {pages.length > 1 && t('posting.pages.reorderHint')}
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
          if (!carries(e, 'Files')) return
          e.preventDefault()
          add(e.dataTransfer.files)
        }}
        className={`space-y-3 rounded-2xl border-2 border-dashed p-3 transition-colors sm:p-4 ${
          filesOver ? 'border-accent bg-accent/5' : 'border-line'
        }`}
      >
        <div className="flex flex-wrap items-center justify-center gap-3 py-4 text-center">
          <span className="hidden text-muted sm:inline">{t('posting.pages.drop')}</span>
          <Button variant="primary" data-choose onClick={() => input.current?.click()}>
            {t('posting.pages.choose')}
          </Button>
          <input
            ref={input}
            type="file"
            multiple
            accept={ACCEPT}
            hidden
            onChange={(e) => {
              add(e.currentTarget.files)
              // The same file chosen again is a new page, not "no change".
              e.currentTarget.value = ''
            }}
          />
        </div>
        {pages.length > 0 && (
          <ol
            ref={list}
            aria-label={t('posting.pages.legend')}
            className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4"
          >
            {pages.map((page, i) => {
              const label = page.upload
                ? t('posting.pages.known', { n: i + 1, width: page.upload.width, height: page.upload.height })
                : t('posting.pages.page', { n: i + 1 })
              return (
                <li
                  key={page.key}
                  data-page-key={page.key}
                  draggable
                  onDragStart={(e) => {
                    e.dataTransfer.setData(PAGE_TYPE, page.key)
                    e.dataTransfer.effectAllowed = 'move'
                    setDragged(page.key)
                  }}
                  onDragEnd={() => setDragged(null)}
                  onDragOver={(e) => {
                    if (!carries(e, PAGE_TYPE)) return
                    e.preventDefault()
                    e.dataTransfer.dropEffect = 'move'
                  }}
                  onDrop={(e) => {
                    const key = e.dataTransfer.getData(PAGE_TYPE)
                    if (!key) return
                    e.preventDefault()
                    e.stopPropagation()
                    setDragged(null)
                    if (key === page.key) return
                    uploads.dispatch({ type: 'moveTo', key, to: page.key })
                    setNotice(t('posting.pages.moved', { n: i + 1, count: pages.length }))
                  }}
                  className={`flex min-w-0 cursor-grab flex-col gap-2 rounded-xl border border-line bg-surface p-2 ${
                    dragged === page.key ? 'opacity-50' : ''
                  }`}
                >
                  <div className="flex aspect-square items-center justify-center overflow-hidden rounded-lg bg-line/40">
                    {page.preview ? (
                      <img src={page.preview} alt="" draggable={false} className="size-full object-contain" />
                    ) : (
                      // No local file to show (a draft's page after a reload): a picture's outline instead.
                      <svg
                        aria-hidden="true"
                        viewBox="0 0 24 24"
                        className="size-10 text-muted"
                        fill="none"
                        stroke="currentColor"
                        strokeWidth="1.5"
                      >
                        <rect x="3" y="4" width="18" height="16" rx="2" />
                        <circle cx="9" cy="10" r="2" />
                        <path d="m3 18 6-5 4 3 3-2 5 4" />
                      </svg>
                    )}
                  </div>
                  <div className="min-w-0">
                    <p className="text-sm font-medium">{label}</p>
                    {page.name && (
                      <p className="truncate text-xs text-muted" title={page.name}>
                        {page.name}
                      </p>
                    )}
                  </div>
                  <PageStatus page={page} onRetry={() => uploads.retry(page)} />
                  <div className="mt-auto flex items-center justify-between gap-1">
                    <button
                      type="button"
                      data-action="earlier"
                      className={iconButton}
                      aria-label={t('posting.pages.moveEarlier')}
                      title={t('posting.pages.moveEarlier')}
                      disabled={i === 0}
                      onClick={() => move(page, -1)}
                    >
                      <Icon>
                        <path d="m12 5-5 5 5 5" />
                      </Icon>
                    </button>
                    <button
                      type="button"
                      data-action="later"
                      className={iconButton}
                      aria-label={t('posting.pages.moveLater')}
                      title={t('posting.pages.moveLater')}
                      disabled={i === pages.length - 1}
                      onClick={() => move(page, 1)}
                    >
                      <Icon>
                        <path d="m8 5 5 5-5 5" />
                      </Icon>
                    </button>
                    <button
                      type="button"
                      data-action="remove"
                      className={`${iconButton} text-danger`}
                      aria-label={t('posting.pages.remove')}
                      title={t('posting.pages.remove')}
                      onClick={() => remove(page)}
                    >
                      <Icon>
                        <path d="m5 5 10 10M15 5 5 15" />
                      </Icon>
                    </button>
                  </div>
                </li>
              )
            })}
          </ol>
        )}
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
  )
}
