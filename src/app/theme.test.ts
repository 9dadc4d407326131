import { describe, expect, it } from 'vitest'
import { isDark } from './theme.ts'

describe('isDark', () => {
  it('follows the system only for the system setting', () => {
    expect(isDark('system', true)).toBe(true)
    expect(isDark('system', false)).toBe(false)
    expect(isDark('dark', false)).toBe(true)
    expect(isDark('light', true)).toBe(false)
  })
})
