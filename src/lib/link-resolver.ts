// Any link a user follows, pastes or shares → the gallery's own route (DESIGN.md §3.1, issue 4). One table serves
// the router's catch-all (alias paths such as `/i/1` or `/en/artworks/1` opened on this origin), the header's
// search box and the `/share` target. Pure: no DOM, no router, no fetch.

import { isGalleryPath } from '../api/gallery-route-match.ts'
import { parseId as id } from '../api/parse-id.ts'
import { paths } from './paths.ts'

type Query = URLSearchParams

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment.replace(/\+/g, ' '))
  } catch {
    return segment
  }
}

/** pixiv's legacy `p` / `page` parameters count from 0; the gallery's `#pN` from 1. */
const zeroBasedPage = (raw: string | null): number | undefined => {
  const n = raw !== null && /^\d{1,6}$/.test(raw) ? Number(raw) : undefined
  return n === undefined ? undefined : n + 1
}

// ---- Aliases: pixiv-style paths that mean one of the gallery's views ----

interface Alias {
  path: RegExp
  to: (m: RegExpExecArray, q: Query) => string | null
}

/** pixiv's tag-search parameter `s_mode` in the gallery's `search_target` words (absent: the default, partial). */
function tagSearch(word: string, q: Query, novels: boolean): string | null {
  const w = word.trim()
  if (!w) return null
  const mode = q.get('s_mode')
  const query = {
    word: w,
    search_target:
      mode === 's_tag_full'
        ? 'exact_match_for_tags'
        : mode === 's_tc'
          ? novels
            ? 'keyword'
            : 'title_and_caption'
          : undefined,
  }
  return novels ? paths.searchNovels(query) : paths.search(query)
}

const ALIASES: readonly Alias[] = [
  { path: /^\/i\/(\d+)$/, to: (m) => work(m[1]) },
  { path: /^\/(?:u|member)\/(\d+)$/, to: (m) => user(m[1]) },
  { path: /^\/n\/(\d+)$/, to: (m) => novel(m[1]) },
  {
    path: /^\/member_illust\.php$/,
    to: (_, q) => {
      const illustId = id(q.get('illust_id'))
      if (illustId !== undefined) {
        const page = zeroBasedPage(q.get('page'))
        return paths.artwork(illustId, page && page > 1 ? page : undefined)
      }
      const userId = id(q.get('id'))
      if (userId === undefined) return null
      const type = q.get('type')
      return paths.userArtworks(userId, type === 'manga' || type === 'illust' ? { type } : undefined)
    },
  },
  { path: /^\/member\.php$/, to: (_, q) => user(q.get('id')) },
  {
    // Without an id: the viewer's own bookmarks.
    path: /^\/bookmark\.php$/,
    to: (_, q) => {
      const userId = id(q.get('id'))
      if (userId === undefined) return q.has('id') ? null : paths.myBookmarks()
      return paths.userBookmarks(userId, q.get('rest') === 'hide' ? { restrict: 'private' } : undefined)
    },
  },
  {
    path: /^\/novel\/bookmark\.php$/,
    to: (_, q) => {
      const userId = id(q.get('id'))
      return userId === undefined
        ? null
        : paths.userNovelBookmarks(userId, q.get('rest') === 'hide' ? { restrict: 'private' } : undefined)
    },
  },
  { path: /^\/novel\/show\.php$/, to: (_, q) => novel(q.get('id')) },
  { path: /^\/novel\/member\.php$/, to: (_, q) => (id(q.get('id')) ? paths.userNovels(id(q.get('id'))!) : null) },
  { path: /^\/novel\/series\/(\d+)$/, to: (m) => (id(m[1]) ? paths.novelSeries(id(m[1])!) : null) },
  {
    path: /^\/user\/(\d+)\/series\/(\d+)$/,
    to: (m) => (id(m[1]) && id(m[2]) ? paths.illustSeries(id(m[1])!, id(m[2])!) : null),
  },
  {
    path: /^\/tags\/([^/]+)(?:\/(artworks|illustrations|manga|novels|top))?$/,
    to: (m, q) => tagSearch(decode(m[1]!), q, m[2] === 'novels'),
  },
  { path: /^\/search\.php$/, to: (_, q) => tagSearch(q.get('word') ?? '', q, false) },
  { path: /^\/novel\/search\.php$/, to: (_, q) => tagSearch(q.get('word') ?? '', q, true) },
  {
    path: /^\/users\/(\d+)\/(illustrations|manga)$/,
    to: (m) => (id(m[1]) ? paths.userArtworks(id(m[1])!, { type: m[2] === 'manga' ? 'manga' : 'illust' }) : null),
  },
  {
    path: /^\/users\/(\d+)\/bookmarks\/(artworks|novels)$/,
    // pixiv's `rest=hide` is the gallery's `restrict=private`; without it the path is the gallery's own route.
    to: (m, q) => {
      const userId = id(m[1])
      if (userId === undefined || !q.has('rest')) return null
      const opts = q.get('rest') === 'hide' ? { restrict: 'private' as const } : {}
      return m[2] === 'novels' ? paths.userNovelBookmarks(userId, opts) : paths.userBookmarks(userId, opts)
    },
  },
  {
    path: /^\/ranking\.php$/,
    to: (_, q) => {
      const mode = q.get('mode')
      const content = q.get('content')
      // pixiv's `daily`/`weekly`/`monthly` are the API's `day`/`week`/`month`; `_manga`-style content maps too.
      const base = { daily: 'day', weekly: 'week', monthly: 'month' }[mode ?? ''] ?? mode ?? undefined
      const withContent = content === 'manga' && base && !base.endsWith('_manga') ? `${base}_manga` : base
      const date = /^\d{8}$/.test(q.get('date') ?? '')
        ? q.get('date')!.replace(/^(\d{4})(\d{2})(\d{2})$/, '$1-$2-$3')
        : undefined
      return paths.ranking({ mode: withContent === 'day' ? undefined : withContent, date })
    },
  },
]

