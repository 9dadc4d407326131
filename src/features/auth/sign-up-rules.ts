// What sign-up allows and what its form must hold, as plain functions: the same rules as the service's sign-up
// (src/server/routes/auth.ts), checked before asking it, in the service's own words for why ('invalid', 'taken'…).

import { MIN_PASSWORD_LENGTH, passwordLength } from '../../api/account-endpoints.ts'
import type { Registration } from '../../api/model.ts'
import { accountNameProblem, displayNameProblem } from '../../lib/account-rules.ts'

export type SignUpField = 'account' | 'name' | 'password' | 'invite'
/** Each refused field with why, as the service says it: `{ account: 'invalid', password: 'too short' }`. */
export type SignUpProblems = Partial<Record<SignUpField, string>>

export interface SignUpForm {
  account: string
  name: string
  password: string
}

/** What the service would refuse in the form, before asking it. The names are taken trimmed, as the service does. */
export function checkSignUp(form: SignUpForm): SignUpProblems {
  const problems: SignUpProblems = {}
  const account = accountNameProblem(form.account)
  if (account) problems.account = account
  const name = displayNameProblem(form.name)
  if (name) problems.name = name
  if (passwordLength(form.password) < MIN_PASSWORD_LENGTH) problems.password = 'too short'
  return problems
}

/**
 * What the sign-up page offers: the form, or why there is none. The first account may always be made (it becomes
 * the admin); an invite matters only when the mode asks for one.
 */
export type SignUpOffer =
  | { form: true; firstAccount: boolean; invite: string | undefined }
  | { form: false; why: 'closed' | 'inviteNeeded' | 'inviteUsed' | 'inviteExpired' | 'inviteUnknown' }

export function signUpOffer(registration: Registration, invite: string | undefined): SignUpOffer {
  const valid = invite !== undefined && registration.invite === 'valid'
  if (registration.firstAccount) return { form: true, firstAccount: true, invite: valid ? invite : undefined }
  if (registration.mode === 'closed') return { form: false, why: 'closed' }
  if (registration.mode === 'open') return { form: true, firstAccount: false, invite: valid ? invite : undefined }
  if (invite === undefined) return { form: false, why: 'inviteNeeded' }
  switch (registration.invite) {
    case 'valid':
      return { form: true, firstAccount: false, invite }
    case 'used':
      return { form: false, why: 'inviteUsed' }
    case 'expired':
      return { form: false, why: 'inviteExpired' }
    default:
      return { form: false, why: 'inviteUnknown' }
  }
}

/** The code of an invite, from what was pasted: the whole link (`…/signup?invite=CODE`) or the code alone. */
export function inviteCodeFrom(text: string): string {
  const trimmed = text.trim()
  try {
    const code = new URL(trimmed).searchParams.get('invite')
    if (code) return code.trim()
  } catch {
    // Not a link: the code itself.
  }
  return trimmed
}
