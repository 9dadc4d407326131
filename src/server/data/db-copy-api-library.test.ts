import sharp from 'sharp'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { servedCatalogueFile } from '../catalogue.ts'
import { OWNER_ID } from '../library/library-catalogue.ts'
import { endpointSamples, itAnswersAlike, itemIdsOf, type Answerer, type SampleIds } from '../testing/api-equality.ts'
import { FIXTURE_OWNER, FULL_LIBRARY_FIXTURE as F, importFullLibraryFixture } from '../testing/full-library-fixture.ts'
import { openTestApp } from '../testing/harness.ts'
import { usePostgres } from '../testing/postgres.ts'
import { copySqliteToPostgres } from './db-copy.ts'

// db:copy keeps what clients see of an imported library too (db-copy-api.test.ts: the demo's). A library catalogue
// imported from the fixture archive (testing/full-library-fixture.ts), served from SQLite as LIBRARY_DIR serves it,
// and used there by its owner as no archive records (follows, novel bookmarks, comments, a mute); then its db:copy,
// served from PostgreSQL without LIBRARY_DIR (the repositories know a library by its meta). Both answer every GET
// endpoint of the endpoint table alike, anonymous and signed in as the owner, who sees the archive's mypixiv-only and
// private works and their own private bookmarks; every list to its end. A work's images are the archive's files,
// read from the paths the catalogue holds: the same bytes and ETag from both, signed URLs too.

const db = usePostgres()
let dir: string
let sqlite: Answerer
let postgres: Answerer
let ids: SampleIds
/** the paths of the manga's pages in the archive, in page order */
let mangaFiles: string[]

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'easel-db-copy-api-library-'))
  const { root, file } = await importFullLibraryFixture(dir)
  // One TOKEN_SECRET for both, as for instances of one catalogue: signed image URLs are made with it.
  const shared = { tokenSecret: Buffer.alloc(32, 9) }
  const { username, password } = FIXTURE_OWNER
  const lite = openTestApp({ ...shared, libraryDir: root }, { engine: 'sqlite', catalogue: file })
  sqlite = { app: lite, token: await lite.login(username, password) }
  await useAsOwner(sqlite)
  // The file the owner's service serves is copied, with what they did in Easel. Checkpointed first: the PostgreSQL
  // side takes its meta from a copy of the file alone, which would leave the WAL behind.
  const library = lite.services.store.db
  library.pragma('wal_checkpoint(TRUNCATE)')
  const served = servedCatalogueFile(lite.services.config)
  const url = await db.createDatabase('copy')
  expect((await copySqliteToPostgres(served, url)).equal).toBe(true)
  const pg = openTestApp(shared, { engine: 'postgres', databaseUrl: url, catalogue: served })
  // the owner's session came across with the file: the same token signs them in there (the list of signed-in devices
  // is the same on both)
  postgres = { app: pg, token: sqlite.token }

  const one = (sql: string) => Object.values(library.prepare(sql).get() as Record<string, string>)[0]!
  ids = {
    ...itemIdsOf(library),
    me: OWNER_ID,
    tag: one(
      'SELECT t.name FROM tags t JOIN work_tags wt ON wt.tag_id = t.id GROUP BY t.id ORDER BY count(*) DESC LIMIT 1',
    ),
    novelTag: one(
      'SELECT t.name FROM tags t JOIN novel_tags nt ON nt.tag_id = t.id GROUP BY t.id ORDER BY count(*) DESC LIMIT 1',
    ),
    bookmarkTag: one(
      `SELECT t.name FROM illust_bookmark_tags t JOIN illust_bookmarks b ON b.id = t.bookmark_id
       WHERE b.restrict = 0 LIMIT 1`,
    ),
    titleWord: 'work',
    userWords: ['Artist', F.novel.user.name.slice(0, 2)],
    day: F.ranking.date,
  }
  mangaFiles = (
    library.prepare('SELECT path FROM work_files WHERE work_id = ? ORDER BY page').all(ids.manga) as { path: string }[]
  ).map((r) => r.path)
}, 180_000)

