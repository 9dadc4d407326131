import { describe, expect, it } from 'vitest'
import { createFakeCatalogue } from './fake-catalogue.ts'
import { fitWithin, resolveImagePath } from './image-request.ts'
import {
  backgroundPaths,
  illustSeriesCoverPath,
  legacyImagePath,
  noProfilePath,
  novelCoverOriginalPath,
  novelCoverPaths,
  novelImageStem,
  novelUploadedImagePaths,
  placeholderPath,
  profileImageFullPath,
  profileImagePath,
  ugoiraZipPath,
  workImagePaths,
} from './paths.ts'

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
  /** a user with a profile banner (hasBackground: an even last hex digit) */
  const bannered = { id: 6, profileDate: '2020/01/01/00/00/00', profileHash: 'deadbee0' }
  const novel = {
    id: 9,
    createdTs: 1_700_000_100,
    coverHash: 'c0ffee',
    images: [{ imageId: 77, width: 640, height: 480 }],
  }
  const cat = createFakeCatalogue({
    works: [work, ugoira],
    users: [user, bannered],
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
      profileImageFullPath(user),
      ...Object.values(backgroundPaths(bannered)),
      ...Object.values(novelCoverPaths(novel)),
      novelCoverOriginalPath({ ...novel, coverHash: 'c0ffee' }),
      ...Object.values(novelCoverPaths({ ...novel, coverHash: null })),
      ...Object.values(novelUploadedImagePaths(novel, 77)),
      illustSeriesCoverPath({ createdTs: 1_700_000_200, coverToken: 'tok' }),
    ]
    for (const p of paths) expect(resolveImagePath(p, cat), p).not.toBeNull()
  })

  it('gives the _webp variants the same spec (one cache entry) as the plain sizes', () => {
    const p = workImagePaths(work, 0)
    expect(resolveImagePath(p.squareMedium.replace('360x360_70', '360x360_10_webp'), cat)).toEqual(
      resolveImagePath(p.squareMedium, cat),
    )
    expect(resolveImagePath(p.large.replace('600x1200_90', '600x1200_90_webp'), cat)).toEqual(
      resolveImagePath(p.large, cat),
    )
  })

  it('takes the shape from the suffix: 360 _square1200 crops, 360 _master1200 fits', () => {
    const p = workImagePaths(work, 0)
    const fit = p.medium.replace('/c/540x540_70/', '/c/360x360_70/')
    expect(resolveImagePath(fit, cat)).toMatchObject({ t: 'raster', vw: 1000, vh: 800, w: 360, h: 288 })
    expect(resolveImagePath(p.squareMedium, cat)).toMatchObject({ w: 360, h: 360 })
  })

  it('answers only the suffixes each size token allows', () => {
    const p = workImagePaths(work, 0)
    for (const bad of [
      p.medium.replace('_master1200', '_square1200'),
      p.large.replace('_master1200', '_square1200'),
      p.large.replace('600x1200_90', '600x1200_90_webp').replace('_master1200', '_square1200'),
      p.squareMedium.replace('360x360_70', '360x360_10_webp').replace('_square1200', '_master1200'),
    ])
      expect(resolveImagePath(bad, cat), bad).toBeNull()
  })

  it('gives each page and size its own spec', () => {
    const specs = [0, 1, 2].flatMap((p) =>
      Object.values(workImagePaths(work, p)).map((x) => JSON.stringify(resolveImagePath(x, cat))),
    )
    expect(new Set(specs).size).toBe(15)
  })

  it('keys the ugoira frame count, so a catalogue change re-renders instead of serving a stale zip', () => {
    const a = resolveImagePath(ugoiraZipPath(ugoira), cat)
    const b = resolveImagePath(
      ugoiraZipPath(ugoira),
      createFakeCatalogue({ works: [{ ...ugoira, frameDelays: [1, 2, 3] }] }),
    )
    expect(a).not.toEqual(b)
  })

  it('refuses paths from the wrong catalogue item type or with absurd dimensions', () => {
    expect(resolveImagePath(ugoiraZipPath(work), cat)).toBeNull()
    const huge = createFakeCatalogue({ works: [{ ...work, width: 0 }] })
    expect(resolveImagePath(workImagePaths(work, 0).original, huge)).toBeNull()
  })

  it('serves the paths clients derive: the full avatar, the original cover, the original banner', () => {
    // gallery-dl: the avatar without `_170`; the cover from `image_urls.large` (the text after the first `/img/`,
    // `_master1200` and the extension dropped, `.jpg`); the banner without `/c/<size>` and `_master1200`.
    expect(profileImagePath(user).replace('_170.', '.')).toBe(profileImageFullPath(user))
    expect(resolveImagePath(profileImageFullPath(user), cat)).toMatchObject({ w: 400, h: 400 })
    const large = novelCoverPaths(novel).large
    const derived = `/novel-cover-original/img/${large
      .split('/img/')[1]!
      .replace(/\.[a-z]+$/, '')
      .replace('_master1200', '')}.jpg`
    expect(derived).toBe(novelCoverOriginalPath({ ...novel, coverHash: 'c0ffee' }))
    expect(resolveImagePath(derived, cat)).toMatchObject({ t: 'raster', w: 1000, h: 1414 })
    const banner = backgroundPaths(bannered).master.split('/')
    banner.splice(1, 2)
    expect(banner.join('/').replace('_master1200.', '.')).toBe(backgroundPaths(bannered).original)
  })

  it('has no banner, original cover or uploaded image where the catalogue has none', () => {
    expect(resolveImagePath(backgroundPaths(user).master, cat)).toBeNull()
    expect(resolveImagePath(backgroundPaths(user).original, cat)).toBeNull()
    expect(resolveImagePath(novelCoverOriginalPath({ ...novel, coverHash: 'c0ffef' }), cat)).toBeNull()
    const good = novelUploadedImagePaths(novel, 77).original
    // an image id the novel lacks; a hash naming another novel; a hash that is not the service's
    expect(resolveImagePath(good.replace(novelImageStem(9, 77), novelImageStem(9, 78)), cat)).toBeNull()
    expect(resolveImagePath(good.replace(novelImageStem(9, 77), novelImageStem(10, 77)), cat)).toBeNull()
    expect(resolveImagePath(good.replace(/_[0-9a-f]{32}\./, `_${'0'.repeat(11)}9${'0'.repeat(20)}.`), cat)).toBeNull()
  })

  it('answers the placeholders at s.pximg.net paths', () => {
    expect(placeholderPath('sanity_level')).toBe('/common/images/limit_sanity_level_360.png')
    expect(resolveImagePath(placeholderPath('mypixiv'), cat)).toMatchObject({ fmt: 'png' })
    expect(resolveImagePath(noProfilePath, cat)).toMatchObject({ fmt: 'png' })
  })
})

