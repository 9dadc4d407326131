// The catalogue's half of the one endpoint table (endpoints.ts joins it with the account's): the App API's reads and
// writes, the web API's, the token endpoints, the library's. The gallery's first script imports this module alone
// (src/lib/api-client.ts), so it carries these entries and not the account's.

import type { WireIllustPage, WireNovelPage, WireNovelText, WireTokenResponse, WireUgoiraMetadata } from './wire.ts'
import type {
  WireAiShowSettings,
  WireAjax,
  WireAutocomplete,
  WireBookmarkDetail,
  WireBookmarkTagPage,
  WireCommentAdded,
  WireCommentPage,
  WireCommentPageV1,
  WireCommentReplies,
  WireIllustDetail,
  WireIllustSeriesPage,
  WireLibraryScan,
  WireLibraryStatus,
  WireMuteList,
  WireNovelDetail,
  WireNovelSeriesPage,
  WireRecommendedIllustPage,
  WireRecommendedNovelPage,
  WireSearchIllustPage,
  WireSearchNovelPage,
  WireTrendingTags,
  WireUserDetail,
  WireUserIllustPage,
  WireUserList,
  WireUserNovelPage,
  WireUserPreviewPage,
} from './wire-responses.ts'
import { endpoint, type EndpointSpec, type EnumValue } from './endpoint-spec.ts'

// ---- shared parameter shapes ----

const id = { kind: 'id', required: true } as const
const pathId = { kind: 'id', required: true, in: 'path' } as const
const offset = { kind: 'offset' } as const
const count = { kind: 'count' } as const
const date = { kind: 'date' } as const
const bool = { kind: 'bool' } as const
export const MAX_WORD_LENGTH = 256
const word = { kind: 'text', max: MAX_WORD_LENGTH, required: true } as const
const restrict = { kind: 'enum', values: ['public', 'private'], default: 'public' } as const
/** The follow feeds also take `all`. */
const feedRestrict = { kind: 'enum', values: ['public', 'private', 'all'], default: 'public' } as const
const filter = { kind: 'enum', values: ['for_ios', 'for_android'] } as const

export const SEARCH_SORTS = [
  'date_desc',
  'date_asc',
  'popular_desc',
  'popular_male_desc',
  'popular_female_desc',
] as const
const searchBase = {
  word,
  sort: { kind: 'enum', values: SEARCH_SORTS, default: 'date_desc' },
  duration: { kind: 'enum', values: ['within_last_day', 'within_last_week', 'within_last_month'] },
  start_date: date,
  end_date: date,
  search_ai_type: { kind: 'enum', values: ['0', '1'] },
  bookmark_num_min: count,
  bookmark_num_max: count,
  include_translated_tag_results: bool,
  merge_plain_keyword_results: bool,
  filter,
  offset,
} as const

/** Reference §5, in pixiv's order. */
export const ILLUST_RANKING_MODES = [
  'day',
  'week',
  'month',
  'day_male',
  'day_female',
  'week_original',
  'week_rookie',
  'day_manga',
  'week_manga',
  'month_manga',
  'week_rookie_manga',
  'day_ai',
  'day_r18',
  'day_male_r18',
  'day_female_r18',
  'week_r18',
  'week_r18g',
  'day_r18_ai',
] as const
export const NOVEL_RANKING_MODES = [
  'day',
  'week',
  'day_male',
  'day_female',
  'week_rookie',
  'day_ai',
  'day_r18',
  'week_r18',
  'week_r18g',
  'day_r18_ai',
] as const

const MAX_TAGS = 10
const MAX_TAG_LENGTH = 100
export const MAX_COMMENT_LENGTH = 140

const recommendedIllustParams = {
  content_type: { kind: 'enum', values: ['illust', 'manga'] },
  include_ranking_illusts: bool,
  include_privacy_policy: bool,
  filter,
  max_bookmark_id_for_recommend: count,
  min_bookmark_id_for_recent_illust: count,
  offset,
} as const

/** The parameters of a comment list; typed by the item's parameter name (a computed key alone would lose it). */
const commentList = <K extends 'illust_id' | 'novel_id'>(item: K) =>
  ({ [item]: id, include_total_comments: bool, offset }) as { readonly [P in K]: typeof id } & {
    readonly include_total_comments: typeof bool
    readonly offset: typeof offset
  }

