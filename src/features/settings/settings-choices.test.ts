import { describe, expect, it } from 'vitest'
import { newMutedTag } from './settings-choices.ts'

describe('newMutedTag', () => {
  it('trims the text and a leading #', () => {
    expect(newMutedTag('  #landscape ', [])).toBe('landscape')
  })

  it('refuses empty input and tags already muted, ignoring case and width', () => {
    expect(newMutedTag('   ', [])).toBeNull()
    expect(newMutedTag('Landscape', ['landscape'])).toBeNull()
    expect(newMutedTag('ＡＢＣ', ['abc'])).toBeNull()
  })
})
