import { afterAll, describe, expect, it } from 'vitest'
import { openTestApp } from '../testing/harness.ts'
import type { Searches } from '../search/search-job.ts'

// The search route's cache of hit lists, now that a search runs off the request's thread (search-pool.ts): a write
// that clears the cache while a search is running (a follow) must not see that search's older hits kept afterwards.

const app = openTestApp()
afterAll(() => app.close())

describe('search hit cache', () => {
  it('keeps hits read before a cache clear out of the cache; keeps later ones', async () => {
    const real = app.services.searches
    let runs = 0
    let gate: Promise<void> | undefined
    let release = () => {}
    const counting: Searches = {
      run: async (job, client) => {
        runs++
        await gate
        return real.run(job, client)
      },
      warm: () => real.warm(),
      close: () => real.close(),
    }
    app.services.searches = counting
    const url =
      '/v1/search/illust?word=%E3%82%AA%E3%83%AA%E3%82%B8%E3%83%8A%E3%83%AB&search_target=partial_match_for_tags'

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
