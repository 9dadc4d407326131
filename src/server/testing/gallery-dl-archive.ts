import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'

// Builds a gallery-dl archive (`--write-metadata` sidecars, the default folder and file names) of `works` works, for
// the importer's tests and measurements: 50 users, every 7th work a 3-page manga, tags from a small vocabulary. Every
// image is the same small JPEG, so building 10,000 works takes seconds.

const TAGS = ['風景', 'オリジナル', '女の子', '猫', '空', '海', '夏', '星', 'ファンタジー', '花']

export async function writeGalleryDlArchive(root: string, works: number, firstId = 100_000): Promise<void> {
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#446688' } })
    .jpeg()
    .toBuffer()
  for (let i = 0; i < works; i++) {
    const id = firstId + i
    const userId = 1000 + (i % 50)
    const account = `artist_${userId}`
    const dir = path.join(root, 'pixiv', `${userId} ${account}`)
    if (i < 50) mkdirSync(dir, { recursive: true })
    const manga = i % 7 === 0
    const pages = manga ? 3 : 1
    for (let num = 0; num < pages; num++) {
      const file = path.join(dir, `${id}_p${num}.jpg`)
      writeFileSync(file, jpeg)
      writeFileSync(
        `${file}.json`,
        JSON.stringify(
          {
            id,
            title: `work ${id}`,
            type: manga ? 'manga' : 'illust',
            caption: '',
            restrict: 0,
            user: { id: userId, name: `Artist ${userId}`, account },
            tags: [TAGS[i % 10], TAGS[(i * 3 + 1) % 10]].map((name) => ({ name, translated_name: null })),
            tools: [],
            create_date: new Date(Date.UTC(2024, 0, 1) + i * 3_600_000).toISOString().replace('.000Z', '+00:00'),
            page_count: pages,
            width: 64,
            height: 48,
            x_restrict: 0,
            total_view: i,
            total_bookmarks: i % 100,
            num,
            category: 'pixiv',
            subcategory: 'artworks',
          },
          null,
          4,
        ),
      )
    }
  }
}

/** One gallery-dl sidecar (`--write-metadata`, the default `tags` option: names only) of user 77, page `num`. */
export function gallerySidecar(id: number, num: number, extra: Record<string, unknown> = {}) {
  return {
    id,
    title: `work ${id}`,
    type: 'illust',
    caption: '',
    restrict: 0,
    user: { id: 77, name: 'Fixture Artist', account: 'fixture_artist', is_followed: false },
    tags: ['風景', 'オリジナル'],
    tools: [],
    create_date: '2025-03-01T12:34:56+09:00',
    page_count: 1,
    width: 40,
    height: 30,
    x_restrict: 0,
    series: null,
    total_view: 12,
    total_bookmarks: 3,
    illust_ai_type: 1,
    illust_book_style: 0,
    num,
    category: 'pixiv',
    subcategory: 'artworks',
    ...extra,
  }
}

/** The sidecar of user 77's avatar (gallerySidecar's user), as gallery-dl's `include: avatar` writes it. */
export function galleryAvatarSidecar(createDate: string) {
  return {
    ...gallerySidecar(0, 0),
    id: 'avatar',
    type: 'avatar',
    title: 'avatar',
    tags: [],
    subcategory: 'avatar',
    create_date: createDate,
    width: 0,
    height: 0,
  }
}
