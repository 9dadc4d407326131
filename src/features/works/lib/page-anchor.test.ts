import { describe, expect, it } from 'vitest'
import { pageFromHash } from './page-anchor.ts'

describe('pageFromHash', () => {
  it('reads #pN', () => {
    expect(pageFromHash('#p3', 12)).toBe(3)
    expect(pageFromHash('p12', 12)).toBe(12)
  })

  it('clamps to the work', () => {
    expect(pageFromHash('#p99', 12)).toBe(12)
    expect(pageFromHash('#p0', 12)).toBe(1)
  })

  it('ignores other hashes', () => {
    expect(pageFromHash('', 12)).toBeNull()
    expect(pageFromHash('#main', 12)).toBeNull()
    expect(pageFromHash('#p', 12)).toBeNull()
    expect(pageFromHash('#p-2', 12)).toBeNull()
  })
})
