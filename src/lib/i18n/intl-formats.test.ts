import { describe, expect, it } from 'vitest'
import { warmIntlFormats } from './intl-formats.ts'

describe('warmIntlFormats', () => {
  it('builds a format of every kind the gallery uses, in either language', () => {
    for (const lang of ['en', 'ja']) expect(warmIntlFormats(lang)).toEqual(['number', 'plural', 'date', 'relative'])
  })

  it('builds none of a tag the browser refuses, without throwing', () => {
    expect(warmIntlFormats('not a language tag')).toEqual([])
  })
})
