import { describe, expect, it, vi } from 'vitest'
import { stepFontSize } from './reader-settings.ts'
import { DEFAULT_READER_SETTINGS, readerSettingsFrom } from './reader-settings-values.ts'
import { prune } from './reading-position.ts'

describe('readerSettingsFrom', () => {
  it('gives the defaults for nothing saved or unreadable JSON', () => {
    expect(readerSettingsFrom(null)).toEqual(DEFAULT_READER_SETTINGS)
    expect(readerSettingsFrom('{oops')).toEqual(DEFAULT_READER_SETTINGS)
    expect(readerSettingsFrom('null')).toEqual(DEFAULT_READER_SETTINGS)
  })

  it('keeps valid values and replaces invalid ones field by field', () => {
    expect(
      readerSettingsFrom(
        JSON.stringify({ fontSize: 24, theme: 'sepia', writingMode: 'sideways', font: 'comic', lineSpacing: 'loose' }),
      ),
    ).toEqual({ ...DEFAULT_READER_SETTINGS, fontSize: 24, theme: 'sepia', lineSpacing: 'loose' })
    expect(readerSettingsFrom(JSON.stringify({ fontSize: 999 })).fontSize).toBe(DEFAULT_READER_SETTINGS.fontSize)
  })
})

describe('stepFontSize', () => {
  it('steps through the sizes and stops at both ends', () => {
    expect(stepFontSize(18, 1)).toBe(20)
    expect(stepFontSize(18, -1)).toBe(16)
    expect(stepFontSize(14, -1)).toBe(14)
    expect(stepFontSize(32, 1)).toBe(32)
  })
})

describe('prune (reading positions)', () => {
  it('keeps the most recently saved entries', () => {
    const positions = { 1: { offset: 5, at: 100 }, 2: { offset: 6, at: 300 }, 3: { offset: 7, at: 200 } }
    expect(prune(positions, 2)).toEqual({ 2: { offset: 6, at: 300 }, 3: { offset: 7, at: 200 } })
    expect(prune(positions, 5)).toBe(positions)
  })
})

describe('the store', () => {
  it('starts from what was saved, and saves changes', async () => {
    localStorage.setItem('easel.reader', JSON.stringify({ theme: 'sepia', writingMode: 'vertical' }))
    vi.resetModules()
    const store = await import('./reader-settings.ts')
    expect(store.getReaderSettings()).toMatchObject({ theme: 'sepia', writingMode: 'vertical' })
    store.updateReaderSettings({ fontSize: 22 })
    expect(JSON.parse(localStorage.getItem('easel.reader')!)).toMatchObject({ theme: 'sepia', fontSize: 22 })
    localStorage.removeItem('easel.reader')
  })
})
