// What a work's form holds and what the service takes, as plain functions: the fields, their rules (the endpoint
// table's limits, src/api/posting-endpoints.ts, checked before asking, in the service's words for why), when the
// form may be sent at all, and the form as the service's parameters, or made from a posted work to edit it.

import type { Illust } from '../../api/model.ts'
import {
  MAX_CAPTION_LENGTH,
  MAX_PAGES,
  MAX_TAG_LENGTH,
  MAX_TAGS,
  MAX_TITLE_LENGTH,
  MAX_WORK_BYTES,
  type AI_TYPES,
  type BOOK_STYLES,
  type COMMENT_ACCESS,
  type RESTRICTS,
  type X_RESTRICTS,
} from '../../api/posting-endpoints.ts'
import type { HeldState, OwnSeries, WorkParams } from '../../lib/posting-client.ts'
import { isUgoiraItem, totalBytes, uploadIds, type PageItem } from './page-list.ts'
import { delaysValid, sentDelays, ugoiraUpload, type FrameDelays } from './ugoira-rules.ts'

export type WorkType = 'illust' | 'manga' | 'ugoira'
export type RestrictWord = (typeof RESTRICTS)[number]
export type XRestrictWord = (typeof X_RESTRICTS)[number]
export type AiTypeWord = (typeof AI_TYPES)[number]
export type BookStyleWord = (typeof BOOK_STYLES)[number]
export type CommentAccessWord = (typeof COMMENT_ACCESS)[number]

/** No series; the series the work is in (editing); another of the author's series (by its id); or a new one by its title. */
export type SeriesChoice = 'none' | 'current' | 'existing' | 'new'

export interface WorkValues {
  title: string
  caption: string
  type: WorkType
  tags: string[]
  restrict: RestrictWord
  xRestrict: XRestrictWord
  aiType: AiTypeWord
  bookStyle: BookStyleWord
  commentAccess: CommentAccessWord
  series: SeriesChoice
  /** The series the work is in, when editing one that is (`series: 'current'` keeps it). */
  currentSeries: { id: number; title: string } | null
  /** The author's series chosen to add the work to (`series: 'existing'`); null until one is chosen. */
  seriesId: number | null
  /** A new series' title (`series: 'new'`). */
  seriesTitle: string
  /** An ugoira's frame delays as edited (null: as its animation played). */
  frameDelays: FrameDelays | null
}

export const EMPTY_WORK: WorkValues = {
  title: '',
  caption: '',
  type: 'illust',
  tags: [],
  restrict: 'public',
  xRestrict: 'general',
  aiType: 'not_ai',
  bookStyle: 'left_to_right',
  commentAccess: 'everyone',
  series: 'none',
  currentSeries: null,
  seriesId: null,
  seriesTitle: '',
  frameDelays: null,
}

export type WorkField = 'title' | 'caption' | 'tags' | 'series_title' | 'series_id' | 'upload_ids' | 'frame_delays'
/** Each refused field with why, as the service says it: `{ title: 'required', tags: 'too many' }`. */
export type WorkProblems = Partial<Record<WorkField, string>>

/** The fields in the form's order: the first refused one takes the focus. */
export const WORK_FIELDS: readonly WorkField[] = [
  'upload_ids',
  'frame_delays',
  'title',
  'caption',
  'tags',
  'series_id',
  'series_title',
]

/** A text's length as the service counts it against its limit: trimmed, in UTF-16 units (endpoint-spec.ts). */
export const textLength = (text: string) => text.trim().length

/**
 * The caption as sent: captions are HTML (the subset the gallery's sanitizer keeps), so a line break typed in the
 * field is sent as `<br />`, as pixiv's captions hold them; the service counts that against the limit.
 */
export const captionHtml = (text: string) => text.trim().replace(/\r\n?|\n/g, '<br />')
/** A posted caption in the field: its `<br />`s as the line breaks they were typed as. */
export const captionText = (html: string) => html.replace(/<br\s*\/?>\r?\n?/gi, '\n')
/** The caption's length as the service counts it (MAX_CAPTION_LENGTH). */
export const captionLength = (text: string) => captionHtml(text).length

