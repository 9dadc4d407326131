import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { createLogger } from '../log.ts'
import { importLibrary } from '../library/import.ts'
import { sqliteLibraryDb } from '../data/sqlite-library-db.ts'
import { libraryCatalogueFile, openLibraryCatalogue } from '../library/library-catalogue.ts'
import { galleryAvatarSidecar, gallerySidecar } from './gallery-dl-archive.ts'
import { writeLibraryFixture } from './library-fixture.ts'
import { writeGalleryDlNovel } from './novel-archives.ts'

// The library fixture (library-fixture.ts) grown into a library every endpoint has something of, imported into a
// library catalogue: what db:copy's tests of a library copy and serve (data/db-copy*.test.ts). Apart from
// library-fixture.ts, which the e2e specs load without the service's modules.

/** What writeFullLibraryFixture adds to the fixture, by what each stands for. */
export const FULL_LIBRARY_FIXTURE = {
  /** the archive's works of user 77 (gallerySidecar's user), who has an avatar */
  artist: { id: 77, account: 'fixture_artist' },
  /** the owner's bookmarks, as the bookmark extractor lists those of pixiv user 9 */
  bookmark: { id: 120_000_050, tag: 'お気に入り' },
  privateBookmark: { id: 120_000_052, tag: '秘密' },
  /** an illust series of two works */
  series: { id: 5001, title: 'Fixture series', works: [120_000_053, 120_000_054] },
  r18: 120_000_055,
  /** works only the owner may see: mypixiv-only, private */
  mypixivOnly: 120_000_056,
  private: 120_000_057,
  /** the recorded day ranking: rank 1, then `rankedMore` works, more than one page (30) */
  ranking: { mode: 'day', date: '2025-06-01', first: 120_000_051, rankedMore: 35, firstMore: 120_000_100 },
  novel: { id: 130_000_001, user: { id: 2043, name: '書き手', account: 'novelist' } },
  novelSeries: { id: 7001, title: '雨の連作', novels: [130_000_002, 130_000_003] },
} as const

/**
 * The fixture and what every endpoint of a library has to show: the owner's public and private bookmarks with
 * their tags, a recorded day ranking of two pages and an R-18 one, an avatar, an illust series, works the owner
 * alone may see, novels with a cover and a series (db:copy's tests of a library: data/db-copy*.test.ts).
 */
async function writeFullLibraryFixture(root: string): Promise<void> {
  await writeLibraryFixture(root)
  const f = FULL_LIBRARY_FIXTURE
  const jpeg = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#336699' } })
    .jpeg()
    .toBuffer()
  const put = (rel: string, meta: object) => {
    const file = path.join(root, rel)
    mkdirSync(path.dirname(file), { recursive: true })
    writeFileSync(file, jpeg)
    writeFileSync(`${file}.json`, JSON.stringify(meta, null, 4))
  }
  const me = { id: '9', name: 'Me', account: 'me_on_pixiv' }
  const bookmarks = `pixiv/bookmarks/9 me_on_pixiv`
  const bookmark = { subcategory: 'bookmark', user_bookmark: me, is_bookmarked: true }
  put(
    `${bookmarks}/${f.bookmark.id}_p0.jpg`,
    gallerySidecar(f.bookmark.id, 0, { ...bookmark, tags_bookmark: [f.bookmark.tag] }),
  )
  put(
    `${bookmarks}/${f.privateBookmark.id}_p0.jpg`,
    gallerySidecar(f.privateBookmark.id, 0, {
      ...bookmark,
      tags_bookmark: [f.privateBookmark.tag],
      bookmark_restrict: 'private',
    }),
  )
  const { mode, date } = f.ranking
  const ranked = (id: number, rank: number, extra: Record<string, unknown> = {}) =>
    put(
      `pixiv/rankings/${mode}/${date}/${id}_p0.jpg`,
      gallerySidecar(id, 0, { subcategory: 'ranking', ranking: { mode, date, rank }, ...extra }),
    )
  ranked(f.ranking.first, 1)
  for (let i = 0; i < f.ranking.rankedMore; i++)
    ranked(f.ranking.firstMore + i, i + 2, {
      create_date: new Date(Date.UTC(2025, 4, 1) + i * 3_600_000).toISOString().replace('.000Z', '+00:00'),
      total_bookmarks: i * 7,
    })
  put(
    `pixiv/rankings/day_r18/${date}/${f.r18}_p0.jpg`,
    gallerySidecar(f.r18, 0, { subcategory: 'ranking', ranking: { mode: 'day_r18', date, rank: 1 }, x_restrict: 1 }),
  )
  const artist = `pixiv/${f.artist.id} ${f.artist.account}`
  f.series.works.forEach((id, i) =>
    put(
      `${artist}/${id}_p0.jpg`,
      gallerySidecar(id, 0, { series: { id: f.series.id, title: f.series.title }, num_series: i + 1 }),
    ),
  )
  put(`${artist}/${f.mypixivOnly}_p0.jpg`, gallerySidecar(f.mypixivOnly, 0, { restrict: 1 }))
  put(`${artist}/${f.private}_p0.jpg`, gallerySidecar(f.private, 0, { restrict: 2 }))
  put(`${artist}/avatar_2025-01-02.jpg`, galleryAvatarSidecar('2025-01-02T03:04:05+09:00'))
  const novel = (id: number, title: string, day: number, series?: { id: number; title: string; order: number }) =>
    writeGalleryDlNovel(
      root,
      {
        id,
        title,
        caption: 'a caption',
        createDate: `2025-05-0${day}T10:00:00+09:00`,
        user: f.novel.user,
        text: '一頁目。\n[newpage]\n二頁目。',
        tags: [{ name: '小説', translated_name: 'novel' }],
        series,
      },
      { cover: { data: jpeg, ext: 'jpg' } },
    )
  novel(f.novel.id, '雨の日の本屋', 1)
  f.novelSeries.novels.forEach((id, i) =>
    novel(id, `${f.novelSeries.title} ${i + 1}`, i + 2, {
      id: f.novelSeries.id,
      title: f.novelSeries.title,
      order: i + 1,
    }),
  )
}

/** The owner account of importFullLibraryFixture's catalogue. */
export const FIXTURE_OWNER = { username: 'owner', password: 'pw' } as const

/**
 * writeFullLibraryFixture's archive at `dir`/gallery-dl imported into a library catalogue in `dir`/data (as `npm run
 * import` makes it, owner FIXTURE_OWNER); returns the archive's folder and the catalogue's file.
 */
export async function importFullLibraryFixture(dir: string): Promise<{ root: string; file: string }> {
  const root = path.join(dir, 'gallery-dl')
  await writeFullLibraryFixture(root)
  const dataDir = path.join(dir, 'data')
  const store = openLibraryCatalogue({ dataDir, owner: FIXTURE_OWNER }, createLogger('silent'), { forImport: true })
  try {
    await importLibrary(sqliteLibraryDb(store.db), root)
  } finally {
    store.close()
  }
  return { root, file: libraryCatalogueFile(dataDir) }
}