/** the owner's tag of a novel they bookmark in Easel */
const NOVEL_BOOKMARK_TAG = '雨'

/**
 * What an owner does in Easel with their library, which no archive records: follows (public and private), novel
 * bookmarks with a tag, comments with a reply on a work and a novel, a muted tag.
 */
async function useAsOwner({ app, token }: Answerer) {
  const post = async (p: string, fields: Record<string, string>) => {
    const res = await app.post(p, fields, token)
    expect(res.status, p).toBe(200)
    return (await res.json()) as { comment?: { id: number } }
  }
  await post('/v1/user/follow/add', { user_id: String(F.artist.id), restrict: 'public' })
  await post('/v1/user/follow/add', { user_id: String(F.novel.user.id), restrict: 'private' })
  await post('/v2/novel/bookmark/add', {
    novel_id: String(F.novel.id),
    restrict: 'public',
    'tags[]': NOVEL_BOOKMARK_TAG,
  })
  await post('/v2/novel/bookmark/add', { novel_id: String(F.novelSeries.novels[0]), restrict: 'private' })
  for (const [kind, id] of [
    ['illust', F.series.works[0]],
    ['novel', F.novel.id],
  ] as const) {
    const item = { [`${kind}_id`]: String(id) }
    const { comment } = await post(`/v1/${kind}/comment/add`, { ...item, comment: 'いいね' })
    await post(`/v1/${kind}/comment/add`, { ...item, comment: 'reply', parent_comment_id: String(comment!.id) })
  }
  await post('/v1/mute/edit', { 'add_tags[]': 'うごイラ' })
  // a work and a novel the owner posted in Easel, beside the archive's
  const form = new FormData()
  const page = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3c3' } })
    .png()
    .toBuffer()
  form.append('file', new Blob([new Uint8Array(page)], { type: 'image/png' }), 'page.png')
  const uploaded = await app.fetch('/v1/easel/upload', { method: 'POST', body: form, token })
  const { upload } = (await uploaded.json()) as { upload: { id: number } }
  const work = await app.post(
    '/v1/easel/illust/add',
    [
      ['title', 'Owner post'],
      ['upload_ids[]', String(upload.id)],
    ],
    token,
  )
  posted.illust = ((await work.json()) as { illust: { id: number } }).illust.id
  const novel = await app.post('/v1/easel/novel/add', { title: 'Owner novel', text: '[chapter:一]本文' }, token)
  posted.novel = ((await novel.json()) as { novel: { id: number } }).novel.id
}

/** What the owner posted before the copy. */
const posted = { illust: 0, novel: 0 }

// closed before usePostgres stops the cluster, which would end the pool's connections under it
afterAll(async () => {
  await Promise.all([sqlite?.app.close(), postgres?.app.close()])
  if (dir) rmSync(dir, { recursive: true, force: true })
})

/** The samples of every GET endpoint, and what only a library has: private works and bookmarks, recorded rankings. */
const samples = () => {
  const q = encodeURIComponent
  const bookmarks = (kind: string) => `/v1/user/bookmarks/${kind}?user_id=${OWNER_ID}`
  return endpointSamples(ids, {
    '/v1/illust/detail': [F.private, F.bookmark.id, F.privateBookmark.id].map(
      (id) => `/v1/illust/detail?illust_id=${id}`,
    ),
    '/v1/illust/ranking': [`/v1/illust/ranking?mode=day_r18&date=${ids.day}`],
    '/v2/illust/follow': ['/v2/illust/follow?restrict=private'],
    '/v1/novel/follow': ['/v1/novel/follow?restrict=all'],
    '/v1/user/bookmarks/illust': [`${bookmarks('illust')}&restrict=private&tag=${q(F.privateBookmark.tag)}`],
    '/v1/user/bookmarks/novel': [`${bookmarks('novel')}&tag=${q(NOVEL_BOOKMARK_TAG)}`],
    '/v2/illust/bookmark/detail': [F.bookmark.id, F.privateBookmark.id].map(
      (id) => `/v2/illust/bookmark/detail?illust_id=${id}`,
    ),
    '/v2/novel/bookmark/detail': [`/v2/novel/bookmark/detail?novel_id=${F.novelSeries.novels[0]}`],
    '/v1/easel/illust/pages': [`/v1/easel/illust/pages?illust_id=${posted.illust}`],
    '/v1/easel/novel/source': [`/v1/easel/novel/source?novel_id=${posted.novel}`],
    '/v1/easel/moderation/reports': ['/v1/easel/moderation/reports?state=open'],
    '/v1/easel/moderation/held': ['/v1/easel/moderation/held'],
    '/v1/easel/moderation/target': [`/v1/easel/moderation/target?kind=user&target_id=${OWNER_ID}`],
    '/v1/easel/series': ['illust', 'novel'].map((kind) => `/v1/easel/series?kind=${kind}`),
    '/v1/easel/moderation/log': ['/v1/easel/moderation/log'],
  })
}

