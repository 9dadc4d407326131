// Every endpoint of the catalogue API with a valid request's parameters and what kind of value each takes: the table
// that the bad-input contract test and the reliability fuzzer both walk.

export interface Endpoint {
  method: 'GET' | 'POST'
  path: string
  /** a valid request's parameters */
  params: Record<string, string>
  /** parameters that hold ids */
  ids: string[]
  auth?: boolean
  enums?: Record<string, string>
  dates?: string[]
  /** other parameters it takes, with a valid value of each (the fuzzer's vocabulary) */
  more?: Record<string, string>
}

export const ENDPOINTS: Endpoint[] = [
  { method: 'GET', path: '/v1/illust/detail', params: { illust_id: '1' }, ids: ['illust_id'] },
  { method: 'GET', path: '/v2/illust/related', params: { illust_id: '1' }, ids: ['illust_id'] },
  { method: 'GET', path: '/v1/ugoira/metadata', params: { illust_id: '1' }, ids: ['illust_id'] },
  {
    method: 'GET',
    path: '/v1/illust/series',
    params: { illust_series_id: '1' },
    ids: ['illust_series_id'],
  },
  { method: 'GET', path: '/v2/novel/detail', params: { novel_id: '1' }, ids: ['novel_id'] },
  { method: 'GET', path: '/v1/novel/text', params: { novel_id: '1' }, ids: ['novel_id'] },
  {
    method: 'GET',
    path: '/v2/novel/series',
    params: { series_id: '1' },
    ids: ['series_id'],
    more: { last_order: '30' },
  },
  {
    method: 'GET',
    path: '/v1/novel/series',
    params: { series_id: '1' },
    ids: ['series_id'],
    more: { last_order: '30' },
  },
  {
    method: 'GET',
    path: '/v1/search/illust',
    params: { word: 'cat' },
    ids: [],
    enums: { sort: 'date_desc', search_target: 'partial_match_for_tags', duration: 'within_last_day' },
    dates: ['start_date', 'end_date'],
    more: { search_ai_type: '0', bookmark_num_min: '10', bookmark_num_max: '5000' },
  },
  {
    method: 'GET',
    path: '/v1/search/novel',
    params: { word: 'cat' },
    ids: [],
    enums: { sort: 'date_desc', search_target: 'text' },
    dates: ['start_date', 'end_date'],
    more: { search_ai_type: '1', bookmark_num_min: '0' },
  },
  { method: 'GET', path: '/v2/search/autocomplete', params: { word: 'a' }, ids: [] },
  { method: 'GET', path: '/v1/trending-tags/illust', params: {}, ids: [] },
  {
    method: 'GET',
    path: '/v1/illust/ranking',
    params: {},
    ids: [],
    enums: { mode: 'day' },
    dates: ['date'],
  },
  {
    method: 'GET',
    path: '/v1/novel/ranking',
    params: {},
    ids: [],
    enums: { mode: 'day' },
    dates: ['date'],
  },
  {
    method: 'GET',
    path: '/v1/illust/recommended',
    params: {},
    ids: [],
    enums: { content_type: 'illust' },
    more: {
      include_ranking_illusts: 'true',
      max_bookmark_id_for_recommend: '500',
      min_bookmark_id_for_recent_illust: '100',
    },
  },
  {
    method: 'GET',
    path: '/v1/illust/recommended-nologin',
    params: {},
    ids: [],
    enums: { content_type: 'manga' },
    more: { include_ranking_illusts: 'false' },
  },
  {
    method: 'GET',
    path: '/v1/novel/recommended',
    params: {},
    ids: [],
    more: { include_ranking_novels: 'true', max_bookmark_id_for_recommend: '500' },
  },
  { method: 'GET', path: '/v1/user/detail', params: { user_id: '1' }, ids: ['user_id'] },
  { method: 'GET', path: '/v1/user/illusts', params: { user_id: '1' }, ids: ['user_id'], enums: { type: 'illust' } },
  { method: 'GET', path: '/v1/user/novels', params: { user_id: '1' }, ids: ['user_id'] },
  {
    method: 'GET',
    path: '/v1/user/following',
    params: { user_id: '1' },
    ids: ['user_id'],
    enums: { restrict: 'public' },
  },
  {
    method: 'GET',
    path: '/v1/user/bookmarks/illust',
    params: { user_id: '1' },
    ids: ['user_id'],
    enums: { restrict: 'public' },
    more: { max_bookmark_id: '5000', tag: 'original' },
  },
  {
    method: 'GET',
    path: '/v1/user/bookmarks/novel',
    params: { user_id: '1' },
    ids: ['user_id'],
    enums: { restrict: 'public' },
    more: { max_bookmark_id: '5000' },
  },
  {
    method: 'GET',
    path: '/v1/user/bookmark-tags/illust',
    params: { user_id: '1' },
    ids: ['user_id'],
    enums: { restrict: 'public' },
  },
  {
    method: 'GET',
    path: '/v1/user/bookmark-tags/novel',
    params: { user_id: '1' },
    ids: ['user_id'],
    enums: { restrict: 'public' },
  },
  { method: 'GET', path: '/v2/illust/bookmark/detail', params: { illust_id: '1' }, ids: ['illust_id'], auth: true },
  { method: 'GET', path: '/v2/novel/bookmark/detail', params: { novel_id: '1' }, ids: ['novel_id'], auth: true },
  { method: 'GET', path: '/v1/mute/list', params: {}, ids: [], auth: true },
  {
    method: 'POST',
    path: '/v2/illust/bookmark/add',
    params: { illust_id: '1' },
    ids: ['illust_id'],
    auth: true,
    enums: { restrict: 'public' },
    more: { 'tags[]': 'original' },
  },
  { method: 'POST', path: '/v1/illust/bookmark/delete', params: { illust_id: '1' }, ids: ['illust_id'], auth: true },
  {
    method: 'POST',
    path: '/v2/novel/bookmark/add',
    params: { novel_id: '1' },
    ids: ['novel_id'],
    auth: true,
    enums: { restrict: 'public' },
    more: { 'tags[]': 'original' },
  },
  { method: 'POST', path: '/v1/novel/bookmark/delete', params: { novel_id: '1' }, ids: ['novel_id'], auth: true },
  {
    method: 'POST',
    path: '/v1/user/follow/add',
    params: { user_id: '2' },
    ids: ['user_id'],
    auth: true,
    enums: { restrict: 'public' },
  },
  { method: 'POST', path: '/v1/user/follow/delete', params: { user_id: '2' }, ids: ['user_id'], auth: true },
  {
    method: 'POST',
    path: '/v1/mute/edit',
    params: { 'add_user_ids[]': '2' },
    ids: [],
    auth: true,
    more: { 'delete_user_ids[]': '2', 'add_tags[]': 'original', 'delete_tags[]': 'original' },
  },
]

export const PAGED = new Set([
  '/v2/illust/related',
  '/v1/illust/series',
  '/v1/search/illust',
  '/v1/search/novel',
  '/v1/illust/ranking',
  '/v1/novel/ranking',
  '/v1/illust/recommended',
  '/v1/illust/recommended-nologin',
  '/v1/novel/recommended',
  '/v1/user/illusts',
  '/v1/user/novels',
  '/v1/user/following',
  '/v1/user/bookmark-tags/illust',
  '/v1/user/bookmark-tags/novel',
])
