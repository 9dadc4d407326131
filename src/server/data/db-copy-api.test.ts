import sharp from 'sharp'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, inject } from 'vitest'
import { endpointSamples, itAnswersAlike, itemIdsOf, type SampleIds } from '../testing/api-equality.ts'
import { openTestApp, type TestApp } from '../testing/harness.ts'
import { usePostgres } from '../testing/postgres.ts'
import { servedCatalogueFile } from '../catalogue.ts'
import { copySqliteToPostgres } from './db-copy.ts'

// db:copy keeps what clients see: the test catalogue on SQLite and its db:copy into PostgreSQL, each served by the
// real service, answer every GET endpoint of the endpoint table alike: status and body, byte for byte once parsed,
// for sampled ids, anonymous and signed in (caller-relative fields: is_bookmarked, is_followed, private lists), with
// every list followed by its next_url to the end. A new GET endpoint in the table fails the test until it has samples.

const db = usePostgres()
let sqlite: TestApp
let postgres: TestApp
const tokens = { sqlite: '', postgres: '' }
const codes = { used: '', unused: '' }

/** The work and the novel the demo posted before the copy. */
let postedId: number
let postedNovelId: number
/** The ids the samples use, read from the catalogue both serve. */
let ids: SampleIds
let hiddenWorkId: string

beforeAll(async () => {
  // One TOKEN_SECRET for both, as for instances of one catalogue: signed image URLs are made with it, and so are the
  // access tokens. The demo signs in first and the file is copied with its session, which the PostgreSQL side then
  // serves the same token from: the copy keeps who is signed in, and the list of signed-in devices is the same.
  const shared = { tokenSecret: Buffer.alloc(32, 9) }
  sqlite = openTestApp(shared, { engine: 'sqlite' })
  tokens.sqlite = await sqlite.login('demo')
  // an invite a newcomer used and one unused: the copy keeps both, and the account made with the first
  const invite = async () =>
    ((await (await sqlite.post('/v1/easel/invites/add', {}, tokens.sqlite)).json()) as { code: string }).code
  codes.used = await invite()
  codes.unused = await invite()
  const made = await sqlite.post('/v1/easel/signup', {
    account: 'copied_newcomer',
    name: 'Copied',
    password: 'a long passphrase',
    invite: codes.used,
  })
  expect(made.status).toBe(200)
  // a work the demo posted: its pages (uploads) are copied with it
  const form = new FormData()
  const page = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
    .png()
    .toBuffer()
  form.append('file', new Blob([new Uint8Array(page)], { type: 'image/png' }), 'page.png')
  const uploaded = await sqlite.fetch('/v1/easel/upload', { method: 'POST', body: form, token: tokens.sqlite })
  const { upload } = (await uploaded.json()) as { upload: { id: number } }
  const posted = await sqlite.post(
    '/v1/easel/illust/add',
    [
      ['title', 'Copied post'],
      ['tags[]', 'copied'],
      ['upload_ids[]', String(upload.id)],
    ],
    tokens.sqlite,
  )
  postedId = ((await posted.json()) as { illust: { id: number } }).illust.id
  const novel = await sqlite.post(
    '/v1/easel/novel/add',
    [
      ['title', 'Copied novel'],
      ['text', '[chapter:一]本文'],
    ],
    tokens.sqlite,
  )
  postedNovelId = ((await novel.json()) as { novel: { id: number } }).novel.id
  // moderation: an open report, a hidden work and the log's lines are copied with the rest
  const [reportedWork, hiddenWork] = (
    sqlite.services.store.db
      .prepare('SELECT id FROM works WHERE restrict = 0 AND user_id != 1 ORDER BY id LIMIT 2')
      .all() as { id: number }[]
  ).map((w) => String(w.id))
  hiddenWorkId = hiddenWork!
  const moderated = [
    await sqlite.post('/v1/easel/report', { kind: 'illust', target_id: reportedWork!, reason: 'spam' }, tokens.sqlite),
    await sqlite.post('/v1/easel/report', { kind: 'illust', target_id: hiddenWork!, reason: 'other' }, tokens.sqlite),
    await sqlite.post(
      '/v1/easel/moderation/item',
      { kind: 'illust', target_id: hiddenWork!, action: 'hide', note: 'Copied' },
      tokens.sqlite,
    ),
  ]
  expect(moderated.map((r) => r.status)).toEqual([200, 200, 200])
  sqlite.services.store.db.pragma('wal_checkpoint(TRUNCATE)')
  const served = servedCatalogueFile(sqlite.services.config)
  const url = await db.createDatabase('copy')
  await copySqliteToPostgres(served, url)
  postgres = openTestApp(shared, { engine: 'postgres', databaseUrl: url, catalogue: served })
  tokens.postgres = tokens.sqlite

  const lite = new Database(inject('catalogueFile'), { readonly: true })
  const one = (sql: string) => Object.values(lite.prepare(sql).get() as Record<string, string>)[0]!
  ids = {
    ...itemIdsOf(lite),
    me: 1,
    tag: one(
      'SELECT t.name FROM tags t JOIN work_tags wt ON wt.tag_id = t.id GROUP BY t.id ORDER BY count(*) DESC LIMIT 1 OFFSET 5',
    ),
    novelTag: one(
      'SELECT t.name FROM tags t JOIN novel_tags nt ON nt.tag_id = t.id GROUP BY t.id ORDER BY count(*) DESC LIMIT 1 OFFSET 3',
    ),
    bookmarkTag: one('SELECT name FROM illust_bookmark_tags t JOIN illust_bookmarks b ON b.id = t.bookmark_id LIMIT 1'),
    titleWord: '女の子',
    userWords: ['a', 'さ'],
    day: one("SELECT strftime('%Y-%m-%d', max(created_ts) - 3 * 86400, 'unixepoch') FROM works"),
  }
  lite.close()
}, 180_000)

// closed before usePostgres stops the cluster, which would end the pool's connections under it
afterAll(() => Promise.all([sqlite?.close(), postgres?.close()]))

describe('db:copy into PostgreSQL keeps the App API answers', () => {
  itAnswersAlike(
    () => ({
      a: { app: sqlite, token: tokens.sqlite },
      b: { app: postgres, token: tokens.postgres },
      samples: endpointSamples(ids, {
        '/v1/easel/registration': [codes.used, codes.unused].map((c) => `/v1/easel/registration?invite=${c}`),
        '/v1/easel/illust/pages': [`/v1/easel/illust/pages?illust_id=${postedId}`],
        '/v1/easel/novel/source': [`/v1/easel/novel/source?novel_id=${postedNovelId}`],
        '/v1/easel/moderation/reports': ['open', 'closed'].map(
          (state) => `/v1/easel/moderation/reports?state=${state}`,
        ),
        '/v1/easel/moderation/held': ['/v1/easel/moderation/held'],
        '/v1/easel/moderation/target': [`/v1/easel/moderation/target?kind=illust&target_id=${hiddenWorkId}`],
        '/v1/easel/series': ['illust', 'novel'].map((kind) => `/v1/easel/series?kind=${kind}`),
        '/v1/easel/moderation/log': ['/v1/easel/moderation/log'],
      }),
    }),
    'demo',
  )
})
