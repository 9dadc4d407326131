import { cursorFrom, type Cursor } from '../api/cursor.ts'

/**
 * `getNextPageParam` of every list: the cursor out of the page's `nextUrl`, or undefined when there is no next page
 * (`nextUrl` null, empty or absent). A `nextUrl` that carries no cursor at all also ends the list: following it
 * would fetch the first page again, forever.
 */
export function nextCursor(page: { nextUrl?: string | null }): Cursor | undefined {
  const cursor = cursorFrom(page.nextUrl)
  return cursor && Object.keys(cursor).length > 0 ? cursor : undefined
}
