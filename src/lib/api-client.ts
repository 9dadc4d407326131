// The one client of the catalogue service (DESIGN.md §3.2). GET parameters in the query string, POST bodies
// form-encoded, cursors as their snake_case parameters, responses converted to the camelCase model, failures as
// typed errors (api-error.ts).

import {
  camelize,
  toIllust,
  toNovel,
  toNovelPage,
  toNovelSeriesPage,
  toNovelText,
  toRecommendedNovelPage,
  toSearchNovelPage,
  toTokenResponse,
  toUserNovelPage,
  toUserPreviewPage,
} from '../api/camel.ts'
import { cursorToParams, type Cursor } from '../api/cursor.ts'
import type {
  BookmarkDetail,
  BookmarkTagPage,
  Illust,
  IllustPage,
  IllustSeriesPage,
  IllustType,
  MuteList,
  Novel,
  NovelPage,
  NovelSeriesPage,
  NovelText,
  RecommendedIllustPage,
  RecommendedNovelPage,
  Restrict,
  SearchIllustPage,
  SearchNovelPage,
  Tag,
  TokenResponse,
  TrendTag,
  UgoiraMetadata,
  UserDetail,
  UserIllustPage,
  UserNovelPage,
  UserPreviewPage,
  WorkKind,
} from '../api/model.ts'
import type { WireIllust, WireIllustPage, WireTokenResponse, WireUgoiraMetadata } from '../api/wire.ts'
import type {
  WireAutocomplete,
  WireBookmarkDetail,
  WireBookmarkTagPage,
  WireIllustDetail,
  WireIllustSeriesPage,
  WireMuteList,
  WireNovelDetail,
  WireRecommendedIllustPage,
  WireSearchIllustPage,
  WireTrendingTags,
  WireUserDetail,
  WireUserIllustPage,
} from '../api/wire-responses.ts'
import {
  errorFromResponse,
  InvalidResponseError,
  InvalidTokenError,
  isWireErrorBody,
  isWireTokenErrorBody,
  NetworkError,
  SignInRequiredError,
} from './api-error.ts'

export type AccessToken = string | null | undefined

export interface ApiClientOptions {
  /** Origin (and path prefix) of the service; `''` means the page's own origin. */
  baseUrl: string
  /** The current access token, if any; may refresh it first (session.getAccessToken). */
  getToken?: () => AccessToken | Promise<AccessToken>
  /**
   * Called when the service answers "invalid token" or "sign in required". Resolve `true` to retry the call once
   * with a fresh `getToken()` (after a refresh); anything else lets the error through.
   */
  onUnauthorized?: (
    error: InvalidTokenError | SignInRequiredError,
    context: { token: string | null },
  ) => boolean | void | Promise<boolean | void>
  /** Injected for tests; defaults to the global fetch. */
  fetch?: typeof fetch
}

export interface CallOptions {
  signal?: AbortSignal
}

// ---- request parameters (camelCase keys, wire values) ----

export type IllustSearchTarget = 'partial_match_for_tags' | 'exact_match_for_tags' | 'title_and_caption'
export type NovelSearchTarget = 'partial_match_for_tags' | 'exact_match_for_tags' | 'text' | 'keyword'
export type SearchSort = 'date_desc' | 'date_asc' | 'popular_desc'
export type SearchDuration = 'within_last_day' | 'within_last_week' | 'within_last_month'

export interface SearchParams<Target extends string> {
  /** Space-separated words; all must match. */
  word: string
  searchTarget?: Target
  sort?: SearchSort
  duration?: SearchDuration
  /** `YYYY-MM-DD`. */
  startDate?: string
  /** `YYYY-MM-DD`. */
  endDate?: string
  /** 0 leaves AI-generated works out; 1 (or absent) includes them. */
  searchAiType?: 0 | 1
  bookmarkNumMin?: number
  bookmarkNumMax?: number
}

export type SearchIllustParams = SearchParams<IllustSearchTarget>
export type SearchNovelParams = SearchParams<NovelSearchTarget>

