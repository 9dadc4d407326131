import { describe, expect, it } from 'vitest'
import { thumbnailSize, thumbnailUrl } from './thumbnail.ts'

const imageUrls = { squareMedium: '/sq.jpg', medium: '/m.jpg', large: '/l.jpg' }

describe('thumbnailSize', () => {
  it('takes medium for a normal cell of a portrait work', () => {
    expect(thumbnailSize({ width: 1200, height: 1697 }, 190, 270, 'standard', 1)).toBe('medium')
    expect(thumbnailSize({ width: 1200, height: 1697 }, 190, 270, 'standard', 2)).toBe('medium')
  })

  it('takes large when medium would be visibly upscaled (big cell or high pixel ratio)', () => {
    // A tall manga page: medium is 144 px wide, a 300 px cell needs more; large is 320 px wide.
    expect(thumbnailSize({ width: 800, height: 3000 }, 300, 600, 'standard', 1)).toBe('large')
    expect(thumbnailSize({ width: 1200, height: 1697 }, 300, 424, 'high', 3)).toBe('large')
  })

  it('never takes large in data-saver mode, nor when large is no bigger than medium', () => {
    expect(thumbnailSize({ width: 800, height: 3000 }, 300, 600, 'data-saver', 3)).toBe('medium')
    expect(thumbnailSize({ width: 500, height: 400 }, 800, 640, 'high', 3)).toBe('medium')
  })

  it('caps the pixel ratio by quality: standard stops at 1.5', () => {
    // medium fits 540 px: a 400 px cell at 1.5× needs 600 (within the 1.2 tolerance); at 3× high needs 1200.
    expect(thumbnailSize({ width: 1000, height: 1000 }, 400, 400, 'standard', 3)).toBe('medium')
    expect(thumbnailSize({ width: 1000, height: 1000 }, 400, 400, 'high', 3)).toBe('large')
  })

  it('falls back to medium for unusable sizes', () => {
    expect(thumbnailSize({ width: 0, height: 0 }, 300, 300, 'high', 2)).toBe('medium')
  })
})

describe('thumbnailUrl', () => {
  it('returns the chosen size’s URL, never the square crop', () => {
    expect(thumbnailUrl({ width: 800, height: 3000, imageUrls }, 300, 600, 'standard')).toBe('/l.jpg')
    expect(thumbnailUrl({ width: 800, height: 600, imageUrls }, 100, 75, 'standard')).toBe('/m.jpg')
  })
})
