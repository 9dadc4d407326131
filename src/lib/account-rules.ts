// The account's names as the service takes them (src/server/routes/auth.ts, checkNames), for the forms that send them:
// sign-up and the settings' profile. Plain functions that answer in the service's own words ('invalid', 'too long').

import { ACCOUNT_ENDPOINTS, ACCOUNT_PATTERN, hasControlCharacter } from '../api/account-endpoints.ts'

/** The longest account name (the pattern's too). */
export const MAX_ACCOUNT_LENGTH = ACCOUNT_ENDPOINTS.signUp.params.account.max
/** The longest display name: the table's `name` (UTF-16 units, as the service and `maxLength` count). */
export const MAX_NAME_LENGTH = ACCOUNT_ENDPOINTS.signUp.params.name.max

/** What the service would say of an account name (taken trimmed, as the service takes it): 'invalid', or nothing. */
export function accountNameProblem(account: string): 'invalid' | undefined {
  return ACCOUNT_PATTERN.test(account.trim()) ? undefined : 'invalid'
}

/** What the service would say of a display name (taken trimmed): 'required', 'invalid' (control characters), 'too long'. */
export function displayNameProblem(name: string): 'required' | 'invalid' | 'too long' | undefined {
  const trimmed = name.trim()
  if (!trimmed) return 'required'
  if (hasControlCharacter(trimmed)) return 'invalid'
  if (trimmed.length > MAX_NAME_LENGTH) return 'too long'
  return undefined
}
