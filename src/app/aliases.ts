// pixiv-style links → the gallery's own routes (DESIGN.md §3.1), so any link a user pastes or follows opens the same
// thing. Pure: the router's catch-all route redirects with it, and the header's box opens pasted share text with it.

import { paths } from '../lib/paths.ts'

const id = (raw: string | null | undefined): number | undefined =>
  raw && /^\d{1,15}$/.test(raw) ? Number(raw) : undefined

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/** Paths the app serves itself, so an `/en/` prefix or a pasted link that already names one is kept as is. */
const OWN_ROUTES = [
  /^\/$/,
  /^\/ranking$/,
  /^\/search(\/novels)?$/,
  /^\/artworks\/\d+$/,
  /^\/novels\/\d+$/,
  /^\/novel\/series\/\d+$/,
  /^\/user\/\d+\/series\/\d+$/,
  /^\/users\/\d+(\/(artworks|novels|following|bookmarks\/artworks|bookmarks\/novels))?$/,
  /^\/settings$/,
  /^\/login$/,
]

/**
 * The in-app href an alias path stands for, or null when it is not an alias (then the path is either one of the
 * app's routes or unknown). `search` is the query string, with or without its `?`.
 */
export function resolveAlias(pathname: string, search = ''): string | null {
  const query = new URLSearchParams(search)
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname

  // /en/… (and pixiv's other language prefixes are not used): strip it, then resolve what remains.
  const lang = /^\/en(\/.*)?$/.exec(path)
  if (lang) {
    const rest = lang[1] ?? '/'
    const qs = query.toString()
    return resolveAlias(rest, qs) ?? rest + (qs ? `?${qs}` : '')
  }

  let m: RegExpExecArray | null
  if ((m = /^\/i\/(\d+)$/.exec(path))) return paths.artwork(Number(m[1]))
  if ((m = /^\/(?:u|member)\/(\d+)$/.exec(path))) return paths.user(Number(m[1]))
  if ((m = /^\/n\/(\d+)$/.exec(path))) return paths.novel(Number(m[1]))
  if (path === '/member_illust.php') {
    const illustId = id(query.get('illust_id'))
    if (illustId !== undefined) return paths.artwork(illustId)
    const userId = id(query.get('id'))
    if (userId !== undefined) return paths.userArtworks(userId)
    return null
  }
  if (path === '/member.php') {
    const userId = id(query.get('id'))
    return userId === undefined ? null : paths.user(userId)
  }
  if (path === '/novel/show.php') {
    const novelId = id(query.get('id'))
    return novelId === undefined ? null : paths.novel(novelId)
  }
  if ((m = /^\/tags\/([^/]+)(?:\/(artworks|illustrations|manga|novels|top))?$/.exec(path))) {
    const word = decode(m[1]!).trim()
    if (!word) return null
    return m[2] === 'novels' ? paths.searchNovels({ word }) : paths.search({ word })
  }
  if ((m = /^\/users\/(\d+)\/(illustrations|manga)$/.exec(path)))
    return paths.userArtworks(Number(m[1]), { type: m[2] === 'manga' ? 'manga' : 'illust' })
  return null
}

export function isOwnRoute(pathname: string): boolean {
  return OWN_ROUTES.some((r) => r.test(pathname))
}

const LINK_HOSTS = /^(?:www\.)?pixiv\.net$/i

/**
 * The in-app href for a pasted link or share text with a link inside ("Look at this! https://www.pixiv.net/artworks/1"),
 * or null when it holds no link the gallery can open. Links to pixiv.net and to this origin are recognised.
 */
export function linkTarget(text: string, origin?: string): string | null {
  const match = /https?:\/\/[^\s<>"'）)]+/i.exec(text)
  if (!match) return null
  let url: URL
  try {
    url = new URL(match[0])
  } catch {
    return null
  }
  if (!LINK_HOSTS.test(url.hostname) && url.origin !== origin) return null
  const alias = resolveAlias(url.pathname, url.search)
  if (alias) return alias
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname
  return isOwnRoute(path) ? path + url.search + url.hash : null
}
