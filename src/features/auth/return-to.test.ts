import { describe, expect, it } from 'vitest'
import { safeReturnTo } from './return-to.ts'

describe('safeReturnTo', () => {
  it('keeps an in-app path with its query and hash', () => {
    expect(safeReturnTo('/users/1/bookmarks/artworks?restrict=private#x')).toBe(
      '/users/1/bookmarks/artworks?restrict=private#x',
    )
  })

  it('goes home for missing, absolute, protocol-relative and backslash targets', () => {
    for (const raw of [
      null,
      undefined,
      '',
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
    ])
      expect(safeReturnTo(raw)).toBe('/')
  })

  it('does not return to the sign-in or the sign-up page', () => {
    expect(safeReturnTo('/login?return_to=/login')).toBe('/')
    expect(safeReturnTo('/signup?invite=abc')).toBe('/')
  })
})
