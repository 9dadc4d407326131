import { describe, expect, it } from 'vitest'
import { createFakeCatalogue } from './fake-catalogue.ts'
import { fitWithin, resolveImagePath } from './image-request.ts'
import {
  illustSeriesCoverPath,
  novelCoverPaths,
  novelUploadedImagePaths,
  profileImagePath,
  ugoiraZipPath,
  workImagePaths,
} from './paths.ts'

const strip = (p: string) => p.replace(/^\/img/, '')

describe('fitWithin', () => {
  it('scales down to the tighter side and never up', () => {
    expect(fitWithin(1200, 1600, 540, 540)).toEqual([405, 540])
    expect(fitWithin(2000, 1000, 600, 1200)).toEqual([600, 300])
    expect(fitWithin(300, 200, 540, 540)).toEqual([300, 200])
    expect(fitWithin(10000, 1, 100, 100)).toEqual([100, 1])
  })
})

describe('resolveImagePath', () => {
  const work = {
    id: 42,
    createdTs: 1_700_000_000,
    type: 'illust' as const,
    pageCount: 3,
    width: 1000,
    height: 800,
    ext: 'jpg' as const,
    frameDelays: null,
  }
  const ugoira = { ...work, id: 43, type: 'ugoira' as const, pageCount: 1, frameDelays: [100, 100] }
  const user = { id: 5, profileDate: '2020/01/01/00/00/00', profileHash: 'deadbeef' }
  const novel = {
    id: 9,
    createdTs: 1_700_000_100,
    coverHash: 'c0ffee',
    images: [{ imageId: 77, width: 640, height: 480 }],
  }
  const cat = createFakeCatalogue({
    works: [work, ugoira],
    users: [user],
    novels: [novel],
    series: [{ id: 3, createdTs: 1_700_000_200, coverToken: 'tok' }],
  })

  it('accepts every path paths.ts builds', () => {
    const paths = [
      ...[0, 1, 2].flatMap((p) => Object.values(workImagePaths(work, p))),
      ...Object.values(workImagePaths(ugoira, 0)),
      workImagePaths(ugoira, 1).original,
      ugoiraZipPath(ugoira),
      ugoiraZipPath(ugoira, '1920x1080'),
      profileImagePath(user),
      ...Object.values(novelCoverPaths(novel)),
      ...Object.values(novelCoverPaths({ ...novel, coverHash: null })),
      ...Object.values(novelUploadedImagePaths(novel, 77)),
      illustSeriesCoverPath({ createdTs: 1_700_000_200, coverToken: 'tok' }),
    ]
    for (const p of paths) expect(resolveImagePath(strip(p), cat), p).not.toBeNull()
  })

  it('gives the _webp variants the same spec (one cache entry) as the plain sizes', () => {
    const p = workImagePaths(work, 0)
    expect(resolveImagePath(strip(p.squareMedium.replace('360x360_70', '360x360_10_webp')), cat)).toEqual(
      resolveImagePath(strip(p.squareMedium), cat),
    )
    expect(resolveImagePath(strip(p.large.replace('600x1200_90', '600x1200_90_webp')), cat)).toEqual(
      resolveImagePath(strip(p.large), cat),
    )
  })

  it('takes the shape from the suffix: 360 _square1200 crops, 360 _master1200 fits', () => {
    const p = workImagePaths(work, 0)
    const fit = p.medium.replace('/c/540x540_70/', '/c/360x360_70/')
    expect(resolveImagePath(strip(fit), cat)).toMatchObject({ t: 'raster', vw: 1000, vh: 800, w: 360, h: 288 })
    expect(resolveImagePath(strip(p.squareMedium), cat)).toMatchObject({ w: 360, h: 360 })
  })

  it('answers only the suffixes each size token allows', () => {
    const p = workImagePaths(work, 0)
    for (const bad of [
      p.medium.replace('_master1200', '_square1200'),
      p.large.replace('_master1200', '_square1200'),
      p.large.replace('600x1200_90', '600x1200_90_webp').replace('_master1200', '_square1200'),
      p.squareMedium.replace('360x360_70', '360x360_10_webp').replace('_square1200', '_master1200'),
    ])
      expect(resolveImagePath(strip(bad), cat), bad).toBeNull()
  })

  it('gives each page and size its own spec', () => {
    const specs = [0, 1, 2].flatMap((p) =>
      Object.values(workImagePaths(work, p)).map((x) => JSON.stringify(resolveImagePath(strip(x), cat))),
    )
    expect(new Set(specs).size).toBe(12)
  })

  it('keys the ugoira frame count, so a catalogue change re-renders instead of serving a stale zip', () => {
    const a = resolveImagePath(strip(ugoiraZipPath(ugoira)), cat)
    const b = resolveImagePath(
      strip(ugoiraZipPath(ugoira)),
      createFakeCatalogue({ works: [{ ...ugoira, frameDelays: [1, 2, 3] }] }),
    )
    expect(a).not.toEqual(b)
  })

  it('refuses paths from the wrong catalogue item type or with absurd dimensions', () => {
    expect(resolveImagePath(strip(ugoiraZipPath(work)), cat)).toBeNull()
    const huge = createFakeCatalogue({ works: [{ ...work, width: 0 }] })
    expect(resolveImagePath(strip(workImagePaths(work, 0).original), huge)).toBeNull()
  })
})
