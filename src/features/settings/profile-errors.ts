// What the profile form says about each field, and what the service's refusals of a profile edit come to, in the
// reader's language (the service writes its sentences in English only), beside the field they are about.

import { MAX_BIO_LENGTH, MAX_PROFILE_IMAGE_BYTES } from '../../api/account-endpoints.ts'
import { refusal } from '../../lib/account-errors.ts'
import { MAX_NAME_LENGTH } from '../../lib/account-rules.ts'
import { ApiError } from '../../lib/api-error.ts'
import { currentLang, t } from '../../lib/i18n/i18n.ts'
import { MAX_WEBPAGE_LENGTH, PROFILE_FIELDS, type ProfileField, type ProfileProblems } from './profile-rules.ts'
import '../../lib/i18n/messages/en/settings.ts'

/** What the form says of a refused field, for the service's reason (its own check's and the service's alike). */
export function profileFieldMessage(field: ProfileField, reason: string): string {
  switch (field) {
    case 'name':
      if (reason === 'invalid') return t('settings.profile.errors.nameInvalid')
      if (reason === 'too long') return t('settings.profile.errors.nameTooLong', { count: MAX_NAME_LENGTH })
      return t('settings.profile.errors.nameRequired')
    case 'account':
      if (reason === 'taken') return t('settings.profile.errors.accountTaken')
      if (reason === 'fixed') return t('settings.profile.errors.accountFixed')
      return t('settings.profile.errors.accountInvalid')
    case 'comment':
      if (reason === 'too long') return t('settings.profile.errors.bioTooLong', { count: MAX_BIO_LENGTH })
      return t('settings.profile.errors.bioInvalid')
    case 'webpage':
      if (reason === 'too long') return t('settings.profile.errors.webpageTooLong', { count: MAX_WEBPAGE_LENGTH })
      return t('settings.profile.errors.webpageInvalid')
  }
}

/** A failed save: the refused field with why, or what to say above the Save button (`form`). */
export function profileFailure(error: unknown): { problems: ProfileProblems; form: string | null } {
  const refused = refusal(error)
  if (refused && (PROFILE_FIELDS as readonly string[]).includes(refused.field))
    return { problems: { [refused.field as ProfileField]: refused.reason }, form: null }
  // 429, 503, offline: the error's own sentence in the reader's language.
  return { problems: {}, form: error instanceof ApiError ? error.userMessage : t('settings.profile.failed') }
}

/** The image types an avatar or a background may be (the service reads the bytes; this is the picker's filter). */
export const PROFILE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const

/** Why the gallery does not send a file as an avatar or background: it could never be accepted as it is. */
export function profileImageRefusal(file: Pick<File, 'type' | 'size'>): 'type' | 'size' | undefined {
  // A type the browser does not know ('') is left to the service, which reads the bytes.
  if (file.type !== '' && !(PROFILE_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'type'
  if (file.size > MAX_PROFILE_IMAGE_BYTES) return 'size'
  return undefined
}

/**
 * Why an avatar or background was not changed or removed: the gallery's own refusal, or the service's answer: its
 * sentence (English), else the gallery's for what the status says (415: not an image of an accepted type; 413: too
 * large), else the error's own message in the reader's language.
 */
export function profileImageMessage(why: unknown): string {
  const size = { size: MAX_PROFILE_IMAGE_BYTES / 1024 / 1024 }
  if (why === 'type') return t('settings.profile.images.errors.type')
  if (why === 'size') return t('settings.profile.images.errors.size', size)
  if (!(why instanceof ApiError)) return t('settings.profile.images.errors.failed')
  if (currentLang() === 'en' && why.serverUserMessage) return why.serverUserMessage
  if (why.status === 415) return t('settings.profile.images.errors.type')
  if (why.status === 413) return t('settings.profile.images.errors.size', size)
  return why.userMessage
}
