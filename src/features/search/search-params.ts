// Search state lives in the query string (DESIGN.md §3.1). These convert between the URL, the form's state and the
// API's parameters, so the three never drift.

import { CATALOGUE_ENDPOINTS, SEARCH_SORTS } from '../../api/catalogue-endpoints.ts'
import type {
  IllustSearchTarget,
  NovelSearchTarget,
  SearchDuration,
  SearchParams,
  SearchSort,
} from '../../lib/api-client.ts'
import { t, type MessageKey } from '../../lib/i18n/i18n.ts'
import '../../lib/i18n/messages/en/search.ts'

export type SearchKind = 'illust' | 'novel'

export interface SearchForm {
  word: string
  searchTarget: string
  sort: SearchSort
  /** A preset period, or 'custom' with start/end dates, or '' for any time. */
  period: '' | SearchDuration | 'custom'
  startDate: string
  endDate: string
  /** false leaves AI-generated works out (`search_ai_type=0`). */
  includeAi: boolean
}

// The values are the endpoint table's; the labels are the UI's. Records, so a value added to the table without a
// label fails the typecheck.
const ILLUST_TARGET_LABELS: Record<IllustSearchTarget, MessageKey> = {
  partial_match_for_tags: 'search.target.partialTags',
  exact_match_for_tags: 'search.target.exactTags',
  title_and_caption: 'search.target.titleCaption',
  keyword: 'search.target.titleCaptionTags',
}

const NOVEL_TARGET_LABELS: Record<NovelSearchTarget, MessageKey> = {
  partial_match_for_tags: 'search.target.partialTags',
  exact_match_for_tags: 'search.target.exactTags',
  text: 'search.target.text',
  keyword: 'search.target.keywords',
}

/** The sorts the gallery offers: the table's, less pixiv's premium-only audience sorts (labelled, never offered). */
const SORT_LABELS: Record<(typeof SEARCH_SORTS)[number], MessageKey | null> = {
  date_desc: 'search.sort.newest',
  date_asc: 'search.sort.oldest',
  popular_desc: 'search.sort.popular',
  popular_male_desc: null,
  popular_female_desc: null,
}

const DURATION_LABELS: Record<SearchDuration, MessageKey> = {
  within_last_day: 'search.period.day',
  within_last_week: 'search.period.week',
  within_last_month: 'search.period.month',
}

/** A choice whose label is read in the current language at each use. */
const choice = <T extends string>(value: T, key: MessageKey) => ({
  value,
  get label() {
    return t(key)
  },
})

const choices = <T extends string>(values: readonly T[], labels: Record<T, MessageKey>) =>
  values.map((value) => choice(value, labels[value]))

export const ILLUST_TARGETS: { value: IllustSearchTarget; label: string }[] = choices(
  CATALOGUE_ENDPOINTS.searchIllusts.params.search_target.values,
  ILLUST_TARGET_LABELS,
)

export const NOVEL_TARGETS: { value: NovelSearchTarget; label: string }[] = choices(
  CATALOGUE_ENDPOINTS.searchNovels.params.search_target.values,
  NOVEL_TARGET_LABELS,
)

export const SORTS: { value: SearchSort; label: string }[] = SEARCH_SORTS.flatMap((value) => {
  const label = SORT_LABELS[value]
  return label === null ? [] : [choice(value as SearchSort, label)]
})

export const PERIODS: { value: SearchForm['period']; label: string }[] = [
  choice('' as const, 'search.period.any'),
  ...choices(CATALOGUE_ENDPOINTS.searchIllusts.params.duration.values, DURATION_LABELS),
  choice('custom' as const, 'search.period.custom'),
]

const DEFAULT_TARGET = 'partial_match_for_tags'
const DEFAULT_SORT: SearchSort = 'date_desc'
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

function oneOf<T extends string>(value: string | null, allowed: readonly { value: T }[], fallback: T): T {
  return allowed.some((a) => a.value === value) ? (value as T) : fallback
}

const targetsOf = (kind: SearchKind) => (kind === 'illust' ? ILLUST_TARGETS : NOVEL_TARGETS)

/** The form state the URL describes; unknown or malformed values fall back to the defaults. */
export function formFromQuery(query: URLSearchParams, kind: SearchKind = 'illust'): SearchForm {
  const startDate = ISO_DATE.test(query.get('start_date') ?? '') ? query.get('start_date')! : ''
  const endDate = ISO_DATE.test(query.get('end_date') ?? '') ? query.get('end_date')! : ''
  const duration = oneOf<SearchForm['period']>(
    query.get('duration'),
    PERIODS.filter((p) => p.value !== 'custom'),
    '',
  )
  return {
    word: (query.get('word') ?? '').trim(),
    searchTarget: oneOf<string>(query.get('search_target'), targetsOf(kind), DEFAULT_TARGET),
    sort: oneOf(query.get('sort'), SORTS, DEFAULT_SORT),
    period: startDate || endDate ? 'custom' : duration,
    startDate,
    endDate,
    includeAi: query.get('search_ai_type') !== '0',
  }
}

/** The query string for a form state: defaults left out, so links stay short and equal states give equal URLs. */
export function queryFromForm(form: SearchForm): Record<string, string> & { word: string } {
  const q: Record<string, string> & { word: string } = { word: form.word.trim() }
  if (form.searchTarget !== DEFAULT_TARGET) q.search_target = form.searchTarget
  if (form.sort !== DEFAULT_SORT) q.sort = form.sort
  if (form.period === 'custom') {
    if (form.startDate) q.start_date = form.startDate
    if (form.endDate) q.end_date = form.endDate
  } else if (form.period) q.duration = form.period
  if (!form.includeAi) q.search_ai_type = '0'
  return q
}

/** The API's parameters for a form state (the search needs a word: callers skip the request without one). */
export function apiParamsFromForm<T extends string>(form: SearchForm): SearchParams<T> {
  const params: SearchParams<T> = { word: form.word.trim(), searchTarget: form.searchTarget as T, sort: form.sort }
  if (form.period === 'custom') {
    if (form.startDate) params.startDate = form.startDate
    if (form.endDate) params.endDate = form.endDate
  } else if (form.period) params.duration = form.period
  if (!form.includeAi) params.searchAiType = 0
  return params
}
