// The first request a gallery page makes for an anonymous viewer, by route: what the route's loader
// (src/app/routes.tsx) asks the client for the moment the URL opens. The service answers those requests in-process
// while serving index.html and writes the answers into the page (src/server/http/initial-data.ts), so a deep link
// paints real works without a round trip after the script; the client finds them under the same URL
// (src/lib/initial-answers.ts) and sends nothing.
//
// Keys are route names of the route registry (src/api/gallery-routes.ts); a URL gets the requests of every route it
// opens (a user's tab: the profile's, then the tab's), as the router runs every matched loader. The URLs are built by
// requestTarget, the client's own URL builder, and src/app/first-requests.test.ts runs the routes' loaders against this
// table, so a loader that asks for something else fails there. A URL that drifted anyway would cost only the head
// start: the client finds no answer under its URL and fetches it.
//
// Anonymous only: the service does not know who opens a page (tokens live in the browser's storage, not in cookies),
// and an answer with caller-relative fields (is_bookmarked, is_followed, the age filter) must never reach someone
// else. A viewer signed in ignores the embedded answers.

import { CATALOGUE_ENDPOINTS, type CatalogueEndpointName } from './catalogue-endpoints.ts'
import { requestTarget, type WireValue } from './endpoint-spec.ts'
import { matchGalleryRoute } from './gallery-route-match.ts'
import type { GalleryRouteName } from './gallery-routes.ts'

export interface FirstRequest {
  endpoint: CatalogueEndpointName
  params: Readonly<Record<string, WireValue>>
}

/** The route's ids (already read under the id rule: a path with anything else opens no route) and the query. */
type Match = { params: Readonly<Record<string, number>>; search: URLSearchParams }

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/
/** A ranking mode as written; the service refuses one it does not know (and a page then has no data). */
const MODE = /^[a-z0-9_]{1,32}$/

const one = (endpoint: CatalogueEndpointName, params: FirstRequest['params']): FirstRequest[] => [{ endpoint, params }]
const byId = (endpoint: CatalogueEndpointName, name: string, value: number | undefined): FirstRequest[] =>
  value === undefined ? [] : one(endpoint, { [name]: value })

/** Route → the anonymous viewer's first requests for that URL (none: the page asks for nothing at once). */
export const FIRST_REQUESTS: Readonly<Partial<Record<GalleryRouteName, (match: Match) => FirstRequest[]>>> = {
  // home-query.ts homeTab: illustrations by default; the following tab needs a session.
  home: ({ search }) => {
    const tab = search.get('tab')
    if (tab === 'following') return []
    if (tab === 'novel') return one('recommendedNovels', {})
    return one('recommendedIllusts', { content_type: tab === 'manga' ? 'manga' : 'illust' })
  },
  // ranking-query.ts: the mode (daily when absent) and an optional day.
  ranking: ({ search }) => {
    const mode = search.get('mode') || 'day'
    const date = search.get('date')
    if (!MODE.test(mode)) return []
    const params = { mode, ...(date && ISO_DATE.test(date) ? { date } : {}) }
    return one(search.get('kind') === 'novel' ? 'novelRanking' : 'ranking', params)
  },
  // home-query.ts newestTab.
  newest: ({ search }) => {
    const type = search.get('type')
    if (type === 'novel') return one('newNovels', {})
    return one('newIllusts', { content_type: type === 'manga' ? 'manga' : 'illust' })
  },
  artwork: ({ params }) => byId('illustDetail', 'illust_id', params.id),
  // The novel and its text are asked for together.
  novel: ({ params }) => [...byId('novelDetail', 'novel_id', params.id), ...byId('novelText', 'novel_id', params.id)],
  illustSeries: ({ params }) => byId('illustSeries', 'illust_series_id', params.sid),
  novelSeries: ({ params }) => byId('novelSeries', 'series_id', params.id),
  user: ({ params }) => byId('userDetail', 'user_id', params.id),
  userNovels: ({ params }) => byId('userNovels', 'user_id', params.id),
}

/**
 * The origin-free URLs (`/v1/…?…`) of the anonymous first requests of a page, as the gallery's client writes them;
 * empty for a page that asks for nothing at once (or for data only a session can see).
 */
export function firstRequestTargets(pathname: string, search: URLSearchParams): string[] {
  return matchGalleryRoute(pathname).flatMap(({ name, params }) =>
    (FIRST_REQUESTS[name]?.({ params, search }) ?? []).map((r) =>
      requestTarget(CATALOGUE_ENDPOINTS[r.endpoint], r.params),
    ),
  )
}
