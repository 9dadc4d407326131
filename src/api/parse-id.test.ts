import { describe, expect, it } from 'vitest'
import { parseId } from './parse-id.ts'

describe('parseId', () => {
  it('reads a positive integer written the plain way', () => {
    expect(parseId('1')).toBe(1)
    expect(parseId('123456')).toBe(123456)
    expect(parseId('999999999999999')).toBe(999999999999999)
  })

  it('refuses every other spelling, so one id has one URL', () => {
    for (const raw of [
      undefined,
      null,
      '',
      '0',
      '00',
      '012',
      '-1',
      '+1',
      ' 1',
      '1 ',
      '1e3',
      '1.5',
      '0x1',
      'abc',
      '12abc',
    ])
      expect(parseId(raw), String(raw)).toBeUndefined()
  })

  it('refuses ids past 15 digits (not all exact as numbers)', () => {
    expect(parseId('1000000000000000')).toBeUndefined()
    expect(parseId('99999999999999999')).toBeUndefined()
  })
})
