import { describe, expect, it, vi } from 'vitest'
import { ACCOUNT_ENDPOINTS } from '../api/account-endpoints.ts'
import { CATALOGUE_ENDPOINTS } from '../api/catalogue-endpoints.ts'
import { createAccountClient } from './account-client.ts'
import { createApiClient, type ApiClientOptions } from './api-client.ts'
import {
  BadRequestError,
  ForbiddenError,
  InvalidResponseError,
  InvalidTokenError,
  NetworkError,
  NotFoundError,
  parseRetryAfter,
  RateLimitedError,
  ServerError,
  SignInRequiredError,
  TokenRequestError,
} from './api-error.ts'

interface Call {
  url: string
  method: string
  headers: Record<string, string>
  body: string | undefined
  signal: AbortSignal | undefined
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } })

const OAUTH = 'Error occurred at the OAuth process. Please check your Access Token to fix this. Error Message:'
const errorBody = (message: string, userMessage = '') => ({
  error: { user_message: userMessage, message, reason: '', user_message_details: {} },
})

/** A client over a fake fetch that answers with `respond` and records every call. */
function setup(respond: (call: Call) => Response | Promise<Response>, options: Partial<ApiClientOptions> = {}) {
  const calls: Call[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: Call = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: (init?.headers ?? {}) as Record<string, string>,
      body: typeof init?.body === 'string' ? init.body : undefined,
      signal: init?.signal ?? undefined,
    }
    calls.push(call)
    return respond(call)
  })
  const client = createApiClient({ baseUrl: 'http://svc.test', getToken: () => 'tok', fetch, ...options })
  return { client, calls }
}

const query = (call: Call) => Object.fromEntries(new URL(call.url).searchParams)
const form = (call: Call) => new URLSearchParams(call.body)

const wireIllust = {
  id: 5,
  title: 't',
  type: 'illust',
  image_urls: { square_medium: 'sq', medium: 'md', large: 'lg' },
  caption: '',
  restrict: 0,
  user: { id: 1, name: 'u', account: 'u', profile_image_urls: { medium: 'p' }, is_followed: false },
  tags: [{ name: 'a', translated_name: null }],
  tools: [],
  create_date: '2025-01-01T00:00:00+09:00',
  page_count: 1,
  width: 10,
  height: 20,
  sanity_level: 2,
  x_restrict: 0,
  series: null,
  meta_single_page: { original_image_url: 'o.png' },
  meta_pages: [],
  total_view: 1,
  total_bookmarks: 1,
  is_bookmarked: false,
  visible: true,
  is_muted: false,
  illust_ai_type: 1,
  illust_book_style: 0,
}

