import { routeHref } from '../../api/gallery-routes.ts'

/**
 * Where to go after signing in: `return_to` when it is a path on this origin, else the home page. Refuses
 * protocol-relative (`//evil.example`) and absolute URLs, so the sign-in page cannot be used as an open redirect,
 * and never returns to the sign-in or sign-up page itself.
 */
export function safeReturnTo(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '/'
  let url: URL
  try {
    url = new URL(raw, 'http://origin.invalid')
  } catch {
    return '/'
  }
  if (url.origin !== 'http://origin.invalid') return '/'
  if (url.pathname === routeHref('login') || url.pathname === routeHref('signup')) return '/'
  return url.pathname + url.search + url.hash
}
