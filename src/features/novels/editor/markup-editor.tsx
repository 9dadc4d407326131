import {
  useDeferredValue,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
} from 'react'
import type { NovelImageUrls } from '../../../api/model.ts'
import { MAX_NOVEL_TEXT_LENGTH, UPLOAD_TYPES } from '../../../api/posting-endpoints.ts'
import { useT, type MessageKey } from '../../../lib/i18n/i18n.ts'
import type { Embeds } from '../reader/novel-page-text.tsx'
import { MarkupPreview } from './markup-preview.tsx'
import { applyMarkupEdit, MARKUP_TOOLS, markupEdit, type MarkupTool, type TextSelection } from './markup-tools.ts'
import { textLength } from './novel-values.ts'
import { useUpload } from './use-upload.ts'
import '../../../lib/i18n/messages/en/editor.ts'

/** Each tool's button, and the tag it writes (shown as the button's tooltip). */
const TOOLS: Record<MarkupTool, { label: MessageKey; syntax: MessageKey }> = {
  newpage: { label: 'editor.tools.newpage', syntax: 'editor.tools.newpageSyntax' },
  chapter: { label: 'editor.tools.chapter', syntax: 'editor.tools.chapterSyntax' },
  ruby: { label: 'editor.tools.ruby', syntax: 'editor.tools.rubySyntax' },
  emphasis: { label: 'editor.tools.emphasis', syntax: 'editor.tools.emphasisSyntax' },
  bold: { label: 'editor.tools.bold', syntax: 'editor.tools.boldSyntax' },
  italic: { label: 'editor.tools.italic', syntax: 'editor.tools.italicSyntax' },
  jump: { label: 'editor.tools.jump', syntax: 'editor.tools.jumpSyntax' },
  link: { label: 'editor.tools.link', syntax: 'editor.tools.linkSyntax' },
  pixivimage: { label: 'editor.tools.pixivimage', syntax: 'editor.tools.pixivimageSyntax' },
  uploadedimage: { label: 'editor.tools.uploadedimage', syntax: 'editor.tools.uploadedimageSyntax' },
}

/** Wide enough for the text and its preview side by side (Tailwind's `lg`). */
const SIDE_BY_SIDE = '(min-width: 64rem)'

function subscribeWide(listener: () => void) {
  if (typeof matchMedia === 'undefined') return () => {}
  const mql = matchMedia(SIDE_BY_SIDE)
  mql.addEventListener('change', listener)
  return () => mql.removeEventListener('change', listener)
}
const isWide = () => typeof matchMedia !== 'undefined' && matchMedia(SIDE_BY_SIDE).matches

/**
 * Puts an edit into the field as typing would (the browser's own insertion, so Undo takes it back), then the
 * selection; false when the browser has no such insertion (the caller sets the value itself).
 */
function insertAsTyped(field: HTMLTextAreaElement, from: number, to: number, insert: string, expected: string) {
  field.setSelectionRange(from, to)
  try {
    // Deprecated, yet the one way to edit a text field that its undo history keeps (no browser has dropped it).
    return document.execCommand('insertText', false, insert) && field.value === expected
  } catch {
    return false
  }
}

export interface MarkupEditorProps {
  value: string
  onChange: (text: string) => void
  /** The images and works the text shows that the service already has (the novel's own, when editing). */
  embeds: Embeds
  /** "Title by author", for the preview's image descriptions. */
  label: string
  /** The novel's id when editing (its jumps' links), 0 for a new one. */
  novelId: number
  error: string | null
  /** Whether an image is on its way to the service (the form waits for it). */
  onUploadingChange: (uploading: boolean) => void
}

/**
 * The novel's text: a field for the markup with a toolbar that writes each tag for you, and beside it (on a phone,
 * behind a Write/Preview switch) the live preview, drawn by the reader. The preview follows the typing as a deferred
 * render: a keystroke in a long text is drawn in the field at once, the preview a moment after.
 */
