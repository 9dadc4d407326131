// Where a link in untrusted text may lead: links to pixiv works, users and novels become the gallery's own paths, and
// every other link opens in a new tab without an opener or referrer. Used by the caption sanitizer (sanitize.ts) and
// by the novel text's links (page-text-tree.ts), which the page's first view paints too: no DOMPurify here.

import { parseId } from '../api/parse-id.ts'

export const EXTERNAL_LINK_REL = 'noopener noreferrer nofollow'

// Digits are captured as they come; parseId decides whether they are an id (else the link is not rewritten).
const ID = String.raw`(\d+)`
const PIXIV_SCHEME = new RegExp(String.raw`^pixiv://(illusts|users|novels)/${ID}(?:[/?#]|$)`, 'i')
const PIXIV_HOST = /^(?:www\.)?pixiv\.net$/i
const PIXIV_PATHS: [RegExp, (id: number) => string][] = [
  [new RegExp(String.raw`^/(?:artworks|i)/${ID}/?$`), (id) => `/artworks/${id}`],
  [new RegExp(String.raw`^/(?:users|u)/${ID}(?:/.*)?$`), (id) => `/users/${id}`],
  [new RegExp(String.raw`^/(?:novels?|n)/${ID}/?$`), (id) => `/novels/${id}`],
]
const PIXIV_QUERY_PATHS: Record<string, [param: string, to: (id: number) => string]> = {
  '/novel/show.php': ['id', (id) => `/novels/${id}`],
  '/member_illust.php': ['illust_id', (id) => `/artworks/${id}`],
  '/member.php': ['id', (id) => `/users/${id}`],
}

/**
 * The in-app path of a link to a pixiv work, user or novel (`pixiv://illusts/1`, `https://www.pixiv.net/en/artworks/1`,
 * `…/users/2`, `…/novel/show.php?id=3`, and the short aliases), or null for any other link.
 */
export function inAppPath(href: string): string | null {
  const value = href.trim()
  const scheme = PIXIV_SCHEME.exec(value)
  if (scheme) {
    const kind = scheme[1]!.toLowerCase()
    const id = parseId(scheme[2])
    return id === undefined ? null : `/${kind === 'illusts' ? 'artworks' : kind}/${id}`
  }
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return null
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !PIXIV_HOST.test(url.hostname)) return null
  const path = url.pathname.replace(/^\/en(?=\/)/, '')
  for (const [pattern, to] of PIXIV_PATHS) {
    const id = parseId(pattern.exec(path)?.[1])
    if (id !== undefined) return to(id)
  }
  const byQuery = PIXIV_QUERY_PATHS[path]
  const id = byQuery && parseId(url.searchParams.get(byQuery[0]))
  return byQuery && id !== undefined ? byQuery[1](id) : null
}
