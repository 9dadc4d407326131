import { describe, expect, it } from 'vitest'
import { CATALOGUE_ENDPOINTS as ENDPOINTS } from '../../api/catalogue-endpoints.ts'
import {
  apiParamsFromForm,
  formFromQuery,
  ILLUST_TARGETS,
  NOVEL_TARGETS,
  PERIODS,
  queryFromForm,
  SORTS,
} from './search-params.ts'

const q = (s: string) => new URLSearchParams(s)

describe('search params', () => {
  it('reads every control from the query string', () => {
    const form = formFromQuery(
      q(
        'word=sea%20cat&search_target=exact_match_for_tags&sort=popular_desc&duration=within_last_week&search_ai_type=0',
      ),
    )
    expect(form).toEqual({
      word: 'sea cat',
      searchTarget: 'exact_match_for_tags',
      sort: 'popular_desc',
      period: 'within_last_week',
      startDate: '',
      endDate: '',
      includeAi: false,
    })
  })

  it('falls back to defaults for unknown or malformed values', () => {
    const form = formFromQuery(q('word=x&search_target=body&sort=random&duration=forever&start_date=tomorrow'))
    expect(form).toMatchObject({
      searchTarget: 'partial_match_for_tags',
      sort: 'date_desc',
      period: '',
      startDate: '',
      includeAi: true,
    })
  })

  it('treats a date range as the custom period, over a duration', () => {
    const form = formFromQuery(q('word=x&duration=within_last_day&start_date=2026-01-01&end_date=2026-02-01'))
    expect(form).toMatchObject({ period: 'custom', startDate: '2026-01-01', endDate: '2026-02-01' })
  })

  it('accepts the novel-only targets only for novels', () => {
    expect(formFromQuery(q('word=x&search_target=text'), 'novel').searchTarget).toBe('text')
    expect(formFromQuery(q('word=x&search_target=text'), 'illust').searchTarget).toBe('partial_match_for_tags')
  })

  it('round-trips form → query → form, leaving defaults out of the URL', () => {
    const start = formFromQuery(q('word=a&sort=date_asc&start_date=2026-01-01&search_ai_type=0'))
    const query = queryFromForm(start)
    expect(query).toEqual({ word: 'a', sort: 'date_asc', start_date: '2026-01-01', search_ai_type: '0' })
    expect(formFromQuery(new URLSearchParams(query))).toEqual(start)
    expect(queryFromForm(formFromQuery(q('word=b')))).toEqual({ word: 'b' })
  })

  it('builds the API parameters, with the AI filter as search_ai_type 0', () => {
    expect(apiParamsFromForm(formFromQuery(q('word=a&duration=within_last_day&search_ai_type=0')))).toEqual({
      word: 'a',
      searchTarget: 'partial_match_for_tags',
      sort: 'date_desc',
      duration: 'within_last_day',
      searchAiType: 0,
    })
  })
})

describe('choices', () => {
  it('offers every search target the endpoint table takes, keyword included, and reads it back from the URL', () => {
    expect(ILLUST_TARGETS.map((t) => t.value)).toEqual([...ENDPOINTS.searchIllusts.params.search_target.values])
    expect(NOVEL_TARGETS.map((t) => t.value)).toEqual([...ENDPOINTS.searchNovels.params.search_target.values])
    expect(ILLUST_TARGETS.find((t) => t.value === 'keyword')?.label).toBe('Title, caption and tags')
    expect(formFromQuery(new URLSearchParams('word=a&search_target=keyword')).searchTarget).toBe('keyword')
  })

  it('offers only sorts the table takes, and every period it takes', () => {
    for (const s of SORTS) expect(ENDPOINTS.searchIllusts.params.sort.values).toContain(s.value)
    expect(PERIODS.map((p) => p.value).filter((v) => v && v !== 'custom')).toEqual([
      ...ENDPOINTS.searchIllusts.params.duration.values,
    ])
  })
})
