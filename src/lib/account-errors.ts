// What the account's endpoints refused, for the forms that call them (the settings' account forms, sign-up): a 400
// names the field in its technical message, `{"<field>": ["<why>"]}`, and the forms say it in the reader's language.

import { MIN_PASSWORD_LENGTH } from '../api/account-endpoints.ts'
import { ApiError, BadRequestError } from './api-error.ts'
import { currentLang, t } from './i18n/i18n.ts'
import './i18n/messages/en/settings.ts'

/** The field a 400 of the account's endpoints refused, and why (the service's word: `taken`, `too short`…). */
export function refusal(error: unknown): { field: string; reason: string } | undefined {
  if (!(error instanceof BadRequestError)) return undefined
  try {
    const parsed: unknown = JSON.parse(error.message)
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined
    const [field, reasons] = Object.entries(parsed)[0] ?? []
    if (field === undefined) return undefined
    const reason: unknown = Array.isArray(reasons) ? reasons[0] : undefined
    return { field, reason: typeof reason === 'string' ? reason : '' }
  } catch {
    // Not the account endpoints' shape: nothing more specific to say.
    return undefined
  }
}

/**
 * What a failed account form (an app's token, a new password) says: the ApiError's user message, which is the
 * service's own sentence in English. In another language that would be a generic "not accepted", so a wrong or too
 * short password gets the gallery's sentence instead. `fallback`: for a failure that is no ApiError.
 */
export function accountFormError(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback
  if (!(currentLang() === 'en' && error.serverUserMessage)) {
    const field = refusal(error)?.field
    if (field === 'password' || field === 'current_password') return t('settings.password.wrong')
    if (field === 'new_password') return t('settings.password.tooShort', { count: MIN_PASSWORD_LENGTH })
  }
  return error.userMessage
}
