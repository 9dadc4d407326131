import { describe, expect, it } from 'vitest'
import { pathAndQuery } from './params.ts'

describe('pathAndQuery', () => {
  it('reads the path and the query as URL does', () => {
    for (const url of [
      'http://127.0.0.1:8080/v1/illust/detail?illust_id=9892',
      'http://localhost/v1/search/illust?word=%E3%82%AA&offset=30',
      'http://[::1]:8080/v1/illust/ranking',
      'http://localhost/v1/x?',
      'http://localhost/v1/x?a=1#frag?b=2',
      'http://localhost/v1/x#frag?b=2',
      'http://localhost',
      'https://easel.example/ajax/illust/1?lang=ja&a=b?c',
    ]) {
      const u = new URL(url)
      expect(pathAndQuery(url), url).toEqual({ path: u.pathname, query: u.search.slice(1) })
    }
  })
})
