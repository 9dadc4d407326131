import { describe, expect, it } from 'vitest'
import { approxBytes, Lru } from './lru.ts'

describe('Lru', () => {
  it('keeps the most recently used entries within the entry count', () => {
    const lru = new Lru<number>(2)
    lru.set('a', 1)
    lru.set('b', 2)
    lru.get('a')
    lru.set('c', 3)
    expect([lru.get('a'), lru.get('b'), lru.get('c')]).toEqual([1, undefined, 3])
  })

  it('stays within its byte budget however large the values or long the keys, evicting the oldest', () => {
    const lru = new Lru<number[]>(1_000_000, { maxBytes: 1024 * 1024 })
    for (let i = 0; i < 5000; i++) lru.set(`q${i}:${'x'.repeat(2000)}`, new Array<number>(500).fill(i))
    expect(lru.bytes).toBeLessThanOrEqual(1024 * 1024)
    expect(lru.size).toBeGreaterThan(50)
    expect(lru.size).toBeLessThan(5000)
    expect(lru.get(`q4999:${'x'.repeat(2000)}`)?.[0]).toBe(4999)
    expect(lru.get(`q0:${'x'.repeat(2000)}`)).toBeUndefined()
  })

  it('keeps no value larger than the whole budget, and counts growth after the fact', () => {
    const removed: string[] = []
    const lru = new Lru<string>(100, { maxBytes: 10_000, sizeOf: (v) => v.length, onRemove: (k) => removed.push(k) })
    lru.set('small', 'x'.repeat(1000))
    lru.set('huge', 'x'.repeat(20_000))
    expect(lru.get('huge')).toBeUndefined()
    expect(lru.get('small')).toBeDefined()
    lru.set('other', 'x'.repeat(1000))
    lru.resize('small', 9000) // `small` grew: the oldest (`small` itself, used before `other`) goes
    expect(lru.bytes).toBeLessThanOrEqual(10_000)
    expect(removed).toEqual(['small'])
    lru.clear()
    expect([lru.size, lru.bytes]).toEqual([0, 0])
  })
})

describe('approxBytes', () => {
  it('counts numbers, strings, arrays, sets, maps and objects on the large side', () => {
    expect(approxBytes(new Array<number>(1000).fill(1))).toBeGreaterThanOrEqual(8000)
    expect(approxBytes('é'.repeat(1000))).toBeGreaterThanOrEqual(2000)
    expect(approxBytes(new Set([1, 2, 3]))).toBeGreaterThan(3 * 8)
    expect(approxBytes({ ids: new Array<number>(100).fill(0), until: 1 })).toBeGreaterThan(800)
    expect(approxBytes(new Map([['k'.repeat(100), 'v'.repeat(100)]]))).toBeGreaterThan(400)
  })
})
