// Cursors out of `next_url` (DESIGN.md §3.2): each a number or undefined.

export interface Cursor {
  offset?: number
  maxBookmarkId?: number
  maxBookmarkIdForRecommend?: number
  minBookmarkIdForRecentIllust?: number
  lastOrder?: number
  /** The newest lists (`/v1/illust/new`, `/v1/novel/new`) page below an id, as pixiv's. */
  maxIllustId?: number
  maxNovelId?: number
}

const CURSOR_PARAMS = {
  offset: 'offset',
  maxBookmarkId: 'max_bookmark_id',
  maxBookmarkIdForRecommend: 'max_bookmark_id_for_recommend',
  minBookmarkIdForRecentIllust: 'min_bookmark_id_for_recent_illust',
  lastOrder: 'last_order',
  maxIllustId: 'max_illust_id',
  maxNovelId: 'max_novel_id',
} as const satisfies Record<keyof Cursor, string>

/** The snake_case query parameter of each cursor field. */
export const cursorParam = (field: keyof Cursor): string => CURSOR_PARAMS[field]

/**
 * The cursor of the next page, or undefined when there is none (`next_url` null, empty, absent or unparsable).
 * Values that are not whole non-negative numbers are left out.
 */
export function cursorFrom(nextUrl: string | null | undefined): Cursor | undefined {
  if (!nextUrl) return undefined
  let params: URLSearchParams
  try {
    params = new URL(nextUrl, 'http://localhost').searchParams
  } catch {
    return undefined
  }
  const cursor: Cursor = {}
  for (const [field, param] of Object.entries(CURSOR_PARAMS) as [keyof Cursor, string][]) {
    const raw = params.get(param)
    if (raw === null || !/^\d{1,15}$/.test(raw)) continue
    cursor[field] = Number(raw)
  }
  return cursor
}

/** The cursor as snake_case query parameters. */
export function cursorToParams(cursor: Cursor | undefined): Record<string, string> {
  const out: Record<string, string> = {}
  if (!cursor) return out
  for (const [field, param] of Object.entries(CURSOR_PARAMS) as [keyof Cursor, string][]) {
    const v = cursor[field]
    if (v !== undefined) out[param] = String(v)
  }
  return out
}