describe('requests', () => {
  it('puts GET params and the cursor, in snake_case, in the query string', async () => {
    const { client, calls } = setup(() => json({ illusts: [], next_url: null, search_span_limit: 1, show_ai: true }))
    await client.searchIllusts(
      { word: 'cat dog', searchTarget: 'exact_match_for_tags', sort: 'popular_desc', searchAiType: 0 },
      { offset: 60 },
    )
    const call = calls[0]!
    expect(call.method).toBe('GET')
    expect(new URL(call.url).pathname).toBe('/v1/search/illust')
    expect(query(call)).toEqual({
      word: 'cat dog',
      search_target: 'exact_match_for_tags',
      sort: 'popular_desc',
      search_ai_type: '0',
      offset: '60',
    })
    expect(call.body).toBeUndefined()
  })

  it('sends every cursor field of recommended and bookmarks under its wire name', async () => {
    const { client, calls } = setup(() => json({ illusts: [], next_url: null }))
    await client.recommendedIllusts(
      { contentType: 'manga', includeRankingIllusts: true },
      { offset: 30, maxBookmarkIdForRecommend: 900, minBookmarkIdForRecentIllust: 100 },
    )
    expect(query(calls[0]!)).toEqual({
      content_type: 'manga',
      include_ranking_illusts: 'true',
      offset: '30',
      max_bookmark_id_for_recommend: '900',
      min_bookmark_id_for_recent_illust: '100',
    })
    await client.userIllustBookmarks({ userId: 3, restrict: 'private' }, { maxBookmarkId: 77 })
    expect(new URL(calls[1]!.url).pathname).toBe('/v1/user/bookmarks/illust')
    expect(query(calls[1]!)).toEqual({ user_id: '3', restrict: 'private', max_bookmark_id: '77' })
  })

  it('sends lastOrder for novel series and nothing extra without a cursor', async () => {
    const { client, calls } = setup(() =>
      json({
        novel_series_detail: { id: 2, title: 's' },
        novel_series_first_novel: null,
        novel_series_latest_novel: null,
        novels: [],
        next_url: null,
      }),
    )
    await client.novelSeries({ seriesId: 2 }, { lastOrder: 30 })
    await client.novelSeries({ seriesId: 2 })
    expect(query(calls[0]!)).toEqual({ series_id: '2', last_order: '30' })
    expect(query(calls[1]!)).toEqual({ series_id: '2' })
  })

  it('builds same-origin URLs from an empty base URL', async () => {
    const { client, calls } = setup(() => json({ illusts: [], next_url: null }), { baseUrl: '' })
    await client.ranking({ mode: 'week' })
    expect(calls[0]!.url).toBe('/v1/illust/ranking?mode=week')
  })

  it('posts bookmarks form-encoded with tags[] repeated', async () => {
    const { client, calls } = setup(() => json({}))
    await client.addBookmark('illust', 12, { restrict: 'private', tags: ['風景', 'sky blue'] })
    const call = calls[0]!
    expect(call.method).toBe('POST')
    expect(call.url).toBe('http://svc.test/v2/illust/bookmark/add')
    expect(call.headers['Content-Type']).toMatch(/^application\/x-www-form-urlencoded/)
    expect(call.body).toContain('tags%5B%5D=')
    expect([...form(call)]).toEqual([
      ['illust_id', '12'],
      ['restrict', 'private'],
      ['tags[]', '風景'],
      ['tags[]', 'sky blue'],
    ])
    await client.deleteBookmark('novel', 4)
    expect(calls[1]!.url).toBe('http://svc.test/v1/novel/bookmark/delete')
    expect([...form(calls[1]!)]).toEqual([['novel_id', '4']])
  })

  it('posts mute edits and follows as forms', async () => {
    const { client, calls } = setup(() => json({}))
    await client.editMutes({ addTags: ['a b'], deleteUserIds: [4, 5] })
    expect([...form(calls[0]!)]).toEqual([
      ['add_tags[]', 'a b'],
      ['delete_user_ids[]', '4'],
      ['delete_user_ids[]', '5'],
    ])
    await client.follow(9)
    expect([...form(calls[1]!)]).toEqual([
      ['user_id', '9'],
      ['restrict', 'public'],
    ])
  })

  it('sends the bearer token when there is one, and none otherwise', async () => {
    const withToken = setup(() => json({ illust: wireIllust }))
    await withToken.client.illustDetail(5)
    expect(withToken.calls[0]!.headers.Authorization).toBe('Bearer tok')

    const anonymous = setup(() => json({ illust: wireIllust }), { getToken: async () => null })
    await anonymous.client.illustDetail(5)
    expect(anonymous.calls[0]!.headers).not.toHaveProperty('Authorization')
  })

  it('signs out everywhere with the refresh token in the form body and all=true, never the access token', async () => {
    const { client, calls } = setup(() => json({}))
    await client.revokeEverywhere('r-1')
    expect(calls[0]!.url).toMatch(/\/auth\/revoke$/)
    expect(calls[0]!.headers).not.toHaveProperty('Authorization')
    expect([...form(calls[0]!)]).toEqual([
      ['refresh_token', 'r-1'],
      ['all', 'true'],
    ])
  })

  it('never sends the access token to the token endpoint', async () => {
    const fields = {
      access_token: 'a',
      expires_in: 3600,
      token_type: 'bearer',
      scope: '',
      refresh_token: 'r',
      user: {
        profile_image_urls: { px_16x16: '', px_50x50: '', px_170x170: '' },
        id: '8',
        name: 'n',
        account: 'acc',
        mail_address: '',
        is_premium: false,
        x_restrict: 0,
        is_mail_authorized: true,
        require_policy_agreement: false,
      },
    }
    const { client, calls } = setup(() => json({ ...fields, response: fields }))
    const token = await client.token({ grantType: 'refresh_token', refreshToken: 'old' })
    expect(calls[0]!.headers).not.toHaveProperty('Authorization')
    expect([...form(calls[0]!)]).toEqual([
      ['grant_type', 'refresh_token'],
      ['refresh_token', 'old'],
    ])
    expect(token).toMatchObject({ accessToken: 'a', refreshToken: 'r', expiresIn: 3600, user: { id: 8 } })
  })

  it('passes the abort signal to fetch and lets an abort through as is', async () => {
    const controller = new AbortController()
    const { client, calls } = setup(({ signal }) => {
      controller.abort()
      throw signal?.reason ?? new DOMException('aborted', 'AbortError')
    })
    const result = client.illustDetail(5, { signal: controller.signal })
    await expect(result).rejects.toMatchObject({ name: 'AbortError' })
    await expect(result).rejects.not.toBeInstanceOf(NetworkError)
    expect(calls[0]!.signal).toBe(controller.signal)
  })
})

