import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { ENDPOINTS } from '../../api/endpoints.ts'
import { openTestApp, type TestApp } from '../testing/harness.ts'
import { usePostgres } from '../testing/postgres.ts'
import { copySqliteToPostgres } from './db-copy.ts'

// db:copy keeps what clients see: the test catalogue on SQLite and its db:copy into PostgreSQL, each served by the
// real service, answer every GET endpoint of the endpoint table alike: status and body, byte for byte once parsed,
// for sampled ids, anonymous and signed in (caller-relative fields: is_bookmarked, is_followed, private lists), with
// every list followed by its next_url to the end. A new GET endpoint in the table fails the test until it has samples.

const db = usePostgres()
let sqlite: TestApp
let postgres: TestApp
const tokens = { sqlite: '', postgres: '' }

/** The ids the samples use, read from the catalogue both serve. */
let ids: Record<string, number | string>

beforeAll(async () => {
  const url = await db.createDatabase('copy')
  await copySqliteToPostgres(inject('catalogueFile'), url)
  // One TOKEN_SECRET for both, as for instances of one catalogue: signed image URLs are made with it.
  const shared = { tokenSecret: Buffer.alloc(32, 9) }
  sqlite = openTestApp(shared, { engine: 'sqlite' })
  postgres = openTestApp(shared, { engine: 'postgres', databaseUrl: url })
  tokens.sqlite = await sqlite.login('demo')
  tokens.postgres = await postgres.login('demo')

  const lite = new Database(inject('catalogueFile'), { readonly: true })
  const one = (sql: string) => Object.values(lite.prepare(sql).get() as Record<string, number | string>)[0]!
  const visible = 'restrict = 0 AND x_restrict = 0'
  ids = {
    illust: one(`SELECT id FROM works WHERE ${visible} AND type = 'illust' ORDER BY total_bookmarks DESC LIMIT 1`),
    manga: one(`SELECT id FROM works WHERE ${visible} AND type = 'manga' AND page_count > 1 LIMIT 1`),
    ugoira: one(`SELECT id FROM works WHERE ${visible} AND type = 'ugoira' LIMIT 1`),
    r18: one(`SELECT id FROM works WHERE restrict = 0 AND x_restrict = 1 LIMIT 1`),
    mypixivOnly: one(`SELECT id FROM works WHERE restrict = 1 LIMIT 1`),
    illustSeries: one(
      'SELECT series_id FROM works WHERE series_id IS NOT NULL GROUP BY series_id ORDER BY count(*) DESC',
    ),
    novel: one(`SELECT id FROM novels WHERE ${visible} ORDER BY total_bookmarks DESC LIMIT 1`),
    novelSeries: one(
      'SELECT series_id FROM novels WHERE series_id IS NOT NULL GROUP BY series_id ORDER BY count(*) DESC',
    ),
    author: one(`SELECT user_id FROM works WHERE ${visible} GROUP BY user_id ORDER BY count(*) DESC`),
    novelist: one(`SELECT user_id FROM novels WHERE ${visible} GROUP BY user_id ORDER BY count(*) DESC`),
    illustComments: one("SELECT item_id FROM comments WHERE kind = 'illust' GROUP BY item_id ORDER BY count(*) DESC"),
    novelComments: one("SELECT item_id FROM comments WHERE kind = 'novel' GROUP BY item_id ORDER BY count(*) DESC"),
    illustThread: one(
      "SELECT parent_id FROM comments WHERE kind = 'illust' AND parent_id IS NOT NULL GROUP BY parent_id ORDER BY count(*) DESC",
    ),
    novelThread: one(
      "SELECT parent_id FROM comments WHERE kind = 'novel' AND parent_id IS NOT NULL GROUP BY parent_id ORDER BY count(*) DESC",
    ),
    tag: one(
      'SELECT t.name FROM tags t JOIN work_tags wt ON wt.tag_id = t.id GROUP BY t.id ORDER BY count(*) DESC LIMIT 1 OFFSET 5',
    ),
    novelTag: one(
      'SELECT t.name FROM tags t JOIN novel_tags nt ON nt.tag_id = t.id GROUP BY t.id ORDER BY count(*) DESC LIMIT 1 OFFSET 3',
    ),
    bookmarkTag: one('SELECT name FROM illust_bookmark_tags t JOIN illust_bookmarks b ON b.id = t.bookmark_id LIMIT 1'),
    day: one("SELECT strftime('%Y-%m-%d', max(created_ts) - 3 * 86400, 'unixepoch') FROM works"),
  }
  lite.close()
}, 180_000)

