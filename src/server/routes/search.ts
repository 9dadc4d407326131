import type { Hono } from 'hono'
import type { AppEnv, Services } from '../context.ts'
import type { Kind, SearchQuery } from '../data/store.ts'
import type { Endpoints } from '../../api/endpoints.ts'
import type { ServerParams } from '../../api/endpoint-spec.ts'
import { on } from '../http/endpoint.ts'
import { MAX_OFFSET } from '../http/params.ts'
import { badRequest } from '../http/errors.ts'
import { lastPlainWord } from '../search/query.ts'
import { nextUrl, PAGE_SIZE } from '../http/paging.ts'
import type { AppContext } from '../context.ts'
import { pageOf, parsedQuery, sendJson } from './common.ts'
import { dayOf, dayStart } from './days.ts'
import { clientOf } from '../http/client-address.ts'

const DURATIONS = { within_last_day: 1, within_last_week: 7, within_last_month: 30 } as const
/**
 * How long a search's hit list is reused. Paging through one search then reads a slice instead of sorting every hit
 * again, and a saved cursor resumes on the same list; afterwards the list is recomputed (the same, unless data changed).
 */
const SEARCH_TTL_MS = 60_000

type SearchParams = ServerParams<Endpoints['searchIllusts']> | ServerParams<Endpoints['searchNovels']>

export function searchRoutes(app: Hono<AppEnv>, services: Services) {
  const { store } = services
  // `duration` counts back from the end of the catalogue's own latest day (the day before its "today").
  const todayEnd = () => dayStart(dayOf(services.catalogueNow)) - 1

  const searchQuery = (q: SearchParams): SearchQuery => {
    // pixiv's operators (AND, OR, -, groups, phrases); only a query past the size bounds is refused.
    const expr = parsedQuery(q.word)
    let since: number | undefined
    let until: number | undefined
    if (q.duration) since = todayEnd() + 1 - DURATIONS[q.duration] * 86400
    if (q.start_date) since = Math.max(since ?? 0, dayStart(dayOf(Date.parse(`${q.start_date}T00:00:00+09:00`) / 1000)))
    if (q.end_date) until = dayStart(dayOf(Date.parse(`${q.end_date}T00:00:00+09:00`) / 1000) + 1) - 1
    if (since !== undefined && until !== undefined && since > until)
      throw badRequest('start_date must not be after end_date')
    return {
      expr,
      target: q.search_target,
      sort: q.sort,
      since,
      until,
      showAi: q.search_ai_type !== '0',
      bookmarkMin: q.bookmark_num_min,
      bookmarkMax: q.bookmark_num_max,
    }
  }

  /** Searches running now, by cache key. */
  const inflight = new Map<string, Promise<number[]>>()

  const handler = async (c: AppContext, kind: Kind, q: SearchParams) => {
    const search = searchQuery(q)
    const caller = c.var.caller
    // The caller's version moves when its follows (either way) or settings change, which is all its hits depend on
    // besides the catalogue: a follow elsewhere leaves this entry be.
    const key = JSON.stringify([kind, search, caller.id, caller.maxX, services.caches.callers.version(caller.id)])
    const { search: cache } = services.caches
    let hits = cache.get(key)
    if (!hits || hits.until < Date.now()) {
      // The same search asked again while it runs (a query many anonymous readers open at once, a gallery's retry)
      // waits for that run instead of queueing its own: one search per key at a time, whoever asks.
      let running = inflight.get(key)
      if (!running) {
        // The search runs off this thread (search-pool.ts). A write that clears the cache meanwhile (a follow) removes
        // this marker with it: the hits, read before that write, are then answered but not kept.
        const marker = { ids: [], until: 0 }
        cache.set(key, marker)
        const job = { op: 'items', kind, query: search, caller, offset: 0, limit: MAX_OFFSET + PAGE_SIZE + 1 } as const
        running = services.searches
          .run(job, clientOf(c, services.config.trustProxy))
          .then(
            (ids) => {
              if (cache.get(key) === marker) cache.set(key, { ids, until: Date.now() + SEARCH_TTL_MS })
              return ids
            },
            (err: unknown) => {
              if (cache.get(key) === marker) cache.delete(key)
              throw err
            },
          )
          .finally(() => inflight.delete(key))
        inflight.set(key, running)
      }
      hits = { ids: await running, until: 0 }
    }
    const { items, more } = pageOf(hits.ids.slice(q.offset, q.offset + PAGE_SIZE + 1))
    return sendJson(c, {
      [kind === 'illust' ? 'illusts' : 'novels']: c.var.view.list(kind, items),
      next_url: nextUrl(
        c,
        c.var.origin,
        more && q.offset + PAGE_SIZE <= 5000 ? { offset: q.offset + PAGE_SIZE } : null,
      ),
      search_span_limit: 31536000,
      // AI works are in these results unless the query or the account's AI setting leaves them out.
      show_ai: q.search_ai_type !== '0' && c.var.caller.showAi !== false,
    })
  }
  on(app, 'searchIllusts', (c, q) => handler(c, 'illust', q))
  on(app, 'searchNovels', (c, q) => handler(c, 'novel', q))

  on(app, 'autocomplete', (c, q) => {
    const lastWord = lastPlainWord(q.word)
    return sendJson(c, {
      // Operators are no part of a tag: complete the last word typed.
      tags: (lastWord ? store.tagSuggestions.autocomplete(lastWord, c.var.caller, 10) : []).map((t) => ({
        name: t.name,
        translated_name: t.translated_name,
      })),
    })
  })

  on(app, 'trendingTags', (c) => {
    const latest = store.latestActivityDay('illust')
    const trending = services.caches.trending.getOrCompute(`illust:${latest}`, () =>
      store.trendingTags(latest - 6, latest, 40),
    ) as ReturnType<typeof store.trendingTags>
    const ids = trending.map((t) => t.workId)
    const works = new Map(c.var.view.illustObjects(ids).map((w) => [w.id, w]))
    return sendJson(c, {
      trend_tags: trending.flatMap((t) => {
        const illust = works.get(t.workId)
        return illust ? [{ tag: t.tag.name, translated_name: t.tag.translated_name, illust }] : []
      }),
    })
  })
}
