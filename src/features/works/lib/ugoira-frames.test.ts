import { strToU8, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { framesFromZip, mimeOf } from './ugoira-frames.ts'

describe('framesFromZip', () => {
  const zip = zipSync(
    { '000001.jpg': strToU8('one'), '000000.jpg': strToU8('zero'), 'extra.txt': strToU8('x') },
    { level: 0 },
  )

  it('returns the listed frames in the metadata order with their delays', () => {
    const frames = framesFromZip(zip, [
      { file: '000000.jpg', delay: 60 },
      { file: '000001.jpg', delay: 70 },
    ])
    expect(frames.map((f) => [f.file, f.delay, new TextDecoder().decode(f.bytes), f.type])).toEqual([
      ['000000.jpg', 60, 'zero', 'image/jpeg'],
      ['000001.jpg', 70, 'one', 'image/jpeg'],
    ])
  })

  it('skips frames the zip lacks, and fails when it has none', () => {
    expect(
      framesFromZip(zip, [
        { file: 'nope.jpg', delay: 1 },
        { file: '000001.jpg', delay: 2 },
      ]),
    ).toHaveLength(1)
    expect(() => framesFromZip(zip, [{ file: 'nope.jpg', delay: 1 }])).toThrow()
  })
})

describe('mimeOf', () => {
  it('maps image extensions', () => {
    expect(mimeOf('a.PNG')).toBe('image/png')
    expect(mimeOf('a.jpeg')).toBe('image/jpeg')
    expect(mimeOf('a')).toBe('application/octet-stream')
  })
})
