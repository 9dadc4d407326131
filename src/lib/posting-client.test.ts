import { describe, expect, it, vi } from 'vitest'
import { createApiClient } from './api-client.ts'
import { createPostingClient } from './posting-client.ts'

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } })

/** A posting client over a fake fetch that answers `body` and records each URL asked for. */
function setup(body: unknown) {
  const urls: URL[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    urls.push(new URL(String(input)))
    return json(body)
  })
  return {
    client: createPostingClient(createApiClient({ baseUrl: 'http://svc.test', getToken: () => 'tok', fetch })),
    urls,
  }
}

const page = (id: number) => ({ id, width: 10 * id, height: 20, ext: 'png', bytes: 100 })

describe('the posting client', () => {
  it('reads a work’s pages, and no hold when the service names none', async () => {
    const { client, urls } = setup({ pages: [page(2), page(1)] })
    expect(await client.illustPages(40)).toEqual({ pages: [page(2), page(1)], held: null })
    expect(urls[0]!.pathname).toBe('/v1/easel/illust/pages')
    expect(urls[0]!.searchParams.get('illust_id')).toBe('40')
  })

  it('reads the hold of a work moderators hide: the restrict its author chose', async () => {
    const { client } = setup({ pages: [page(1)], held: { restrict: 'mypixiv' } })
    expect(await client.illustPages(40)).toEqual({ pages: [page(1)], held: { restrict: 'mypixiv' } })
    // a restrict it does not know is no restrict to give the work back
    const odd = setup({ pages: [page(1)], held: { restrict: 'friends' } })
    expect((await odd.client.illustPages(40)).held).toBeNull()
  })

  it('lists the caller’s own series of a kind, the newest first as answered', async () => {
    const series = [
      { id: 9, title: 'Newest', count: 1 },
      { id: 3, title: 'Older', count: 12 },
    ]
    const { client, urls } = setup({ series })
    expect(await client.ownSeries('novel')).toEqual(series)
    expect(urls[0]!.pathname).toBe('/v1/easel/series')
    expect(urls[0]!.searchParams.get('kind')).toBe('novel')
  })
})
