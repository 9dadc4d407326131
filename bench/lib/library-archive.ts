// gallery-dl archives for the library rows of the bench (bench/library.ts): the default folder and file names and
// `--write-metadata` sidecars with the keys gallery-dl really writes (../shared/reference/archive-formats.md §1), so
// the importer parses and hashes what it would on a real archive. Unlike the tests' fixture
// (src/server/testing/gallery-dl-archive.ts), the images can be large and real-looking (gradients with noise, not
// trivially compressible), so the import's MB/s and the renders are those of real originals. Archives are built once
// into a folder keyed by their recipe and reused by later runs.

import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'

/** Bump when what the builder writes changes: archives of an older recipe are then built again. */
export const BUILDER_VERSION = 2

const TAGS: [string, string][] = [
  ['風景', 'scenery'],
  ['オリジナル', 'original'],
  ['女の子', 'girl'],
  ['猫', 'cat'],
  ['空', 'sky'],
  ['海', 'sea'],
  ['夏', 'summer'],
  ['星', 'star'],
  ['ファンタジー', 'fantasy'],
  ['花', 'flower'],
]

/** A tag every 10th work carries and another tenth too: the bench's search word on a library. */
export const LIBRARY_SEARCH_WORD = TAGS[0]![0]

export interface ArchiveImage {
  bytes: Buffer
  ext: 'jpg' | 'png'
  width: number
  height: number
}

/**
 * A real-looking image: diagonal colour gradients, a few soft shapes and tiles of per-pixel noise (`noise` is its
 * amplitude, 0…128), so neither PNG nor JPEG compresses it to almost nothing. Deterministic for a seed.
 */
export async function realLookingImage(
  width: number,
  height: number,
  format: 'jpg' | 'png',
  seed: number,
  noise = 24,
): Promise<ArchiveImage> {
  const raw = Buffer.alloc(width * height * 3)
  let s = (seed * 2654435761) >>> 0 || 1
  const rand = () => {
    // xorshift32
    s ^= s << 13
    s >>>= 0
    s ^= s >>> 17
    s ^= s << 5
    s >>>= 0
    return s
  }
  const blobs = Array.from({ length: 6 }, () => ({
    x: (rand() % 1000) / 1000,
    y: (rand() % 1000) / 1000,
    r: 0.05 + (rand() % 200) / 1000,
    c: [rand() % 256, rand() % 256, rand() % 256],
  }))
  const phase = (seed % 7) / 7
  for (let y = 0; y < height; y++) {
    const fy = y / height
    for (let x = 0; x < width; x++) {
      const fx = x / width
      let r = 255 * fx
      let g = 255 * fy
      let b = 128 + 127 * Math.sin((fx + fy + phase) * 9)
      for (const blob of blobs) {
        const d = Math.hypot(fx - blob.x, (fy - blob.y) * (height / width))
        if (d < blob.r) {
          const k = 1 - d / blob.r
          r += (blob.c[0]! - r) * k
          g += (blob.c[1]! - g) * k
          b += (blob.c[2]! - b) * k
        }
      }
      const i = (y * width + x) * 3
      // textured tiles (a third of the picture) and smooth paint elsewhere, as in a drawing
      if (((x >> 7) + (y >> 7)) % 3 === 0) {
        const n = rand()
        r += ((n & 0xff) / 255 - 0.5) * noise
        g += (((n >>> 8) & 0xff) / 255 - 0.5) * noise
        b += (((n >>> 16) & 0xff) / 255 - 0.5) * noise
      }
      raw[i] = Math.max(0, Math.min(255, r))
      raw[i + 1] = Math.max(0, Math.min(255, g))
      raw[i + 2] = Math.max(0, Math.min(255, b))
    }
  }
  const img = sharp(raw, { raw: { width, height, channels: 3 } })
  const bytes = await (format === 'png' ? img.png() : img.jpeg({ quality: 92 })).toBuffer()
  return { bytes, ext: format, width, height }
}

export interface ArchiveRecipe {
  works: number
  firstId?: number
  /** users the works are spread over (one folder each) */
  users?: number
  /** every n-th work is a 3-page manga (0: none) */
  mangaEvery?: number
  /** the page images, taken in turn (work i's pages are images[(i + page) % images.length]) */
  images: readonly ArchiveImage[]
}

export interface ArchiveFigures {
  works: number
  files: number
  /** bytes of every file (images and sidecars) */
  bytes: number
}

