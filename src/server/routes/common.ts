import type { AppContext } from '../context.ts'
import { badRequest, invalidRequest, notFound } from '../http/errors.ts'
import type { Kind, NovelRow, WorkRow } from '../data/store.ts'
import { PAGE_SIZE } from '../http/paging.ts'
import { toJsonBuffer } from '../wire/raw-json.ts'
import { parseQuery, QueryRefusedError, type QueryNode } from '../search/query.ts'

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

/** What a work's or a novel's detail says of one the caller cannot see, or that does not exist. */
export const GONE: Record<Kind, string> = {
  illust: 'The artwork has been deleted or the artwork ID does not exist.',
  novel: 'The novel has been deleted or the novel ID does not exist.',
}

/** The work or novel, if the caller may see it; otherwise the same 404 as its detail. */
export function visibleItem(c: AppContext, kind: 'illust', id: number): WorkRow
export function visibleItem(c: AppContext, kind: 'novel', id: number): NovelRow
export function visibleItem(c: AppContext, kind: Kind, id: number): WorkRow | NovelRow
export function visibleItem(c: AppContext, kind: Kind, id: number): WorkRow | NovelRow {
  const { view } = c.var
  const row = kind === 'illust' ? view.store.work(id) : view.store.novel(id)
  if (!row || !view.canSee(row)) throw notFound(GONE[kind])
  return row
}
