// Request inputs, found by asking the running service (nothing but the sign-in is hard-coded): a common tag to
// search for, work and novel ids that exist, a novel series id, a thumbnail URL and a demo access token.

import type { WireIllust, WireIllustPage, WireNovel, WireTokenResponse } from '../../src/api/wire.ts'

export class ServiceError extends Error {}

export async function getJson<T>(origin: string, path: string, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(origin + path, { headers, signal: AbortSignal.timeout(30_000) })
  const text = await res.text()
  if (res.status !== 200) throw new ServiceError(`GET ${path} answered ${res.status}: ${text.slice(0, 300)}`)
  try {
    return JSON.parse(text) as T
  } catch {
    throw new ServiceError(`GET ${path} answered 200 with a body that is not JSON: ${text.slice(0, 300)}`)
  }
}

/** Fails unless GET path answers 200 (with any body): a check before a load run. */
export async function expect200(origin: string, path: string, headers: Record<string, string> = {}): Promise<void> {
  const res = await fetch(origin + path, { headers, signal: AbortSignal.timeout(30_000) })
  const body = await res.arrayBuffer()
  if (res.status !== 200)
    throw new ServiceError(`GET ${path} answered ${res.status}: ${Buffer.from(body).toString('utf8').slice(0, 300)}`)
}

/** next_url is absolute on the service's own origin; keep its path and query. */
const pathOf = (url: string) => {
  const u = new URL(url)
  return u.pathname + u.search
}

/** Follows next_url for up to `pages` pages of a list, collecting the items under `key`. */
async function collect<T>(origin: string, first: string, key: 'illusts' | 'novels', pages: number): Promise<T[]> {
  const items: T[] = []
  let path: string | null = first
  for (let i = 0; i < pages && path; i++) {
    const page: Record<string, unknown> & { next_url: string | null } = await getJson(origin, path)
    const list = page[key]
    if (!Array.isArray(list)) throw new ServiceError(`GET ${path}: no "${key}" list in the answer`)
    items.push(...(list as T[]))
    path = page.next_url ? pathOf(page.next_url) : null
  }
  return items
}

export interface DemoSession {
  accessToken: string
  userId: number
}

export async function signIn(origin: string): Promise<DemoSession> {
  const res = await fetch(origin + '/auth/token', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=password&username=demo&password=demo',
    signal: AbortSignal.timeout(30_000),
  })
  const text = await res.text()
  if (res.status !== 200) throw new ServiceError(`POST /auth/token answered ${res.status}: ${text.slice(0, 300)}`)
  const body = JSON.parse(text) as WireTokenResponse
  if (!body.access_token) throw new ServiceError('POST /auth/token: no access_token in the answer')
  return { accessToken: body.access_token, userId: Number(body.user?.id) }
}

/** The most frequent tag among the day ranking's works that finds works when searched for (one word). */
export async function commonTag(origin: string): Promise<string> {
  const works = await collect<WireIllust>(origin, '/v1/illust/ranking?mode=day', 'illusts', 3)
  const counts = new Map<string, number>()
  for (const work of works)
    for (const tag of work.tags) if (!/\s/.test(tag.name)) counts.set(tag.name, (counts.get(tag.name) ?? 0) + 1)
  const byFrequency = [...counts].sort((a, b) => b[1] - a[1]).map(([name]) => name)
  if (byFrequency.length === 0) {
    const auto = await getJson<{ tags: { name: string }[] }>(origin, '/v2/search/autocomplete?word=a')
    byFrequency.push(...auto.tags.map((t) => t.name).filter((name) => !/\s/.test(name)))
  }
  for (const word of byFrequency.slice(0, 5)) {
    const page = await getJson<WireIllustPage>(origin, searchPath(word))
    if (page.illusts.length > 0) return word
  }
  throw new ServiceError('found no tag that a search finds works for')
}

export const searchPath = (word: string) => `/v1/search/illust?word=${encodeURIComponent(word)}`

/** Distinct visible work ids from the ranking, recommended and search lists, up to `max`. */
export async function illustIds(origin: string, word: string, max = 300): Promise<number[]> {
  const lists = await Promise.all([
    collect<WireIllust>(origin, '/v1/illust/ranking?mode=day', 'illusts', 4),
    collect<WireIllust>(origin, '/v1/illust/recommended', 'illusts', 3),
    collect<WireIllust>(origin, searchPath(word), 'illusts', 4),
  ])
  const ids = [...new Set(lists.flat().map((w) => w.id))].slice(0, max)
  if (ids.length === 0) throw new ServiceError('found no work ids')
  return ids
}