export const CATALOGUE_ENDPOINTS = {
  // ---- works ----
  illustDetail: endpoint<WireIllustDetail>()({
    method: 'GET',
    path: '/v1/illust/detail',
    params: { illust_id: id, filter },
  }),
  related: endpoint<WireIllustPage>()({
    method: 'GET',
    path: '/v2/illust/related',
    params: { illust_id: id, filter, offset },
    cursor: ['offset'],
  }),
  ugoiraMetadata: endpoint<WireUgoiraMetadata>()({
    method: 'GET',
    path: '/v1/ugoira/metadata',
    params: { illust_id: id },
  }),
  illustSeries: endpoint<WireIllustSeriesPage>()({
    method: 'GET',
    path: '/v1/illust/series',
    params: { illust_series_id: id, filter, offset },
    cursor: ['offset'],
  }),
  userIllusts: endpoint<WireUserIllustPage>()({
    method: 'GET',
    path: '/v1/user/illusts',
    params: { user_id: id, type: { kind: 'enum', values: ['illust', 'manga'] }, filter, offset },
    cursor: ['offset'],
  }),
  ranking: endpoint<WireIllustPage>()({
    method: 'GET',
    path: '/v1/illust/ranking',
    params: { mode: { kind: 'enum', values: ILLUST_RANKING_MODES, default: 'day' }, date, filter, offset },
    cursor: ['offset'],
  }),
  recommendedIllusts: endpoint<WireRecommendedIllustPage>()({
    method: 'GET',
    path: '/v1/illust/recommended',
    params: recommendedIllustParams,
    cursor: ['offset', 'max_bookmark_id_for_recommend', 'min_bookmark_id_for_recent_illust'],
  }),
  recommendedIllustsNologin: endpoint<WireRecommendedIllustPage>()({
    method: 'GET',
    path: '/v1/illust/recommended-nologin',
    params: recommendedIllustParams,
    cursor: ['offset', 'max_bookmark_id_for_recommend', 'min_bookmark_id_for_recent_illust'],
  }),
  followIllusts: endpoint<WireIllustPage>()({
    method: 'GET',
    path: '/v2/illust/follow',
    params: { restrict: feedRestrict, offset },
    cursor: ['offset'],
    auth: 'required',
  }),
  // pixivpy's illust_new/novel_new page by max_illust_id/max_novel_id (the reference's §12), not by offset.
  newIllusts: endpoint<WireIllustPage>()({
    method: 'GET',
    path: '/v1/illust/new',
    params: {
      content_type: { kind: 'enum', values: ['illust', 'manga'], default: 'illust' },
      filter,
      max_illust_id: count,
    },
    cursor: ['max_illust_id'],
  }),
  searchIllusts: endpoint<WireSearchIllustPage>()({
    method: 'GET',
    path: '/v1/search/illust',
    params: {
      ...searchBase,
      search_target: {
        kind: 'enum',
        values: ['partial_match_for_tags', 'exact_match_for_tags', 'title_and_caption', 'keyword'],
        default: 'partial_match_for_tags',
      },
    },
    cursor: ['offset'],
  }),
  trendingTags: endpoint<WireTrendingTags>()({
    method: 'GET',
    path: '/v1/trending-tags/illust',
    params: { filter },
  }),

  // ---- novels ----
  novelDetail: endpoint<WireNovelDetail>()({
    method: 'GET',
    path: '/v2/novel/detail',
    params: { novel_id: id },
  }),
  novelText: endpoint<WireNovelText>()({
    method: 'GET',
    path: '/v1/novel/text',
    params: { novel_id: id },
  }),
  webviewNovel: endpoint<string>()({
    method: 'GET',
    path: '/webview/v2/novel',
    params: { id, viewer_version: { kind: 'text', max: 64 }, font: { kind: 'text', max: 64 } },
    body: 'html',
  }),
  novelSeries: endpoint<WireNovelSeriesPage>()({
    method: 'GET',
    path: '/v2/novel/series',
    params: { series_id: id, last_order: count },
    cursor: ['last_order'],
  }),
  novelSeriesV1: endpoint<WireNovelSeriesPage>()({
    method: 'GET',
    path: '/v1/novel/series',
    params: { series_id: id, last_order: count },
    cursor: ['last_order'],
  }),
  userNovels: endpoint<WireUserNovelPage>()({
    method: 'GET',
    path: '/v1/user/novels',
    params: { user_id: id, offset },
    cursor: ['offset'],
  }),
  novelRanking: endpoint<WireNovelPage>()({
    method: 'GET',
    path: '/v1/novel/ranking',
    params: { mode: { kind: 'enum', values: NOVEL_RANKING_MODES, default: 'day' }, date, offset },
    cursor: ['offset'],
  }),
  recommendedNovels: endpoint<WireRecommendedNovelPage>()({
    method: 'GET',
    path: '/v1/novel/recommended',
    params: {
      include_ranking_novels: bool,
      include_privacy_policy: bool,
      max_bookmark_id_for_recommend: count,
      offset,
    },
    cursor: ['offset', 'max_bookmark_id_for_recommend'],
  }),
  followNovels: endpoint<WireNovelPage>()({
    method: 'GET',
    path: '/v1/novel/follow',
    params: { restrict: feedRestrict, offset },
    cursor: ['offset'],
    auth: 'required',
  }),
  newNovels: endpoint<WireNovelPage>()({
    method: 'GET',
    path: '/v1/novel/new',
    params: { filter, max_novel_id: count },
    cursor: ['max_novel_id'],
  }),
  searchNovels: endpoint<WireSearchNovelPage>()({
    method: 'GET',
    path: '/v1/search/novel',
    params: {
      ...searchBase,
      search_target: {
        kind: 'enum',
        values: ['partial_match_for_tags', 'exact_match_for_tags', 'text', 'keyword'],
        default: 'partial_match_for_tags',
      },
    },
    cursor: ['offset'],
  }),

  // ---- comments ----
  illustComments: endpoint<WireCommentPageV1>()({
    method: 'GET',
    path: '/v1/illust/comments',
    params: commentList('illust_id'),
    cursor: ['offset'],
  }),
  illustCommentsV3: endpoint<WireCommentPage>()({
    method: 'GET',
    path: '/v3/illust/comments',
    params: commentList('illust_id'),
    cursor: ['offset'],
  }),
  illustCommentReplies: endpoint<WireCommentReplies>()({
    method: 'GET',
    path: '/v2/illust/comment/replies',
    params: { comment_id: id, offset },
    cursor: ['offset'],
  }),
  addIllustComment: endpoint<WireCommentAdded>()({
    method: 'POST',
    path: '/v1/illust/comment/add',
    params: {
      illust_id: id,
      comment: { kind: 'text', max: MAX_COMMENT_LENGTH, required: true },
      parent_comment_id: { kind: 'id' },
    },
    auth: 'required',
  }),
  deleteIllustComment: endpoint<Record<string, never>>()({
    method: 'POST',
    path: '/v1/illust/comment/delete',
    params: { comment_id: id },
    auth: 'required',
  }),
  novelComments: endpoint<WireCommentPageV1>()({
    method: 'GET',
    path: '/v1/novel/comments',
    params: commentList('novel_id'),
    cursor: ['offset'],
  }),
  novelCommentReplies: endpoint<WireCommentReplies>()({
    method: 'GET',
    path: '/v2/novel/comment/replies',
    params: { comment_id: id, offset },
    cursor: ['offset'],
  }),
  addNovelComment: endpoint<WireCommentAdded>()({
    method: 'POST',
    path: '/v1/novel/comment/add',
    params: {
      novel_id: id,
      comment: { kind: 'text', max: MAX_COMMENT_LENGTH, required: true },
      parent_comment_id: { kind: 'id' },
    },
    auth: 'required',
  }),
  deleteNovelComment: endpoint<Record<string, never>>()({
    method: 'POST',
    path: '/v1/novel/comment/delete',
    params: { comment_id: id },
    auth: 'required',
  }),

  // ---- bookmarks ----
  userIllustBookmarks: endpoint<WireIllustPage>()({
    method: 'GET',
    path: '/v1/user/bookmarks/illust',
    params: {
      user_id: id,
      restrict,
      max_bookmark_id: count,
      tag: { kind: 'text', max: MAX_TAG_LENGTH },
      filter,
    },
    cursor: ['max_bookmark_id'],
  }),
  userNovelBookmarks: endpoint<WireNovelPage>()({
    method: 'GET',
    path: '/v1/user/bookmarks/novel',
    params: { user_id: id, restrict, max_bookmark_id: count, tag: { kind: 'text', max: MAX_TAG_LENGTH } },
    cursor: ['max_bookmark_id'],
  }),
  illustBookmarkDetail: endpoint<WireBookmarkDetail>()({
    method: 'GET',
    path: '/v2/illust/bookmark/detail',
    params: { illust_id: id },
    auth: 'required',
  }),
  novelBookmarkDetail: endpoint<WireBookmarkDetail>()({
    method: 'GET',
    path: '/v2/novel/bookmark/detail',
    params: { novel_id: id },
    auth: 'required',
  }),
  illustBookmarkTags: endpoint<WireBookmarkTagPage>()({
    method: 'GET',
    path: '/v1/user/bookmark-tags/illust',
    params: { user_id: id, restrict, offset },
    cursor: ['offset'],
  }),
  novelBookmarkTags: endpoint<WireBookmarkTagPage>()({
    method: 'GET',
    path: '/v1/user/bookmark-tags/novel',
    params: { user_id: id, restrict, offset },
    cursor: ['offset'],
  }),
  addIllustBookmark: endpoint<Record<string, never>>()({
    method: 'POST',
    path: '/v2/illust/bookmark/add',
    params: {
      illust_id: id,
      restrict,
      tags: { kind: 'list', maxItems: MAX_TAGS, maxLength: MAX_TAG_LENGTH, split: true },
    },
    auth: 'required',
  }),
  deleteIllustBookmark: endpoint<Record<string, never>>()({
    method: 'POST',
    path: '/v1/illust/bookmark/delete',
    params: { illust_id: id },
    auth: 'required',
  }),
  addNovelBookmark: endpoint<Record<string, never>>()({
    method: 'POST',
    path: '/v2/novel/bookmark/add',
    params: {
      novel_id: id,
      restrict,
      tags: { kind: 'list', maxItems: MAX_TAGS, maxLength: MAX_TAG_LENGTH, split: true },
    },
    auth: 'required',
  }),
  deleteNovelBookmark: endpoint<Record<string, never>>()({
    method: 'POST',
    path: '/v1/novel/bookmark/delete',
    params: { novel_id: id },
    auth: 'required',
  }),

  // ---- users ----
  userDetail: endpoint<WireUserDetail>()({
    method: 'GET',
    path: '/v1/user/detail',
    params: { user_id: id, filter },
  }),
  userFollowing: endpoint<WireUserPreviewPage>()({
    method: 'GET',
    path: '/v1/user/following',
    params: { user_id: id, restrict, offset },
    cursor: ['offset'],
  }),
  userFollowers: endpoint<WireUserPreviewPage>()({
    method: 'GET',
    path: '/v1/user/follower',
    params: { user_id: id, filter, offset },
    cursor: ['offset'],
  }),
  userMypixiv: endpoint<WireUserPreviewPage>()({
    method: 'GET',
    path: '/v1/user/mypixiv',
    params: { user_id: id, offset },
    cursor: ['offset'],
  }),
  relatedUsers: endpoint<WireUserPreviewPage>()({
    method: 'GET',
    path: '/v1/user/related',
    params: { seed_user_id: id, filter, offset },
    cursor: ['offset'],
  }),
  recommendedUsers: endpoint<WireUserPreviewPage>()({
    method: 'GET',
    path: '/v1/user/recommended',
    params: { filter, offset },
    cursor: ['offset'],
  }),
  userList: endpoint<WireUserList>()({
    method: 'GET',
    path: '/v2/user/list',
    params: { user_id: id, filter, offset },
    cursor: ['offset'],
  }),
  searchUsers: endpoint<WireUserPreviewPage>()({
    method: 'GET',
    path: '/v1/search/user',
    params: { word, filter, offset },
    cursor: ['offset'],
  }),
  follow: endpoint<Record<string, never>>()({
    method: 'POST',
    path: '/v1/user/follow/add',
    params: { user_id: id, restrict },
    auth: 'required',
  }),
  unfollow: endpoint<Record<string, never>>()({
    method: 'POST',
    path: '/v1/user/follow/delete',
    params: { user_id: id },
    auth: 'required',
  }),
  // pixivpy, PixEz and most clients send `show_ai`; a few send `setting`. One of them is required (the handler says so).
  editAiShowSettings: endpoint<Record<string, never>>()({
    method: 'POST',
    path: '/v1/user/ai-show-settings/edit',
    params: { show_ai: bool, setting: bool },
    auth: 'required',
  }),
  /** Where pixiv reports the setting (PixEz's getUserAISettings): not in user/detail. */
  aiShowSettings: endpoint<WireAiShowSettings>()({
    method: 'GET',
    path: '/v1/user/ai-show-settings',
    params: {},
    auth: 'required',
  }),
  /** Easel's own: the imported library's last scan, counts and skipped files (owner only; null on the demo). */
  libraryStatus: endpoint<WireLibraryStatus>()({
    method: 'GET',
    path: '/v1/easel/library',
    params: {},
    auth: 'required',
  }),
  /** Easel's own: starts a scan of the library folder (owner only); one at a time, a second asks for none. */
  libraryScan: endpoint<WireLibraryScan>()({
    method: 'POST',
    path: '/v1/easel/library/scan',
    params: {},
    auth: 'required',
  }),
  muteList: endpoint<WireMuteList>()({
    method: 'GET',
    path: '/v1/mute/list',
    params: {},
    auth: 'required',
  }),
  editMutes: endpoint<Record<string, never>>()({
    method: 'POST',
    path: '/v1/mute/edit',
    params: {
      add_tags: { kind: 'list', maxItems: 100, maxLength: MAX_TAG_LENGTH },
      delete_tags: { kind: 'list', maxItems: 100, maxLength: MAX_TAG_LENGTH },
      add_user_ids: { kind: 'list', maxItems: 100, maxLength: 15, ids: true, split: true },
      delete_user_ids: { kind: 'list', maxItems: 100, maxLength: 15, ids: true, split: true },
    },
    auth: 'required',
  }),

  // ---- both kinds ----
  autocomplete: endpoint<WireAutocomplete>()({
    method: 'GET',
    path: '/v2/search/autocomplete',
    params: { word, merge_plain_keyword_results: bool },
  }),

  // ---- the web API's reads (gallery-dl) ----
  ajaxUserProfile: endpoint<WireAjax<Record<string, unknown>>>()({
    method: 'GET',
    path: '/ajax/user/:user_id/profile/all',
    params: { user_id: pathId, lang: { kind: 'text', max: 16 } },
    body: 'ajax',
  }),
  ajaxIllust: endpoint<WireAjax<Record<string, unknown>>>()({
    method: 'GET',
    path: '/ajax/illust/:illust_id',
    params: { illust_id: pathId, lang: { kind: 'text', max: 16 } },
    body: 'ajax',
  }),
  ajaxUgoiraMeta: endpoint<WireAjax<Record<string, unknown>>>()({
    method: 'GET',
    path: '/ajax/illust/:illust_id/ugoira_meta',
    params: { illust_id: pathId, lang: { kind: 'text', max: 16 } },
    body: 'ajax',
  }),
  ajaxNovel: endpoint<WireAjax<Record<string, unknown>>>()({
    method: 'GET',
    path: '/ajax/novel/:novel_id',
    params: { novel_id: pathId, lang: { kind: 'text', max: 16 } },
    body: 'ajax',
  }),

  // ---- auth ----
  token: endpoint<WireTokenResponse>()({
    method: 'POST',
    path: '/auth/token',
    params: {
      grant_type: { kind: 'enum', values: ['password', 'refresh_token', 'authorization_code'] },
      username: { kind: 'text', max: 256 },
      password: { kind: 'text', max: 256, secret: true },
      refresh_token: { kind: 'text', max: 256, secret: true },
      client_id: { kind: 'text', max: 256 },
      client_secret: { kind: 'text', max: 256 },
      get_secure_url: { kind: 'text', max: 16 },
      include_policy: { kind: 'text', max: 16 },
    },
    body: 'token',
  }),
  revokeToken: endpoint<Record<string, never>>()({
    method: 'POST',
    path: '/auth/revoke',
    params: {
      refresh_token: { kind: 'text', max: 256, required: true, secret: true },
      /** Signs out everywhere: every session of the refresh token's account ends, not only its own. */
      all: { kind: 'bool' },
    },
    body: 'token',
  }),
} as const satisfies Record<string, EndpointSpec>

export type CatalogueEndpoints = typeof CATALOGUE_ENDPOINTS
export type CatalogueEndpointName = keyof CatalogueEndpoints

// ---- enum choices the gallery offers, as types ----
export type IllustRankingMode = (typeof ILLUST_RANKING_MODES)[number]
export type NovelRankingMode = (typeof NOVEL_RANKING_MODES)[number]
export type IllustSearchTarget = EnumValue<CatalogueEndpoints['searchIllusts']['params']['search_target']>
export type NovelSearchTarget = EnumValue<CatalogueEndpoints['searchNovels']['params']['search_target']>
export type SearchDuration = EnumValue<CatalogueEndpoints['searchIllusts']['params']['duration']>
export type FeedRestrict = EnumValue<CatalogueEndpoints['followIllusts']['params']['restrict']>
