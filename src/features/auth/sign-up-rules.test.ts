import { describe, expect, it } from 'vitest'
import type { Registration } from '../../api/model.ts'
import { MAX_NAME_LENGTH } from '../../lib/account-rules.ts'
import { checkSignUp, inviteCodeFrom, signUpOffer } from './sign-up-rules.ts'

const good = { account: 'new_reader-1', name: 'New Reader', password: 'eight ch' }

describe('the sign-up form, checked as the service checks it', () => {
  it('takes an account name of 3 to 32 lowercase letters, digits, _ and -, a name and 8 characters of password', () => {
    expect(checkSignUp(good)).toEqual({})
    expect(checkSignUp({ ...good, account: '  abc ' })).toEqual({})
    expect(checkSignUp({ ...good, account: 'a'.repeat(32) })).toEqual({})
  })

  it('refuses an account name outside the pattern', () => {
    for (const account of ['ab', 'a'.repeat(33), 'Alice', 'a b', 'ali.ce', 'アリス', ''])
      expect(checkSignUp({ ...good, account }), account).toEqual({ account: 'invalid' })
  })

  it('refuses an empty name, control characters in it, and more than the table allows', () => {
    expect(checkSignUp({ ...good, name: '   ' })).toEqual({ name: 'required' })
    expect(checkSignUp({ ...good, name: 'a\u0007b' })).toEqual({ name: 'invalid' })
    expect(checkSignUp({ ...good, name: 'x'.repeat(MAX_NAME_LENGTH) })).toEqual({})
    expect(checkSignUp({ ...good, name: 'x'.repeat(MAX_NAME_LENGTH + 1) })).toEqual({ name: 'too long' })
    expect(MAX_NAME_LENGTH).toBe(50)
  })

  it('counts the password in characters, not UTF-16 units', () => {
    expect(checkSignUp({ ...good, password: '🔑'.repeat(7) })).toEqual({ password: 'too short' })
    expect(checkSignUp({ ...good, password: '🔑'.repeat(8) })).toEqual({})
  })

  it('names every refused field at once', () => {
    expect(checkSignUp({ account: 'A', name: '', password: 'short' })).toEqual({
      account: 'invalid',
      name: 'required',
      password: 'too short',
    })
  })
})

describe('what the sign-up page offers', () => {
  const reg = (r: Partial<Registration>): Registration => ({ mode: 'invite', firstAccount: false, invite: null, ...r })

  it('the form for the first account whatever the mode, which says it will be the admin', () => {
    for (const mode of ['open', 'invite', 'closed'] as const)
      expect(signUpOffer(reg({ mode, firstAccount: true }), undefined)).toEqual({
        form: true,
        firstAccount: true,
        invite: undefined,
      })
  })

  it('nothing when closed', () => {
    expect(signUpOffer(reg({ mode: 'closed', invite: 'valid' }), 'abc')).toEqual({ form: false, why: 'closed' })
  })

  it('the form in open mode, with the invite only when it is worth something', () => {
    expect(signUpOffer(reg({ mode: 'open' }), undefined)).toEqual({
      form: true,
      firstAccount: false,
      invite: undefined,
    })
    expect(signUpOffer(reg({ mode: 'open', invite: 'used' }), 'abc')).toMatchObject({ form: true, invite: undefined })
    expect(signUpOffer(reg({ mode: 'open', invite: 'valid' }), 'abc')).toMatchObject({ form: true, invite: 'abc' })
  })

  it('in invite mode, the form for a valid invite and why not for any other', () => {
    expect(signUpOffer(reg({}), undefined)).toEqual({ form: false, why: 'inviteNeeded' })
    expect(signUpOffer(reg({ invite: 'valid' }), 'abc')).toEqual({ form: true, firstAccount: false, invite: 'abc' })
    expect(signUpOffer(reg({ invite: 'used' }), 'abc')).toEqual({ form: false, why: 'inviteUsed' })
    expect(signUpOffer(reg({ invite: 'expired' }), 'abc')).toEqual({ form: false, why: 'inviteExpired' })
    expect(signUpOffer(reg({ invite: 'unknown' }), 'abc')).toEqual({ form: false, why: 'inviteUnknown' })
  })
})

describe('the code of a pasted invite', () => {
  it('is the link’s invite parameter, or the text itself', () => {
    expect(inviteCodeFrom(' https://easel.example/signup?invite=Ab-12_x ')).toBe('Ab-12_x')
    expect(inviteCodeFrom('http://127.0.0.1:8181/signup?return_to=%2F&invite=q%2Bz')).toBe('q+z')
    expect(inviteCodeFrom('  Ab-12_x\n')).toBe('Ab-12_x')
    expect(inviteCodeFrom('https://easel.example/signup')).toBe('https://easel.example/signup')
  })
})
