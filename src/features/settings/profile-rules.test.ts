import { describe, expect, it } from 'vitest'
import { ACCOUNT_ENDPOINTS, MAX_BIO_LENGTH } from '../../api/account-endpoints.ts'
import { bioLength, checkProfile, MAX_WEBPAGE_LENGTH, trimProfile } from './profile-rules.ts'

const good = { name: 'Reader', account: 'reader_1', comment: '', webpage: '' }

describe('the profile form, checked as the service checks a profile edit', () => {
  it('takes a name, an account name, an empty bio and an empty web page', () => {
    expect(checkProfile(good)).toEqual({})
  })

  it('checks the names as sign-up does', () => {
    expect(checkProfile({ ...good, name: '  ', account: 'Reader' })).toEqual({ name: 'required', account: 'invalid' })
    expect(checkProfile({ ...good, name: 'a\u001bb' })).toEqual({ name: 'invalid' })
    expect(checkProfile({ ...good, name: 'x'.repeat(51) })).toEqual({ name: 'too long' })
    expect(checkProfile({ ...good, account: 'ab' })).toEqual({ account: 'invalid' })
  })

  it('takes line breaks and tabs in the bio, and no other control character', () => {
    expect(checkProfile({ ...good, comment: 'line one\nline two\tand a tab\n\n日本語もどうぞ' })).toEqual({})
    for (const c of ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\r'])
      expect(checkProfile({ ...good, comment: `a${c}b` }), JSON.stringify(c)).toEqual({ comment: 'invalid' })
  })

  it('counts the bio trimmed, in UTF-16 units as the service does', () => {
    expect(bioLength('  hello\n')).toBe(5)
    expect(bioLength('😀')).toBe(2)
    expect(checkProfile({ ...good, comment: `${'あ'.repeat(MAX_BIO_LENGTH)}\n\n` })).toEqual({})
    expect(checkProfile({ ...good, comment: 'あ'.repeat(MAX_BIO_LENGTH + 1) })).toEqual({ comment: 'too long' })
    // 600 characters, 1,200 units: the service refuses it, so the form does.
    expect(checkProfile({ ...good, comment: '😀'.repeat(600) })).toEqual({ comment: 'too long' })
    expect(MAX_BIO_LENGTH).toBe(ACCOUNT_ENDPOINTS.editProfile.params.comment.max)
  })

  it('takes an empty web page or an absolute http(s) address, up to the table’s limit', () => {
    for (const webpage of ['', '   ', 'https://example.com/', ' http://example.com/a?b=c '])
      expect(checkProfile({ ...good, webpage }), webpage).toEqual({})
    for (const webpage of ['example.com', 'javascript:alert(1)', 'ftp://example.com/', 'https://'])
      expect(checkProfile({ ...good, webpage }), webpage).toEqual({ webpage: 'invalid' })
    const long = `https://example.com/${'a'.repeat(MAX_WEBPAGE_LENGTH)}`
    expect(checkProfile({ ...good, webpage: long })).toEqual({ webpage: 'too long' })
    expect(MAX_WEBPAGE_LENGTH).toBe(256)
  })

  it('names every refused field at once', () => {
    expect(checkProfile({ name: '', account: 'A', comment: '\u0007', webpage: 'nope' })).toEqual({
      name: 'required',
      account: 'invalid',
      comment: 'invalid',
      webpage: 'invalid',
    })
  })

  it('sends every field trimmed', () => {
    expect(trimProfile({ name: ' N ', account: ' n_1 ', comment: '\n bio \n', webpage: ' https://x.test/ ' })).toEqual({
      name: 'N',
      account: 'n_1',
      comment: 'bio',
      webpage: 'https://x.test/',
    })
  })
})
