import { useMutation } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react'
import type { Illust } from '../../../api/model.ts'
import { MAX_CAPTION_LENGTH, MAX_TITLE_LENGTH } from '../../../api/posting-endpoints.ts'
import { AccountField, AccountTextArea } from '../../../components/account-field.tsx'
import { Button } from '../../../components/button.tsx'
import { ChoiceGroup, type Choice } from '../../../components/choice-group.tsx'
import { FormAlert } from '../../../components/form-alert.tsx'
import { useT } from '../../../lib/i18n/i18n.ts'
import type { WorkParams } from '../../../lib/posting-client.ts'
import type { PageItem } from '../page-list.ts'
import { blockerMessage, fieldMessage, workFailure } from '../posting-errors.ts'
import {
  blocker,
  captionLength,
  checkWork,
  textLength,
  WORK_FIELDS,
  workParams,
  type AiTypeWord,
  type BookStyleWord,
  type CommentAccessWord,
  type RestrictWord,
  type WorkField,
  type WorkProblems,
  type WorkType,
  type WorkValues,
  type XRestrictWord,
} from '../work-rules.ts'
import { needsClearing } from '../ugoira-rules.ts'
import { PagesField } from './pages-field.tsx'
import { SeriesField, type SeriesValues } from './series-field.tsx'
import { TagField } from './tag-field.tsx'
import { UgoiraField } from './ugoira-field.tsx'
import { usePageUploads } from './use-page-uploads.ts'
import '../../../lib/i18n/messages/en/posting.ts'

/** Where the focus goes for a refused field (the first that is there). */
const FOCUS: Record<WorkField, string> = {
  upload_ids: '[data-choose]',
  frame_delays: '[data-delay][aria-invalid="true"]',
  title: '[name="title"]',
  caption: '[name="caption"]',
  tags: '[role="combobox"]',
  series_id: '[name="series_id"]',
  series_title: '[name="series_title"]',
}
/**
 * Where it goes when that is not there: the service refused delays the form took (their first delay), or the series
 * the work is in (its choice).
 */
const FOCUS_ELSE: Partial<Record<WorkField, string>> = {
  frame_delays: '[data-delay]',
  series_id: '[name="series"]:checked',
}

export interface WorkFormProps {
  /** The signed-in author: whose series the form offers to join. */
  userId: number
  initialValues: WorkValues
  /** The pages to start from: a draft's, or the work's own. */
  initialPages: () => readonly PageItem[]
  /** Sends the work (posts it, or saves the edit). */
  submit: (params: WorkParams) => Promise<Illust>
  onSubmitted: (work: Illust) => void
  /** The form's state each time it changes (the post screen keeps it as its draft). */
  onChange?: (values: WorkValues, pages: readonly PageItem[]) => void
  submitLabel: string
  pendingLabel: string
  /** Said above the button when sending failed for no reason the service gave. */
  failedLabel: string
}

/**
 * A work's form, for posting and editing alike: its pages (uploaded as they are added), then its fields, each checked
 * as the service checks it before asking, each refusal beside its field. The button says why it cannot be pressed
 * while it cannot: no page, a page still uploading or failed, no title.
 */
