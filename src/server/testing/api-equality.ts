import type Database from 'better-sqlite3'
import { expect, it } from 'vitest'
import { ENDPOINTS } from '../../api/endpoints.ts'
import type { TestApp } from './harness.ts'

// Two services that must answer every client alike (a catalogue and its db:copy: data/db-copy-api*.test.ts): each
// GET endpoint of the endpoint table asked of both for sample URLs, with every list followed by its next_url to the
// end, comparing status and body (byte for byte once parsed).

/** The ids and words the samples use, read from the catalogue both serve. */
export interface SampleIds {
  /** the account the signed-in requests are made as */
  me: number
  illust: number
  manga: number
  ugoira: number
  r18: number
  mypixivOnly: number
  illustSeries: number
  novel: number
  novelSeries: number
  author: number
  novelist: number
  illustComments: number
  novelComments: number
  illustThread: number
  novelThread: number
  tag: string
  novelTag: string
  bookmarkTag: string
  /** a word of works' titles or captions */
  titleWord: string
  /** words of users' names */
  userWords: string[]
  /** a day with a ranking (YYYY-MM-DD) */
  day: string
}

/** The ids of SampleIds read alike from any catalogue; the rest (the account, tags, words, a day) are each one's. */
type ItemIds = Omit<SampleIds, 'me' | 'tag' | 'novelTag' | 'bookmarkTag' | 'titleWord' | 'userWords' | 'day'>

/**
 * Picks from a catalogue: the most bookmarked illustration and novel everyone may see, a manga of pages, an ugoira,
 * an R-18 and a mypixiv-only work, the largest series, the most prolific authors, the most commented items and
 * threads. Each must be there.
 */
export function itemIdsOf(db: Database.Database): ItemIds {
  const one = (sql: string) => {
    const row = db.prepare(sql).get() as Record<string, number> | undefined
    if (!row) throw new Error(`no sample in the catalogue: ${sql}`)
    return Object.values(row)[0]!
  }
  const visible = 'restrict = 0 AND x_restrict = 0'
  const mostOf = (table: string, column: string, where = `${column} IS NOT NULL`) =>
    one(`SELECT ${column} FROM ${table} WHERE ${where} GROUP BY ${column} ORDER BY count(*) DESC`)
  return {
    illust: one(`SELECT id FROM works WHERE ${visible} AND type = 'illust' ORDER BY total_bookmarks DESC LIMIT 1`),
    manga: one(`SELECT id FROM works WHERE ${visible} AND type = 'manga' AND page_count > 1 LIMIT 1`),
    ugoira: one(`SELECT id FROM works WHERE ${visible} AND type = 'ugoira' LIMIT 1`),
    r18: one('SELECT id FROM works WHERE restrict = 0 AND x_restrict = 1 LIMIT 1'),
    mypixivOnly: one('SELECT id FROM works WHERE restrict = 1 LIMIT 1'),
    illustSeries: mostOf('works', 'series_id'),
    novel: one(`SELECT id FROM novels WHERE ${visible} ORDER BY total_bookmarks DESC LIMIT 1`),
    novelSeries: mostOf('novels', 'series_id'),
    author: mostOf('works', 'user_id', visible),
    novelist: mostOf('novels', 'user_id', visible),
    illustComments: mostOf('comments', 'item_id', "kind = 'illust'"),
    novelComments: mostOf('comments', 'item_id', "kind = 'novel'"),
    illustThread: mostOf('comments', 'parent_id', "kind = 'illust' AND parent_id IS NOT NULL"),
    novelThread: mostOf('comments', 'parent_id', "kind = 'novel' AND parent_id IS NOT NULL"),
  }
}

/** Sample URLs of GET endpoints, by the endpoint table's path. */
export type Samples = Record<string, string[]>

