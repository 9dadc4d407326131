import { describe, expect, it } from 'vitest'
import { signInHref } from './sign-in-href.ts'

const back = (href: string) => new URL(href, 'http://x.test').searchParams.get('return_to')

describe('signInHref', () => {
  it('comes back to the same view: path, query and the page of a work', () => {
    expect(back(signInHref({ pathname: '/artworks/5', search: '', hash: '#p3' }))).toBe('/artworks/5#p3')
    expect(back(signInHref({ pathname: '/search', search: '?word=cat&s_mode=s_tag', hash: '' }))).toBe(
      '/search?word=cat&s_mode=s_tag',
    )
  })

  it('from the sign-in page itself, names no way back', () => {
    expect(signInHref({ pathname: '/login', search: '?return_to=%2Fsettings', hash: '' })).toBe('/login')
  })
})
