import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { zipSync } from 'fflate'
import sharp from 'sharp'
import { writeGalleryDlArchive } from './gallery-dl-archive.ts'

// A small gallery-dl archive for the tests of an imported library as a person sees it (e2e/library.spec.ts, the scan
// endpoint's test): a 3-page manga and an illustration (gallery-dl-archive.ts), an ugoira as gallery-dl saves it by
// default (the frames' zip, the delays in its sidecar's `frames`) whose frames differ in colour and delay, and a work
// whose sidecar is cut off, which the import skips with its reason.

/** pixiv-sized ids, as a real archive has. */
export const LIBRARY_FIXTURE = {
  /** writeGalleryDlArchive's first work is a 3-page manga, its second an illustration */
  manga: { id: 120_000_001, pages: 3, title: 'work 120000001' },
  illust: { id: 120_000_002, title: 'work 120000002', width: 64, height: 48 },
  ugoira: {
    id: 120_000_010,
    title: 'Three colours',
    user: { id: 2042, name: 'Ugoira Artist', account: 'ugoira_artist' },
    width: 60,
    height: 40,
    /** each frame one flat colour, shown for its own delay (ms) */
    frames: [
      { file: '000000.jpg', delay: 300, rgb: [230, 30, 30] },
      { file: '000001.jpg', delay: 900, rgb: [30, 200, 30] },
      { file: '000002.jpg', delay: 1800, rgb: [30, 30, 230] },
    ] as { file: string; delay: number; rgb: [number, number, number] }[],
  },
  bad: { id: 120_000_020, sidecar: 'pixiv/2042 ugoira_artist/120000020_p0.jpg.json' },
  /** works the importer takes, per type */
  counts: { illust: 1, manga: 1, ugoira: 1, novel: 0 },
} as const

export async function writeLibraryFixture(root: string): Promise<void> {
  const f = LIBRARY_FIXTURE
  await writeGalleryDlArchive(root, 2, f.manga.id)
  const u = f.ugoira
  const dir = path.join(root, 'pixiv', `${u.user.id} ${u.user.account}`)
  mkdirSync(dir, { recursive: true })
  const frames: Record<string, Uint8Array> = {}
  for (const frame of u.frames) {
    const [r, g, b] = frame.rgb
    frames[frame.file] = await sharp({
      create: { width: u.width, height: u.height, channels: 3, background: { r, g, b } },
    })
      .jpeg({ quality: 95 })
      .toBuffer()
  }
  const zip = path.join(dir, `${u.id}_p0.zip`)
  writeFileSync(zip, zipSync(frames, { level: 0 }))
  const sidecar = {
    id: u.id,
    title: u.title,
    type: 'ugoira',
    caption: '',
    restrict: 0,
    user: u.user,
    tags: [{ name: 'うごイラ', translated_name: 'ugoira' }],
    tools: [],
    create_date: '2025-04-01T12:00:00+09:00',
    page_count: 1,
    width: u.width,
    height: u.height,
    x_restrict: 0,
    total_view: 10,
    total_bookmarks: 2,
    num: 0,
    category: 'pixiv',
    subcategory: 'artworks',
    frames: u.frames.map(({ file, delay }) => ({ file, delay })),
  }
  writeFileSync(`${zip}.json`, JSON.stringify(sidecar, null, 4))
  // a download whose sidecar was cut off: the image is there, its metadata is not readable
  const bad = path.join(root, f.bad.sidecar)
  writeFileSync(bad.slice(0, -'.json'.length), frames['000000.jpg']!)
  writeFileSync(bad, `{"id": ${f.bad.id}, "title": "cut o`)
}