describe('responses', () => {
  it('converts to the camelCase model', async () => {
    const { client } = setup(() => json({ illust: wireIllust }))
    const illust = await client.illustDetail(5)
    expect(illust.metaSinglePage.originalImageUrl).toBe('o.png')
    expect(illust.imageUrls.squareMedium).toBe('sq')
    expect(illust.tags[0]!.translatedName).toBeNull()
    expect(illust).not.toHaveProperty('image_urls')
  })

  it('keeps next_url as nextUrl and normalises novel series', async () => {
    const novel = {
      id: 1,
      title: 'n',
      series: {},
      tags: [],
      user: wireIllust.user,
      image_urls: wireIllust.image_urls,
      is_x_restricted: false,
    }
    const { client } = setup(() => json({ novels: [novel], next_url: 'http://svc.test/v1/novel/ranking?offset=30' }))
    const page = await client.novelRanking()
    expect(page.nextUrl).toBe('http://svc.test/v1/novel/ranking?offset=30')
    expect(page.novels[0]!.series).toBeNull()
    expect(page.novels[0]!.isXRestricted).toBe(false)
  })

  it('unwraps envelopes', async () => {
    const { client } = setup(({ url }) =>
      url.includes('ugoira')
        ? json({ ugoira_metadata: { zip_urls: { medium: 'z' }, frames: [{ file: '0.jpg', delay: 60 }] } })
        : json({ tags: [{ name: 'x', translated_name: 'y' }] }),
    )
    expect(await client.ugoiraMetadata(3)).toEqual({ zipUrls: { medium: 'z' }, frames: [{ file: '0.jpg', delay: 60 }] })
    expect(await client.autocomplete('x')).toEqual([{ name: 'x', translatedName: 'y' }])
  })
})