describe('legacyImagePath', () => {
  it('drops /img in front of a CDN path, and renames the novel images of earlier versions', () => {
    const d = '2024/01/02/03/04/05'
    expect(legacyImagePath(`/img/c/540x540_70/img-master/img/${d}/1_p0_master1200.jpg`)).toBe(
      `/c/540x540_70/img-master/img/${d}/1_p0_master1200.jpg`,
    )
    expect(legacyImagePath('/img/common/images/no_profile.png')).toBe('/common/images/no_profile.png')
    const stem = novelImageStem(9, 905)
    expect(legacyImagePath(`/img/c/240x480/novel-image-master/img/${d}/9_905_master1200.jpg`)).toBe(
      `/c/240x480_80/novel-cover-master/img/${d}/${stem}_master1200.jpg`,
    )
    expect(legacyImagePath(`/img/novel-image-original/img/${d}/9_905.jpg`)).toBe(
      `/novel-cover-original/img/${d}/${stem}.jpg`,
    )
  })

  it('never points anywhere but a CDN folder on this origin', () => {
    for (const p of ['/img//evil.example/x.jpg', '/img/', '/img/assets/index.js', '/imgs/c/x', '/c/540x540_70/x'])
      expect(legacyImagePath(p), p).toBeNull()
  })
})
