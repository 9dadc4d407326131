import { afterAll, describe, expect, it } from 'vitest'
import { openTestApp } from '../testing/harness.ts'
import type { SearchJob } from '../search/search-job.ts'
import { busy } from '../search/search-pool.ts'

// The search routes now that a search runs off the request's thread (search-pool.ts): a write that clears the hit
// cache while a search runs (a follow) must not see that search's older hits kept afterwards, and a search the pool
// refuses is the API's error answer.

const app = openTestApp()
afterAll(() => app.close())

/** Runs `body` with the service's searches going through `run` instead (every search route shares one object). */
async function withSearches(run: (job: SearchJob, client: string) => Promise<number[]>, body: () => Promise<void>) {
  const searches = app.services.searches
  const real = searches.run.bind(searches)
  searches.run = (job, client) => run(job, client)
  try {
    await body()
  } finally {
    searches.run = real
  }
}

describe('search routes', () => {
  it('keep hits read before a cache clear out of the hit cache; keep later ones', async () => {
    const real = app.services.searches.run.bind(app.services.searches)
    let runs = 0
    let gate: Promise<void> | undefined
    let release = () => {}
    const counting = async (job: SearchJob, client: string) => {
      runs++
      await gate
      return real(job, client)
    }
    const url = `/v1/search/illust?word=${encodeURIComponent('オリジナル')}&search_target=partial_match_for_tags`
    await withSearches(counting, async () => {
      gate = new Promise((r) => (release = r))
      const pending = app.fetch(url)
      while (runs === 0) await new Promise((r) => setTimeout(r, 5))
      app.services.caches.search.clear() // as a follow does, while the search runs
      release()
      expect((await pending).status).toBe(200)

      gate = undefined
      expect((await app.fetch(url)).status).toBe(200)
      expect(runs).toBe(2) // searched again: the first answer was not kept
      expect((await app.fetch(url)).status).toBe(200)
      expect(runs).toBe(2) // and this one was
    })
  })

  it('run one search for the same query asked by many at once, and answer them all', async () => {
    const real = app.services.searches.run.bind(app.services.searches)
    let runs = 0
    let release = () => {}
    const gate = new Promise<void>((r) => (release = r))
    const counting = async (job: SearchJob, client: string) => {
      runs++
      await gate
      return real(job, client)
    }
    const url = `/v1/search/illust?word=${encodeURIComponent('オリジナル')}&search_target=exact_match_for_tags`
    await withSearches(counting, async () => {
      const pending = Array.from({ length: 8 }, () => app.fetch(url))
      while (runs === 0) await new Promise((r) => setTimeout(r, 5))
      release()
      const answers = await Promise.all(pending)
      expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200))
      const bodies = await Promise.all(answers.map((r) => r.text()))
      expect(new Set(bodies).size).toBe(1)
      expect(runs).toBe(1)
    })
  })

  it('answer a search the pool refuses with 503, Retry-After and the error body: works, novels, users', async () => {
    await withSearches(
      () => Promise.reject(busy('too many searches are waiting')),
      async () => {
        for (const path of ['/v1/search/illust?word=sky', '/v1/search/novel?word=sky', '/v1/search/user?word=sky']) {
          const res = await app.fetch(path)
          expect(res.status).toBe(503)
          expect(res.headers.get('retry-after')).toMatch(/^[1-9]\d*$/)
          const { error } = (await res.json()) as { error: Record<string, unknown> }
          expect(Object.keys(error).sort()).toEqual(['message', 'reason', 'user_message', 'user_message_details'])
          expect(error.user_message).toMatch(/busy/i)
        }
      },
    )
  })
})