export type IllustRankingMode =
  | 'day'
  | 'week'
  | 'month'
  | 'day_male'
  | 'day_female'
  | 'week_original'
  | 'week_rookie'
  | 'day_manga'
  | 'week_manga'
  | 'month_manga'
  | 'week_rookie_manga'
  | 'day_ai'
  | 'day_r18'
  | 'day_male_r18'
  | 'day_female_r18'
  | 'week_r18'
  | 'week_r18g'
  | 'day_r18_ai'

export type NovelRankingMode =
  | 'day'
  | 'week'
  | 'day_male'
  | 'day_female'
  | 'week_rookie'
  | 'day_ai'
  | 'day_r18'
  | 'week_r18'
  | 'week_r18g'
  | 'day_r18_ai'

export interface RankingParams<Mode extends string> {
  mode?: Mode
  /** `YYYY-MM-DD`; the latest day when absent. */
  date?: string
}

export interface RecommendedIllustParams {
  contentType?: 'illust' | 'manga'
  /** Fills `rankingIllusts` (ask on the first page only). */
  includeRankingIllusts?: boolean
}

export interface RecommendedNovelParams {
  includeRankingNovels?: boolean
}

export interface BookmarkListParams {
  userId: number
  /** `private` only for the signed-in user's own bookmarks. */
  restrict?: Restrict
  /** A bookmark tag to narrow to. */
  tag?: string
}

export interface BookmarkTagParams {
  userId: number
  restrict?: Restrict
}

export interface UserIllustParams {
  userId: number
  /** Absent: both illustrations and manga. */
  type?: Exclude<IllustType, 'ugoira'>
}

export interface UserFollowingParams {
  userId: number
  restrict?: Restrict
}

export interface AddBookmarkParams {
  restrict?: Restrict
  /** Bookmark tags (at most 10). */
  tags?: readonly string[]
}

export interface MuteEdit {
  addTags?: readonly string[]
  deleteTags?: readonly string[]
  addUserIds?: readonly number[]
  deleteUserIds?: readonly number[]
}

export type TokenGrant =
  { grantType: 'password'; username: string; password: string } | { grantType: 'refresh_token'; refreshToken: string }

// ---- the client ----

type ParamValue = string | number | boolean | readonly (string | number)[] | null | undefined
type Params = Record<string, ParamValue>

/** Query or form encoding: undefined/null left out, arrays as repeated fields (name them `key[]`). */
export function encodeParams(params: Params): URLSearchParams {
  const out = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue
    if (Array.isArray(value)) for (const v of value as readonly (string | number)[]) out.append(key, String(v))
    else out.append(key, String(value))
  }
  return out
}

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return !!signal?.aborted || (error instanceof Error && error.name === 'AbortError')
}

type Parsed = { json: true; value: unknown } | { json: false }

const searchParams = <T extends string>(q: SearchParams<T>): Params => ({
  word: q.word,
  search_target: q.searchTarget,
  sort: q.sort,
  duration: q.duration,
  start_date: q.startDate,
  end_date: q.endDate,
  search_ai_type: q.searchAiType,
  bookmark_num_min: q.bookmarkNumMin,
  bookmark_num_max: q.bookmarkNumMax,
})

const itemParam = (kind: WorkKind) => (kind === 'illust' ? 'illust_id' : 'novel_id')

// Shape checks for the converters: a body without its envelope or list fails as InvalidResponseError, not later in
// the UI as "cannot read properties of undefined".
function present<T>(value: T | null | undefined): T {
  if (value === null || value === undefined || typeof value !== 'object') throw new TypeError('missing envelope')
  return value
}

function list<T>(value: T[] | null | undefined): T[] {
  if (!Array.isArray(value)) throw new TypeError('missing list')
  return value
}

function illustPage<W extends { illusts: WireIllust[]; next_url: string | null }>(wire: W) {
  list(wire.illusts)
  return camelize({ ...wire, next_url: wire.next_url ?? null })
}

