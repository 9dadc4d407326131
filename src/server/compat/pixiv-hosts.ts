// The hosts real App API clients talk to (../shared/reference/real-clients.md), and the re-pointing people use to
// send them to another server: same path and query, that server's origin.

export const API_HOST = 'app-api.pixiv.net'
export const AUTH_HOST = 'oauth.secure.pixiv.net'
export const WEB_HOST = 'www.pixiv.net'
export const IMAGE_HOST = 'i.pximg.net'
export const STATIC_HOST = 's.pximg.net'

export const PIXIV_HOSTS: ReadonlySet<string> = new Set([API_HOST, AUTH_HOST, WEB_HOST, IMAGE_HOST, STATIC_HOST])

/** The URL a hosts mapping would reach: a pixiv host's path and query on `origin`; any other URL unchanged. */
export function repoint(url: string, origin: string): string {
  const u = new URL(url)
  if (!PIXIV_HOSTS.has(u.hostname.toLowerCase())) return url
  return new URL(u.pathname + u.search, origin).href
}