// ---- tags ----

/** A tag as typed: trimmed, without a leading `#` (a tag is a word of its own; pixiv tags hold no spaces). */
export const normalizeTag = (raw: string) =>
  raw
    .trim()
    .replace(/^[#＃]+/, '')
    .trim()

/** What adding `raw` would be refused for; undefined when it may be added. */
export function tagProblem(
  tags: readonly string[],
  raw: string,
): 'empty' | 'duplicate' | 'too many' | 'too long' | undefined {
  const tag = normalizeTag(raw)
  if (tag === '') return 'empty'
  if (tags.includes(tag)) return 'duplicate'
  if (tags.length >= MAX_TAGS) return 'too many'
  if (tag.length > MAX_TAG_LENGTH) return 'too long'
  return undefined
}

/** The tags in what was typed: separated by spaces (ideographic ones too) and commas. */
export const splitTags = (text: string) =>
  text
    .split(/[\s,、，\u3000]+/)
    .map(normalizeTag)
    .filter(Boolean)

// ---- the form's rules ----

/** What the service would refuse in the fields (and an ugoira's delays, for its `pages`), before asking it. */
export function checkWork(v: WorkValues, pages: readonly PageItem[] = []): WorkProblems {
  const problems: WorkProblems = {}
  const ugoira = v.type === 'ugoira' ? ugoiraUpload(pages) : undefined
  if (ugoira && !delaysValid(v.frameDelays, ugoira)) problems.frame_delays = 'invalid'
  const title = textLength(v.title)
  if (title === 0) problems.title = 'required'
  else if (title > MAX_TITLE_LENGTH) problems.title = 'too long'
  if (captionLength(v.caption) > MAX_CAPTION_LENGTH) problems.caption = 'too long'
  if (v.tags.length > MAX_TAGS) problems.tags = 'too many'
  else if (v.tags.some((t) => t.length > MAX_TAG_LENGTH)) problems.tags = 'too long'
  if (v.series === 'existing' && v.seriesId === null) problems.series_id = 'required'
  if (v.series === 'new') {
    const series = textLength(v.seriesTitle)
    if (series === 0) problems.series_title = 'required'
    else if (series > MAX_TITLE_LENGTH) problems.series_title = 'too long'
  }
  return problems
}

/**
 * Why the form cannot be sent yet (its Post or Save button says so), or null when it can. An ugoira is its one
 * animation (`noUgoira` without it, `notUgoira` with pages besides it); a work of pages has no animation uploaded for
 * an ugoira (`ugoiraPage`).
 */
export type Blocker =
  'noPages' | 'noUgoira' | 'notUgoira' | 'ugoiraPage' | 'tooManyPages' | 'tooLarge' | 'uploading' | 'failed' | 'noTitle'

export function blocker(
  pages: readonly PageItem[],
  values: Pick<WorkValues, 'title'> & Partial<Pick<WorkValues, 'type'>>,
): Blocker | null {
  const ugoira = values.type === 'ugoira'
  if (pages.length === 0) return ugoira ? 'noUgoira' : 'noPages'
  if (pages.some((p) => p.status === 'failed')) return 'failed'
  if (pages.some((p) => p.status === 'uploading')) return 'uploading'
  if (ugoira && !ugoiraUpload(pages)) return 'notUgoira'
  if (!ugoira && pages.some(isUgoiraItem)) return 'ugoiraPage'
  if (pages.length > MAX_PAGES) return 'tooManyPages'
  if (totalBytes(pages) > MAX_WORK_BYTES) return 'tooLarge'
  if (textLength(values.title) === 0) return 'noTitle'
  return null
}

/** The work as the service takes it, whole: every text trimmed, the pages in the order shown. */
export function workParams(v: WorkValues, pages: readonly PageItem[]): WorkParams {
  const ids = uploadIds(pages)
  if (!ids) throw new Error('every page must be uploaded first')
  const ugoira = v.type === 'ugoira' ? ugoiraUpload(pages) : undefined
  const delays = ugoira ? sentDelays(v.frameDelays, ugoira) : undefined
  return {
    title: v.title.trim(),
    caption: captionHtml(v.caption),
    type: v.type,
    tags: v.tags,
    upload_ids: ids,
    restrict: v.restrict,
    x_restrict: v.xRestrict,
    ai_type: v.aiType,
    // A single illustration has no reading direction; the service keeps its default.
    book_style: v.type === 'manga' ? v.bookStyle : 'left_to_right',
    comment_access: v.commentAccess,
    ...(v.series === 'current' && v.currentSeries ? { series_id: v.currentSeries.id } : {}),
    ...(v.series === 'existing' && v.seriesId !== null ? { series_id: v.seriesId } : {}),
    ...(v.series === 'new' ? { series_title: v.seriesTitle.trim() } : {}),
    ...(delays ? { frame_delays: delays } : {}),
  }
}

// ---- a posted work, to edit ----

const RESTRICT_WORDS: readonly RestrictWord[] = ['public', 'mypixiv', 'private']
const X_RESTRICT_WORDS: readonly XRestrictWord[] = ['general', 'r18', 'r18g']

/**
 * The form's values of a posted work (as its detail shows it to its author). AI type 2 is "made by AI" (0 and 1, "not
 * said" and "not AI", are both what the form calls not AI); book style 1 and comment access 1 are the wire's
 * right-to-left and "users I follow". A work moderators hide (`held`) says private in its detail meanwhile: the form
 * holds the restrict its author chose, so that saving it does not make it private for good.
 */
export function workValuesOf(work: Illust, held: HeldState | null = null): WorkValues {
  return {
    title: work.title,
    caption: captionText(work.caption),
    type: work.type === 'manga' || work.type === 'ugoira' ? work.type : 'illust',
    tags: work.tags.map((t) => t.name),
    restrict: held?.restrict ?? RESTRICT_WORDS[work.restrict] ?? 'public',
    xRestrict: X_RESTRICT_WORDS[work.xRestrict] ?? 'general',
    aiType: work.illustAiType === 2 ? 'ai' : 'not_ai',
    bookStyle: work.illustBookStyle === 1 ? 'right_to_left' : 'left_to_right',
    commentAccess: work.commentAccessControl === 1 ? 'followed' : 'everyone',
    series: work.series ? 'current' : 'none',
    currentSeries: work.series ? { id: work.series.id, title: work.series.title } : null,
    seriesId: null,
    seriesTitle: '',
    // an ugoira's delays are its metadata's, which the edit screen asks for apart (ugoira-rules.ts editedDelaysOf)
    frameDelays: null,
  }
}

/** A series the form offers to join: one of the author's, or (`title` null) one a draft chose that they no longer have. */
export interface JoinableSeries {
  id: number
  title: string | null
  count: number | null
}

/**
 * The author's series the form offers to join, besides the one the work is in (that is its own choice, `current`),
 * and the one chosen when the list does not hold it (a draft's, since deleted: the service says so when it is sent).
 */
export function joinableSeries(
  own: readonly OwnSeries[],
  v: Pick<WorkValues, 'currentSeries' | 'series' | 'seriesId'>,
): JoinableSeries[] {
  const joinable: JoinableSeries[] = own.filter((s) => s.id !== v.currentSeries?.id)
  const chosen = v.series === 'existing' ? v.seriesId : null
  return chosen === null || joinable.some((s) => s.id === chosen)
    ? joinable
    : [...joinable, { id: chosen, title: null, count: null }]
}

/** The image each of a posted work's pages shows in the form: its square thumbnail. */
export function pageImages(work: Pick<Illust, 'metaPages' | 'imageUrls'>): string[] {
  return work.metaPages.length > 0 ? work.metaPages.map((p) => p.imageUrls.squareMedium) : [work.imageUrls.squareMedium]
}