export function createApiClient(options: ApiClientOptions) {
  const baseUrl = options.baseUrl.replace(/\/+$/, '')
  // Called through a wrapper: a bare `window.fetch` kept on an object throws "Illegal invocation" in browsers.
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init))

  async function readBody(response: Response, signal: AbortSignal | undefined): Promise<Parsed> {
    let text: string
    try {
      text = await response.text()
    } catch (error) {
      if (isAbort(error, signal)) throw error
      return { json: false }
    }
    if (text.trim() === '') return response.ok ? { json: true, value: {} } : { json: false }
    try {
      return { json: true, value: JSON.parse(text) as unknown }
    } catch {
      return { json: false }
    }
  }

  async function request<W, M>(
    method: 'GET' | 'POST',
    path: string,
    params: Params,
    { signal, auth = true }: CallOptions & { auth?: boolean },
    convert: (wire: W) => M,
  ): Promise<M> {
    for (let attempt = 0; ; attempt++) {
      const token = auth ? ((await options.getToken?.()) ?? null) : null
      const headers: Record<string, string> = { Accept: 'application/json' }
      if (token) headers.Authorization = `Bearer ${token}`
      const encoded = encodeParams(params).toString()
      let url = baseUrl + path
      let body: string | undefined
      if (method === 'GET') {
        if (encoded) url += `?${encoded}`
      } else {
        body = encoded
        headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8'
      }

      let response: Response
      try {
        response = await doFetch(url, { method, headers, body, signal })
      } catch (error) {
        if (isAbort(error, signal)) throw error
        throw new NetworkError({ message: error instanceof Error ? error.message : String(error), url, cause: error })
      }

      const parsed = await readBody(response, signal)
      const value = parsed.json ? parsed.value : undefined
      if (response.ok && parsed.json && !isWireErrorBody(value) && !isWireTokenErrorBody(value)) {
        try {
          return convert(value as W)
        } catch (error) {
          throw new InvalidResponseError({
            status: response.status,
            message: `Unexpected response from ${path}`,
            url,
            cause: error,
          })
        }
      }

      const error = errorFromResponse({ status: response.status, body: value, headers: response.headers, url })
      const unauthorized = error instanceof InvalidTokenError || error instanceof SignInRequiredError
      if (unauthorized && auth && attempt === 0 && options.onUnauthorized) {
        if ((await options.onUnauthorized(error, { token })) === true) continue
      }
      throw error
    }
  }

  const get = <W, M>(path: string, params: Params, opts: CallOptions | undefined, convert: (wire: W) => M) =>
    request('GET', path, params, opts ?? {}, convert)
  const post = (path: string, params: Params, opts: CallOptions | undefined) =>
    request('POST', path, params, opts ?? {}, () => undefined)
  const withCursor = (params: Params, cursor: Cursor | undefined): Params => ({ ...params, ...cursorToParams(cursor) })

  return {
    // ---- works ----
    illustDetail(illustId: number, opts?: CallOptions): Promise<Illust> {
      return get('/v1/illust/detail', { illust_id: illustId }, opts, (w: WireIllustDetail) =>
        toIllust(present(w.illust)),
      )
    },
    searchIllusts(params: SearchIllustParams, cursor?: Cursor, opts?: CallOptions): Promise<SearchIllustPage> {
      return get('/v1/search/illust', withCursor(searchParams(params), cursor), opts, illustPage<WireSearchIllustPage>)
    },
    ranking(params: RankingParams<IllustRankingMode> = {}, cursor?: Cursor, opts?: CallOptions): Promise<IllustPage> {
      const q = { mode: params.mode, date: params.date }
      return get('/v1/illust/ranking', withCursor(q, cursor), opts, illustPage<WireIllustPage>)
    },
    recommendedIllusts(
      params: RecommendedIllustParams = {},
      cursor?: Cursor,
      opts?: CallOptions,
    ): Promise<RecommendedIllustPage> {
      const q = { content_type: params.contentType, include_ranking_illusts: params.includeRankingIllusts }
      return get('/v1/illust/recommended', withCursor(q, cursor), opts, (w: WireRecommendedIllustPage) =>
        illustPage({
          ...w,
          ranking_illusts: w.ranking_illusts ?? [],
          contest_exists: w.contest_exists ?? false,
          privacy_policy: w.privacy_policy ?? {},
        }),
      )
    },
    related(params: { illustId: number }, cursor?: Cursor, opts?: CallOptions): Promise<IllustPage> {
      const q = { illust_id: params.illustId }
      return get('/v2/illust/related', withCursor(q, cursor), opts, illustPage<WireIllustPage>)
    },
    illustSeries(params: { seriesId: number }, cursor?: Cursor, opts?: CallOptions): Promise<IllustSeriesPage> {
      const q = { illust_series_id: params.seriesId }
      return get('/v1/illust/series', withCursor(q, cursor), opts, (w: WireIllustSeriesPage) =>
        illustPage({ ...w, illust_series_first_illust: w.illust_series_first_illust ?? null }),
      )
    },
    ugoiraMetadata(illustId: number, opts?: CallOptions): Promise<UgoiraMetadata> {
      return get('/v1/ugoira/metadata', { illust_id: illustId }, opts, (w: WireUgoiraMetadata) =>
        camelize(present(w.ugoira_metadata)),
      )
    },
    userIllusts(params: UserIllustParams, cursor?: Cursor, opts?: CallOptions): Promise<UserIllustPage> {
      const q = { user_id: params.userId, type: params.type }
      return get('/v1/user/illusts', withCursor(q, cursor), opts, illustPage<WireUserIllustPage>)
    },
    userIllustBookmarks(params: BookmarkListParams, cursor?: Cursor, opts?: CallOptions): Promise<IllustPage> {
      const q = { user_id: params.userId, restrict: params.restrict, tag: params.tag }
      return get('/v1/user/bookmarks/illust', withCursor(q, cursor), opts, illustPage<WireIllustPage>)
    },
    trendingTags(opts?: CallOptions): Promise<TrendTag[]> {
      return get('/v1/trending-tags/illust', {}, opts, (w: WireTrendingTags) => camelize(list(w.trend_tags)))
    },

    // ---- novels ----
    novelDetail(novelId: number, opts?: CallOptions): Promise<Novel> {
      return get('/v2/novel/detail', { novel_id: novelId }, opts, (w: WireNovelDetail) => toNovel(present(w.novel)))
    },
    novelText(novelId: number, opts?: CallOptions): Promise<NovelText> {
      return get('/v1/novel/text', { novel_id: novelId }, opts, toNovelText)
    },
    searchNovels(params: SearchNovelParams, cursor?: Cursor, opts?: CallOptions): Promise<SearchNovelPage> {
      return get('/v1/search/novel', withCursor(searchParams(params), cursor), opts, toSearchNovelPage)
    },
    novelRanking(
      params: RankingParams<NovelRankingMode> = {},
      cursor?: Cursor,
      opts?: CallOptions,
    ): Promise<NovelPage> {
      const q = { mode: params.mode, date: params.date }
      return get('/v1/novel/ranking', withCursor(q, cursor), opts, toNovelPage)
    },
    recommendedNovels(
      params: RecommendedNovelParams = {},
      cursor?: Cursor,
      opts?: CallOptions,
    ): Promise<RecommendedNovelPage> {
      const q = { include_ranking_novels: params.includeRankingNovels }
      return get('/v1/novel/recommended', withCursor(q, cursor), opts, toRecommendedNovelPage)
    },
    novelSeries(params: { seriesId: number }, cursor?: Cursor, opts?: CallOptions): Promise<NovelSeriesPage> {
      const q = { series_id: params.seriesId }
      return get('/v2/novel/series', withCursor(q, cursor), opts, toNovelSeriesPage)
    },
    userNovels(params: { userId: number }, cursor?: Cursor, opts?: CallOptions): Promise<UserNovelPage> {
      const q = { user_id: params.userId }
      return get('/v1/user/novels', withCursor(q, cursor), opts, toUserNovelPage)
    },
    userNovelBookmarks(params: BookmarkListParams, cursor?: Cursor, opts?: CallOptions): Promise<NovelPage> {
      const q = { user_id: params.userId, restrict: params.restrict, tag: params.tag }
      return get('/v1/user/bookmarks/novel', withCursor(q, cursor), opts, toNovelPage)
    },

    // ---- both kinds ----
    autocomplete(word: string, opts?: CallOptions): Promise<Tag[]> {
      return get('/v2/search/autocomplete', { word }, opts, (w: WireAutocomplete) => camelize(list(w.tags)))
    },
    bookmarkDetail(kind: WorkKind, id: number, opts?: CallOptions): Promise<BookmarkDetail> {
      return get(`/v2/${kind}/bookmark/detail`, { [itemParam(kind)]: id }, opts, (w: WireBookmarkDetail) =>
        camelize(present(w.bookmark_detail)),
      )
    },
    addBookmark(kind: WorkKind, id: number, params: AddBookmarkParams = {}, opts?: CallOptions): Promise<void> {
      const form = { [itemParam(kind)]: id, restrict: params.restrict ?? 'public', 'tags[]': params.tags }
      return post(`/v2/${kind}/bookmark/add`, form, opts)
    },
    deleteBookmark(kind: WorkKind, id: number, opts?: CallOptions): Promise<void> {
      return post(`/v1/${kind}/bookmark/delete`, { [itemParam(kind)]: id }, opts)
    },
    userBookmarkTags(
      kind: WorkKind,
      params: BookmarkTagParams,
      cursor?: Cursor,
      opts?: CallOptions,
    ): Promise<BookmarkTagPage> {
      const q = { user_id: params.userId, restrict: params.restrict }
      return get(`/v1/user/bookmark-tags/${kind}`, withCursor(q, cursor), opts, (w: WireBookmarkTagPage) =>
        camelize({ ...w, bookmark_tags: list(w.bookmark_tags) }),
      )
    },

    // ---- users ----
    userDetail(userId: number, opts?: CallOptions): Promise<UserDetail> {
      return get('/v1/user/detail', { user_id: userId }, opts, (w: WireUserDetail) => {
        present(w.user)
        return camelize(w)
      })
    },
    userFollowing(params: UserFollowingParams, cursor?: Cursor, opts?: CallOptions): Promise<UserPreviewPage> {
      const q = { user_id: params.userId, restrict: params.restrict }
      return get('/v1/user/following', withCursor(q, cursor), opts, toUserPreviewPage)
    },
    follow(userId: number, restrict: Restrict = 'public', opts?: CallOptions): Promise<void> {
      return post('/v1/user/follow/add', { user_id: userId, restrict }, opts)
    },
    unfollow(userId: number, opts?: CallOptions): Promise<void> {
      return post('/v1/user/follow/delete', { user_id: userId }, opts)
    },
    muteList(opts?: CallOptions): Promise<MuteList> {
      return get('/v1/mute/list', {}, opts, (w: WireMuteList) =>
        camelize({ ...w, muted_tags: list(w.muted_tags), muted_users: list(w.muted_users) }),
      )
    },
    editMutes(edit: MuteEdit, opts?: CallOptions): Promise<void> {
      const form = {
        'add_tags[]': edit.addTags,
        'delete_tags[]': edit.deleteTags,
        'add_user_ids[]': edit.addUserIds,
        'delete_user_ids[]': edit.deleteUserIds,
      }
      return post('/v1/mute/edit', form, opts)
    },

    // ---- auth ----
    /** Signs in (password) or renews (refresh token). Never sends the access token. */
    token(grant: TokenGrant, opts: CallOptions = {}): Promise<TokenResponse> {
      const form =
        grant.grantType === 'password'
          ? { grant_type: 'password', username: grant.username, password: grant.password }
          : { grant_type: 'refresh_token', refresh_token: grant.refreshToken }
      return request('POST', '/auth/token', form, { ...opts, auth: false }, (w: WireTokenResponse) => {
        const token = toTokenResponse(w)
        if (typeof token.accessToken !== 'string' || typeof token.refreshToken !== 'string') {
          throw new TypeError('token response without tokens')
        }
        return token
      })
    },

    /** Revokes a refresh token (signing out): it stops working at once. Never sends the access token. */
    revoke(refreshToken: string, opts: CallOptions = {}): Promise<void> {
      return request('POST', '/auth/revoke', { refresh_token: refreshToken }, { ...opts, auth: false }, () => undefined)
    },
  }
}

export type ApiClient = ReturnType<typeof createApiClient>
