import { describe, expect, it } from 'vitest'
import { isChunkLoadError } from './route-error.tsx'

describe('isChunkLoadError', () => {
  it('recognises the browsers’ messages for a failed route chunk', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true)
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true)
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false)
  })
})
