import { describe, expect, it } from 'vitest'
import { ItemJsonCache, type CachedItem } from './item-cache.ts'

const item = (id: number, size = 2000): CachedItem => {
  const json = JSON.stringify({ id, title: 'タイトル'.repeat(size / 8) })
  return {
    json,
    bytes: Buffer.from(json),
    tags: ['a', 'b'],
    head: { user_id: 1, restrict: 0, x_restrict: 0, ai_type: 0 },
  }
}

describe('ItemJsonCache', () => {
  it('stays within its byte budget, variants made later included', () => {
    const cache = new ItemJsonCache(1_000_000, 4 * 1024 * 1024)
    for (let id = 1; id <= 2000; id++) {
      cache.set('http://127.0.0.1:1', 'illust', true, id, item(id))
      const cached = cache.get('http://127.0.0.1:1', 'illust', true, id)!
      for (const mask of [1, 2, 3]) cache.variant(cached, mask, () => cached.json.replace('{', '{"x":1,'))
    }
    const { items, bytes } = cache.stats
    expect(bytes).toBeLessThanOrEqual(4 * 1024 * 1024)
    expect(items).toBeGreaterThan(100)
    expect(items).toBeLessThan(2000)
    // what it counts is at least what the text holds
    const { json } = item(1)
    expect(bytes).toBeGreaterThan(items * 4 * (2 * json.length + Buffer.byteLength(json)))
  })

  it('forgets an origin once its last item leaves, and invalidates an id in every origin', () => {
    const cache = new ItemJsonCache(100, 64 * 1024 * 1024)
    for (let o = 0; o < 1000; o++) cache.set(`http://h${o}.example`, 'illust', false, 1, item(1, 100))
    expect(cache.stats.origins).toBeLessThanOrEqual(100)
    expect(cache.stats.items).toBe(100)
    cache.set('http://a.example', 'novel', true, 7, item(7, 100))
    cache.set('http://b.example', 'novel', true, 7, item(7, 100))
    cache.invalidate('novel', 7)
    expect(cache.get('http://a.example', 'novel', true, 7)).toBeUndefined()
    expect(cache.get('http://b.example', 'novel', true, 7)).toBeUndefined()
  })
})