describe('db:copy of an imported library into PostgreSQL keeps the App API answers', () => {
  itAnswersAlike(() => ({ a: sqlite, b: postgres, samples: samples() }), 'the owner')

  it('the samples reach what the library holds: the owner’s private works, bookmarks and follows, a ranking of two pages', async () => {
    for (const { app, token } of [sqlite, postgres]) {
      const detail = (t?: string) =>
        app.get<{ illust: { visible: boolean } }>(`/v1/illust/detail?illust_id=${F.private}`, t)
      expect((await detail(token)).illust.visible).toBe(true)
      expect((await detail()).illust.visible).toBe(false)
      const bookmarks = await app.get<{ illusts: { id: number }[] }>(
        `/v1/user/bookmarks/illust?user_id=${OWNER_ID}&restrict=private`,
        token,
      )
      expect(bookmarks.illusts.map((w) => w.id)).toEqual([F.privateBookmark.id])
      // the novelist, followed in private
      const feed = await app.get<{ novels: unknown[] }>('/v1/novel/follow?restrict=private', token)
      expect(feed.novels).toHaveLength(1 + F.novelSeries.novels.length)
      const ranking = await app.get<{ illusts: unknown[]; next_url: string | null }>(
        `/v1/illust/ranking?mode=day&date=${ids.day}`,
      )
      expect(ranking.illusts).toHaveLength(30)
      expect(ranking.next_url).not.toBeNull()
    }
  })

  it('serves a work’s images from the archive’s files: the same bytes and ETag from both, signed ones too', async () => {
    type Detail = {
      illust: {
        image_urls: { large: string }
        meta_single_page: { original_image_url?: string }
        meta_pages: { image_urls: { original: string } }[]
      }
    }
    const manga = (await sqlite.app.get<Detail>(`/v1/illust/detail?illust_id=${ids.manga}`)).illust
    const originals = manga.meta_pages.map((p) => p.image_urls.original)
    expect(originals).toHaveLength(mangaFiles.length)
    // the owner's alone: its URLs carry a signature, made with the TOKEN_SECRET both share
    const hidden = (await sqlite.app.get<Detail>(`/v1/illust/detail?illust_id=${F.private}`, sqlite.token)).illust
    const signed = [hidden.meta_single_page.original_image_url!, hidden.image_urls.large]
    expect(signed.every((url) => new URL(url).search !== '')).toBe(true)
    for (const url of [...originals, manga.image_urls.large, ...signed]) {
      const [a, b] = await Promise.all([sqlite.app.fetch(url), postgres.app.fetch(url)])
      expect([a.status, b.status], url).toEqual([200, 200])
      expect(b.headers.get('etag'), url).toBe(a.headers.get('etag'))
      const bytes = Buffer.from(await a.arrayBuffer())
      expect(Buffer.from(await b.arrayBuffer()).equals(bytes), url).toBe(true)
      const page = originals.indexOf(url)
      if (page >= 0) expect(bytes.equals(readFileSync(mangaFiles[page]!)), url).toBe(true)
    }
  })
})
