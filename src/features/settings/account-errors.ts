import { ApiError, BadRequestError } from '../../lib/api-error.ts'
import { currentLang, t } from '../../lib/i18n/i18n.ts'
import '../../lib/i18n/messages/en/settings.ts'

/** The service's shortest new password, in characters (src/server/routes/auth.ts); checked here before asking. */
export const MIN_PASSWORD_LENGTH = 8

/** A password's length as the service counts it: characters (code points), not UTF-16 units. */
export const passwordLength = (password: string) => [...password].length

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
