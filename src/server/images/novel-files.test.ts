import { describe, expect, it } from 'vitest'
import { createFakeCatalogue } from './fake-catalogue.ts'
import { resolveImagePath } from './image-request.ts'
import { novelCoverOriginalPath, novelCoverPaths, novelUploadedImagePaths } from './paths.ts'

// The image paths of an imported novel (its cover and [uploadedimage:] files, library/*-novels.ts) beside a demo
// novel's: the originals are the files at their own type only, every other size is rendered from the file.

const file = (path: string, ext: string) => ({
  path,
  kind: 'image' as const,
  width: 300,
  height: 420,
  ext,
  bytes: 1234,
  mtimeMs: 1_700_000_000_000,
})
const imported = {
  id: 11,
  createdTs: 1_700_000_100,
  coverHash: '0123456789abcdef0123456789abcdef',
  cover: file('/lib/11_p1.png', 'png'),
  images: [{ imageId: 5, width: 200, height: 100, file: file('/lib/11_p2.gif', 'gif') }],
}
const demo = { id: 12, createdTs: 1_700_000_200, coverHash: 'c0ffee', images: [{ imageId: 5, width: 64, height: 48 }] }
const cat = createFakeCatalogue({ novels: [imported, demo] })
const src = (f: { path: string; bytes: number; mtimeMs: number }) => ({
  path: f.path,
  bytes: f.bytes,
  mtimeMs: f.mtimeMs,
})

describe('an imported novel’s images', () => {
  it('serves its cover file as the original at its own type and renders the sizes from it', () => {
    const original = novelCoverOriginalPath(imported)
    expect(resolveImagePath(original, cat)).toBeNull() // `.jpg`: the cover is a PNG
    expect(resolveImagePath(original.replace(/\.jpg$/, '.png'), cat)).toEqual({
      t: 'file',
      ...src(imported.cover),
      ext: 'png',
    })
    expect(resolveImagePath(novelCoverPaths(imported).squareMedium, cat)).toMatchObject({
      t: 'derived',
      src: src(imported.cover),
      box: [128, 128],
      crop: true,
    })
    expect(resolveImagePath(novelCoverPaths(imported).large, cat)).toMatchObject({ t: 'derived', box: [240, 480] })
  })

  it('serves an uploaded image file at its own type and renders the sizes from it', () => {
    const paths = novelUploadedImagePaths(imported, 5, 'gif')
    expect(resolveImagePath(paths.original, cat)).toEqual({ t: 'file', ...src(imported.images[0]!.file), ext: 'gif' })
    expect(resolveImagePath(paths.original.replace(/\.gif$/, '.jpg'), cat)).toBeNull()
    expect(resolveImagePath(paths['1200x1200'], cat)).toMatchObject({ t: 'derived', box: [1200, 1200], crop: false })
  })

  it('leaves a demo novel’s images drawn, and JPEG only', () => {
    const paths = novelUploadedImagePaths(demo, 5)
    expect(resolveImagePath(paths.original, cat)).toMatchObject({ t: 'raster' })
    expect(resolveImagePath(paths.original.replace(/\.jpg$/, '.png'), cat)).toBeNull()
    expect(resolveImagePath(novelCoverOriginalPath(demo).replace(/\.jpg$/, '.png'), cat)).toBeNull()
    expect(resolveImagePath(novelCoverPaths(demo).large, cat)).toMatchObject({ t: 'raster' })
  })
})
