// What the profile form must hold, as plain functions: the service's rules for a profile edit (src/server/routes/auth.ts
// and the endpoint table's limits), checked before asking it, in the service's own words for why ('invalid'…).

import { ACCOUNT_ENDPOINTS, bioHasControlCharacter, MAX_BIO_LENGTH } from '../../api/account-endpoints.ts'
import { accountNameProblem, displayNameProblem } from '../../lib/account-rules.ts'
import { isWebAddress } from '../../api/web-address.ts'

export type ProfileField = 'name' | 'account' | 'comment' | 'webpage'
/** Each refused field with why, as the service says it: `{ account: 'taken', webpage: 'invalid' }`. */
export type ProfileProblems = Partial<Record<ProfileField, string>>

/** The profile as the service takes it, whole: display name, account name, bio (`comment`) and web page. */
export interface ProfileValues {
  name: string
  account: string
  comment: string
  webpage: string
}

/** The fields in the form's order: the first refused one takes the focus. */
export const PROFILE_FIELDS: readonly ProfileField[] = ['name', 'account', 'comment', 'webpage']

/** The longest web page address (the table's; the service counts it trimmed, in UTF-16 units). */
export const MAX_WEBPAGE_LENGTH = ACCOUNT_ENDPOINTS.editProfile.params.webpage.max

/**
 * A bio's length as the service counts it against MAX_BIO_LENGTH: trimmed, in UTF-16 units (the endpoint table's
 * text limit, src/api/endpoint-spec.ts), so an emoji counts 2. Counting code points instead would let a bio of 600
 * emoji past this check and the service would refuse it.
 */
export const bioLength = (bio: string) => bio.trim().length

/** The profile as it is sent: every field trimmed, as the service takes them. */
export function trimProfile(p: ProfileValues): ProfileValues {
  return { name: p.name.trim(), account: p.account.trim(), comment: p.comment.trim(), webpage: p.webpage.trim() }
}

/** What the service would refuse in the profile, before asking it. */
export function checkProfile(form: ProfileValues): ProfileProblems {
  const p = trimProfile(form)
  const problems: ProfileProblems = {}
  const name = displayNameProblem(p.name)
  if (name) problems.name = name
  const account = accountNameProblem(p.account)
  if (account) problems.account = account
  // Line breaks and tabs belong in a bio; other control characters are refused.
  if (bioHasControlCharacter(p.comment)) problems.comment = 'invalid'
  else if (bioLength(p.comment) > MAX_BIO_LENGTH) problems.comment = 'too long'
  if (p.webpage.length > MAX_WEBPAGE_LENGTH) problems.webpage = 'too long'
  else if (p.webpage !== '' && !isWebAddress(p.webpage)) problems.webpage = 'invalid'
  return problems
}
