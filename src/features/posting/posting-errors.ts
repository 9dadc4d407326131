// What the posting form says about its fields, its pages and its Post button, and what the service's refusals come
// to, in the reader's language (the service writes its sentences in English only), beside what they are about.

import {
  MAX_CAPTION_LENGTH,
  MAX_FRAME_DELAY,
  MAX_PAGES,
  MAX_TAG_LENGTH,
  MAX_TAGS,
  MAX_TITLE_LENGTH,
  MAX_UPLOAD_BYTES,
  MAX_WORK_BYTES,
  MIN_FRAME_DELAY,
} from '../../api/posting-endpoints.ts'
import { refusal } from '../../lib/account-errors.ts'
import { ApiError } from '../../lib/api-error.ts'
import { currentLang, t } from '../../lib/i18n/i18n.ts'
import { isUgoiraItem, type PageItem } from './page-list.ts'
import { WORK_FIELDS, type Blocker, type WorkField, type WorkProblems } from './work-rules.ts'
import '../../lib/i18n/messages/en/common.ts'
import '../../lib/i18n/messages/en/posting.ts'

const MB = 1024 * 1024

/** What the form says of a refused field, for the reason (the form's own check's word, or the service's sentence). */
export function fieldMessage(field: WorkField, reason: string): string {
  const long = /too long|at most \d+ characters/i.test(reason)
  switch (field) {
    case 'title':
      return long ? t('posting.errors.titleTooLong', { count: MAX_TITLE_LENGTH }) : t('posting.errors.titleRequired')
    case 'caption':
      return t('posting.errors.captionTooLong', { count: MAX_CAPTION_LENGTH })
    case 'tags':
      if (reason === 'duplicate') return t('posting.errors.tagDuplicate')
      if (/too many|at most \d+ values/i.test(reason)) return t('posting.errors.tagsTooMany', { count: MAX_TAGS })
      if (long) return t('posting.errors.tagTooLong', { count: MAX_TAG_LENGTH })
      return t('posting.errors.tagsInvalid')
    case 'series_title':
      return long
        ? t('posting.errors.seriesTitleTooLong', { count: MAX_TITLE_LENGTH })
        : t('posting.errors.seriesTitleRequired')
    case 'series_id':
      return reason === 'required' ? t('posting.errors.seriesRequired') : t('posting.errors.series')
    case 'upload_ids':
      if (/too large|MB/i.test(reason)) return t('posting.blockers.tooLarge', { size: MAX_WORK_BYTES / MB })
      return t('posting.errors.pages')
    case 'frame_delays':
      return t('posting.errors.frameDelays', { min: MIN_FRAME_DELAY, max: MAX_FRAME_DELAY })
  }
}

/** Why the Post (or Save) button cannot be pressed yet. */
export function blockerMessage(why: Blocker): string {
  switch (why) {
    case 'noPages':
      return t('posting.blockers.noPages')
    case 'noUgoira':
      return t('posting.blockers.noUgoira')
    case 'notUgoira':
      return t('posting.blockers.notUgoira')
    case 'ugoiraPage':
      return t('posting.blockers.ugoiraPage')
    case 'uploading':
      return t('posting.blockers.uploading')
    case 'failed':
      return t('posting.blockers.failed')
    case 'tooManyPages':
      return t('posting.blockers.tooManyPages', { count: MAX_PAGES })
    case 'tooLarge':
      return t('posting.blockers.tooLarge', { size: MAX_WORK_BYTES / MB })
    case 'noTitle':
      return t('posting.blockers.noTitle')
  }
}

/**
 * Why a page is not uploaded: the gallery's own refusal, or the service's answer: its sentence (English), else the
 * gallery's for what the status says (415: not an image of an accepted type; 413: too large), else the error's own
 * message in the reader's language.
 */
export function pageErrorMessage(page: Pick<PageItem, 'refused' | 'error' | 'kind' | 'upload'>): string {
  const notType = isUgoiraItem(page) ? t('posting.ugoira.errors.type') : t('posting.pages.errors.type')
  if (page.refused === 'type') return notType
  if (page.refused === 'size') return t('posting.pages.errors.size', { size: MAX_UPLOAD_BYTES / MB })
  const error = page.error
  if (!(error instanceof ApiError)) return t('common.apiError.other')
  if (currentLang() === 'en' && error.serverUserMessage) return error.serverUserMessage
  if (error.status === 415) return notType
  if (error.status === 413) return t('posting.pages.errors.size', { size: MAX_UPLOAD_BYTES / MB })
  return error.userMessage
}

/**
 * A failed post or save: the refused field with why (the service's 400 names it: `{"title": ["…"]}`, a list's item as
 * `tags.3`), or what to say above the button (`form`). `fallback`: for a failure that is no ApiError.
 */
export function workFailure(error: unknown, fallback: string): { problems: WorkProblems; form: string | null } {
  const refused = refusal(error)
  const field = refused?.field.split('.')[0]
  if (refused && field && (WORK_FIELDS as readonly string[]).includes(field))
    return { problems: { [field as WorkField]: refused.reason }, form: null }
  return { problems: {}, form: error instanceof ApiError ? error.userMessage : fallback }
}
