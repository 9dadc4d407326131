import { afterEach, describe, expect, it } from 'vitest'
import { ApiError, BadRequestError, NetworkError } from '../../lib/api-error.ts'
import { setLang } from '../../lib/i18n/i18n.ts'
import { passwordLength } from '../../api/endpoints.ts'
import { accountFormError } from './account-errors.ts'

const refused = (field: string, userMessage: string) =>
  new BadRequestError({ status: 400, message: JSON.stringify({ [field]: ['refused'] }), userMessage })

describe('the message of a failed account form', () => {
  afterEach(() => setLang('en'))

  it("is the service's own sentence in English", () => {
    expect(accountFormError(refused('password', 'The password is not right.'), 'fallback')).toBe(
      'The password is not right.',
    )
  })

  it("is the gallery's sentence for a wrong or too short password in Japanese", async () => {
    await setLang('ja')
    expect(accountFormError(refused('password', 'The password is not right.'), 'x')).toBe(
      'パスワードが正しくありません。',
    )
    expect(accountFormError(refused('current_password', 'The password is not right.'), 'x')).toBe(
      'パスワードが正しくありません。',
    )
    expect(accountFormError(refused('new_password', 'Too short.'), 'x')).toBe(
      '新しいパスワードは8文字以上にしてください。',
    )
    // Anything else: the error's own message in the gallery's language.
    expect(accountFormError(new NetworkError({}), 'x')).toBe(new NetworkError({}).userMessage)
  })

  it('is the fallback for a failure that is no ApiError, and the generic sentence for an unknown 400', () => {
    expect(accountFormError(new TypeError('boom'), 'Please try again.')).toBe('Please try again.')
    expect(accountFormError(new ApiError({ status: 400, message: 'not json' }), 'x')).toBe(
      'The request was not accepted.',
    )
  })
})

describe('the length of a password', () => {
  it('counts characters, as the service does, not UTF-16 units', () => {
    expect(passwordLength('🔑🔑🔑🔑')).toBe(4)
    expect(passwordLength('パスワード')).toBe(5)
  })
})
