// The service worker's runtime caches: names and bounds. vite.config.ts reads this file at build time to generate
// the worker (so it lives apart from src/tunables.ts, which pulls in browser-only modules), and the app reads the
// names to empty the API cache when the signed-in account changes.

import { API_PATH_PREFIXES, HEALTH_PATHS, IMAGE_PATH_PREFIXES, LEGACY_IMAGE_PREFIX } from '../../api/service-paths.ts'

/** Runtime cache names. The precache (app shell) is Workbox's own. */
export const SW_CACHE = {
  /** GET answers of the catalogue API (`/v1/`, `/v2/`), network-first. */
  api: 'easel-api',
  /** Thumbnails, avatars and covers (`/c/…`, `/user-profile/…`, `/common/images/…`), cache-first. */
  images: 'easel-images',
  /** Original-size pages, the work view's image, cache-first with a much smaller bound (they are large). */
  originals: 'easel-originals',
  /** Imported ugoira kept as videos (`…_ugoira.webm`), byte ranges cut from a cached whole file: a small bound. */
  videos: 'easel-videos',
} as const

/**
 * How long an API request may take before a cached answer is shown instead. The network answer, when it comes,
 * still refreshes the cache. Short: on a bad connection the last known page is better than a spinner.
 */
export const API_NETWORK_TIMEOUT_S = 3
/** About ten lists of three pages and their details: what someone browsed in the last sessions. */
export const API_CACHE_MAX_ENTRIES = 300
export const API_CACHE_MAX_AGE_S = 7 * 24 * 3600

/** A few screens of grids (a thumbnail is 10–60 KB): at most ~20 MB. */
export const IMAGE_CACHE_MAX_ENTRIES = 600
export const IMAGE_CACHE_MAX_AGE_S = 30 * 24 * 3600

/** The last works opened (an original is 0.1–2 MB). */
export const ORIGINAL_CACHE_MAX_ENTRIES = 60
export const ORIGINAL_CACHE_MAX_AGE_S = 7 * 24 * 3600

const escape = (prefix: string) => prefix.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')

/**
 * Paths the service owns, never answered with the SPA's index.html by the worker: the API's spaces, the image CDN's
 * folders (and the `/img/` of earlier versions), the built assets, the health checks, and files with an extension
 * the SPA has no route for (robots.txt, the manifest, icons, the worker itself). `.php` paths stay: the pixiv-style
 * aliases (`/member_illust.php?…`) are SPA routes. A function, so that the app's modules that import this file for its
 * cache names (the sign-out's cache clearing) do not build the list at start-up, nor carry it in the first script.
 */
export const navigationDenylist = (): RegExp[] => [
  ...[...API_PATH_PREFIXES, ...IMAGE_PATH_PREFIXES, LEGACY_IMAGE_PREFIX, '/assets/'].map(
    (prefix) => new RegExp(`^${escape(prefix)}`),
  ),
  ...Object.values(HEALTH_PATHS).map((p) => new RegExp(`^${escape(p)}$`)),
  /\.(?:txt|xml|json|webmanifest|js|mjs|map|css|png|jpe?g|gif|webp|avif|svg|ico|zip)$/i,
]

/** How often an open app asks for a new version of the worker (besides the browser's own check on navigation). */
export const SW_UPDATE_CHECK_MS = 60 * 60 * 1000
