import { describe, expect, it } from 'vitest'
import { ExtendedJson, RawJson, toJsonBuffer } from './raw-json.ts'

describe('toJsonBuffer', () => {
  it('writes what JSON.stringify would, with items in as their bytes, multi-byte text included', () => {
    const item = { id: 1, title: 'オリジナル "引用" \u2028', tags: ['é', '😀'] }
    const body = {
      illusts: [new RawJson(JSON.stringify(item)), new RawJson(JSON.stringify({ ...item, id: 2 }))],
      next_url: 'http://localhost/v1/search?word=%E3%82%AA',
      skipped: undefined,
      nested: { word: '猫', list: [1, null, true] },
      last: new RawJson('{"x":"ü"}'),
    }
    const expected = JSON.stringify({ ...body, illusts: [item, { ...item, id: 2 }], last: { x: 'ü' } })
    const bytes = toJsonBuffer(body)
    expect(bytes.toString('utf8')).toBe(expected)
    expect(bytes.length).toBe(Buffer.byteLength(expected))
  })

  it('answers a lone item as its own bytes, and plain values as JSON', () => {
    const raw = new RawJson('{"a":1}')
    expect(toJsonBuffer(raw)).toBe(raw.bytes)
    expect(toJsonBuffer([]).toString()).toBe('[]')
    expect(toJsonBuffer('ス').toString()).toBe('"ス"')
  })

  it('writes an extended object as the object with the fields after its own', () => {
    const novel = { id: 7, title: '猫の話', user: { id: 1 } }
    const raw = new RawJson(JSON.stringify(novel))
    const fields = { detail: { count: 3 }, first: new RawJson('{"id":1}'), skipped: undefined, novels: [raw] }
    const body = { prev: new ExtendedJson(raw, fields), empty: new ExtendedJson(new RawJson('{}'), { a: 1 }) }
    expect(JSON.parse(toJsonBuffer(body).toString())).toEqual({
      prev: { ...novel, detail: { count: 3 }, first: { id: 1 }, novels: [novel] },
      empty: { a: 1 },
    })
    expect(toJsonBuffer(body).toString()).toBe(
      '{"prev":{"id":7,"title":"猫の話","user":{"id":1},"detail":{"count":3},"first":{"id":1},"novels":[' +
        JSON.stringify(novel) +
        ']},"empty":{"a":1}}',
    )
  })
})
