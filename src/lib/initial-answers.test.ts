import { describe, expect, it, vi } from 'vitest'
import { createApiClient } from './api-client.ts'
import { INITIAL_DATA_ID, initialAnswers, readInitialAnswers } from './initial-answers.ts'

// The answers the page came with replace the first anonymous request of their URL, once; a signed-in caller, another
// URL, a second request or a late one go to the service.

const wireWork = (id: number, title: string) => ({
  illust: {
    id,
    title,
    type: 'illust',
    image_urls: { square_medium: 's', medium: 'm', large: 'l' },
    caption: '',
    restrict: 0,
    user: { id: 2, name: 'u', account: 'u', profile_image_urls: { medium: 'p' }, is_followed: false },
    tags: [],
    tools: [],
    create_date: '2026-10-01T00:00:00+09:00',
    page_count: 1,
    width: 10,
    height: 10,
    sanity_level: 2,
    x_restrict: 0,
    series: null,
    meta_single_page: { original_image_url: 'o' },
    meta_pages: [],
    total_view: 0,
    total_bookmarks: 0,
    is_bookmarked: false,
    visible: true,
    is_muted: false,
    illust_ai_type: 1,
    illust_book_style: 0,
  },
})

function client(token: string | null, answers: Record<string, unknown>, now?: () => number) {
  const fetch = vi.fn(
    async () =>
      new Response(JSON.stringify(wireWork(1, 'from the network')), {
        headers: { 'content-type': 'application/json' },
      }),
  )
  const api = createApiClient({
    baseUrl: '',
    getToken: () => token,
    fetch,
    initialAnswers: initialAnswers(answers, now),
  })
  return { api, fetch }
}

describe('initial answers in the API client', () => {
  const embedded = { '/v1/illust/detail?illust_id=1': wireWork(1, 'embedded') }

  it('an anonymous GET of an embedded URL takes its answer, without a request, once', async () => {
    const { api, fetch } = client(null, embedded)
    expect((await api.illustDetail(1)).title).toBe('embedded')
    expect(fetch).not.toHaveBeenCalled()
    expect((await api.illustDetail(1)).title).toBe('from the network')
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('a signed-in caller, or another URL, asks the service', async () => {
    const signedIn = client('token', embedded)
    expect((await signedIn.api.illustDetail(1)).title).toBe('from the network')
    expect(signedIn.fetch).toHaveBeenCalledTimes(1)
    const other = client(null, embedded)
    await other.api.illustDetail(2)
    expect(other.fetch).toHaveBeenCalledTimes(1)
  })

  it('an answer not taken in time is left to the network', async () => {
    let now = 0
    const { api, fetch } = client(null, embedded, () => now)
    now = 60_000
    expect((await api.illustDetail(1)).title).toBe('from the network')
    expect(fetch).toHaveBeenCalledTimes(1)
  })
})

describe('readInitialAnswers', () => {
  const page = (json: string) => {
    document.body.innerHTML = `<div id="root"></div><script type="application/json" id="${INITIAL_DATA_ID}">${json}</script>`
  }

  it('reads the block once and removes it', () => {
    page('{"/v1/x?a=\\u003c":{"ok":1}}')
    const answers = readInitialAnswers(false)
    expect(document.getElementById(INITIAL_DATA_ID)).toBeNull()
    expect(answers.take('/v1/x?a=<')).toEqual({ ok: 1 })
  })

  it('a signed-in session ignores it (and removes it all the same); a broken block is no data', () => {
    page('{"/v1/x":{"ok":1}}')
    expect(readInitialAnswers(true).take('/v1/x')).toBeUndefined()
    expect(document.getElementById(INITIAL_DATA_ID)).toBeNull()
    page('{"/v1/x":')
    expect(readInitialAnswers(false).take('/v1/x')).toBeUndefined()
  })
})
