// What the novel editor's form holds and what the service takes, as plain functions: the fields, their rules (the
// endpoint table's limits, src/api/posting-endpoints.ts, checked before asking, in the service's words for why), the
// form as the service's parameters, and the form made from a posted novel to edit it.

import type { Novel } from '../../../api/model.ts'
import {
  MAX_CAPTION_LENGTH,
  MAX_NOVEL_TEXT_LENGTH,
  MAX_NOVEL_TITLE_LENGTH,
  MAX_TAG_LENGTH,
  MAX_TAGS,
  type AI_TYPES,
  type RESTRICTS,
  type X_RESTRICTS,
} from '../../../api/posting-endpoints.ts'
import type { NovelParams, NovelSource } from '../../../lib/novel-posting-client.ts'

export type RestrictWord = (typeof RESTRICTS)[number]
export type XRestrictWord = (typeof X_RESTRICTS)[number]
export type AiTypeWord = (typeof AI_TYPES)[number]

/** No series, an existing series of the author's (by id), or a new one by its title. */
export type SeriesChoice = 'none' | 'new' | number

export interface NovelValues {
  title: string
  caption: string
  /** The novel markup. */
  text: string
  tags: string[]
  restrict: RestrictWord
  xRestrict: XRestrictWord
  aiType: AiTypeWord
  isOriginal: boolean
  /** The cover's upload; null: the generated cover. */
  coverUploadId: number | null
  series: SeriesChoice
  /** A new series' title (`series: 'new'`). */
  seriesTitle: string
}

export const EMPTY_NOVEL: NovelValues = {
  title: '',
  caption: '',
  text: '',
  tags: [],
  restrict: 'public',
  xRestrict: 'general',
  aiType: 'not_ai',
  isOriginal: false,
  coverUploadId: null,
  series: 'none',
  seriesTitle: '',
}

export type NovelField = 'title' | 'caption' | 'text' | 'tags' | 'cover_upload_id' | 'series_id' | 'series_title'
/** Each refused field with why, as the service says it: `{ title: 'required', text: 'too long' }`. */
export type NovelProblems = Partial<Record<NovelField, string>>

/** The fields in the form's order: the first refused one takes the focus. */
export const NOVEL_FIELDS: readonly NovelField[] = [
  'title',
  'text',
  'caption',
  'tags',
  'cover_upload_id',
  'series_id',
  'series_title',
]

/** A text's length as the service counts it against its limit: trimmed, in UTF-16 units (endpoint-spec.ts). */
export const textLength = (text: string) => text.trim().length

/** The caption as sent: HTML, as every caption is, a typed line break as the `<br />` pixiv's captions hold. */
export const captionHtml = (text: string) => text.trim().replace(/\r\n?|\n/g, '<br />')
/** A posted caption in the field: its `<br />`s as the line breaks they were typed as. */
export const captionText = (html: string) => html.replace(/<br\s*\/?>\r?\n?/gi, '\n')

/** What the service would refuse in the fields, before asking it. */
export function checkNovel(v: NovelValues): NovelProblems {
  const problems: NovelProblems = {}
  const title = textLength(v.title)
  if (title === 0) problems.title = 'required'
  else if (title > MAX_NOVEL_TITLE_LENGTH) problems.title = 'too long'
  if (captionHtml(v.caption).length > MAX_CAPTION_LENGTH) problems.caption = 'too long'
  const text = textLength(v.text)
  if (text === 0) problems.text = 'required'
  else if (text > MAX_NOVEL_TEXT_LENGTH) problems.text = 'too long'
  if (v.tags.length > MAX_TAGS) problems.tags = 'too many'
  else if (v.tags.some((t) => t.length > MAX_TAG_LENGTH)) problems.tags = 'too long'
  if (v.series === 'new') {
    const series = textLength(v.seriesTitle)
    if (series === 0) problems.series_title = 'required'
    else if (series > MAX_NOVEL_TITLE_LENGTH) problems.series_title = 'too long'
  }
  return problems
}

/** The novel as the service takes it, whole. The text is sent as written: its spaces and blank lines are its own. */
export function novelParams(v: NovelValues): NovelParams {
  return {
    title: v.title.trim(),
    caption: captionHtml(v.caption),
    text: v.text,
    tags: v.tags,
    restrict: v.restrict,
    x_restrict: v.xRestrict,
    ai_type: v.aiType,
    is_original: v.isOriginal,
    ...(v.coverUploadId !== null ? { cover_upload_id: v.coverUploadId } : {}),
    ...(typeof v.series === 'number' ? { series_id: v.series } : {}),
    ...(v.series === 'new' ? { series_title: v.seriesTitle.trim() } : {}),
  }
}

const RESTRICT_WORDS: readonly RestrictWord[] = ['public', 'mypixiv', 'private']
const X_RESTRICT_WORDS: readonly XRestrictWord[] = ['general', 'r18', 'r18g']

/**
 * The form's values of a posted novel: its detail (as shown to its author) and its source. AI type 2 is "made by AI"
 * (0 and 1, "not said" and "not AI", are both what the form calls not AI). A novel moderators hide says private in its
 * detail meanwhile: the form holds the restrict its author chose (`source.held`), so that saving it does not make it
 * private for good.
 */
export function novelValuesOf(novel: Novel, source: NovelSource): NovelValues {
  return {
    title: novel.title,
    caption: captionText(novel.caption),
    text: source.text,
    tags: novel.tags.map((t) => t.name),
    restrict: source.held?.restrict ?? RESTRICT_WORDS[novel.restrict] ?? 'public',
    xRestrict: X_RESTRICT_WORDS[novel.xRestrict] ?? 'general',
    aiType: novel.novelAiType === 2 ? 'ai' : 'not_ai',
    isOriginal: novel.isOriginal,
    coverUploadId: source.coverUploadId,
    series: novel.series ? novel.series.id : 'none',
    seriesTitle: '',
  }
}

/** Whether two forms hold the same novel (a draft equal to what it started from is no draft). */
export const sameValues = (a: NovelValues, b: NovelValues) =>
  (Object.keys(EMPTY_NOVEL) as (keyof NovelValues)[]).every((k) =>
    k === 'tags' ? a.tags.join('\n') === b.tags.join('\n') : a[k] === b[k],
  )
