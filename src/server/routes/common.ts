import type { AppContext } from '../services.ts'
import { badRequest, invalidRequest } from '../http/errors.ts'
import { PAGE_SIZE } from '../http/paging.ts'
import { toJsonBuffer } from '../wire/raw-json.ts'
import { parseQuery, QueryRefusedError, type QueryNode } from '../search/query.ts'

/** The query string as single values (the first of repeated keys). */
export function query(c: AppContext): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of new URL(c.req.url).searchParams) if (!(k in out)) out[k] = v
  return out
}

/** A form-encoded POST body together with the query string (body fields win). */
export async function form(c: AppContext): Promise<{ fields: Record<string, string>; entries: [string, string][] }> {
  const type = c.req.header('content-type') ?? ''
  const text = type.startsWith('application/x-www-form-urlencoded') || type === '' ? await c.req.text() : ''
  const entries = [...new URL(c.req.url).searchParams, ...new URLSearchParams(text)]
  const fields: Record<string, string> = {}
  for (const [k, v] of entries) fields[k] = v
  return { fields, entries }
}

/** The signed-in caller's id; an anonymous caller gets the App API's invalid_request answer. */
export function requireUser(c: AppContext): number {
  const id = c.var.caller.id
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

/** A search's `word` in pixiv's query language; only a query past the parser's size bounds is refused (400). */
export function parsedQuery(word: string): QueryNode {
  try {
    return parseQuery(word).root
  } catch (e) {
    if (e instanceof QueryRefusedError) throw badRequest(e.message)
    throw e
  }
}