describe('errors', () => {
  it('400 invalid_grant is an invalid token', async () => {
    const { client } = setup(() => json(errorBody(`${OAUTH} invalid_grant`), 400))
    const error = await client.illustDetail(1).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InvalidTokenError)
    expect(error).toMatchObject({ status: 400, userMessage: expect.stringMatching(/session has expired/i) })
  })

  it('400 invalid_request and 401 mean sign-in is needed', async () => {
    const a = setup(() => json(errorBody(`${OAUTH} invalid_request`), 400))
    await expect(a.client.muteList()).rejects.toBeInstanceOf(SignInRequiredError)
    const b = setup(() => new Response('', { status: 401 }))
    await expect(b.client.muteList()).rejects.toBeInstanceOf(SignInRequiredError)
  })

  it('other 400s are bad requests carrying the server user message', async () => {
    const { client } = setup(() => json(errorBody('{"offset":["too big"]}', 'offset must be no more than 5000'), 400))
    const error = await client.ranking().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(BadRequestError)
    expect(error).toMatchObject({ userMessage: 'offset must be no more than 5000', message: '{"offset":["too big"]}' })
  })

  it('403 is forbidden, 404 is not found, 5xx is a server error', async () => {
    const forbidden = setup(() => json(errorBody('Forbidden', 'Sign in to see this ranking.'), 403))
    await expect(forbidden.client.ranking({ mode: 'day_r18' })).rejects.toMatchObject({
      constructor: ForbiddenError,
      userMessage: 'Sign in to see this ranking.',
    })
    const missing = setup(() => json(errorBody('Not found', ''), 404))
    const error = await missing.client.illustDetail(999).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NotFoundError)
    // An empty user_message falls back to a readable sentence.
    expect((error as NotFoundError).userMessage).toMatch(/could not be found/i)
    const broken = setup(() => new Response('<html>Bad gateway</html>', { status: 502 }))
    await expect(broken.client.illustDetail(1)).rejects.toBeInstanceOf(ServerError)
  })

  it('429 is rate limited with Retry-After in seconds or as a date', async () => {
    const seconds = setup(() => json(errorBody('Rate Limit'), 429, { 'Retry-After': '17' }))
    const error = await seconds.client.illustDetail(1).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RateLimitedError)
    expect((error as RateLimitedError).retryAfterSeconds).toBe(17)
    expect((error as RateLimitedError).userMessage).toMatch(/too many requests/i)

    const none = setup(() => new Response('slow down', { status: 429 }))
    await expect(none.client.illustDetail(1)).rejects.toMatchObject({ retryAfterSeconds: null })

    const now = Date.parse('2025-03-01T00:00:00Z')
    expect(parseRetryAfter('Sat, 01 Mar 2025 00:01:30 GMT', now)).toBe(90)
    expect(parseRetryAfter('Fri, 28 Feb 2025 00:00:00 GMT', now)).toBe(0)
    expect(parseRetryAfter('soon', now)).toBeNull()
  })

  it('a failed fetch is a network error', async () => {
    const { client } = setup(() => {
      throw new TypeError('Failed to fetch')
    })
    const error = await client.illustDetail(1).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NetworkError)
    expect(error).toMatchObject({ status: 0, userMessage: expect.stringMatching(/connection/i) })
  })

  it('a non-JSON success body is an invalid response', async () => {
    const { client } = setup(() => new Response('<!doctype html><title>SPA</title>', { status: 200 }))
    const error = await client.illustDetail(1).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InvalidResponseError)
    expect(error).toMatchObject({ status: 200 })
  })

  it('a body without its envelope or list is an invalid response', async () => {
    const { client } = setup(() => json({ unexpected: true }))
    await expect(client.illustDetail(1)).rejects.toBeInstanceOf(InvalidResponseError)
    await expect(client.ranking()).rejects.toBeInstanceOf(InvalidResponseError)
    await expect(client.userNovelBookmarks({ userId: 1 })).rejects.toBeInstanceOf(InvalidResponseError)
  })

  it('an error body on a 200 is still an error', async () => {
    const { client } = setup(() => json(errorBody('Rate Limit'), 200))
    await expect(client.illustDetail(1)).rejects.toBeInstanceOf(RateLimitedError)
  })

  it("the token endpoint's own error shape becomes a token request error", async () => {
    const { client } = setup(() =>
      json(
        {
          has_error: true,
          errors: { system: { message: 'Invalid username or password', code: 1508 } },
          error: 'invalid_grant',
        },
        400,
      ),
    )
    const error = await client.token({ grantType: 'password', username: 'a', password: 'b' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TokenRequestError)
    expect(error).toMatchObject({ error: 'invalid_grant', code: 1508, status: 400 })
    expect((error as TokenRequestError).userMessage).toMatch(/password is incorrect/i)
  })
})

