import { MIN_PASSWORD_LENGTH } from '../../api/endpoints.ts'
import { ApiError, BadRequestError } from '../../lib/api-error.ts'
import { currentLang, t } from '../../lib/i18n/i18n.ts'
import '../../lib/i18n/messages/en/settings.ts'

/** The field a 400 of the account's endpoints refused: their technical message is `{"<field>": ["<why>"]}`. */
function refusedField(error: ApiError): string | undefined {
  try {
    const parsed: unknown = JSON.parse(error.message)
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return Object.keys(parsed)[0]
  } catch {
    // Not the account endpoints' shape: nothing more specific to say.
  }
  return undefined
}

/**
 * What a failed account form (an app's token, a new password) says: the ApiError's user message, which is the
 * service's own sentence in English. In another language that would be a generic "not accepted", so a wrong or too
 * short password gets the gallery's sentence instead. `fallback`: for a failure that is no ApiError.
 */
export function accountFormError(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback
  if (error instanceof BadRequestError && !(currentLang() === 'en' && error.serverUserMessage)) {
    const field = refusedField(error)
    if (field === 'password' || field === 'current_password') return t('settings.password.wrong')
    if (field === 'new_password') return t('settings.password.tooShort', { count: MIN_PASSWORD_LENGTH })
  }
  return error.userMessage
}
