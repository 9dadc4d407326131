// The one client of the catalogue service (DESIGN.md §3.2). GET parameters in the query string, POST bodies
// form-encoded, cursors as their snake_case parameters, responses converted to the camelCase model, failures as
// typed errors (api-error.ts).

import {
  camelize,
  toIllust,
  toNovel,
  toNovelPage,
  toNovelSeriesPage,
  toComment,
  toCommentPage,
  toCommentReplies,
  toNovelText,
  toRecommendedNovelPage,
  toSearchNovelPage,
  toTokenResponse,
  toUserNovelPage,
  toUser,
  toUserPreviewPage,
} from '../api/camel.ts'
import { cursorToParams, type Cursor } from '../api/cursor.ts'
import { CATALOGUE_ENDPOINTS, type CatalogueEndpointName, type CatalogueEndpoints } from '../api/catalogue-endpoints.ts'
import {
  encodeParams,
  fillPath,
  wireFields,
  type ClientParams,
  type EndpointSpec,
  type WireAnswer,
  type WireValue,
} from '../api/endpoint-spec.ts'
import type {
  BookmarkDetail,
  BookmarkTagPage,
  Comment,
  CommentPage,
  CommentReplies,
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
  UserList,
  UserNovelPage,
  UserPreviewPage,
  WorkKind,
} from '../api/model.ts'
import type { WireIllust, WireIllustPage } from '../api/wire.ts'
import type {
  WireAjax,
  WireBookmarkDetail,
  WireBookmarkTagPage,
  WireLibraryScan,
  WireLibraryStatus,
  WireRecommendedIllustPage,
  WireSearchIllustPage,
  WireUserIllustPage,
} from '../api/wire-responses.ts'
import type { InitialAnswers } from './initial-answers.ts'
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
  /**
   * Answers the page came with (initial-answers.ts): an anonymous GET of one of their URLs takes it instead of
   * fetching, once.
   */
  initialAnswers?: InitialAnswers
}

export interface CallOptions {
  signal?: AbortSignal
}

// ---- request parameters (camelCase keys, wire values) ----

export type {
  FeedRestrict,
  IllustRankingMode,
  IllustSearchTarget,
  NovelRankingMode,
  NovelSearchTarget,
  SearchDuration,
} from '../api/catalogue-endpoints.ts'
import type {
  FeedRestrict,
  IllustRankingMode,
  IllustSearchTarget,
  NovelRankingMode,
  NovelSearchTarget,
  SearchDuration,
} from '../api/catalogue-endpoints.ts'
/** The sorts the gallery offers (the service also knows pixiv's premium-only audience sorts). */
export type SearchSort = 'date_desc' | 'date_asc' | 'popular_desc'

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

export interface FeedParams {
  /** Whose works: the users followed publicly (default), privately, or both. */
  restrict?: FeedRestrict
}

export interface NewIllustParams {
  contentType?: 'illust' | 'manga'
}

export interface AddCommentParams {
  /** At most MAX_COMMENT_LENGTH characters. */
  comment: string
  /** Answers this comment (one level, as pixiv). */
  parentCommentId?: number
}

export type TokenGrant =
  { grantType: 'password'; username: string; password: string } | { grantType: 'refresh_token'; refreshToken: string }

// ---- the client ----

type Params = Record<string, WireValue>

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return !!signal?.aborted || (error instanceof Error && error.name === 'AbortError')
}

type Parsed = { json: true; value: unknown } | { json: false }

const searchParams = <T extends string>(q: SearchParams<T>) => ({
  word: q.word,
  search_target: q.searchTarget,
  sort: q.sort,
  duration: q.duration,
  start_date: q.startDate,
  end_date: q.endDate,
  search_ai_type: q.searchAiType === undefined ? undefined : (String(q.searchAiType) as '0' | '1'),
  bookmark_num_min: q.bookmarkNumMin,
  bookmark_num_max: q.bookmarkNumMax,
})

// Shape checks for the converters: a body without its envelope or list fails as InvalidResponseError, not later in
// the UI as "cannot read properties of undefined".
function present<T>(value: T | null | undefined): T {
  if (value === null || value === undefined || typeof value !== 'object') throw new TypeError('missing envelope')
  return value
}

