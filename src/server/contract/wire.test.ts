import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestApp, ORIGIN, type TestApp } from '../testing/harness.ts'
import { fixtures } from '../data/fixtures.ts'

// Every endpoint answers the reference's key set in snake_case, in the envelopes of DESIGN.md §2.1.

const ILLUST_LIST_KEYS = [
  'id',
  'title',
  'type',
  'image_urls',
  'caption',
  'restrict',
  'user',
  'tags',
  'tools',
  'create_date',
  'page_count',
  'width',
  'height',
  'sanity_level',
  'x_restrict',
  'series',
  'meta_single_page',
  'meta_pages',
  'total_view',
  'total_bookmarks',
  'is_bookmarked',
  'visible',
  'is_muted',
  'seasonal_effect_animation_urls',
  'event_banners',
  'illust_ai_type',
  'illust_book_style',
  'request',
]
const ILLUST_DETAIL_KEYS = [...ILLUST_LIST_KEYS, 'total_comments', 'comment_access_control']
const NOVEL_LIST_KEYS = [
  'id',
  'title',
  'caption',
  'restrict',
  'x_restrict',
  'is_original',
  'image_urls',
  'create_date',
  'tags',
  'page_count',
  'text_length',
  'user',
  'series',
  'is_bookmarked',
  'total_bookmarks',
  'total_view',
  'visible',
  'total_comments',
  'is_muted',
  'is_mypixiv_only',
  'is_x_restricted',
  'novel_ai_type',
  'request',
]
const USER_KEYS = ['id', 'name', 'account', 'profile_image_urls', 'is_followed']

const snake = /^[a-z0-9]+(_[a-z0-9]+)*$/
/** Every key of a wire object, recursively, except the data-keyed maps of the novel text. */
function keysOf(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => keysOf(v, out))
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      out.add(k)
      if (k !== 'images' && k !== 'illusts') keysOf(v, out)
      else if (Array.isArray(v)) keysOf(v, out)
    }
  return out
}

function expectIllust(item: Record<string, unknown>, detail: boolean) {
  const keys = Object.keys(item).filter((k) => k !== 'restriction_attributes')
  expect(keys.sort()).toEqual((detail ? ILLUST_DETAIL_KEYS : ILLUST_LIST_KEYS).slice().sort())
  expect(Object.keys(item.image_urls as object).sort()).toEqual(['large', 'medium', 'square_medium'])
  const user = item.user as Record<string, unknown>
  for (const k of USER_KEYS) expect(user).toHaveProperty(k)
  expect(Object.keys(user.profile_image_urls as object)).toEqual(['medium'])
  for (const tag of item.tags as object[]) expect(Object.keys(tag).sort()).toEqual(['name', 'translated_name'])
}

function expectNovel(item: Record<string, unknown>, detail: boolean) {
  const expected = detail ? [...NOVEL_LIST_KEYS, 'comment_access_control'] : NOVEL_LIST_KEYS
  expect(Object.keys(item).sort()).toEqual(expected.slice().sort())
  const series = item.series as Record<string, unknown>
  expect(Object.keys(series).length === 0 || Object.keys(series).sort().join() === 'id,title').toBe(true)
  for (const tag of item.tags as object[])
    expect(Object.keys(tag).sort()).toEqual(['added_by_uploaded_user', 'name', 'translated_name'])
}

let app: TestApp
let token: string
beforeAll(async () => {
  app = openTestApp()
  token = await app.login('demo')
})
afterAll(() => app.close())