function work(raw: string | null | undefined): string | null {
  const n = id(raw)
  return n === undefined ? null : paths.artwork(n)
}
function user(raw: string | null | undefined): string | null {
  const n = id(raw)
  return n === undefined ? null : paths.user(n)
}
function novel(raw: string | null | undefined): string | null {
  const n = id(raw)
  return n === undefined ? null : paths.novel(n)
}

/** A two-letter language, optionally with a region or script (`/en/`, `/ja/`, `/zh-tw/`, `/zh-Hant/`). */
const LANGUAGE_PREFIX = /^\/[a-z]{2}(?:[-_][a-z]{2,4})?(?=\/|$)/i

function trimPath(pathname: string): string {
  const path = pathname.replace(/\/{2,}/g, '/')
  return path.length > 1 ? path.replace(/\/+$/, '') : path
}

/**
 * The in-app href of a path on a pixiv-style site or on this one, or null when it names nothing the gallery shows.
 * A language prefix is dropped; aliases map to their view; the gallery's own routes are kept with their query and
 * hash. `search` and `hash` may carry their leading `?` / `#` or not.
 */
export function resolvePath(pathname: string, search = '', hash = ''): string | null {
  let path = trimPath(pathname)
  const lang = LANGUAGE_PREFIX.exec(path)
  if (lang) path = path.slice(lang[0].length) || '/'
  const query = new URLSearchParams(search)
  for (const alias of ALIASES) {
    const m = alias.path.exec(path)
    if (m) {
      const target = alias.to(m, query)
      if (target) return target
    }
  }
  if (!isGalleryPath(path)) return null
  const qs = query.toString()
  const h = hash.replace(/^#/, '')
  return path + (qs ? `?${qs}` : '') + (h ? `#${h}` : '')
}

/**
 * The href an alias path opened on this origin redirects to, or null when the path is not an alias (then it is one
 * of the app's routes, handled by its own route, or unknown: a 404).
 */
export function resolveAlias(pathname: string, search = ''): string | null {
  const target = resolvePath(pathname, search)
  if (!target) return null
  const path = trimPath(pathname)
  const qs = new URLSearchParams(search).toString()
  return target === path + (qs ? `?${qs}` : '') ? null : target
}

// ---- Image URLs: the CDN's path scheme (pixiv's i.pximg.net, this service's image origin, or its earlier /img/…) ----

const DATE = String.raw`/img/\d{4}/\d{2}/\d{2}/\d{2}/\d{2}/\d{2}/`
const IMAGE_RULES: readonly { path: RegExp; to: (m: RegExpExecArray) => string | null }[] = [
  {
    // img-original, img-master, custom-thumb, any /c/<size>/ variant: `<id>_p<index>[_master1200|…].<ext>`
    path: new RegExp(
      String.raw`^(?:/c/[^/]+)?/(?:img-original|img-master|custom-thumb)${DATE}(\d+)_p(\d+)(?:_[a-z]+\d*)?\.(?:jpe?g|png|gif|webp)$`,
      'i',
    ),
    to: (m) => {
      const n = id(m[1])
      const page = Number(m[2]) + 1
      return n === undefined ? null : paths.artwork(n, page > 1 ? page : undefined)
    },
  },
  {
    // Ugoira frames and archives: `<id>_ugoira<frame>.<ext>`, `<id>_ugoira600x600.zip`.
    path: new RegExp(
      String.raw`^(?:/c/[^/]+)?/(?:img-original|img-master|img-zip-ugoira)${DATE}(\d+)_ugoira[\dx]+(?:_[a-z]+\d*)?\.(?:jpe?g|png|gif|zip)$`,
      'i',
    ),
    to: (m) => work(m[1]),
  },
  {
    // Novel covers: `<novel id>_<hash>_…` (pixiv writes `ci<id>_…`).
    path: new RegExp(
      String.raw`^(?:/c/[^/]+)?/novel-cover-(?:original|master)${DATE}(?:ci)?(\d+)_[0-9a-z]+(?:_[a-z]+\d*)?\.(?:jpe?g|png)$`,
      'i',
    ),
    to: (m) => novel(m[1]),
  },
  {
    // `<user id>_<hash>_170.jpg`, and the full size without `_170`
    path: new RegExp(String.raw`^(?:/c/[^/]+)?/user-profile${DATE}(\d+)_[0-9a-z]+(?:_\d+)?\.(?:jpe?g|png|gif)$`, 'i'),
    to: (m) => user(m[1]),
  },
]

function resolveImagePath(pathname: string): string | null {
  // Earlier versions served the same paths below /img.
  if (pathname.startsWith('/img/')) pathname = pathname.slice(4)
  for (const rule of IMAGE_RULES) {
    const m = rule.path.exec(pathname)
    if (m) return rule.to(m)
  }
  return null
}

// ---- Whole URLs and share text ----

const PIXIV_SITE = /^(?:(?:www|touch|m)\.)?pixiv\.net$/i
const PIXIV_EMBED = /^embed\.pixiv\.net$/i
const PIXIV_IMAGES = /(?:^|\.)pximg\.net$/i

/** The in-app href of one absolute URL, or null. `origin` is this gallery's own origin. */
export function resolveUrl(url: URL, origin?: string): string | null {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  const host = url.hostname
  if (PIXIV_IMAGES.test(host)) return resolveImagePath(url.pathname)
  if (PIXIV_EMBED.test(host)) return work(url.searchParams.get('illust_id'))
  if (PIXIV_SITE.test(host) || url.origin === origin) {
    // This service's own images have the CDN's paths (no gallery route looks like one).
    return resolveImagePath(url.pathname) ?? resolvePath(url.pathname, url.search, url.hash)
  }
  // Another host: only a link to one of the gallery's own routes (say, a friend's Easel) or its images.
  const image = resolveImagePath(url.pathname)
  if (image) return image
  const path = trimPath(url.pathname)
  return isGalleryPath(path) ? path + url.search + url.hash : null
}

/**
 * Candidate links in free text, in order: absolute http(s) URLs, then bare `pixiv.net/…` / `i.pximg.net/…` ones
 * (share sheets and chat apps drop the scheme). Trailing punctuation that ends a sentence is not part of a link.
 */
function linksIn(text: string): string[] {
  const found: string[] = []
  const pattern = /\bhttps?:\/\/[^\s<>"'`]+|(?<![\w./-])(?:[\w-]+\.)*(?:pixiv\.net|pximg\.net)(?::\d+)?\/[^\s<>"'`]*/gi
  for (const m of text.matchAll(pattern)) {
    let link = m[0].replace(/[.,;:!?)\]}>»」』）】。、！？'"]+$/u, '')
    if (!/^https?:\/\//i.test(link)) link = `https://${link}`
    found.push(link)
    // Text glued to the end of a link ("…/artworks/123これ見て"): try the link without it too.
    const ascii = /^[\x21-\x7e]+/.exec(link)?.[0].replace(/[.,;:!?)\]}>'"]+$/, '')
    if (ascii && ascii !== link) found.push(ascii)
  }
  return found
}

/**
 * The in-app href for text that holds a link the gallery can open ("Look at this! https://www.pixiv.net/artworks/1"),
 * or null. The first link that resolves wins. Text that is itself an in-app path (`/artworks/1`, `/i/1`) counts too.
 */
export function linkTarget(text: string, origin?: string): string | null {
  const trimmed = text.trim()
  if (/^\/(?!\/)\S*$/.test(trimmed)) {
    try {
      const url = new URL(trimmed, 'http://easel.invalid')
      const target = resolveImagePath(url.pathname) ?? resolvePath(url.pathname, url.search, url.hash)
      if (target) return target
    } catch {
      // not a path after all: fall through to the search
    }
  }
  for (const link of linksIn(trimmed)) {
    let url: URL
    try {
      url = new URL(link)
    } catch {
      continue
    }
    const target = resolveUrl(url, origin)
    if (target) return target
  }
  return null
}

/** Longest search word made from unresolvable text (a pasted essay should not become a 10 kB query string). */
export const MAX_SEARCH_WORD = 200

/** Text as a search word: whitespace collapsed, bounded. Empty when there is nothing to search for. */
export function searchWordOf(text: string): string {
  const word = text.replace(/\s+/g, ' ').trim()
  return Array.from(word).slice(0, MAX_SEARCH_WORD).join('').trim()
}

/** Always an href: the link in the text, or else a search for the text (the home page for empty text). */
export function resolveLink(text: string, origin?: string): string {
  const target = linkTarget(text, origin)
  if (target) return target
  const word = searchWordOf(text)
  return word ? paths.search({ word }) : paths.home()
}

export interface SharedData {
  title?: string | null
  text?: string | null
  url?: string | null
}

/**
 * Where a Web Share Target request (`/share?title=&text=&url=`) should land. Apps put the link in `url` or inside
 * `text` (Android's share sheet usually does the latter); either is looked at, `url` first. Without a link, a
 * search for the text (or the title, when there is no text).
 */
export function resolveShare({ title, text, url }: SharedData, origin?: string): string {
  for (const part of [url, text, title]) {
    const target = part ? linkTarget(part, origin) : null
    if (target) return target
  }
  return resolveLink(text?.trim() || title?.trim() || url?.trim() || '', origin)
}