/** Sample URLs of every GET endpoint of the table; `more` adds a catalogue's own to them. */
export function endpointSamples(i: SampleIds, more: Samples = {}): Samples {
  const q = (s: string | number) => encodeURIComponent(String(s))
  const samples: Samples = {
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
      `/v1/search/illust?word=${q(`${i.tag} -${i.novelTag}`)}&sort=date_asc`,
      `/v1/search/illust?word=${q(i.titleWord)}&search_target=title_and_caption&bookmark_num_min=100`,
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
      `/v1/user/bookmarks/illust?user_id=${i.me}`,
      `/v1/user/bookmarks/illust?user_id=${i.me}&restrict=private`,
      `/v1/user/bookmarks/illust?user_id=${i.me}&tag=${q(i.bookmarkTag)}`,
      `/v1/user/bookmarks/illust?user_id=${i.author}`,
    ],
    '/v1/user/bookmarks/novel': [
      `/v1/user/bookmarks/novel?user_id=${i.me}`,
      `/v1/user/bookmarks/novel?user_id=${i.me}&restrict=private`,
    ],
    '/v2/illust/bookmark/detail': [`/v2/illust/bookmark/detail?illust_id=${i.illust}`],
    '/v2/novel/bookmark/detail': [`/v2/novel/bookmark/detail?novel_id=${i.novel}`],
    '/v1/user/bookmark-tags/illust': [
      `/v1/user/bookmark-tags/illust?user_id=${i.me}`,
      `/v1/user/bookmark-tags/illust?user_id=${i.me}&restrict=private`,
    ],
    '/v1/user/bookmark-tags/novel': [`/v1/user/bookmark-tags/novel?user_id=${i.me}`],
    '/v1/user/detail': [i.me, i.author, i.novelist].map((id) => `/v1/user/detail?user_id=${id}`),
    '/v1/user/following': [
      `/v1/user/following?user_id=${i.me}`,
      `/v1/user/following?user_id=${i.me}&restrict=private`,
      `/v1/user/following?user_id=${i.author}`,
    ],
    '/v1/user/follower': [`/v1/user/follower?user_id=${i.me}`, `/v1/user/follower?user_id=${i.author}`],
    '/v1/user/mypixiv': [`/v1/user/mypixiv?user_id=${i.me}`],
    '/v1/user/related': [`/v1/user/related?seed_user_id=${i.author}`],
    '/v1/user/recommended': ['/v1/user/recommended'],
    '/v2/user/list': [`/v2/user/list?user_id=${i.me}`],
    '/v1/search/user': i.userWords.map((word) => `/v1/search/user?word=${q(word)}`),
    '/v1/user/ai-show-settings': ['/v1/user/ai-show-settings'],
    '/v1/easel/library': ['/v1/easel/library'],
    '/v1/easel/sessions': ['/v1/easel/sessions'],
    '/v1/easel/registration': ['/v1/easel/registration', '/v1/easel/registration?invite=no-such-code'],
    '/v1/easel/account': ['/v1/easel/account'],
    '/v1/easel/invites': ['/v1/easel/invites'],
    '/v1/mute/list': ['/v1/mute/list'],
    '/v2/search/autocomplete': [`/v2/search/autocomplete?word=${q(i.tag.slice(0, 1))}`],
    '/ajax/user/:user_id/profile/all': [`/ajax/user/${i.author}/profile/all`],
    '/ajax/illust/:illust_id': [`/ajax/illust/${i.illust}`, `/ajax/illust/${i.r18}`],
    '/ajax/illust/:illust_id/ugoira_meta': [`/ajax/illust/${i.ugoira}/ugoira_meta`],
    '/ajax/novel/:novel_id': [`/ajax/novel/${i.novel}`],
  }
  for (const [p, urls] of Object.entries(more)) samples[p] = [...(samples[p] ?? []), ...urls]
  return samples
}

/** The GET paths of the endpoint table without a sample, and the sampled paths that are not in the table. */
function sampleGaps(samples: Samples): { unsampled: string[]; unknown: string[] } {
  const gets: string[] = Object.values(ENDPOINTS)
    .filter((e) => e.method === 'GET')
    .map((e) => e.path)
  return {
    unsampled: gets.filter((p) => !samples[p]?.length),
    unknown: Object.keys(samples).filter((p) => !gets.includes(p)),
  }
}

/** One of the two services: the app, and its own token for the signed-in requests. */
export interface Answerer {
  app: TestApp
  token: string
}

/** The most pages one list may have here (the test catalogues' longest lists are far shorter). */
const MAX_PAGES = 400

/** One GET of both: the same status and the same body. Returns the body's next_url. */
async function same(a: Answerer, b: Answerer, url: string, signedIn: boolean): Promise<string | null> {
  const [x, y] = await Promise.all(
    [a, b].map(async ({ app, token }) => {
      const res = await app.fetch(url, { token: signedIn ? token : undefined })
      const text = await res.text()
      const body = /json/.test(res.headers.get('content-type') ?? '') ? (JSON.parse(text) as unknown) : text
      return { status: res.status, body }
    }),
  )
  const who = `${signedIn ? 'signed in' : 'anonymous'} GET ${url}`
  expect(y!.status, who).toBe(x!.status)
  expect(y!.body, who).toEqual(x!.body)
  const next = (x!.body as { next_url?: string | null } | null)?.next_url
  return typeof next === 'string' ? next : null
}

/**
 * Asks `a` and `b` every sample, anonymous or signed in, each list to its end, expecting the same answers.
 * Returns how many requests each answered.
 */
async function expectSameAnswers(a: Answerer, b: Answerer, samples: Samples, signedIn: boolean): Promise<number> {
  let requests = 0
  for (const urls of Object.values(samples))
    for (const first of urls) {
      let url: string | null = first
      for (let page = 0; url; page++) {
        expect(page, `${first}: at most ${MAX_PAGES} pages`).toBeLessThan(MAX_PAGES)
        url = await same(a, b, url, signedIn)
        requests++
      }
    }
  return requests
}

/**
 * The tests of two services that must answer alike: every GET endpoint of the table has samples (a new one fails
 * them until it has), and both answer every sample alike, anonymous and signed in as `account`. `pair` is read when
 * the tests run, after the file's beforeAll.
 */
export function itAnswersAlike(pair: () => { a: Answerer; b: Answerer; samples: Samples }, account: string) {
  it('has samples for every GET endpoint of the endpoint table', () => {
    expect(sampleGaps(pair().samples)).toEqual({ unsampled: [], unknown: [] })
  })

  it.each([false, true])(
    `answers every sample alike, every list to its end (signed in as ${account}: %s)`,
    async (signedIn) => {
      const { a, b, samples } = pair()
      const requests = await expectSameAnswers(a, b, samples, signedIn)
      console.log(`${expect.getState().currentTestName}: ${requests} requests of each`)
    },
    600_000,
  )
}