describe('unauthorized handling', () => {
  it('retries once with a fresh token when onUnauthorized says so', async () => {
    let token = 'old'
    const onUnauthorized = vi.fn(async () => {
      token = 'new'
      return true
    })
    const { client, calls } = setup(
      ({ headers }) =>
        headers.Authorization === 'Bearer new'
          ? json({ illust: wireIllust })
          : json(errorBody(`${OAUTH} invalid_grant`), 400),
      { getToken: () => token, onUnauthorized },
    )
    const illust = await client.illustDetail(5)
    expect(illust.id).toBe(5)
    expect(calls).toHaveLength(2)
    expect(onUnauthorized).toHaveBeenCalledTimes(1)
    expect(onUnauthorized.mock.calls[0]).toEqual([expect.any(InvalidTokenError), { token: 'old' }])
  })

  it('does not loop when the retry fails too, and leaves other errors alone', async () => {
    const onUnauthorized = vi.fn(() => true)
    const { client, calls } = setup(() => json(errorBody(`${OAUTH} invalid_grant`), 400), { onUnauthorized })
    await expect(client.illustDetail(5)).rejects.toBeInstanceOf(InvalidTokenError)
    expect(calls).toHaveLength(2)

    const notFound = setup(() => json(errorBody('Not found'), 404), { onUnauthorized })
    await expect(notFound.client.illustDetail(5)).rejects.toBeInstanceOf(NotFoundError)
    expect(onUnauthorized).toHaveBeenCalledTimes(1)
  })
})

describe('the endpoint table', () => {
  it('has a client method for every entry, named as the entry: the catalogue’s in the client, the account’s in its own', () => {
    const client = createApiClient({ baseUrl: '' })
    const has = (c: object, name: string) => typeof (c as Record<string, unknown>)[name] === 'function'
    expect(Object.keys(CATALOGUE_ENDPOINTS).filter((name) => !has(client, name))).toEqual([])
    const account = createAccountClient(client)
    expect(Object.keys(ACCOUNT_ENDPOINTS).filter((name) => !has(account, name))).toEqual([])
  })
})

const wireComment = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  comment: `<img src=x onerror=alert(${id})>`,
  date: '2026-01-01T00:00:00+09:00',
  user: { id: 7, name: 'n', account: 'a', profile_image_urls: { medium: 'm' } },
  has_replies: false,
  stamp: null,
  ...extra,
})