export function WorkForm({
  userId,
  initialValues,
  initialPages,
  submit,
  onSubmitted,
  onChange,
  submitLabel,
  pendingLabel,
  failedLabel,
}: WorkFormProps) {
  const t = useT()
  const id = useId()
  const form = useRef<HTMLFormElement>(null)
  const uploads = usePageUploads(initialPages)
  const { pages } = uploads
  const [values, setValues] = useState(initialValues)
  const [checked, setChecked] = useState<WorkProblems>({})
  /** The type chosen while what was added is of no use to it: asked before it is removed. */
  const [switchTo, setSwitchTo] = useState<WorkType | null>(null)
  const [notice, setNotice] = useState('')

  useEffect(() => onChange?.(values, pages), [onChange, values, pages])

  const focusFirst = (problems: WorkProblems) => {
    const field = WORK_FIELDS.find((f) => problems[f] !== undefined)
    if (!field) return
    const find = (selector: string | undefined) =>
      selector === undefined ? null : form.current?.querySelector<HTMLElement>(selector)
    ;(find(FOCUS[field]) ?? find(FOCUS_ELSE[field]))?.focus()
  }
  const mutation = useMutation({
    mutationFn: submit,
    onSuccess: onSubmitted,
    onError: (error) => focusFirst(workFailure(error, failedLabel).problems),
  })

  const block = blocker(pages, values)
  const busy = mutation.isPending || mutation.isSuccess
  const submitForm = (event: FormEvent) => {
    event.preventDefault()
    if (busy || block) return
    const problems = checkWork(values, pages)
    setChecked(problems)
    if (Object.keys(problems).length > 0) {
      mutation.reset()
      focusFirst(problems)
    } else mutation.mutate(workParams(values, pages))
  }

  // Messages are made at render, so they follow a change of language.
  const failure = mutation.isError ? workFailure(mutation.error, failedLabel) : { problems: checked, form: null }
  const problem = (field: WorkField) => {
    const reason = failure.problems[field]
    return reason === undefined ? null : fieldMessage(field, reason)
  }
  const set =
    <K extends keyof WorkValues>(field: K) =>
    (value: WorkValues[K]) =>
      setValues((v) => ({ ...v, [field]: value }))
  const setSeries = (patch: Partial<SeriesValues>) => setValues((v) => ({ ...v, ...patch }))
  const setText = (field: 'title' | 'caption') => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    set(field)(e.target.value)

  const caption = captionLength(values.caption)
  // Said as it is typed, not only on Post: the count shows how far over.
  const captionError = problem('caption') ?? (caption > MAX_CAPTION_LENGTH ? fieldMessage('caption', 'too long') : null)

  const types: Choice<WorkType>[] = [
    { value: 'illust', label: t('posting.fields.illust') },
    { value: 'manga', label: t('posting.fields.manga') },
    { value: 'ugoira', label: t('posting.fields.ugoira') },
  ]
  // A type that has no use for what was added (an ugoira is one animation, not pages) waits for a yes.
  const chooseType = (type: WorkType) => {
    if (needsClearing(type, pages)) setSwitchTo(type)
    else {
      setSwitchTo(null)
      setNotice('')
      set('type')(type)
    }
  }
  const switchType = (type: WorkType) => {
    uploads.clear()
    setSwitchTo(null)
    setValues((v) => ({ ...v, type, frameDelays: null }))
    setNotice(t('posting.ugoira.cleared'))
  }
  const restricts: Choice<RestrictWord>[] = [
    { value: 'public', label: t('posting.fields.public') },
    { value: 'mypixiv', label: t('posting.fields.mypixiv') },
    { value: 'private', label: t('posting.fields.private') },
  ]
  const ages: Choice<XRestrictWord>[] = [
    { value: 'general', label: t('posting.fields.general') },
    { value: 'r18', label: t('posting.fields.r18') },
    { value: 'r18g', label: t('posting.fields.r18g') },
  ]
  const directions: Choice<BookStyleWord>[] = [
    { value: 'left_to_right', label: t('posting.fields.leftToRight') },
    { value: 'right_to_left', label: t('posting.fields.rightToLeft') },
  ]
  const commenters: Choice<CommentAccessWord>[] = [
    { value: 'everyone', label: t('posting.fields.commentsEveryone') },
    { value: 'followed', label: t('posting.fields.commentsFollowed') },
  ]

  return (
    <form
      ref={form}
      onSubmit={submitForm}
      noValidate
      className="space-y-6"
      aria-describedby={failure.form ? `${id}-error` : undefined}
    >
      <div className="space-y-3">
        <ChoiceGroup legend={t('posting.fields.type')} choices={types} value={values.type} onChange={chooseType} />
        {switchTo && (
          <div className="flex flex-wrap items-center gap-3 rounded-lg border border-line bg-surface px-3 py-2 text-sm">
            <p role="alert" className="flex-1">
              {switchTo === 'ugoira'
                ? t('posting.ugoira.clearPages', { count: pages.length })
                : t('posting.ugoira.clearAnimation')}
            </p>
            <Button variant="danger" onClick={() => switchType(switchTo)}>
              {t('posting.ugoira.clearConfirm', { type: types.find((c) => c.value === switchTo)!.label })}
            </Button>
            <Button onClick={() => setSwitchTo(null)}>{t('posting.ugoira.clearCancel')}</Button>
          </div>
        )}
        <p role="status" className="text-sm text-muted">
          {notice}
        </p>
      </div>
      {values.type === 'ugoira' ? (
        <UgoiraField
          uploads={uploads}
          delays={values.frameDelays}
          onDelays={set('frameDelays')}
          error={problem('upload_ids')}
          delaysError={problem('frame_delays')}
        />
      ) : (
        <PagesField uploads={uploads} error={problem('upload_ids')} />
      )}
      <AccountField
        label={t('posting.fields.title')}
        hint={t('posting.fields.titleHint', { count: textLength(values.title), max: MAX_TITLE_LENGTH })}
        error={problem('title')}
        name="title"
        required
        maxLength={MAX_TITLE_LENGTH}
        data-content
        value={values.title}
        onChange={setText('title')}
      />
      <AccountTextArea
        label={t('posting.fields.caption')}
        hint={t('posting.fields.captionHint', { count: caption, max: MAX_CAPTION_LENGTH })}
        error={captionError}
        name="caption"
        rows={5}
        className="resize-y"
        data-content
        value={values.caption}
        onChange={setText('caption')}
      />
      <TagField tags={values.tags} onChange={set('tags')} error={problem('tags')} />
      <div className="grid gap-6 sm:grid-cols-2">
        <ChoiceGroup
          legend={t('posting.fields.restrict')}
          choices={restricts}
          value={values.restrict}
          onChange={set('restrict')}
        />
        <ChoiceGroup
          legend={t('posting.fields.xRestrict')}
          choices={ages}
          value={values.xRestrict}
          onChange={set('xRestrict')}
        />
        {values.type === 'manga' && (
          <ChoiceGroup
            legend={t('posting.fields.bookStyle')}
            choices={directions}
            value={values.bookStyle}
            onChange={set('bookStyle')}
          />
        )}
        <ChoiceGroup
          legend={t('posting.fields.comments')}
          choices={commenters}
          value={values.commentAccess}
          onChange={set('commentAccess')}
        />
      </div>
      <div className="space-y-1">
        <label className="flex min-h-11 items-center gap-3">
          <input
            type="checkbox"
            name="ai_type"
            className="size-5 accent-accent"
            checked={values.aiType === 'ai'}
            aria-describedby={`${id}-ai`}
            onChange={(e) => set('aiType')((e.target.checked ? 'ai' : 'not_ai') satisfies AiTypeWord)}
          />
          <span className="font-medium">{t('posting.fields.ai')}</span>
        </label>
        <p id={`${id}-ai`} className="text-sm text-muted">
          {t('posting.fields.aiHint')}
        </p>
      </div>
      <SeriesField
        userId={userId}
        values={values}
        onChange={setSeries}
        errors={{ series_id: problem('series_id'), series_title: problem('series_title') }}
      />
      {failure.form && <FormAlert id={`${id}-error`}>{failure.form}</FormAlert>}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="submit"
          variant="primary"
          className="min-w-32"
          disabled={busy || block !== null}
          aria-describedby={block ? `${id}-blocked` : undefined}
        >
          {busy ? pendingLabel : submitLabel}
        </Button>
        <p id={`${id}-blocked`} className="text-sm text-muted">
          {block ? blockerMessage(block) : ''}
        </p>
      </div>
    </form>
  )
}
