import type { AppContext } from '../context.ts'
import { invalidRequest } from '../http/errors.ts'
import { PAGE_SIZE } from '../http/paging.ts'
import { toJsonBuffer } from '../wire/raw-json.ts'

/** The signed-in caller's id; an anonymous caller gets the App API's invalid_request answer. */
export function requireUser(c: AppContext): number {
  const id = c.get('caller').id
  if (!id) throw invalidRequest()
  return id
}

/** Splits `limit + 1` fetched items into the page and whether another page follows. */
export function pageOf<T>(items: T[], size = PAGE_SIZE): { items: T[]; more: boolean } {
  return { items: items.slice(0, size), more: items.length > size }
}

/** A JSON answer whose body may hold pre-serialized items (RawJson). */
export function sendJson(c: AppContext, body: unknown) {
  const bytes = toJsonBuffer(body)
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, { 'Content-Type': 'application/json; charset=UTF-8' })
}

// Kept here for the routes' imports: they live with the services that use them.
export { parsedQuery } from '../services/search.ts'
export { GONE } from '../services/items.ts'