/** The path of a square thumbnail of a work the search finds. */
export async function thumbnailPath(origin: string, word: string): Promise<string> {
  const page = await getJson<WireIllustPage>(origin, searchPath(word))
  const url = page.illusts.find((w) => w.visible !== false)?.image_urls.square_medium
  if (!url) throw new ServiceError(`GET ${searchPath(word)}: no square_medium image URL`)
  return pathOf(url)
}

/** Distinct novel ids from the novel ranking and recommended lists, up to `max`. */
export async function novelIds(origin: string, max = 200): Promise<number[]> {
  const lists = await Promise.all([
    collect<WireNovel>(origin, '/v1/novel/ranking?mode=day', 'novels', 3).catch(() => []),
    collect<WireNovel>(origin, '/v1/novel/recommended', 'novels', 3).catch(() => []),
  ])
  const ids = [...new Set(lists.flat().map((n) => n.id))].slice(0, max)
  if (ids.length === 0) throw new ServiceError('found no novel ids (GET /v1/novel/ranking and /v1/novel/recommended)')
  return ids
}

/** A novel series id, read from /v2/novel/detail of the given novels (then of novels 1, 2, … 60). */
export async function novelSeriesId(origin: string, candidates: readonly number[]): Promise<number> {
  const tried = new Set<number>()
  const order = [...candidates.slice(0, 60), ...Array.from({ length: 60 }, (_, i) => i + 1)]
  for (const id of order) {
    if (tried.has(id)) continue
    tried.add(id)
    const res = await fetch(`${origin}/v2/novel/detail?novel_id=${id}`, { signal: AbortSignal.timeout(30_000) })
    if (res.status !== 200) {
      await res.arrayBuffer()
      continue
    }
    const body = (await res.json()) as { novel: WireNovel }
    const series = body.novel.series
    if ('id' in series && typeof series.id === 'number') return series.id
  }
  throw new ServiceError(`no novel series found in /v2/novel/detail of ${tried.size} novels`)
}

/** An illustration series id, read from the works of the ranking and recommended lists. */
export async function illustSeriesId(origin: string, word: string): Promise<number> {
  const lists = await Promise.all([
    collect<WireIllust>(origin, '/v1/illust/ranking?mode=day', 'illusts', 6),
    collect<WireIllust>(origin, searchPath(word), 'illusts', 6),
  ])
  for (const work of lists.flat()) if (work.series) return work.series.id
  throw new ServiceError('found no illustration series in the ranking or search lists')
}

/**
 * Paths of distinct square thumbnails, up to `max`: for a cold run, each is requested once, so every answer is a
 * render. Taken from several pages of the search and ranking lists.
 */
export async function thumbnailPaths(origin: string, word: string, max: number): Promise<string[]> {
  const pages = Math.ceil(max / 30)
  const lists = await Promise.all([
    collect<WireIllust>(origin, searchPath(word), 'illusts', pages),
    collect<WireIllust>(origin, '/v1/illust/ranking?mode=week', 'illusts', pages),
    collect<WireIllust>(origin, '/v1/illust/ranking?mode=month', 'illusts', pages),
  ])
  const urls = new Set<string>()
  for (const work of lists.flat())
    if (work.visible !== false && work.image_urls.square_medium) urls.add(pathOf(work.image_urls.square_medium))
  if (urls.size === 0) throw new ServiceError('found no thumbnail URLs')
  return [...urls].slice(0, max)
}

/** Works of the search that have comments (list items carry no count: each candidate's detail is asked). */
export async function commentedIllustIds(origin: string, word: string, max = 30): Promise<number[]> {
  const works = await collect<WireIllust>(origin, searchPath(word), 'illusts', 3)
  const ids: number[] = []
  for (const w of works) {
    if (ids.length >= max) break
    const detail = await getJson<{ illust: WireIllust }>(origin, `/v1/illust/detail?illust_id=${w.id}`)
    if ((detail.illust.total_comments ?? 0) > 0) ids.push(w.id)
  }
  if (ids.length === 0) throw new ServiceError(`no work with comments among the first pages of "${word}"`)
  return ids
}
