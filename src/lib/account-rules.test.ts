import { describe, expect, it } from 'vitest'
import { ACCOUNT_ENDPOINTS } from '../api/account-endpoints.ts'
import { accountNameProblem, displayNameProblem, MAX_ACCOUNT_LENGTH, MAX_NAME_LENGTH } from './account-rules.ts'

describe("an account's names, checked as the service checks them", () => {
  it('takes an account name of 3 to 32 lowercase letters, digits, _ and -, trimmed', () => {
    for (const account of ['abc', 'new_reader-1', '  abc ', 'a'.repeat(32)])
      expect(accountNameProblem(account)).toBe(undefined)
    for (const account of ['ab', 'a'.repeat(33), 'Alice', 'a b', 'ali.ce', 'アリス', ''])
      expect(accountNameProblem(account), account).toBe('invalid')
  })

  it('takes a display name of up to 50 UTF-16 units, trimmed, without control characters', () => {
    expect(displayNameProblem('  Reader  ')).toBe(undefined)
    expect(displayNameProblem(' \t ')).toBe('required')
    expect(displayNameProblem('a\u0007b')).toBe('invalid')
    expect(displayNameProblem('a\nb')).toBe('invalid')
    expect(displayNameProblem(`${'x'.repeat(MAX_NAME_LENGTH)}  `)).toBe(undefined)
    expect(displayNameProblem('x'.repeat(MAX_NAME_LENGTH + 1))).toBe('too long')
    expect(displayNameProblem('😀'.repeat(26))).toBe('too long')
  })

  it('has the limits of both the sign-up and the profile edit entries', () => {
    expect([MAX_NAME_LENGTH, MAX_ACCOUNT_LENGTH]).toEqual([50, 32])
    for (const entry of [ACCOUNT_ENDPOINTS.signUp, ACCOUNT_ENDPOINTS.editProfile]) {
      expect(entry.params.name.max).toBe(MAX_NAME_LENGTH)
      expect(entry.params.account.max).toBe(MAX_ACCOUNT_LENGTH)
    }
  })
})
