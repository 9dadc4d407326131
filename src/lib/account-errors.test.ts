import { afterEach, describe, expect, it } from 'vitest'
import { passwordLength } from '../api/account-endpoints.ts'
import { accountFormError, refusal } from './account-errors.ts'
import { ApiError, BadRequestError, ForbiddenError, NetworkError } from './api-error.ts'
import { setLang } from './i18n/i18n.ts'

const refused = (field: string, userMessage: string, reason = 'refused') =>
  new BadRequestError({ status: 400, message: JSON.stringify({ [field]: [reason] }), userMessage })

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

describe('what an account endpoint refused', () => {
  it('is the field and the reason of a 400 with the field-keyed message', () => {
    expect(refusal(refused('account', 'That account name is taken.', 'taken'))).toEqual({
      field: 'account',
      reason: 'taken',
    })
    expect(refusal(refused('password', 'Too short.', 'too short'))).toEqual({ field: 'password', reason: 'too short' })
  })

  it('is nothing for another 400, another status or another failure', () => {
    expect(refusal(new BadRequestError({ status: 400, message: 'name is required' }))).toBeUndefined()
    expect(refusal(new BadRequestError({ status: 400, message: '["account"]' }))).toBeUndefined()
    expect(refusal(new BadRequestError({ status: 400, message: '{}' }))).toBeUndefined()
    expect(refusal(new ForbiddenError({ status: 403, message: '{"account":["taken"]}' }))).toBeUndefined()
    expect(refusal(new TypeError('{"account":["taken"]}'))).toBeUndefined()
  })
})

describe('the length of a password', () => {
  it('counts characters, as the service does, not UTF-16 units', () => {
    expect(passwordLength('🔑🔑🔑🔑')).toBe(4)
    expect(passwordLength('パスワード')).toBe(5)
  })
})