describe('wire format', () => {
  it('illust detail: {illust} envelope with the detail key set, snake_case throughout', async () => {
    const body = await app.get('/v1/illust/detail?illust_id=1', token)
    expect(Object.keys(body)).toEqual(['illust'])
    expectIllust(body.illust, true)
    for (const k of keysOf(body)) expect(k).toMatch(snake)
  })

  it('novel detail: {novel} envelope with the novel key set', async () => {
    const body = await app.get('/v2/novel/detail?novel_id=1', token)
    expect(Object.keys(body)).toEqual(['novel'])
    expectNovel(body.novel, true)
    for (const k of keysOf(body)) expect(k).toMatch(snake)
  })

  const word = async () => {
    const ranking = await app.get('/v1/illust/ranking')
    return ranking.illusts[0].tags[0].name as string
  }

  it.each([
    ['/v1/illust/ranking', 'illusts', ['illusts', 'next_url']],
    ['/v1/illust/ranking?mode=week', 'illusts', ['illusts', 'next_url']],
    [
      '/v1/illust/recommended',
      'illusts',
      ['illusts', 'ranking_illusts', 'contest_exists', 'privacy_policy', 'next_url'],
    ],
    ['/v1/user/bookmarks/illust?user_id=1', 'illusts', ['illusts', 'next_url']],
    ['/v1/user/illusts?user_id=2', 'illusts', ['user', 'illusts', 'next_url']],
    ['/v2/illust/related?illust_id=1', 'illusts', ['illusts', 'next_url']],
  ])('%s: list keys and illust list items', async (path, key, envelope) => {
    const body = await app.get(path, token)
    expect(Object.keys(body)).toEqual(envelope)
    expect((body[key] as unknown[]).length).toBeGreaterThan(0)
    for (const item of body[key]) expectIllust(item, false)
    for (const k of keysOf(body)) expect(k).toMatch(snake)
  })

  it('search: illusts, next_url, search_span_limit, show_ai; 30 a page; next_url absolute', async () => {
    const body = await app.get(`/v1/search/illust?word=${encodeURIComponent(await word())}`)
    expect(Object.keys(body)).toEqual(['illusts', 'next_url', 'search_span_limit', 'show_ai'])
    expect(body.illusts).toHaveLength(30)
    expect(body.next_url).toMatch(new RegExp(`^${ORIGIN}/v1/search/illust\\?`))
    expect(new URL(body.next_url).searchParams.get('offset')).toBe('30')
    for (const item of body.illusts) expectIllust(item, false)
  })

  it.each([
    ['/v1/novel/recommended', ['novels', 'ranking_novels', 'privacy_policy', 'next_url']],
    ['/v1/novel/ranking', ['novels', 'next_url']],
    ['/v1/user/bookmarks/novel?user_id=1', ['novels', 'next_url']],
    ['/v1/user/novels?user_id=', ['user', 'novels', 'next_url']],
  ])('%s: novel list keys', async (path, envelope) => {
    const author = fixtures.novelWhere(app.services.store, 'w.restrict = 0 AND w.x_restrict = 0')!.user_id
    const body = await app.get(path.endsWith('=') ? `${path}${author}` : path, token)
    expect(Object.keys(body)).toEqual(envelope)
    expect(body.novels.length).toBeGreaterThan(0)
    for (const item of body.novels) expectNovel(item, false)
  })

  it('novel search answers novels with the search keys', async () => {
    const detail = await app.get('/v2/novel/detail?novel_id=3', token)
    const tag = detail.novel.tags[0].name
    const body = await app.get(`/v1/search/novel?word=${encodeURIComponent(tag)}`, token)
    expect(Object.keys(body)).toEqual(['novels', 'next_url', 'search_span_limit', 'show_ai'])
    expect(body.novels.length).toBeGreaterThan(0)
  })

  it('novel series: detail, first, latest, novels, next_url', async () => {
    const series = await findNovelSeries()
    const body = await app.get(`/v2/novel/series?series_id=${series}`, token)
    expect(Object.keys(body)).toEqual([
      'novel_series_detail',
      'novel_series_first_novel',
      'novel_series_latest_novel',
      'novels',
      'next_url',
    ])
    expect(Object.keys(body.novel_series_detail).sort()).toEqual(
      [
        'id',
        'title',
        'caption',
        'is_original',
        'is_concluded',
        'content_count',
        'total_character_count',
        'user',
        'display_text',
        'novel_ai_type',
        'watchlist_added',
      ].sort(),
    )
  })

  it('illust series: detail, first illust, illusts, next_url', async () => {
    const id = await findIllustSeries()
    const body = await app.get(`/v1/illust/series?illust_series_id=${id}`, token)
    expect(Object.keys(body)).toEqual(['illust_series_detail', 'illust_series_first_illust', 'illusts', 'next_url'])
    expect(Object.keys(body.illust_series_detail).sort()).toEqual(
      [
        'id',
        'title',
        'caption',
        'cover_image_urls',
        'series_work_count',
        'create_date',
        'width',
        'height',
        'user',
        'watchlist_added',
      ].sort(),
    )
  })

  it('user detail: user, profile, profile_publicity, workspace', async () => {
    const body = await app.get('/v1/user/detail?user_id=2', token)
    expect(Object.keys(body)).toEqual(['user', 'profile', 'profile_publicity', 'workspace'])
    for (const k of [...USER_KEYS, 'comment']) expect(body.user).toHaveProperty(k)
    for (const k of [
      'total_follow_users',
      'total_mypixiv_users',
      'total_illusts',
      'total_manga',
      'total_novels',
      'total_illust_bookmarks_public',
      'total_illust_series',
      'total_novel_series',
      'is_premium',
      'gender',
      'webpage',
    ])
      expect(body.profile).toHaveProperty(k)
  })

  it('following: user_previews with user, illusts, novels, is_muted', async () => {
    const body = await app.get('/v1/user/following?user_id=1', token)
    expect(Object.keys(body)).toEqual(['user_previews', 'next_url'])
    expect(body.user_previews.length).toBeGreaterThan(0)
    for (const p of body.user_previews) expect(Object.keys(p)).toEqual(['user', 'illusts', 'novels', 'is_muted'])
  })

  it('novel text: marker, text, series neighbours, images and illusts maps', async () => {
    const body = await app.get('/v1/novel/text?novel_id=1', token)
    expect(Object.keys(body)).toEqual(['novel_marker', 'novel_text', 'series_prev', 'series_next', 'images', 'illusts'])
    expect(typeof body.novel_text).toBe('string')
  })

  it('ugoira metadata: zip_urls.medium and frames of {file, delay}', async () => {
    const id = await findUgoira()
    const body = await app.get(`/v1/ugoira/metadata?illust_id=${id}`, token)
    expect(Object.keys(body.ugoira_metadata)).toEqual(['zip_urls', 'frames'])
    expect(body.ugoira_metadata.zip_urls.medium).toMatch(/_ugoira600x600\.zip$/)
    for (const f of body.ugoira_metadata.frames) expect(Object.keys(f)).toEqual(['file', 'delay'])
  })

  it('autocomplete, trending tags, bookmark detail, bookmark tags, mute list', async () => {
    const auto = await app.get('/v2/search/autocomplete?word=a', token)
    expect(Object.keys(auto)).toEqual(['tags'])
    for (const t of auto.tags) expect(Object.keys(t)).toEqual(['name', 'translated_name'])
    const trending = await app.get('/v1/trending-tags/illust', token)
    expect(trending.trend_tags.length).toBeGreaterThan(0)
    for (const t of trending.trend_tags) expect(Object.keys(t)).toEqual(['tag', 'translated_name', 'illust'])
    const detail = await app.get('/v2/illust/bookmark/detail?illust_id=1', token)
    expect(Object.keys(detail.bookmark_detail)).toEqual(['is_bookmarked', 'tags', 'restrict'])
    const tags = await app.get('/v1/user/bookmark-tags/illust?user_id=1', token)
    expect(Object.keys(tags)).toEqual(['bookmark_tags', 'next_url'])
    const mutes = await app.get('/v1/mute/list', token)
    expect(Object.keys(mutes)).toEqual([
      'muted_tags',
      'muted_users',
      'muted_count',
      'muted_tags_count',
      'muted_users_count',
      'mute_limit_count',
    ])
    expect(mutes.muted_tags.length).toBeGreaterThan(0)
    expect(mutes.muted_users.length).toBeGreaterThan(0)
  })

  it('writes answer {} on success', async () => {
    for (const [path, fields] of [
      ['/v2/illust/bookmark/add', { illust_id: '5', restrict: 'public' }],
      ['/v1/illust/bookmark/delete', { illust_id: '5' }],
      ['/v2/novel/bookmark/add', { novel_id: '5', restrict: 'private' }],
      ['/v1/novel/bookmark/delete', { novel_id: '5' }],
      ['/v1/user/follow/add', { user_id: '3', restrict: 'public' }],
      ['/v1/user/follow/delete', { user_id: '3' }],
      ['/v1/mute/edit', { 'add_tags[]': 'zzz' }],
    ] as const) {
      const res = await app.post(path, fields, token)
      expect(res.status, path).toBe(200)
      expect((await res.json()) as any).toEqual({})
    }
  })
})

