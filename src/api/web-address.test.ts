import { describe, expect, it } from 'vitest'
import { isWebAddress } from './web-address.ts'

describe('a web address', () => {
  it('is an absolute http or https address', () => {
    for (const ok of ['https://example.com/', 'http://127.0.0.1:8181/users/1?x=1#a', 'HTTPS://EXAMPLE.COM'])
      expect(isWebAddress(ok), ok).toBe(true)
  })

  it('is not another scheme, a relative address or text', () => {
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,x',
      'ftp://example.com/',
      'example.com',
      '/users/1',
      'http://',
      '',
    ])
      expect(isWebAddress(bad), bad).toBe(false)
  })
})