describe('comments, users, feeds and the other late entries', () => {
  it('reads a comment page with its total, and a reply carries its parent (top-level ones null)', async () => {
    const { client, calls } = setup(() =>
      json({
        total_comments: 3,
        comments: [wireComment(1, { parent_comment: {}, has_replies: true }), wireComment(2)],
        next_url: 'http://svc.test/v1/novel/comments?novel_id=9&offset=30',
        comment_access_control: 0,
      }),
    )
    const page = await client.comments('illust', 9, { offset: 30 })
    expect(new URL(calls[0]!.url).pathname).toBe('/v3/illust/comments')
    expect(query(calls[0]!)).toEqual({ illust_id: '9', include_total_comments: 'true', offset: '30' })
    expect(page.totalComments).toBe(3)
    expect(page.comments.map((c) => [c.id, c.parentComment, c.hasReplies])).toEqual([
      [1, null, true],
      [2, null, false],
    ])
    expect(page.comments[0]!.comment).toBe('<img src=x onerror=alert(1)>')
    expect(page.comments[0]!.user.profileImageUrls.medium).toBe('m')
  })

  it("a novel's threads come from its v1 list, replies left to their thread", async () => {
    const { client, calls } = setup(() =>
      json({
        total_comments: 2,
        comments: [wireComment(2, { parent_comment: wireComment(1) }), wireComment(1, { parent_comment: {} })],
        next_url: null,
        comment_access_control: 0,
      }),
    )
    const page = await client.comments('novel', 9)
    expect(new URL(calls[0]!.url).pathname).toBe('/v1/novel/comments')
    expect(page.comments.map((c) => c.id)).toEqual([1])
    expect(page.totalComments).toBe(2)
    const all = await client.novelComments({ novelId: 9 })
    expect(all.comments.map((c) => [c.id, c.parentComment?.id ?? null])).toEqual([
      [2, 1],
      [1, null],
    ])
  })

  it('posts a reply with its parent and converts the comment it answers', async () => {
    const { client, calls } = setup(() => json({ comment: wireComment(5, { parent_comment: wireComment(4) }) }))
    const added = await client.addComment('illust', 3, { comment: 'hi\nthere', parentCommentId: 4 })
    expect(calls[0]!.method).toBe('POST')
    expect(new URL(calls[0]!.url).pathname).toBe('/v1/illust/comment/add')
    expect(Object.fromEntries(form(calls[0]!))).toEqual({
      illust_id: '3',
      comment: 'hi\nthere',
      parent_comment_id: '4',
    })
    expect(added.parentComment?.id).toBe(4)
    await client.deleteNovelComment(5)
    expect(new URL(calls[1]!.url).pathname).toBe('/v1/novel/comment/delete')
    expect(Object.fromEntries(form(calls[1]!))).toEqual({ comment_id: '5' })
  })

  it('pages the follow feeds, newest and user lists by their offsets', async () => {
    const { client, calls } = setup((call) =>
      json(
        /\/user\/|\/search\/user/.test(call.url)
          ? { user_previews: [], next_url: null }
          : call.url.includes('novel')
            ? { novels: [], next_url: null }
            : { illusts: [], next_url: null },
      ),
    )
    await client.followIllusts({ restrict: 'all' }, { offset: 30 })
    await client.followNovels()
    await client.newIllusts({ contentType: 'manga' })
    await client.newNovels({}, { maxNovelId: 1958 })
    await client.searchUsers({ word: 'a b' })
    await client.userFollowers({ userId: 2 })
    await client.userMypixiv({ userId: 2 }, { offset: 30 })
    expect(calls.map((c) => `${new URL(c.url).pathname}?${new URL(c.url).searchParams}`)).toEqual([
      '/v2/illust/follow?restrict=all&offset=30',
      '/v1/novel/follow?',
      '/v1/illust/new?content_type=manga',
      '/v1/novel/new?max_novel_id=1958',
      '/v1/search/user?word=a+b',
      '/v1/user/follower?user_id=2',
      '/v1/user/mypixiv?user_id=2&offset=30',
    ])
  })

  it('posts the AI setting as a boolean form field', async () => {
    const { client, calls } = setup(() => json({}))
    await client.editAiShowSettings(false)
    expect(new URL(calls[0]!.url).pathname).toBe('/v1/user/ai-show-settings/edit')
    expect(form(calls[0]!).get('setting')).toBe('false')
  })

  it('answers the webview novel page as its HTML text', async () => {
    const html = '<html><script>novel: {"text":"x"}</script></html>'
    const { client, calls } = setup(
      () => new Response(html, { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8' } }),
    )
    expect(await client.webviewNovel(12)).toBe(html)
    expect(query(calls[0]!)).toEqual({ id: '12' })
  })

  it('unwraps the web API envelope and puts path ids in the path', async () => {
    const { client, calls } = setup(() => json({ error: false, message: '', body: { illustId: '3' } }))
    expect(await client.ajaxIllust(3)).toEqual({ illustId: '3' })
    expect(calls[0]!.url).toBe('http://svc.test/ajax/illust/3')
    await client.ajaxUserProfile(4)
    expect(calls[1]!.url).toBe('http://svc.test/ajax/user/4/profile/all')
  })

  it('revokes a refresh token without sending the access token', async () => {
    const { client, calls } = setup(() => json({}))
    await client.revokeToken('rt-1')
    expect(new URL(calls[0]!.url).pathname).toBe('/auth/revoke')
    expect(form(calls[0]!).get('refresh_token')).toBe('rt-1')
    expect(calls[0]!.headers.Authorization).toBeUndefined()
  })
})
