// What the profile form says about each field, and what the service's refusals of a profile edit come to, in the
// reader's language (the service writes its sentences in English only), beside the field they are about.

import { MAX_BIO_LENGTH } from '../../api/account-endpoints.ts'
import { refusal } from '../../lib/account-errors.ts'
import { MAX_NAME_LENGTH } from '../../lib/account-rules.ts'
import { ApiError } from '../../lib/api-error.ts'
import { t } from '../../lib/i18n/i18n.ts'
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
