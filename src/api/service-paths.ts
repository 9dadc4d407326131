// The path spaces the service owns beside the gallery's own routes. The service routes them (src/server/app.ts);
// the gallery's service worker never answers them with the app's page, and the development server proxies them.

/**
 * The API's spaces (reference `real-clients.md`): the App API (`/v1/` to `/v9/`), its webviews, the web ajax API
 * and OAuth. A path in them that the service does not serve answers the JSON 404 error body, never the app's page.
 */
export const API_PATH_PREFIXES = [
  '/v1/',
  '/v2/',
  '/v3/',
  '/v4/',
  '/v5/',
  '/v6/',
  '/v7/',
  '/v8/',
  '/v9/',
  '/webview/',
  '/ajax/',
  '/auth/',
] as const

/**
 * The image CDN's folders, as on i.pximg.net (works, avatars, covers, backgrounds, series covers under `/c/<size>/`)
 * and s.pximg.net (`/common/images/` placeholders). Served on the image origin at exactly these paths.
 */
export const IMAGE_PATH_PREFIXES = [
  '/c/',
  '/img-original/',
  '/img-master/',
  '/img-zip-ugoira/',
  '/user-profile/',
  '/novel-cover-original/',
  '/background/',
  '/common/images/',
] as const

/**
 * The health checks for a load balancer (src/server/http/health.ts): liveness and readiness. Exact paths, outside the
 * API's spaces (no token, no rate limit).
 */
export const HEALTH_PATHS = { live: '/healthz', ready: '/readyz' } as const

/** Where earlier versions served images (`/img` + the CDN path); such URLs redirect to the path without it. */
export const LEGACY_IMAGE_PREFIX = '/img/'