afterAll(() => {
  sqlite?.close()
  postgres?.close()
})

/** Sample URLs of each GET endpoint of the table, by path. Lists are walked to their end from each. */
function samples(): Record<string, string[]> {
  const i = ids
  const q = (s: string | number | undefined) => encodeURIComponent(String(s))
  return {
    '/v1/illust/detail': [i.illust, i.manga, i.ugoira, i.r18, i.mypixivOnly, 999_999_999].map(
      (id) => `/v1/illust/detail?illust_id=${id}`,
    ),
    '/v2/illust/related': [`/v2/illust/related?illust_id=${i.illust}`],
    '/v1/ugoira/metadata': [`/v1/ugoira/metadata?illust_id=${i.ugoira}`],
    '/v1/illust/series': [`/v1/illust/series?illust_series_id=${i.illustSeries}`],
    '/v1/user/illusts': [`/v1/user/illusts?user_id=${i.author}`, `/v1/user/illusts?user_id=${i.author}&type=manga`],
    '/v1/illust/ranking': ['day', 'week', 'month', 'day_male', 'day_r18', 'day_manga', 'week_rookie']
      .map((mode) => `/v1/illust/ranking?mode=${mode}`)
      .concat(`/v1/illust/ranking?mode=day&date=${i.day}`),
    '/v1/illust/recommended': [
      '/v1/illust/recommended?include_ranking_illusts=true',
      '/v1/illust/recommended?content_type=manga',
    ],
    '/v1/illust/recommended-nologin': ['/v1/illust/recommended-nologin?include_ranking_illusts=true'],
    '/v2/illust/follow': ['/v2/illust/follow?restrict=public', '/v2/illust/follow?restrict=all'],
    '/v1/illust/new': ['/v1/illust/new?content_type=illust', '/v1/illust/new?content_type=manga'],
    '/v1/search/illust': [
      `/v1/search/illust?word=${q(i.tag)}&search_target=exact_match_for_tags`,
      `/v1/search/illust?word=${q(i.tag)}&sort=popular_desc`,
      `/v1/search/illust?word=${q(`${String(i.tag)} -${String(i.novelTag)}`)}&sort=date_asc`,
      `/v1/search/illust?word=${q('女の子')}&search_target=title_and_caption&bookmark_num_min=100`,
    ],
    '/v1/trending-tags/illust': ['/v1/trending-tags/illust'],
    '/v2/novel/detail': [i.novel, 999_999_999].map((id) => `/v2/novel/detail?novel_id=${id}`),
    '/v1/novel/text': [`/v1/novel/text?novel_id=${i.novel}`],
    '/webview/v2/novel': [`/webview/v2/novel?id=${i.novel}`],
    '/v2/novel/series': [`/v2/novel/series?series_id=${i.novelSeries}`],
    '/v1/novel/series': [`/v1/novel/series?series_id=${i.novelSeries}`],
    '/v1/user/novels': [`/v1/user/novels?user_id=${i.novelist}`],
    '/v1/novel/ranking': ['day', 'week', 'day_male'].map((mode) => `/v1/novel/ranking?mode=${mode}`),
    '/v1/novel/recommended': ['/v1/novel/recommended?include_ranking_novels=true'],
    '/v1/novel/follow': ['/v1/novel/follow?restrict=public'],
    '/v1/novel/new': ['/v1/novel/new'],
    '/v1/search/novel': [
      `/v1/search/novel?word=${q(i.novelTag)}&search_target=partial_match_for_tags`,
      `/v1/search/novel?word=${q(i.novelTag)}&sort=popular_desc&search_target=keyword`,
    ],
    '/v1/illust/comments': [`/v1/illust/comments?illust_id=${i.illustComments}&include_total_comments=true`],
    '/v3/illust/comments': [`/v3/illust/comments?illust_id=${i.illustComments}`],
    '/v2/illust/comment/replies': [`/v2/illust/comment/replies?comment_id=${i.illustThread}`],
    '/v1/novel/comments': [`/v1/novel/comments?novel_id=${i.novelComments}&include_total_comments=true`],
    '/v2/novel/comment/replies': [`/v2/novel/comment/replies?comment_id=${i.novelThread}`],
    '/v1/user/bookmarks/illust': [
      '/v1/user/bookmarks/illust?user_id=1',
      '/v1/user/bookmarks/illust?user_id=1&restrict=private',
      `/v1/user/bookmarks/illust?user_id=1&tag=${q(i.bookmarkTag)}`,
      `/v1/user/bookmarks/illust?user_id=${i.author}`,
    ],
    '/v1/user/bookmarks/novel': [
      '/v1/user/bookmarks/novel?user_id=1',
      '/v1/user/bookmarks/novel?user_id=1&restrict=private',
    ],
    '/v2/illust/bookmark/detail': [`/v2/illust/bookmark/detail?illust_id=${i.illust}`],
    '/v2/novel/bookmark/detail': [`/v2/novel/bookmark/detail?novel_id=${i.novel}`],
    '/v1/user/bookmark-tags/illust': [
      '/v1/user/bookmark-tags/illust?user_id=1',
      '/v1/user/bookmark-tags/illust?user_id=1&restrict=private',
    ],
    '/v1/user/bookmark-tags/novel': ['/v1/user/bookmark-tags/novel?user_id=1'],
    '/v1/user/detail': [1, i.author, i.novelist].map((id) => `/v1/user/detail?user_id=${id}`),
    '/v1/user/following': [
      '/v1/user/following?user_id=1',
      '/v1/user/following?user_id=1&restrict=private',
      `/v1/user/following?user_id=${i.author}`,
    ],
    '/v1/user/follower': ['/v1/user/follower?user_id=1', `/v1/user/follower?user_id=${i.author}`],
    '/v1/user/mypixiv': ['/v1/user/mypixiv?user_id=1'],
    '/v1/user/related': [`/v1/user/related?seed_user_id=${i.author}`],
    '/v1/user/recommended': ['/v1/user/recommended'],
    '/v2/user/list': ['/v2/user/list?user_id=1'],
    '/v1/search/user': ['/v1/search/user?word=a', `/v1/search/user?word=${q('さ')}`],
    '/v1/user/ai-show-settings': ['/v1/user/ai-show-settings'],
    '/v1/easel/library': ['/v1/easel/library'],
    '/v1/mute/list': ['/v1/mute/list'],
    '/v2/search/autocomplete': [`/v2/search/autocomplete?word=${q(String(i.tag).slice(0, 1))}`],
    '/ajax/user/:user_id/profile/all': [`/ajax/user/${i.author}/profile/all`],
    '/ajax/illust/:illust_id': [`/ajax/illust/${i.illust}`, `/ajax/illust/${i.r18}`],
    '/ajax/illust/:illust_id/ugoira_meta': [`/ajax/illust/${i.ugoira}/ugoira_meta`],
    '/ajax/novel/:novel_id': [`/ajax/novel/${i.novel}`],
  }
}

