import type { Endpoints } from '../../api/endpoints.ts'
import type { ServerParams } from '../../api/endpoint-spec.ts'
import type { Caller, Kind, SearchQuery, TagRow } from '../data/store.ts'
import type { SqlFragment } from '../search/compile.ts'
import { compileQuery } from '../search/compile.ts'
import { userTermMatcher } from '../data/social.ts'
import { lastPlainWord, parseQuery, QueryRefusedError, type QueryNode } from '../search/query.ts'
import { badRequest } from '../http/errors.ts'
import { MAX_OFFSET } from '../http/params.ts'
import { PAGE_SIZE } from '../http/paging.ts'
import { dayOf, dayStart } from './days.ts'
import type { ServiceDeps } from './deps.ts'

const DURATIONS = { within_last_day: 1, within_last_week: 7, within_last_month: 30 } as const
/**
 * How long a search's hit list is reused. Paging through one search then reads a slice instead of sorting every hit
 * again, and a saved cursor resumes on the same list; afterwards the list is recomputed (the same, unless data changed).
 */
const SEARCH_TTL_MS = 60_000

export type SearchParams = ServerParams<Endpoints['searchIllusts']> | ServerParams<Endpoints['searchNovels']>

/** A search's `word` in pixiv's query language; only a query past the parser's size bounds is refused (400). */
export function parsedQuery(word: string): QueryNode {
  try {
    return parseQuery(word).root
  } catch (e) {
    if (e instanceof QueryRefusedError) throw badRequest(e.message)
    throw e
  }
}

// Search: planning a query (operators, dates, filters), running it off the request's thread, sharing a search that is
// running, and keeping its hits for a while per caller; the users search, tag suggestions and trending tags.
export class SearchService {
  /** Searches running now, by cache key. */
  private readonly inflight = new Map<string, Promise<number[]>>()

  constructor(private readonly deps: ServiceDeps) {}

  /** The search a request asks for, planned. */
  plan(q: SearchParams): SearchQuery {
    // pixiv's operators (AND, OR, -, groups, phrases); only a query past the size bounds is refused.
    const expr = parsedQuery(q.word)
    // `duration` counts back from the end of the catalogue's own latest day (the day before its "today").
    const todayEnd = dayStart(dayOf(this.deps.catalogueNow)) - 1
    let since: number | undefined
    let until: number | undefined
    if (q.duration) since = todayEnd + 1 - DURATIONS[q.duration] * 86400
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

  /**
   * Every hit of the search (up to the deepest offset a cursor reaches), for the caller; `client` names who asks
   * (called only when the search runs, not when its hits are cached).
   */
  async hits(kind: Kind, search: SearchQuery, caller: Caller, client: () => string): Promise<number[]> {
    const { caches, searches } = this.deps
    // The caller's version moves when its follows (either way) or settings change, which is all its hits depend on
    // besides the catalogue: a follow elsewhere leaves this entry be.
    const key = JSON.stringify([kind, search, caller.id, caller.maxX, caches.callers.version(caller.id)])
    const cache = caches.search
    const hit = cache.get(key)
    if (hit && hit.until >= Date.now()) return hit.ids
    // The same search asked again while it runs (a query many anonymous readers open at once, a gallery's retry)
    // waits for that run instead of queueing its own: one search per key at a time, whoever asks.
    let running = this.inflight.get(key)
    if (!running) {
      // The search runs off this thread (search-pool.ts). A write that clears the cache meanwhile (a follow) removes
      // this marker with it: the hits, read before that write, are then answered but not kept.
      const marker = { ids: [], until: 0 }
      cache.set(key, marker)
      const job = { op: 'items', kind, query: search, caller, offset: 0, limit: MAX_OFFSET + PAGE_SIZE + 1 } as const
      running = searches
        .run(job, client())
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
        .finally(() => this.inflight.delete(key))
      this.inflight.set(key, running)
    }
    return running
  }

  /** Users whose name or account matches the words, most followed first. */
  users(word: string, offset: number, limit: number, client: string): Promise<number[]> {
    const expr = parsedQuery(word)
    const match: SqlFragment = compileQuery(expr, userTermMatcher)
    return this.deps.searches.run({ op: 'users', match, expr, offset, limit }, client)
  }

  /** Tags completing the last plain word of the query, of items the caller may see. */
  async autocomplete(word: string, caller: Caller, limit: number): Promise<TagRow[]> {
    // Operators are no part of a tag: complete the last word typed.
    const lastWord = lastPlainWord(word)
    return lastWord ? this.deps.repos.tags.autocomplete(lastWord, caller, limit) : []
  }

  /** The week's most bookmarked tags, each with its most bookmarked public all-ages work. */
  async trending(): Promise<{ tag: TagRow; workId: number }[]> {
    const { repos, caches } = this.deps
    const latest = await repos.catalogue.latestActivityDay('illust')
    const key = `illust:${latest}`
    let trending = caches.trending.get(key) as { tag: TagRow; workId: number }[] | undefined
    if (!trending) caches.trending.set(key, (trending = await repos.tags.trending(latest - 6, latest, 40)))
    return trending
  }
}
