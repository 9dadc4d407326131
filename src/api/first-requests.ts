// The first request a gallery page makes for an anonymous viewer, by route: what the route's loader
// (src/app/routes.tsx) asks the client for the moment the URL opens. The service answers those requests in-process
// while serving index.html and writes the answers into the page (src/server/http/initial-data.ts), so a deep link
// paints real works without a round trip after the script; the client finds them under the same URL
// (src/lib/initial-answers.ts) and sends nothing.
//
// Keys are route paths of src/app/routes.tsx, in the syntax of src/app/route-preloads.ts. The URLs are built by
// requestTarget, the client's own URL builder, and src/app/first-requests.test.ts runs the routes' loaders against this
// table, so a loader that asks for something else fails there. A URL that drifted anyway would cost only the head
// start: the client finds no answer under its URL and fetches it.
//
// Anonymous only: the service does not know who opens a page (tokens live in the browser's storage, not in cookies),
// and an answer with caller-relative fields (is_bookmarked, is_followed, the age filter) must never reach someone
// else. A viewer signed in ignores the embedded answers.

import { ENDPOINTS, type EndpointName } from './endpoints.ts'
import { requestTarget, type WireValue } from './endpoint-spec.ts'
import { parseId } from './parse-id.ts'

export interface FirstRequest {
  endpoint: EndpointName
  params: Readonly<Record<string, WireValue>>
}

type Match = { params: Readonly<Record<string, string>>; search: URLSearchParams }

/** An id as the gallery's routes take it (anything else is that route's "not found", asking nothing). */
const id = parseId
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/
/** A ranking mode as written; the service refuses one it does not know (and a page then has no data). */
const MODE = /^[a-z0-9_]{1,32}$/

const one = (endpoint: EndpointName, params: FirstRequest['params']): FirstRequest[] => [{ endpoint, params }]
const byId = (endpoint: EndpointName, name: string, raw: string | undefined): FirstRequest[] => {
  const value = id(raw)
  return value === undefined ? [] : one(endpoint, { [name]: value })
}

/** Route path → the anonymous viewer's first requests for that URL (none: the page asks for nothing at once). */
export const FIRST_REQUESTS: Readonly<Record<string, (match: Match) => FirstRequest[]>> = {
  // home-query.ts homeTab: illustrations by default; the following tab needs a session.
  '/': ({ search }) => {
    const tab = search.get('tab')
    if (tab === 'following') return []
    if (tab === 'novel') return one('recommendedNovels', {})
    return one('recommendedIllusts', { content_type: tab === 'manga' ? 'manga' : 'illust' })
  },
  // ranking-query.ts: the mode (daily when absent) and an optional day.
  '/ranking': ({ search }) => {
    const mode = search.get('mode') || 'day'
    const date = search.get('date')
    if (!MODE.test(mode)) return []
    const params = { mode, ...(date && ISO_DATE.test(date) ? { date } : {}) }
    return one(search.get('kind') === 'novel' ? 'novelRanking' : 'ranking', params)
  },
  // home-query.ts newestTab.
  '/new': ({ search }) => {
    const type = search.get('type')
    if (type === 'novel') return one('newNovels', {})
    return one('newIllusts', { content_type: type === 'manga' ? 'manga' : 'illust' })
  },
  '/artworks/:id': ({ params }) => byId('illustDetail', 'illust_id', params.id),
  // The novel and its text are asked for together.
  '/novels/:id': ({ params }) => [
    ...byId('novelDetail', 'novel_id', params.id),
    ...byId('novelText', 'novel_id', params.id),
  ],
  '/user/:uid/series/:sid': ({ params }) => byId('illustSeries', 'illust_series_id', params.sid),
  '/novel/series/:id': ({ params }) => byId('novelSeries', 'series_id', params.id),
  '/users/:id': ({ params }) => byId('userDetail', 'user_id', params.id),
}

/** The params of `pathname` under a route path (`:name` is one segment; a trailing slash is allowed), or null. */
export function matchRoutePath(path: string, pathname: string): Record<string, string> | null {
  const want = path.split('/').filter(Boolean)
  const have = pathname.split('/').filter(Boolean)
  if (want.length !== have.length || (pathname !== '/' && /\/\/|^[^/]/.test(pathname))) return null
  const params: Record<string, string> = {}
  for (let i = 0; i < want.length; i++) {
    const segment = want[i]!
    if (segment.startsWith(':')) params[segment.slice(1)] = decodeURIComponent(have[i]!)
    else if (segment !== have[i]) return null
  }
  return params
}

/**
 * The origin-free URLs (`/v1/…?…`) of the anonymous first requests of a page, as the gallery's client writes them;
 * empty for a page that asks for nothing at once (or for data only a session can see).
 */
export function firstRequestTargets(pathname: string, search: URLSearchParams): string[] {
  for (const [path, requests] of Object.entries(FIRST_REQUESTS)) {
    let params: Record<string, string> | null
    try {
      params = matchRoutePath(path, pathname)
    } catch {
      return [] // a malformed %-escape: the page's own "not found"
    }
    if (params) return requests({ params, search }).map((r) => requestTarget(ENDPOINTS[r.endpoint], r.params))
  }
  return []
}
