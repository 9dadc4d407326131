import { describe, expect, it } from 'vitest'
import { largeCovers, smallThumbnailUrl, thumbnailSize, thumbnailUrl } from './thumbnail.ts'

const imageUrls = { squareMedium: '/sq.jpg', medium: '/m.jpg', large: '/l.jpg' }
const D = '2025/03/01/12/34/56'
const cdnUrls = {
  squareMedium: `/c/360x360_70/img-master/img/${D}/123_p0_square1200.jpg`,
  medium: `/c/540x540_70/img-master/img/${D}/123_p0_master1200.jpg`,
  large: `/c/600x1200_90/img-master/img/${D}/123_p0_master1200.jpg`,
}
const cdnSmall = `/c/360x360_70/img-master/img/${D}/123_p0_master1200.jpg`

describe('thumbnailSize', () => {
  it('takes small for a phone cell of a portrait work', () => {
    // 1200×1697 fitted in 360 is 255×360; a 190×270 cell at 1.75× (capped to 1.5) needs 286×405: within 1.2×.
    expect(thumbnailSize({ width: 1200, height: 1697 }, 190, 270, 'standard', 1.75)).toBe('small')
    expect(thumbnailSize({ width: 1200, height: 1697 }, 190, 270, 'standard', 1)).toBe('small')
    expect(thumbnailSize({ width: 1200, height: 1697 }, 190, 270, 'standard', 2)).toBe('small')
  })

  it('takes medium when small would be visibly upscaled', () => {
    // 1000×1000: small is 360, medium 540; a 400 px cell at 1.5× needs 600 (within 1.2× of 540, not of 360).
    expect(thumbnailSize({ width: 1000, height: 1000 }, 400, 400, 'standard', 1.5)).toBe('medium')
    // Same phone cell, but high quality lets the pixel ratio reach 3: 572×810 device px.
    expect(thumbnailSize({ width: 1200, height: 1697 }, 190, 270, 'high', 3)).toBe('large')
    expect(thumbnailSize({ width: 1200, height: 1697 }, 190, 270, 'high', 2)).toBe('medium')
  })

  it('takes medium, not small, when the work fits the small box (the two are the same image)', () => {
    expect(thumbnailSize({ width: 300, height: 200 }, 150, 100, 'standard', 1)).toBe('medium')
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

  it('data-saver takes small when it covers the cell at 1×, else medium', () => {
    // The phone cell needs 158×225 px at 1× whatever the device: small's 255×360 covers it.
    expect(thumbnailSize({ width: 1200, height: 1697 }, 190, 270, 'data-saver', 3)).toBe('small')
    // A 400 px cell of a 1000 px square needs 400 at 1×, within 1.2 × 360 = 432…
    expect(thumbnailSize({ width: 1000, height: 1000 }, 400, 400, 'data-saver', 3)).toBe('small')
    // …while a 500 px one needs 500: medium.
    expect(thumbnailSize({ width: 1000, height: 1000 }, 500, 500, 'data-saver', 3)).toBe('medium')
  })

  it('caps the pixel ratio by quality: standard stops at 1.5', () => {
    // medium fits 540 px: a 400 px cell at 1.5× needs 600 (within the 1.2 tolerance); at 3× high needs 1200.
    expect(thumbnailSize({ width: 1000, height: 1000 }, 400, 400, 'standard', 3)).toBe('medium')
    expect(thumbnailSize({ width: 1000, height: 1000 }, 400, 400, 'high', 3)).toBe('large')
  })

  it('falls back to medium for unusable sizes', () => {
    expect(thumbnailSize({ width: 0, height: 0 }, 300, 300, 'high', 2)).toBe('medium')
    expect(thumbnailSize({ width: Number.NaN, height: 100 }, 10, 10, 'standard', 1)).toBe('medium')
    expect(thumbnailSize({ width: -1, height: 100 }, 10, 10, 'data-saver', 1)).toBe('medium')
  })
})

describe('smallThumbnailUrl', () => {
  it('swaps the 540 token for the 360 one on our service’s and pixiv’s medium URLs', () => {
    expect(smallThumbnailUrl(cdnUrls.medium)).toBe(cdnSmall)
    expect(smallThumbnailUrl(`https://i.pximg.net/c/540x540_70/img-master/img/${D}/123_p0_master1200.jpg`)).toBe(
      `https://i.pximg.net/c/360x360_70/img-master/img/${D}/123_p0_master1200.jpg`,
    )
    expect(smallThumbnailUrl(`http://localhost:8080${cdnUrls.medium}`)).toBe(`http://localhost:8080${cdnSmall}`)
  })

  it('has no small URL for anything else', () => {
    for (const medium of [
      '/m.jpg',
      '/common/images/limit_sanity_level_360.png', // a restricted work's placeholder
      `/c/176x352/novel-cover-master/img/${D}/1_abc_master1200.jpg`,
      `/c/540x540_10_webp/img-master/img/${D}/123_p0_master1200.jpg`,
      `/c/540x540_70/img-master/img/${D}/123_p0_square1200.jpg`,
      '',
    ])
      expect(smallThumbnailUrl(medium), medium).toBeUndefined()
  })
})

describe('thumbnailUrl', () => {
  it('returns the chosen size’s URL, never the square crop', () => {
    expect(thumbnailUrl({ width: 800, height: 3000, imageUrls }, 300, 600, 'standard')).toBe('/l.jpg')
    expect(thumbnailUrl({ width: 1000, height: 1000, imageUrls }, 400, 400, 'standard', 1.5)).toBe('/m.jpg')
    expect(thumbnailUrl({ width: 1200, height: 1697, imageUrls: cdnUrls }, 190, 270, 'standard', 1.75)).toBe(cdnSmall)
  })

  it('uses medium where small is chosen but the medium URL has no small sibling', () => {
    expect(thumbnailUrl({ width: 800, height: 600, imageUrls }, 100, 75, 'standard')).toBe('/m.jpg')
  })
})

describe('largeCovers (the detail image: large, or the original)', () => {
  // A square 2266 px work: `large` is 600×600 (the 600×1200 box).
  const square = { width: 2266, height: 2266 }

  it('takes large on a phone at the standard quality, whatever its pixel ratio (capped at 1.5)', () => {
    expect(largeCovers(square, 380, 380, 'standard', 2.75)).toBe(true)
  })

  it('takes the original where large would be upscaled by more than the tolerance', () => {
    expect(largeCovers(square, 968, 968, 'standard', 1)).toBe(false)
    expect(largeCovers(square, 380, 380, 'high', 2.75)).toBe(false)
  })

  it('a work no bigger than the large box: large at the standard quality, the (lossless) original at high', () => {
    expect(largeCovers({ width: 500, height: 800 }, 500, 800, 'high', 3)).toBe(false)
    expect(largeCovers({ width: 500, height: 800 }, 500, 800, 'standard', 1)).toBe(true)
  })

  it('does not decide before it has a size', () => {
    expect(largeCovers(square, 0, 0, 'standard', 1)).toBe(false)
  })
})