export function list<T>(value: T[] | null | undefined): T[] {
  if (!Array.isArray(value)) throw new TypeError('missing list')
  return value
}

const userPreviewPage = (w: Parameters<typeof toUserPreviewPage>[0]) =>
  toUserPreviewPage({ ...w, user_previews: list(w.user_previews) })

function illustPage<W extends { illusts: WireIllust[]; next_url: string | null }>(wire: W) {
  list(wire.illusts)
  return camelize({ ...wire, next_url: wire.next_url ?? null })
}

export function createApiClient(options: ApiClientOptions) {
  const baseUrl = options.baseUrl.replace(/\/+$/, '')
  // Called through a wrapper: a bare `window.fetch` kept on an object throws "Illegal invocation" in browsers.
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init))

  async function readBody(response: Response, signal: AbortSignal | undefined, html: boolean): Promise<Parsed> {
    let text: string
    try {
      text = await response.text()
    } catch (error) {
      if (isAbort(error, signal)) throw error
      return { json: false }
    }
    // An HTML page (the webview novel) is the answer itself; its failures still come as JSON error bodies.
    if (html && response.ok && /text\/html/.test(response.headers.get('content-type') ?? ''))
      return { json: true, value: text }
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
    { signal, auth = true, html = false }: CallOptions & { auth?: boolean; html?: boolean },
    convert: (wire: W) => M,
  ): Promise<M> {
    for (let attempt = 0; ; attempt++) {
      const token = auth ? ((await options.getToken?.()) ?? null) : null
      const headers: Record<string, string> = { Accept: html ? 'text/html' : 'application/json' }
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

      // The page's own first answer (as an anonymous caller sees it): no round trip.
      const embedded =
        method === 'GET' && !token ? options.initialAnswers?.take(path + (encoded ? `?${encoded}` : '')) : undefined
      if (embedded !== undefined && !isWireErrorBody(embedded)) {
        try {
          return convert(embedded as W)
        } catch {
          // Not the shape expected after all: ask the service.
        }
      }

      let response: Response
      try {
        response = await doFetch(url, { method, headers, body, signal })
      } catch (error) {
        if (isAbort(error, signal)) throw error
        throw new NetworkError({ message: error instanceof Error ? error.message : String(error), url, cause: error })
      }

      const parsed = await readBody(response, signal, html)
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

  /**
   * One call of an endpoint-table entry: method and path come from the table, and the wire parameters are typed by it,
   * so the client cannot send a parameter the service does not take. List parameters travel as `name[]`.
   */
  function call<N extends CatalogueEndpointName, M>(
    name: N,
    params: ClientParams<CatalogueEndpoints[N]>,
    opts: CallOptions | undefined,
    convert: (wire: WireAnswer<CatalogueEndpoints[N]>) => M,
    cursor?: Cursor,
  ): Promise<M> {
    return callEndpoint(CATALOGUE_ENDPOINTS[name] as CatalogueEndpoints[N], params, opts, convert, cursor)
  }
  /** One call of any table entry, by its spec: what the account's client (account-client.ts) calls through. */
  function callEndpoint<S extends EndpointSpec, M>(
    spec: S,
    params: ClientParams<S>,
    opts: CallOptions | undefined,
    convert: (wire: WireAnswer<S>) => M,
    cursor?: Cursor,
  ): Promise<M> {
    const wire = wireFields(spec, params as Params)
    Object.assign(wire, cursorToParams(cursor))
    const path = fillPath(spec, params as Params)
    return request(
      spec.method,
      path,
      wire,
      { ...opts, auth: spec.body !== 'token', html: spec.body === 'html' },
      convert,
    )
  }
  const done = () => undefined
  // The web API's envelope: the body, or the envelope's own message as the failure.
  const ajaxBody = (w: WireAjax<Record<string, unknown>>) => {
    if ((w as { error: unknown }).error !== false) throw new TypeError(String(w.message || 'ajax error'))
    return present(w.body)
  }
  const commentPage = (w: Parameters<typeof toCommentPage>[0]) => toCommentPage({ ...w, comments: list(w.comments) })
  const commentReplies = (w: Parameters<typeof toCommentReplies>[0]) =>
    toCommentReplies({ ...w, comments: list(w.comments) })
  const addedComment = (w: { comment: Parameters<typeof toComment>[0] }) => toComment(present(w.comment))

  // A thread's first comments, each with has_replies: v3 for works; novels have only the v1 list, which holds replies
  // too (with their parent), so those are left to their thread's reply list.
  const threadStarts = (w: Parameters<typeof toCommentPage>[0]) => {
    const page = commentPage(w)
    return { ...page, comments: page.comments.filter((c) => c.parentComment === null) }
  }
  const comments = (kind: WorkKind, id: number, cursor?: Cursor, opts?: CallOptions): Promise<CommentPage> =>
    kind === 'illust'
      ? call('illustCommentsV3', { illust_id: id, include_total_comments: true }, opts, commentPage, cursor)
      : call('novelComments', { novel_id: id, include_total_comments: true }, opts, threadStarts, cursor)
  const commentRepliesOf = (
    kind: WorkKind,
    commentId: number,
    cursor?: Cursor,
    opts?: CallOptions,
  ): Promise<CommentReplies> =>
    kind === 'illust'
      ? call('illustCommentReplies', { comment_id: commentId }, opts, commentReplies, cursor)
      : call('novelCommentReplies', { comment_id: commentId }, opts, commentReplies, cursor)
  const addComment = (kind: WorkKind, id: number, params: AddCommentParams, opts?: CallOptions): Promise<Comment> => {
    const form = { comment: params.comment, parent_comment_id: params.parentCommentId }
    return kind === 'illust'
      ? call('addIllustComment', { illust_id: id, ...form }, opts, addedComment)
      : call('addNovelComment', { novel_id: id, ...form }, opts, addedComment)
  }
  const deleteComment = (kind: WorkKind, commentId: number, opts?: CallOptions): Promise<void> =>
    kind === 'illust'
      ? call('deleteIllustComment', { comment_id: commentId }, opts, done)
      : call('deleteNovelComment', { comment_id: commentId }, opts, done)

  const bookmarkDetail = (kind: WorkKind, id: number, opts?: CallOptions): Promise<BookmarkDetail> => {
    const convert = (w: WireBookmarkDetail) => camelize(present(w.bookmark_detail))
    return kind === 'illust'
      ? call('illustBookmarkDetail', { illust_id: id }, opts, convert)
      : call('novelBookmarkDetail', { novel_id: id }, opts, convert)
  }
  const addBookmark = (kind: WorkKind, id: number, params: AddBookmarkParams = {}, opts?: CallOptions) => {
    const form = { restrict: params.restrict ?? 'public', tags: params.tags }
    return kind === 'illust'
      ? call('addIllustBookmark', { illust_id: id, ...form }, opts, done)
      : call('addNovelBookmark', { novel_id: id, ...form }, opts, done)
  }
  const deleteBookmark = (kind: WorkKind, id: number, opts?: CallOptions): Promise<void> =>
    kind === 'illust'
      ? call('deleteIllustBookmark', { illust_id: id }, opts, done)
      : call('deleteNovelBookmark', { novel_id: id }, opts, done)
  const userBookmarkTags = (kind: WorkKind, params: BookmarkTagParams, cursor?: Cursor, opts?: CallOptions) => {
    const q = { user_id: params.userId, restrict: params.restrict }
    const convert = (w: WireBookmarkTagPage): BookmarkTagPage =>
      camelize({ ...w, bookmark_tags: list(w.bookmark_tags) })
    return kind === 'illust'
      ? call('illustBookmarkTags', q, opts, convert, cursor)
      : call('novelBookmarkTags', q, opts, convert, cursor)
  }
  const recommendedIllustPage = (w: WireRecommendedIllustPage): RecommendedIllustPage =>
    illustPage({
      ...w,
      ranking_illusts: w.ranking_illusts ?? [],
      contest_exists: w.contest_exists ?? false,
      privacy_policy: w.privacy_policy ?? {},
    })
  const recommendedIllustParams = (params: RecommendedIllustParams) => ({
    content_type: params.contentType,
    include_ranking_illusts: params.includeRankingIllusts,
  })

  // One method per table entry, named as the entry (the endpoint-table test checks this), plus conveniences that
  // pick the entry by kind.
  return {
    // ---- works ----
    illustDetail(illustId: number, opts?: CallOptions): Promise<Illust> {
      return call('illustDetail', { illust_id: illustId }, opts, (w) => toIllust(present(w.illust)))
    },
    searchIllusts(params: SearchIllustParams, cursor?: Cursor, opts?: CallOptions): Promise<SearchIllustPage> {
      return call('searchIllusts', searchParams(params), opts, illustPage<WireSearchIllustPage>, cursor)
    },
    ranking(params: RankingParams<IllustRankingMode> = {}, cursor?: Cursor, opts?: CallOptions): Promise<IllustPage> {
      return call('ranking', { mode: params.mode, date: params.date }, opts, illustPage<WireIllustPage>, cursor)
    },
    recommendedIllusts(
      params: RecommendedIllustParams = {},
      cursor?: Cursor,
      opts?: CallOptions,
    ): Promise<RecommendedIllustPage> {
      return call('recommendedIllusts', recommendedIllustParams(params), opts, recommendedIllustPage, cursor)
    },
    recommendedIllustsNologin(
      params: RecommendedIllustParams = {},
      cursor?: Cursor,
      opts?: CallOptions,
    ): Promise<RecommendedIllustPage> {
      return call('recommendedIllustsNologin', recommendedIllustParams(params), opts, recommendedIllustPage, cursor)
    },
    related(params: { illustId: number }, cursor?: Cursor, opts?: CallOptions): Promise<IllustPage> {
      return call('related', { illust_id: params.illustId }, opts, illustPage<WireIllustPage>, cursor)
    },
    illustSeries(params: { seriesId: number }, cursor?: Cursor, opts?: CallOptions): Promise<IllustSeriesPage> {
      return call(
        'illustSeries',
        { illust_series_id: params.seriesId },
        opts,
        (w) => illustPage({ ...w, illust_series_first_illust: w.illust_series_first_illust ?? null }),
        cursor,
      )
    },
    ugoiraMetadata(illustId: number, opts?: CallOptions): Promise<UgoiraMetadata> {
      return call('ugoiraMetadata', { illust_id: illustId }, opts, (w) => camelize(present(w.ugoira_metadata)))
    },
    userIllusts(params: UserIllustParams, cursor?: Cursor, opts?: CallOptions): Promise<UserIllustPage> {
      const q = { user_id: params.userId, type: params.type }
      return call('userIllusts', q, opts, illustPage<WireUserIllustPage>, cursor)
    },
    userIllustBookmarks(params: BookmarkListParams, cursor?: Cursor, opts?: CallOptions): Promise<IllustPage> {
      const q = { user_id: params.userId, restrict: params.restrict, tag: params.tag }
      return call('userIllustBookmarks', q, opts, illustPage<WireIllustPage>, cursor)
    },
    followIllusts(params: FeedParams = {}, cursor?: Cursor, opts?: CallOptions): Promise<IllustPage> {
      return call('followIllusts', { restrict: params.restrict }, opts, illustPage<WireIllustPage>, cursor)
    },
    newIllusts(params: NewIllustParams = {}, cursor?: Cursor, opts?: CallOptions): Promise<IllustPage> {
      return call('newIllusts', { content_type: params.contentType }, opts, illustPage<WireIllustPage>, cursor)
    },
    trendingTags(opts?: CallOptions): Promise<TrendTag[]> {
      return call('trendingTags', {}, opts, (w) => camelize(list(w.trend_tags)))
    },

    // ---- novels ----
    novelDetail(novelId: number, opts?: CallOptions): Promise<Novel> {
      return call('novelDetail', { novel_id: novelId }, opts, (w) => toNovel(present(w.novel)))
    },
    novelText(novelId: number, opts?: CallOptions): Promise<NovelText> {
      return call('novelText', { novel_id: novelId }, opts, toNovelText)
    },
    searchNovels(params: SearchNovelParams, cursor?: Cursor, opts?: CallOptions): Promise<SearchNovelPage> {
      return call('searchNovels', searchParams(params), opts, toSearchNovelPage, cursor)
    },
    novelRanking(
      params: RankingParams<NovelRankingMode> = {},
      cursor?: Cursor,
      opts?: CallOptions,
    ): Promise<NovelPage> {
      return call('novelRanking', { mode: params.mode, date: params.date }, opts, toNovelPage, cursor)
    },
    recommendedNovels(
      params: RecommendedNovelParams = {},
      cursor?: Cursor,
      opts?: CallOptions,
    ): Promise<RecommendedNovelPage> {
      const q = { include_ranking_novels: params.includeRankingNovels }
      return call('recommendedNovels', q, opts, toRecommendedNovelPage, cursor)
    },
    novelSeries(params: { seriesId: number }, cursor?: Cursor, opts?: CallOptions): Promise<NovelSeriesPage> {
      return call('novelSeries', { series_id: params.seriesId }, opts, toNovelSeriesPage, cursor)
    },
    novelSeriesV1(params: { seriesId: number }, cursor?: Cursor, opts?: CallOptions): Promise<NovelSeriesPage> {
      return call('novelSeriesV1', { series_id: params.seriesId }, opts, toNovelSeriesPage, cursor)
    },
    /** The webview novel page (HTML with the `novel: {…}` object inside), as text. */
    webviewNovel(novelId: number, opts?: CallOptions): Promise<string> {
      return call('webviewNovel', { id: novelId }, opts, (w) => {
        if (typeof w !== 'string') throw new TypeError('not an HTML page')
        return w
      })
    },
    followNovels(params: FeedParams = {}, cursor?: Cursor, opts?: CallOptions): Promise<NovelPage> {
      return call('followNovels', { restrict: params.restrict }, opts, toNovelPage, cursor)
    },
    newNovels(_params: Record<string, never> = {}, cursor?: Cursor, opts?: CallOptions): Promise<NovelPage> {
      return call('newNovels', {}, opts, toNovelPage, cursor)
    },
    userNovels(params: { userId: number }, cursor?: Cursor, opts?: CallOptions): Promise<UserNovelPage> {
      return call('userNovels', { user_id: params.userId }, opts, toUserNovelPage, cursor)
    },
    userNovelBookmarks(params: BookmarkListParams, cursor?: Cursor, opts?: CallOptions): Promise<NovelPage> {
      const q = { user_id: params.userId, restrict: params.restrict, tag: params.tag }
      return call('userNovelBookmarks', q, opts, toNovelPage, cursor)
    },

    // ---- comments ----
    comments,
    commentReplies: commentRepliesOf,
    addComment,
    deleteComment,
    /** Every comment of a work, replies included (each with its parent), newest first. */
    illustComments(params: { illustId: number }, cursor?: Cursor, opts?: CallOptions): Promise<CommentPage> {
      const q = { illust_id: params.illustId, include_total_comments: true }
      return call('illustComments', q, opts, commentPage, cursor)
    },
    /** A work's threads: their first comments, each saying whether it has replies. */
    illustCommentsV3: (params: { illustId: number }, cursor?: Cursor, opts?: CallOptions) =>
      comments('illust', params.illustId, cursor, opts),
    illustCommentReplies: (params: { commentId: number }, cursor?: Cursor, opts?: CallOptions) =>
      commentRepliesOf('illust', params.commentId, cursor, opts),
    addIllustComment: (illustId: number, params: AddCommentParams, opts?: CallOptions) =>
      addComment('illust', illustId, params, opts),
    deleteIllustComment: (commentId: number, opts?: CallOptions) => deleteComment('illust', commentId, opts),
    /** Every comment of a novel, replies included (each with its parent), newest first. */
    novelComments(params: { novelId: number }, cursor?: Cursor, opts?: CallOptions): Promise<CommentPage> {
      return call(
        'novelComments',
        { novel_id: params.novelId, include_total_comments: true },
        opts,
        commentPage,
        cursor,
      )
    },
    novelCommentReplies: (params: { commentId: number }, cursor?: Cursor, opts?: CallOptions) =>
      commentRepliesOf('novel', params.commentId, cursor, opts),
    addNovelComment: (novelId: number, params: AddCommentParams, opts?: CallOptions) =>
      addComment('novel', novelId, params, opts),
    deleteNovelComment: (commentId: number, opts?: CallOptions) => deleteComment('novel', commentId, opts),

    // ---- both kinds ----
    autocomplete(word: string, opts?: CallOptions): Promise<Tag[]> {
      return call('autocomplete', { word }, opts, (w) => camelize(list(w.tags)))
    },
    bookmarkDetail,
    illustBookmarkDetail: (id: number, opts?: CallOptions) => bookmarkDetail('illust', id, opts),
    novelBookmarkDetail: (id: number, opts?: CallOptions) => bookmarkDetail('novel', id, opts),
    addBookmark,
    addIllustBookmark: (id: number, params?: AddBookmarkParams, opts?: CallOptions) =>
      addBookmark('illust', id, params, opts),
    addNovelBookmark: (id: number, params?: AddBookmarkParams, opts?: CallOptions) =>
      addBookmark('novel', id, params, opts),
    deleteBookmark,
    deleteIllustBookmark: (id: number, opts?: CallOptions) => deleteBookmark('illust', id, opts),
    deleteNovelBookmark: (id: number, opts?: CallOptions) => deleteBookmark('novel', id, opts),
    userBookmarkTags,
    illustBookmarkTags: (params: BookmarkTagParams, cursor?: Cursor, opts?: CallOptions) =>
      userBookmarkTags('illust', params, cursor, opts),
    novelBookmarkTags: (params: BookmarkTagParams, cursor?: Cursor, opts?: CallOptions) =>
      userBookmarkTags('novel', params, cursor, opts),

    // ---- users ----
    userDetail(userId: number, opts?: CallOptions): Promise<UserDetail> {
      return call('userDetail', { user_id: userId }, opts, (w) => {
        present(w.user)
        return camelize(w)
      })
    },
    userFollowing(params: UserFollowingParams, cursor?: Cursor, opts?: CallOptions): Promise<UserPreviewPage> {
      const q = { user_id: params.userId, restrict: params.restrict }
      return call('userFollowing', q, opts, toUserPreviewPage, cursor)
    },
    userFollowers(params: { userId: number }, cursor?: Cursor, opts?: CallOptions): Promise<UserPreviewPage> {
      return call('userFollowers', { user_id: params.userId }, opts, userPreviewPage, cursor)
    },
    /** The user's my pixiv: the users they follow who follow them back. */
    userMypixiv(params: { userId: number }, cursor?: Cursor, opts?: CallOptions): Promise<UserPreviewPage> {
      return call('userMypixiv', { user_id: params.userId }, opts, userPreviewPage, cursor)
    },
    relatedUsers(params: { seedUserId: number }, cursor?: Cursor, opts?: CallOptions): Promise<UserPreviewPage> {
      return call('relatedUsers', { seed_user_id: params.seedUserId }, opts, userPreviewPage, cursor)
    },
    recommendedUsers(
      _params: Record<string, never> = {},
      cursor?: Cursor,
      opts?: CallOptions,
    ): Promise<UserPreviewPage> {
      return call('recommendedUsers', {}, opts, userPreviewPage, cursor)
    },
    userList(params: { userId: number }, cursor?: Cursor, opts?: CallOptions): Promise<UserList> {
      return call(
        'userList',
        { user_id: params.userId },
        opts,
        (w) => ({ users: list(w.users).map(toUser), nextUrl: w.next_url ?? null }),
        cursor,
      )
    },
    searchUsers(params: { word: string }, cursor?: Cursor, opts?: CallOptions): Promise<UserPreviewPage> {
      return call('searchUsers', { word: params.word }, opts, userPreviewPage, cursor)
    },
    /** Whether the account shows AI-generated works (the service leaves them out of every list when not). */
    aiShowSettings(opts?: CallOptions): Promise<boolean> {
      return call('aiShowSettings', {}, opts, (w) => {
        if (typeof w.show_ai !== 'boolean') throw new TypeError('missing show_ai')
        return w.show_ai
      })
    },
    /** The imported library's status (the owner's library page); null on the demo catalogue. */
    libraryStatus(opts?: CallOptions): Promise<WireLibraryStatus['library']> {
      return call('libraryStatus', {}, opts, (w) => w.library ?? null)
    },
    /** Starts a scan of the library folder (the owner's rescan); `started: false` when one was running already. */
    libraryScan(opts?: CallOptions): Promise<WireLibraryScan> {
      return call('libraryScan', {}, opts, (w) => w)
    },
    /** The account's "show AI-generated works" setting, kept by the service and applied to every list it answers. */
    editAiShowSettings(show: boolean, opts?: CallOptions): Promise<void> {
      return call('editAiShowSettings', { setting: show }, opts, done)
    },
    follow(userId: number, restrict: Restrict = 'public', opts?: CallOptions): Promise<void> {
      return call('follow', { user_id: userId, restrict }, opts, done)
    },
    unfollow(userId: number, opts?: CallOptions): Promise<void> {
      return call('unfollow', { user_id: userId }, opts, done)
    },
    muteList(opts?: CallOptions): Promise<MuteList> {
      return call('muteList', {}, opts, (w) =>
        camelize({ ...w, muted_tags: list(w.muted_tags), muted_users: list(w.muted_users) }),
      )
    },
    editMutes(edit: MuteEdit, opts?: CallOptions): Promise<void> {
      const form = {
        add_tags: edit.addTags,
        delete_tags: edit.deleteTags,
        add_user_ids: edit.addUserIds,
        delete_user_ids: edit.deleteUserIds,
      }
      return call('editMutes', form, opts, done)
    },

    // ---- the web API's reads (their `body`, camelCase as sent) ----
    ajaxUserProfile(userId: number, opts?: CallOptions): Promise<Record<string, unknown>> {
      return call('ajaxUserProfile', { user_id: userId }, opts, ajaxBody)
    },
    ajaxIllust(illustId: number, opts?: CallOptions): Promise<Record<string, unknown>> {
      return call('ajaxIllust', { illust_id: illustId }, opts, ajaxBody)
    },
    ajaxUgoiraMeta(illustId: number, opts?: CallOptions): Promise<Record<string, unknown>> {
      return call('ajaxUgoiraMeta', { illust_id: illustId }, opts, ajaxBody)
    },
    ajaxNovel(novelId: number, opts?: CallOptions): Promise<Record<string, unknown>> {
      return call('ajaxNovel', { novel_id: novelId }, opts, ajaxBody)
    },

    // ---- auth ----
    /** Ends a refresh token's life (sign-out). Never sends the access token. */
    revokeToken(refreshToken: string, opts?: CallOptions): Promise<void> {
      return call('revokeToken', { refresh_token: refreshToken }, opts, done)
    },
    /** Signs in (password) or renews (refresh token). Never sends the access token. */
    token(grant: TokenGrant, opts: CallOptions = {}): Promise<TokenResponse> {
      const form =
        grant.grantType === 'password'
          ? { grant_type: 'password' as const, username: grant.username, password: grant.password }
          : { grant_type: 'refresh_token' as const, refresh_token: grant.refreshToken }
      return call('token', form, opts, (w) => {
        const token = toTokenResponse(w)
        if (typeof token.accessToken !== 'string' || typeof token.refreshToken !== 'string') {
          throw new TypeError('token response without tokens')
        }
        return token
      })
    },

    /**
     * Signs out everywhere: every session of the refresh token's account ends, its access tokens included, on every
     * device. The table's `revokeToken` with `all`.
     */
    revokeEverywhere(refreshToken: string, opts: CallOptions = {}): Promise<void> {
      return call('revokeToken', { refresh_token: refreshToken, all: true }, opts, done)
    },

    /** Calls a table entry by its spec: the account's client (account-client.ts) is built on it. */
    callEndpoint,
  }
}

export type ApiClient = ReturnType<typeof createApiClient>