/** The most pages one list may have here (the test catalogue's longest lists are far shorter). */
const MAX_PAGES = 400

/** One GET on both engines: the same status and the same body. Returns the body's next_url. */
async function same(url: string, signedIn: boolean): Promise<string | null> {
  const [a, b] = await Promise.all(
    (['sqlite', 'postgres'] as const).map(async (engine) => {
      const app = engine === 'sqlite' ? sqlite : postgres
      const res = await app.fetch(url, { token: signedIn ? tokens[engine] : undefined })
      const text = await res.text()
      const json = /json/.test(res.headers.get('content-type') ?? '') ? (JSON.parse(text) as unknown) : text
      return { status: res.status, body: json }
    }),
  )
  const who = `${signedIn ? 'signed in' : 'anonymous'} GET ${url}`
  expect(b!.status, who).toBe(a!.status)
  expect(b!.body, who).toEqual(a!.body)
  const next = (a!.body as { next_url?: string | null } | null)?.next_url
  return typeof next === 'string' ? next : null
}

describe('db:copy into PostgreSQL keeps the App API answers', () => {
  it('has samples for every GET endpoint of the endpoint table', () => {
    const gets = Object.values(ENDPOINTS)
      .filter((e) => e.method === 'GET')
      .map((e) => e.path)
    const sampled = samples()
    expect(gets.filter((p) => !sampled[p]?.length)).toEqual([])
    expect(Object.keys(sampled).filter((p) => !(gets as string[]).includes(p))).toEqual([])
  })

  it.each([false, true])(
    'answers every sample alike, every list to its end (signed in: %s)',
    async (signedIn) => {
      let requests = 0
      for (const urls of Object.values(samples()))
        for (const first of urls) {
          let url: string | null = first
          for (let page = 0; url; page++) {
            expect(page, `${first}: at most ${MAX_PAGES} pages`).toBeLessThan(MAX_PAGES)
            url = await same(url, signedIn)
            requests++
          }
        }
      console.log(`db:copy API equality (${signedIn ? 'signed in' : 'anonymous'}): ${requests} requests on each engine`)
    },
    600_000,
  )
})