describe('meta_single_page and meta_pages', () => {
  it('hold for every work of the catalogue', async () => {
    const { works } = app.services.store.meta()
    let multi = 0
    // 16 at a time: on PostgreSQL a detail is a few round trips to the server, which one at a time add up
    const ids = Array.from({ length: Number(works) }, (_, i) => i + 1)
    const details: any[] = []
    for (let i = 0; i < ids.length; i += 16)
      details.push(
        ...(await Promise.all(
          ids.slice(i, i + 16).map(async (id) => (await app.get(`/v1/illust/detail?illust_id=${id}`, token)).illust),
        )),
      )
    for (const illust of details) {
      if (illust.page_count === 1) {
        expect(Object.keys(illust.meta_single_page)).toEqual(['original_image_url'])
        expect(illust.meta_pages).toEqual([])
      } else {
        multi++
        expect(illust.meta_single_page).toEqual({})
        expect(illust.meta_pages).toHaveLength(illust.page_count)
        for (const p of illust.meta_pages)
          expect(Object.keys(p.image_urls).sort()).toEqual(['large', 'medium', 'original', 'square_medium'])
      }
    }
    expect(multi).toBeGreaterThan(100)
  }, 120_000)
})

describe('ids', () => {
  it('the same id answers a work and a novel that are different items', async () => {
    for (const id of [1, 2, 10, 100, 1000]) {
      const { illust } = await app.get(`/v1/illust/detail?illust_id=${id}`, token)
      const { novel } = await app.get(`/v2/novel/detail?novel_id=${id}`, token)
      expect(illust.id).toBe(id)
      expect(novel.id).toBe(id)
      expect(novel.title).not.toBe(illust.title)
      expect(novel).toHaveProperty('text_length')
      expect(illust).toHaveProperty('meta_pages')
    }
  })
})

async function findNovelSeries(): Promise<number> {
  return fixtures.longestNovelSeries(app.services.store).series_id
}
async function findIllustSeries(): Promise<number> {
  return fixtures.longestIllustSeries(app.services.store).series_id
}
async function findUgoira(): Promise<number> {
  return fixtures.workWhere(app.services.store, "w.type = 'ugoira' AND w.restrict = 0 AND w.x_restrict = 0")!.id
}

describe('compression', () => {
  it('gzips JSON for clients that accept it, and only for them', async () => {
    const plain = await app.fetch('/v1/illust/ranking')
    expect(plain.headers.get('content-encoding')).toBeNull()
    const zipped = await app.fetch('/v1/illust/ranking', { headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(zipped.headers.get('content-encoding')).toBe('gzip')
    const body = Buffer.from(await zipped.arrayBuffer())
    const text = gunzipSync(body).toString()
    expect(body.length).toBeLessThan(text.length / 3)
    expect(JSON.parse(text)).toEqual(await plain.json())
  })
})
