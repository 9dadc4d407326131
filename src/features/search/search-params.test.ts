import { describe, expect, it } from 'vitest'
import { apiParamsFromForm, formFromQuery, queryFromForm } from './search-params.ts'

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