/** Writes a gallery-dl archive of `recipe.works` works under `root` (made if missing). */
export function writeArchive(root: string, recipe: ArchiveRecipe): ArchiveFigures {
  const { works, firstId = 100_000, users = 50, mangaEvery = 7, images } = recipe
  if (images.length === 0) throw new Error('an archive needs at least one image')
  const figures: ArchiveFigures = { works, files: 0, bytes: 0 }
  const base = Date.UTC(2024, 0, 1)
  for (let i = 0; i < works; i++) {
    const id = firstId + i
    const userId = 1000 + (i % users)
    const account = `artist_${userId}`
    const dir = path.join(root, 'pixiv', `${userId} ${account}`)
    if (i < users) mkdirSync(dir, { recursive: true })
    const manga = mangaEvery > 0 && i % mangaEvery === 0
    const pages = manga ? 3 : 1
    const first = images[i % images.length]!
    const created = new Date(base + i * 3_600_000)
    // pixiv's create_date is Tokyo time with its offset; gallery-dl's `date` is UTC without a zone
    const createDate = new Date(created.getTime() + 9 * 3_600_000).toISOString().replace('.000Z', '+09:00')
    const date = created.toISOString().slice(0, 19).replace('T', ' ')
    const tags = [TAGS[i % 10]!, TAGS[(i * 3 + 1) % 10]!].map(([name, translated]) => ({
      name,
      translated_name: translated,
    }))
    for (let num = 0; num < pages; num++) {
      const image = images[(i + num) % images.length]!
      const name = `${id}_p${num}.${image.ext}`
      const file = path.join(dir, name)
      writeFileSync(file, image.bytes)
      const sidecar = JSON.stringify(
        {
          id,
          title: `work ${id}`,
          type: manga ? 'manga' : 'illust',
          caption: i % 3 === 0 ? `A caption for work ${id}<br />with a <a href="https://example.com">link</a>` : '',
          restrict: 0,
          user: {
            id: userId,
            name: `Artist ${userId}`,
            account,
            profile_image_urls: {
              medium: `https://i.pximg.net/user-profile/img/2020/01/01/00/00/00/${userId}_0123456789abcdef0123456789abcdef_170.jpg`,
            },
            is_followed: false,
          },
          tags,
          tools: i % 4 === 0 ? ['CLIP STUDIO PAINT'] : [],
          create_date: createDate,
          page_count: pages,
          width: first.width,
          height: first.height,
          sanity_level: 2,
          x_restrict: 0,
          series: null,
          total_view: i * 7,
          total_bookmarks: i % 100,
          is_bookmarked: false,
          visible: true,
          is_muted: false,
          total_comments: i % 5,
          illust_ai_type: 1,
          illust_book_style: 0,
          restriction_attributes: [],
          num,
          date,
          rating: 'General',
          suffix: num === 0 ? '' : `_p${num}`,
          category: 'pixiv',
          subcategory: 'artworks',
          count: pages,
          date_url: date,
          url: `https://i.pximg.net/img-original/img/${date.replace(/[- :]/g, '/')}/${name}`,
          filename: `${id}_p${num}`,
          extension: image.ext,
        },
        null,
        4,
      )
      writeFileSync(`${file}.json`, sidecar)
      figures.files += 2
      figures.bytes += image.bytes.byteLength + Buffer.byteLength(sidecar)
    }
  }
  return figures
}

export interface CachedArchive extends ArchiveFigures {
  root: string
  /** true: an earlier run built it */
  reused: boolean
  /** milliseconds the build took (0 when reused) */
  buildMs: number
}

const FIGURES_FILE = 'figures.json'

/**
 * The archive `name` under `cacheDir` (`<cacheDir>/<name>-v<builder>/archive`), built by `build` when missing. The
 * build writes into a temporary folder renamed into place at the end, so an interrupted build is never reused.
 */
export async function cachedArchive(
  cacheDir: string,
  name: string,
  build: (root: string) => Promise<ArchiveFigures>,
): Promise<CachedArchive> {
  const home = path.join(cacheDir, `${name}-v${BUILDER_VERSION}`)
  const root = path.join(home, 'archive')
  const figuresFile = path.join(home, FIGURES_FILE)
  if (existsSync(figuresFile) && existsSync(root)) {
    const figures = JSON.parse(readFileSync(figuresFile, 'utf8')) as ArchiveFigures
    return { ...figures, root, reused: true, buildMs: 0 }
  }
  mkdirSync(cacheDir, { recursive: true })
  // leftovers of an interrupted build
  for (const entry of readdirSync(cacheDir))
    if (entry.startsWith(`${name}-v${BUILDER_VERSION}.tmp-`)) rmSync(path.join(cacheDir, entry), { recursive: true })
  rmSync(home, { recursive: true, force: true })
  const tmp = path.join(cacheDir, `${name}-v${BUILDER_VERSION}.tmp-${process.pid}`)
  const started = performance.now()
  const figures = await build(path.join(tmp, 'archive'))
  const buildMs = performance.now() - started
  writeFileSync(path.join(tmp, FIGURES_FILE), JSON.stringify(figures) + '\n')
  renameSync(tmp, home)
  return { ...figures, root, reused: false, buildMs }
}