export function MarkupEditor({ value, onChange, embeds, label, novelId, error, onUploadingChange }: MarkupEditorProps) {
  const t = useT()
  const id = useId()
  const field = useRef<HTMLTextAreaElement>(null)
  const picker = useRef<HTMLInputElement>(null)
  const [caret, setCaret] = useState(0)
  const [mode, setMode] = useState<'write' | 'preview'>('write')
  const wide = useSyncExternalStore(subscribeWide, isWide, () => false)
  const [activeTool, setActiveTool] = useState(0)
  const toolButtons = useRef<(HTMLButtonElement | null)[]>([])
  /** The selection to restore once a value set by hand is in the field. */
  const pendingSelection = useRef<TextSelection | null>(null)
  const { state: upload, upload: send } = useUpload()
  const uploading = upload.status === 'uploading'

  // Images uploaded here, shown from the file itself until the service's own URLs come with the posted novel.
  const [local, setLocal] = useState<Record<string, { urls: NovelImageUrls }>>({})
  const objectUrls = useRef<string[]>([])
  useEffect(() => () => objectUrls.current.forEach((url) => URL.revokeObjectURL(url)), [])
  const shown = useMemo(() => ({ illusts: embeds.illusts, images: { ...embeds.images, ...local } }), [embeds, local])

  useEffect(() => onUploadingChange(uploading), [uploading, onUploadingChange])

  useLayoutEffect(() => {
    const selection = pendingSelection.current
    if (!selection || !field.current) return
    pendingSelection.current = null
    field.current.setSelectionRange(selection.start, selection.end)
  }, [value])

  const deferredText = useDeferredValue(value)
  const deferredCaret = useDeferredValue(caret)

  /** Presses a tool: the edit goes into the field, the focus back to it with the caret where the tool puts it. */
  const apply = (tool: MarkupTool, toolValue?: string) => {
    const el = field.current
    if (!el) return
    const edit = markupEdit(el.value, { start: el.selectionStart, end: el.selectionEnd }, tool, toolValue)
    const next = applyMarkupEdit(el.value, edit)
    el.focus()
    if (insertAsTyped(el, edit.from, edit.to, edit.insert, next)) {
      el.setSelectionRange(edit.selection.start, edit.selection.end)
    } else {
      pendingSelection.current = edit.selection
      onChange(next)
    }
    setCaret(edit.selection.start)
  }

  const pickImage = async (file: File | undefined) => {
    if (!file) return
    const done = await send(file)
    if (!done) return
    const url = URL.createObjectURL(file)
    objectUrls.current.push(url)
    const urls = { '128x128': url, '240mw': url, '480mw': url, '1200x1200': url, original: url }
    setLocal((images) => ({ ...images, [String(done.id)]: { urls } }))
    apply('uploadedimage', String(done.id))
  }

  const onToolbarKey = (event: KeyboardEvent) => {
    const last = MARKUP_TOOLS.length - 1
    const next =
      event.key === 'ArrowRight'
        ? (activeTool + 1) % (last + 1)
        : event.key === 'ArrowLeft'
          ? (activeTool + last) % (last + 1)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null
    if (next === null) return
    event.preventDefault()
    setActiveTool(next)
    toolButtons.current[next]?.focus()
  }

  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const count = textLength(value)
  const switchButton = (which: 'write' | 'preview') =>
    `inline-flex min-h-11 items-center rounded-xl px-4 text-sm font-medium ${
      mode === which ? 'bg-accent text-on-accent' : 'text-ink hover:bg-line/50'
    }`

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <label htmlFor={id} className="block text-sm font-medium">
          {t('editor.fields.text')}
        </label>
        <div
          role="group"
          aria-label={t('editor.markup.view')}
          className="inline-flex gap-1 rounded-2xl border border-line bg-surface p-1 lg:hidden"
        >
          <button
            type="button"
            aria-pressed={mode === 'write'}
            className={switchButton('write')}
            onClick={() => setMode('write')}
          >
            {t('editor.markup.write')}
          </button>
          <button
            type="button"
            aria-pressed={mode === 'preview'}
            className={switchButton('preview')}
            onClick={() => setMode('preview')}
          >
            {t('editor.markup.preview')}
          </button>
        </div>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <div className={`flex min-w-0 flex-col gap-2 ${mode === 'preview' ? 'hidden lg:flex' : ''}`}>
          <div
            role="toolbar"
            aria-label={t('editor.markup.toolbar')}
            aria-controls={id}
            className="flex flex-wrap gap-1"
            onKeyDown={onToolbarKey}
          >
            {MARKUP_TOOLS.map((tool, i) => (
              <button
                key={tool}
                ref={(el) => {
                  toolButtons.current[i] = el
                }}
                type="button"
                tabIndex={i === activeTool ? 0 : -1}
                title={t(TOOLS[tool].syntax)}
                disabled={tool === 'uploadedimage' && uploading}
                // The field keeps the focus and its selection when a tool is clicked.
                onMouseDown={(e) => e.preventDefault()}
                onFocus={() => setActiveTool(i)}
                onClick={() => (tool === 'uploadedimage' ? picker.current?.click() : apply(tool))}
                className="inline-flex min-h-11 items-center rounded-lg border border-line bg-surface px-2.5 text-sm font-medium hover:bg-line/40 disabled:opacity-60 sm:min-h-9"
              >
                {t(TOOLS[tool].label)}
              </button>
            ))}
          </div>
          <input
            ref={picker}
            type="file"
            accept={UPLOAD_TYPES.join(',')}
            hidden
            data-image-picker
            onChange={(e) => {
              const file = e.target.files?.[0]
              e.target.value = ''
              void pickImage(file)
            }}
          />
          <textarea
            ref={field}
            id={id}
            name="text"
            data-content
            value={value}
            spellCheck={false}
            aria-describedby={`${hintId}${error ? ` ${errorId}` : ''}`}
            aria-invalid={error ? true : undefined}
            onChange={(e) => {
              onChange(e.target.value)
              setCaret(e.target.selectionStart)
            }}
            onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
            className="h-[60vh] min-h-72 w-full resize-y rounded-lg border border-line bg-surface px-3 py-2 font-mono text-base leading-relaxed text-ink focus-visible:border-accent lg:h-[min(70vh,48rem)]"
          />
          <p id={hintId} className="text-sm text-muted tabular-nums">
            {t('editor.fields.textHint', { count, max: MAX_NOVEL_TEXT_LENGTH })}
          </p>
          {error && (
            <p id={errorId} className="text-sm font-medium text-danger">
              {error}
            </p>
          )}
          {upload.status === 'uploading' && (
            <p role="status" className="text-sm text-muted">
              {t('editor.upload.progress', { percent: upload.percent })}
            </p>
          )}
          {upload.status === 'failed' && (
            <p role="alert" className="text-sm font-medium text-danger">
              {upload.message}
            </p>
          )}
        </div>
        <div className={`min-w-0 lg:h-[min(70vh,48rem)] ${mode === 'write' ? 'hidden lg:block' : 'h-[70vh]'}`}>
          {/* Drawn only where it is seen: on a phone writing, the preview costs nothing. */}
          {(wide || mode === 'preview') && (
            <MarkupPreview text={deferredText} caret={deferredCaret} embeds={shown} label={label} novelId={novelId} />
          )}
        </div>
      </div>
    </div>
  )
}
