import type { Context } from 'hono'
import { pathAndQuery } from './params.ts'

export const PAGE_SIZE = 30

const CURSOR_KEYS = [
  'offset',
  'max_bookmark_id',
  'max_bookmark_id_for_recommend',
  'min_bookmark_id_for_recent_illust',
  'last_order',
]

/**
 * `next_url`: an absolute URL on this server that repeats the request's own parameters, in their order, with the
 * next page's cursor set; null when there is no next page.
 */
export function nextUrl(
  c: Context,
  origin: string,
  cursor: Record<string, number | string | undefined> | null,
): string | null {
  if (!cursor) return null
  const { path, query } = pathAndQuery(c.req.url)
  const params = new URLSearchParams()
  for (const [k, v] of new URLSearchParams(query)) if (!CURSOR_KEYS.includes(k)) params.append(k, v)
  for (const [k, v] of Object.entries(cursor)) if (v !== undefined) params.set(k, String(v))
  return `${origin}${path}?${params.toString()}`
}
