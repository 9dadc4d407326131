// What the novel editor says about its fields and its uploads, and what the service's refusals come to, in the
// reader's language (the service writes its sentences in English only), beside what they are about.

import {
  MAX_CAPTION_LENGTH,
  MAX_NOVEL_TEXT_LENGTH,
  MAX_NOVEL_TITLE_LENGTH,
  MAX_TAG_LENGTH,
  MAX_TAGS,
  MAX_UPLOAD_BYTES,
  UPLOAD_TYPES,
} from '../../../api/posting-endpoints.ts'
import { refusal } from '../../../lib/account-errors.ts'
import { ApiError } from '../../../lib/api-error.ts'
import { currentLang, t } from '../../../lib/i18n/i18n.ts'
import { NOVEL_FIELDS, type NovelField, type NovelProblems } from './novel-values.ts'
import '../../../lib/i18n/messages/en/common.ts'
import '../../../lib/i18n/messages/en/editor.ts'

const MB = 1024 * 1024

/** What the form says of a refused field, for the reason (the form's own check's word, or the service's sentence). */
export function fieldMessage(field: NovelField, reason: string): string {
  const long = /too long|at most \d+ characters/i.test(reason)
  switch (field) {
    case 'title':
      return long
        ? t('editor.errors.titleTooLong', { count: MAX_NOVEL_TITLE_LENGTH })
        : t('editor.errors.titleRequired')
    case 'caption':
      return t('editor.errors.captionTooLong', { count: MAX_CAPTION_LENGTH })
    case 'text':
      if (long) return t('editor.errors.textTooLong', { count: MAX_NOVEL_TEXT_LENGTH })
      if (reason === 'required') return t('editor.errors.textRequired')
      return t('editor.errors.textImages')
    case 'tags':
      if (reason === 'duplicate') return t('editor.errors.tagDuplicate')
      if (/too many|at most \d+ values/i.test(reason)) return t('editor.errors.tagsTooMany', { count: MAX_TAGS })
      if (long) return t('editor.errors.tagTooLong', { count: MAX_TAG_LENGTH })
      return t('editor.errors.tagsInvalid')
    case 'cover_upload_id':
      return t('editor.errors.cover')
    case 'series_id':
      return t('editor.errors.series')
    case 'series_title':
      return long
        ? t('editor.errors.seriesTitleTooLong', { count: MAX_NOVEL_TITLE_LENGTH })
        : t('editor.errors.seriesTitleRequired')
  }
}

/**
 * A failed post or save: the refused field with why (the service's 400 names it: `{"title": ["…"]}`, a list's item as
 * `tags.3`), or what to say above the button (`form`). `fallback`: for a failure that is no ApiError.
 */
export function novelFailure(error: unknown, fallback: string): { problems: NovelProblems; form: string | null } {
  const refused = refusal(error)
  const field = refused?.field.split('.')[0]
  if (refused && field && (NOVEL_FIELDS as readonly string[]).includes(field))
    return { problems: { [field as NovelField]: refused.reason }, form: null }
  return { problems: {}, form: error instanceof ApiError ? error.userMessage : fallback }
}

/** Why a picked file is not sent at all: not an image type the service takes, or too large. */
export function refusedFile(file: File): string | null {
  if (!(UPLOAD_TYPES as readonly string[]).includes(file.type)) return t('editor.upload.type')
  if (file.size > MAX_UPLOAD_BYTES) return t('editor.upload.size', { size: MAX_UPLOAD_BYTES / MB })
  return null
}

/**
 * Why an image was not uploaded: the service's sentence (English), else the gallery's for what the status says (415:
 * not an image of an accepted type; 413: too large), else the error's own message in the reader's language.
 */
export function uploadErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return t('editor.upload.failed')
  if (currentLang() === 'en' && error.serverUserMessage) return error.serverUserMessage
  if (error.status === 415) return t('editor.upload.type')
  if (error.status === 413) return t('editor.upload.size', { size: MAX_UPLOAD_BYTES / MB })
  return error.userMessage
}
