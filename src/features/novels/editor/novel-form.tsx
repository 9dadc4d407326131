import { useMutation } from '@tanstack/react-query'
import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ChangeEvent,
  type ComponentType,
  type FormEvent,
  type ReactNode,
} from 'react'
import type { Novel } from '../../../api/model.ts'
import { MAX_CAPTION_LENGTH, MAX_NOVEL_TITLE_LENGTH } from '../../../api/posting-endpoints.ts'
import { AccountField, AccountTextArea } from '../../../components/account-field.tsx'
import { Button } from '../../../components/button.tsx'
import { ChoiceGroup, type Choice } from '../../../components/choice-group.tsx'
import { FormAlert } from '../../../components/form-alert.tsx'
import { formatDate } from '../../../lib/format.ts'
import { useT } from '../../../lib/i18n/i18n.ts'
import type { NovelParams } from '../../../lib/novel-posting-client.ts'
import type { Embeds } from '../reader/novel-page-text.tsx'
import { CoverField } from './cover-field.tsx'
import { fieldMessage, novelFailure } from './editor-errors.ts'
import { MarkupEditor } from './markup-editor.tsx'
import { clearNovelDraft, draftSaver, readNovelDraft, writeNovelDraft, type DraftSlot } from './novel-draft.ts'
import {
  captionHtml,
  checkNovel,
  NOVEL_FIELDS,
  novelParams,
  sameValues,
  textLength,
  type AiTypeWord,
  type NovelField,
  type NovelProblems,
  type NovelValues,
  type RestrictWord,
  type SeriesChoice,
  type XRestrictWord,
} from './novel-values.ts'
import '../../../lib/i18n/messages/en/common.ts'
import '../../../lib/i18n/messages/en/editor.ts'
import '../../../lib/i18n/messages/en/novels.ts'

/** The tag field (the posting feature's, composed in by the app). */
export type TagFieldComponent = ComponentType<{
  tags: readonly string[]
  onChange: (tags: string[]) => void
  error: string | null
}>

/** One of the author's novel series, and how many novels it holds (null: not known yet). */
export interface SeriesOption {
  id: number
  title: string
  count: number | null
}

/** The author's novel series: those known so far, and whether the list is still asked for or could not be had. */
export interface AuthorSeries {
  list: readonly SeriesOption[]
  status: 'loading' | 'failed' | 'ready'
  retry: () => void
}

/** Where the focus goes for a refused field. */
const FOCUS: Record<NovelField, string> = {
  title: '[name="title"]',
  text: '[name="text"]',
  caption: '[name="caption"]',
  tags: '[role="combobox"]',
  cover_upload_id: '[data-cover-choose]',
  series_id: '[name="series"]',
  series_title: '[name="series_title"]',
}

const seriesOption = (choice: SeriesChoice) => String(choice)
const seriesChoice = (option: string): SeriesChoice =>
  option === 'none' || option === 'new' ? option : Number(option) || 'none'

export interface NovelFormProps {
  userId: number
  /** The draft this form keeps: the new novel's, or the edited novel's. */
  slot: DraftSlot
  /** What the form holds without a draft: the empty form, or the novel as posted. */
  base: NovelValues
  /** The novel's id when editing, 0 for a new one. */
  novelId: number
  authorName: string
  /** Images and works the service already shows for the text (the posted novel's). */
  embeds: Embeds
  /** Images of uploads the service already shows as covers (the posted novel's cover). */
  coverUrls: Readonly<Record<number, string>>
  /** The author's novel series, to add the novel to. */
  series: AuthorSeries
  TagField: TagFieldComponent
  /** Sends the novel (posts it, or saves the edit). */
  submit: (params: NovelParams) => Promise<Novel>
  onSubmitted: (novel: Novel) => void
  submitLabel: string
  pendingLabel: string
  /** Said above the button when sending failed for no reason the service gave. */
  failedLabel: string
  /** Under the form: leaving it, deleting the novel. */
  children?: ReactNode
}

