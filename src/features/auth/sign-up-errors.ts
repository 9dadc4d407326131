// What the sign-up form says about each field, and what the service's refusals of a sign-up come to, in the reader's
// language: the service writes its sentences in English only, so the gallery says them in its own words (in English
// too, beside the field they are about).

import { MIN_PASSWORD_LENGTH } from '../../api/account-endpoints.ts'
import { refusal } from '../../lib/account-errors.ts'
import { MAX_NAME_LENGTH } from '../../lib/account-rules.ts'
import { ApiError, ForbiddenError } from '../../lib/api-error.ts'
import { t } from '../../lib/i18n/i18n.ts'
import type { SignUpField, SignUpProblems } from './sign-up-rules.ts'
import '../../lib/i18n/messages/en/signup.ts'

/** What the form says of a refused field, for the service's reason (its own check's and the service's alike). */
export function fieldMessage(field: SignUpField, reason: string): string {
  switch (field) {
    case 'account':
      return reason === 'taken' ? t('signup.errors.accountTaken') : t('signup.errors.accountInvalid')
    case 'name':
      if (reason === 'invalid') return t('signup.errors.nameInvalid')
      if (reason === 'too long') return t('signup.errors.nameTooLong', { count: MAX_NAME_LENGTH })
      return t('signup.errors.nameRequired')
    case 'password':
      return t('signup.errors.passwordTooShort', { count: MIN_PASSWORD_LENGTH })
    case 'invite':
      if (reason === 'used') return t('signup.inviteUsed')
      if (reason === 'expired') return t('signup.inviteExpired')
      if (reason === 'unknown') return t('signup.inviteUnknown')
      return t('signup.inviteNeeded')
  }
}

const FIELDS: readonly string[] = ['account', 'name', 'password', 'invite'] satisfies SignUpField[]

/** A failed sign-up: the refused field with why, or what to say above the form (`form`). */
export function signUpFailure(error: unknown): { problems: SignUpProblems; form: string | null } {
  const refused = refusal(error)
  if (refused && FIELDS.includes(refused.field))
    return { problems: { [refused.field as SignUpField]: refused.reason }, form: null }
  // 403: the mode was set to closed since the page asked.
  if (error instanceof ForbiddenError) return { problems: {}, form: t('signup.closed') }
  // 429 (too many sign-ups from one address), 503, offline: the error's own sentence in the reader's language.
  return { problems: {}, form: error instanceof ApiError ? error.userMessage : t('signup.failed') }
}