/**
 * A novel's form, for writing and editing alike: its title, its text with the markup editor and the preview, then
 * what it is (caption, tags, cover, series, who sees it). Kept on this device as a draft while it is typed (a reload,
 * a closed tab or a dropped connection loses nothing), offered again with a note when the form opens, and cleared
 * once the novel is posted or saved. Each field checked as the service checks it before asking, each refusal beside
 * its field.
 */
export function NovelForm({
  userId,
  slot,
  base: givenBase,
  novelId,
  authorName,
  embeds,
  coverUrls,
  series,
  TagField,
  submit,
  onSubmitted,
  submitLabel,
  pendingLabel,
  failedLabel,
  children,
}: NovelFormProps) {
  const t = useT()
  const id = useId()
  const form = useRef<HTMLFormElement>(null)
  // What the form opened on: a refetch of the novel under it changes neither the form nor what its draft is kept against.
  const [base] = useState(givenBase)
  const [draft, setDraft] = useState(() => readNovelDraft(userId, slot, base))
  const [values, setValues] = useState<NovelValues>(() => draft?.values ?? base)
  const [checked, setChecked] = useState<NovelProblems>({})
  const [saved, setSaved] = useState<'saved' | 'failed' | null>(null)
  const [textUploading, setTextUploading] = useState(false)
  const [coverUploading, setCoverUploading] = useState(false)

  // ---- the draft ----
  const saver = useMemo(
    () =>
      draftSaver<NovelValues>((v) => {
        const kept = writeNovelDraft(userId, slot, v, base)
        setSaved(!kept ? 'failed' : sameValues(v, base) ? null : 'saved')
      }),
    [userId, slot, base],
  )
  const first = useRef(true)
  useEffect(() => {
    // The values it opened with are saved already (the draft) or need no saving (the base).
    if (first.current) first.current = false
    else saver.change(values)
  }, [saver, values])
  useEffect(() => {
    const flush = () => saver.flush()
    const onHide = () => {
      if (document.visibilityState === 'hidden') flush()
    }
    window.addEventListener('pagehide', flush)
    document.addEventListener('visibilitychange', onHide)
    return () => {
      window.removeEventListener('pagehide', flush)
      document.removeEventListener('visibilitychange', onHide)
      // Leaving the screen (another page of the gallery) keeps what was typed.
      flush()
    }
  }, [saver])
  const discard = () => {
    saver.cancel()
    clearNovelDraft(userId, slot)
    setDraft(null)
    setValues(base)
    setSaved(null)
    setChecked({})
  }

  // ---- sending ----
  const focusFirst = (problems: NovelProblems) => {
    const field = NOVEL_FIELDS.find((f) => problems[f] !== undefined)
    if (field) form.current?.querySelector<HTMLElement>(FOCUS[field])?.focus()
  }
  const mutation = useMutation({
    mutationFn: submit,
    onSuccess: (novel) => {
      saver.cancel()
      clearNovelDraft(userId, slot)
      onSubmitted(novel)
    },
    onError: (error) => focusFirst(novelFailure(error, failedLabel).problems),
  })
  const busy = mutation.isPending || mutation.isSuccess
  const uploading = textUploading || coverUploading
  const submitForm = (event: FormEvent) => {
    event.preventDefault()
    if (busy || uploading) return
    const problems = checkNovel(values)
    setChecked(problems)
    if (Object.keys(problems).length > 0) {
      mutation.reset()
      focusFirst(problems)
    } else mutation.mutate(novelParams(values))
  }

  // Messages are made at render, so they follow a change of language.
  const failure = mutation.isError ? novelFailure(mutation.error, failedLabel) : { problems: checked, form: null }
  const problem = (field: NovelField) => {
    const reason = failure.problems[field]
    return reason === undefined ? null : fieldMessage(field, reason)
  }
  const set = useCallback(
    <K extends keyof NovelValues>(field: K) =>
      (value: NovelValues[K]) =>
        setValues((v) => ({ ...v, [field]: value })),
    [],
  )
  const setText = useMemo(() => set('text'), [set])
  const setField =
    (field: 'title' | 'caption' | 'seriesTitle') => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      set(field)(e.target.value)

  const caption = captionHtml(values.caption).length
  const captionError = problem('caption') ?? (caption > MAX_CAPTION_LENGTH ? fieldMessage('caption', 'too long') : null)
  const label = t('novels.byAuthor', { title: values.title.trim() || t('novels.untitled'), name: authorName })

  const restricts: Choice<RestrictWord>[] = [
    { value: 'public', label: t('editor.fields.public') },
    { value: 'mypixiv', label: t('editor.fields.mypixiv') },
    { value: 'private', label: t('editor.fields.private') },
  ]
  const ages: Choice<XRestrictWord>[] = [
    { value: 'general', label: t('editor.fields.general') },
    { value: 'r18', label: t('editor.fields.r18') },
    { value: 'r18g', label: t('editor.fields.r18g') },
  ]
  // The author's series, and one a draft names that the list does not hold (the service says if it is gone).
  const known: SeriesOption[] =
    typeof values.series === 'number' && !series.list.some((s) => s.id === values.series)
      ? [
          ...series.list,
          { id: values.series, title: t('editor.fields.seriesNumbered', { id: values.series }), count: null },
        ]
      : [...series.list]
  const seriesNote = problem('series_id') ?? (series.status === 'failed' ? t('editor.fields.seriesFailed') : null)

  return (
    <>
      <form
        ref={form}
        onSubmit={submitForm}
        noValidate
        className="space-y-6"
        aria-describedby={failure.form ? `${id}-error` : undefined}
      >
        {draft && (
          <div
            role="status"
            className="flex flex-wrap items-center gap-3 rounded-lg border border-line bg-surface px-3 py-2 text-sm"
            data-draft-note
          >
            <p className="flex-1">
              {t('editor.draft.restored', { time: formatDate(new Date(draft.savedAt).toISOString(), { time: true }) })}
            </p>
            <Button onClick={discard}>{t('editor.draft.discard')}</Button>
          </div>
        )}
        <AccountField
          label={t('editor.fields.title')}
          hint={t('editor.fields.titleHint', { count: textLength(values.title), max: MAX_NOVEL_TITLE_LENGTH })}
          error={problem('title')}
          name="title"
          required
          maxLength={MAX_NOVEL_TITLE_LENGTH}
          data-content
          value={values.title}
          onChange={setField('title')}
        />
        <MarkupEditor
          value={values.text}
          onChange={setText}
          embeds={embeds}
          label={label}
          novelId={novelId}
          error={problem('text')}
          onUploadingChange={setTextUploading}
        />
        <AccountTextArea
          label={t('editor.fields.caption')}
          hint={t('editor.fields.captionHint', { count: caption, max: MAX_CAPTION_LENGTH })}
          error={captionError}
          name="caption"
          rows={4}
          className="resize-y"
          data-content
          value={values.caption}
          onChange={setField('caption')}
        />
        <TagField tags={values.tags} onChange={set('tags')} error={problem('tags')} />
        <div className="grid gap-6 md:grid-cols-2">
          <CoverField
            value={values.coverUploadId}
            onChange={set('coverUploadId')}
            knownUrls={coverUrls}
            error={problem('cover_upload_id')}
            onUploadingChange={setCoverUploading}
          />
          <div className="space-y-3">
            <div className="space-y-1">
              <label htmlFor={`${id}-series`} className="block text-sm font-semibold">
                {t('editor.fields.series')}
              </label>
              <select
                id={`${id}-series`}
                name="series"
                value={seriesOption(values.series)}
                aria-invalid={problem('series_id') ? true : undefined}
                aria-describedby={seriesNote ? `${id}-series-error` : undefined}
                onChange={(e) => set('series')(seriesChoice(e.target.value))}
                className="min-h-11 w-full rounded-lg border border-line bg-surface px-3 py-2 text-base text-ink focus-visible:border-accent"
              >
                <option value="none">{t('editor.fields.seriesNone')}</option>
                {known.map((s) => (
                  <option key={s.id} value={String(s.id)}>
                    {s.count === null ? s.title : t('editor.fields.seriesOption', { title: s.title, count: s.count })}
                  </option>
                ))}
                {series.status === 'loading' && (
                  <option value="" disabled>
                    {t('editor.fields.seriesLoading')}
                  </option>
                )}
                <option value="new">{t('editor.fields.seriesNew')}</option>
              </select>
              {seriesNote && (
                <div className="flex flex-wrap items-center gap-3">
                  <p id={`${id}-series-error`} className="text-sm font-medium text-danger">
                    {seriesNote}
                  </p>
                  {!problem('series_id') && <Button onClick={series.retry}>{t('common.retry')}</Button>}
                </div>
              )}
            </div>
            {values.series === 'new' && (
              <AccountField
                label={t('editor.fields.seriesTitle')}
                hint={t('editor.fields.titleHint', {
                  count: textLength(values.seriesTitle),
                  max: MAX_NOVEL_TITLE_LENGTH,
                })}
                error={problem('series_title')}
                name="series_title"
                maxLength={MAX_NOVEL_TITLE_LENGTH}
                data-content
                value={values.seriesTitle}
                onChange={setField('seriesTitle')}
              />
            )}
          </div>
        </div>
        <div className="grid gap-6 sm:grid-cols-2">
          <ChoiceGroup
            legend={t('editor.fields.restrict')}
            choices={restricts}
            value={values.restrict}
            onChange={set('restrict')}
          />
          <ChoiceGroup
            legend={t('editor.fields.xRestrict')}
            choices={ages}
            value={values.xRestrict}
            onChange={set('xRestrict')}
          />
        </div>
        <div className="space-y-3">
          <Check
            name="is_original"
            label={t('editor.fields.original')}
            hint={t('editor.fields.originalHint')}
            checked={values.isOriginal}
            onChange={set('isOriginal')}
          />
          <Check
            name="ai_type"
            label={t('editor.fields.ai')}
            hint={t('editor.fields.aiHint')}
            checked={values.aiType === 'ai'}
            onChange={(on) => set('aiType')((on ? 'ai' : 'not_ai') satisfies AiTypeWord)}
          />
        </div>
        {failure.form && <FormAlert id={`${id}-error`}>{failure.form}</FormAlert>}
        <div className="flex flex-wrap items-center gap-3">
          <Button
            type="submit"
            variant="primary"
            className="min-w-32"
            disabled={busy || uploading}
            aria-describedby={uploading ? `${id}-blocked` : undefined}
          >
            {busy ? pendingLabel : submitLabel}
          </Button>
          <p id={`${id}-blocked`} className="text-sm text-muted">
            {uploading ? t('editor.blockers.uploading') : ''}
          </p>
          <p className="ml-auto text-sm text-muted" data-draft-state={saved ?? undefined}>
            {saved === 'saved' && t('editor.draft.saved')}
          </p>
        </div>
        {saved === 'failed' && (
          <p role="alert" className="text-sm font-medium text-danger">
            {t('editor.draft.notSaved')}
          </p>
        )}
      </form>
      {children}
    </>
  )
}

function Check({
  name,
  label,
  hint,
  checked,
  onChange,
}: {
  name: string
  label: string
  hint: string
  checked: boolean
  onChange: (checked: boolean) => void
}) {
  const id = useId()
  return (
    <div className="space-y-1">
      <label className="flex min-h-11 items-center gap-3">
        <input
          type="checkbox"
          name={name}
          className="size-5 accent-accent"
          checked={checked}
          aria-describedby={`${id}-hint`}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span className="font-medium">{label}</span>
      </label>
      <p id={`${id}-hint`} className="text-sm text-muted">
        {hint}
      </p>
    </div>
  )
}
