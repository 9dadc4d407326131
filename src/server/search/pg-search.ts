import type pg from 'pg'
import type { Caller, Kind, SearchQuery, SearchTarget } from '../data/store.ts'
import { visibleSql } from '../data/postgres/visibility-sql.ts'
import { compileQuery, containsPattern, type AnyTermMatcher, type SqlFragment, type TermMatcher } from './compile.ts'
import { termTexts, type QueryNode } from './query.ts'
import type { SearchJob, Searches } from './search-job.ts'
import { busy } from './search-pool.ts'
import { openPgPool } from '../data/postgres/pool.ts'

// Search on PostgreSQL: the same query language (query.ts, compiled by compile.ts), the same targets, sorts, filters
// and visibility rule as store.search on SQLite, in PostgreSQL's SQL. Partial matching is ILIKE, which the pg_trgm
// GIN indexes of migration 2 serve (tags' names and translations, titles); a search looks up the tags its terms name
// (tagIdsOf), then runs as one statement. Searches run on the pool (the database does the work: no worker threads),
// each statement with the configured timeout.
//
// Case: SQLite's LIKE folds ASCII letters only; ILIKE folds by the database's LC_CTYPE (C.UTF-8: every letter). The
// demo catalogue's tags and titles are Japanese and ASCII, where the two agree.

type Queryable = pg.Pool | pg.ClientBase

const t = (kind: Kind) =>
  kind === 'illust'
    ? { items: 'works', itemTags: 'work_tags', tagItem: 'work_id' }
    : { items: 'novels', itemTags: 'novel_tags', tagItem: 'novel_id' }

/** compile.ts writes `?` placeholders; PostgreSQL numbers them. Only placeholders are `?` in the SQL written here. */
function numbered(sql: string, from: number): string {
  let n = from
  return sql.replace(/\?/g, () => `$${n++}`)
}

/** The ids of the tags one search term names, by the term's text (search targets that read tags). */
type TagIds = (text: string) => number[]

/**
 * The tags each term of `expr` names, looked up before the search: the planner then sees the very tag ids (and
 * weighs them with the statistics of `work_tags.tag_id`), so a tag on a third of a million works is searched by
 * walking the sort's index until the page is full, and a rare one by its few rows, then sorted. Written as one
 * statement with the lookup inside, the planner had to guess at the tags and, at a million works, picked plans that
 * ran past the search timeout.
 */
async function tagIdsOf(db: Queryable, expr: QueryNode, target: SearchTarget): Promise<TagIds> {
  if (target === 'title_and_caption' || target === 'text') return () => []
  const exact = target === 'exact_match_for_tags'
  // SQLite: `name = ? OR translated_name = ? COLLATE NOCASE` (the collation binds to the translation's test)
  const sql = exact
    ? 'SELECT id FROM tags WHERE name = $1 OR lower(translated_name) = lower($1)'
    : "SELECT id FROM tags WHERE name ILIKE $1 ESCAPE '\\' OR translated_name ILIKE $1 ESCAPE '\\'"
  const texts = [...new Set(termTexts(expr))]
  const found = await Promise.all(
    texts.map(async (text) => {
      const { rows } = await db.query<{ id: number }>(sql, [exact ? text : containsPattern(text)])
      return [text, rows.map((r) => r.id)] as const
    }),
  )
  const ids = new Map(found)
  return (text) => ids.get(text) ?? []
}

/** The items of `kind` matching one search target's terms. */
function matchers(kind: Kind, target: SearchTarget, tagIds: TagIds): { one: TermMatcher; any?: AnyTermMatcher } {
  const { itemTags, tagItem } = t(kind)
  // EXISTS, not IN: PostgreSQL turns it (and NOT EXISTS) into a semi-join (an anti-join), which a walk along the
  // sort's index can stop early; `NOT IN` over a large set was a subplan run once per row.
  const taggedWith = (ids: number[]): SqlFragment => ({
    sql: `EXISTS (SELECT 1 FROM ${itemTags} x WHERE x.${tagItem} = w.id AND x.tag_id = ANY(?::bigint[]))`,
    params: [ids],
  })
  const tagTerm: TermMatcher = (text) => taggedWith(tagIds(text))
  // Terms ORed together are one set of tags, as on SQLite: one lookup of the tag index for the union.
  const tagsOfAny: AnyTermMatcher = (texts) => taggedWith([...new Set(texts.flatMap(tagIds))])
  const textTerm =
    (cols: string[]): TermMatcher =>
    (text) => ({
      sql: cols.map((c) => `${c} ILIKE ? ESCAPE '\\'`).join(' OR '),
      params: cols.map(() => containsPattern(text)),
    })
  const titleCaption = textTerm(['w.title', 'w.caption'])
  switch (target) {
    case 'partial_match_for_tags':
    case 'exact_match_for_tags':
      return { one: tagTerm, any: tagsOfAny }
    case 'title_and_caption':
      return { one: titleCaption }
    case 'keyword':
      return {
        one: (text) => {
          const a = titleCaption(text)
          const b = tagTerm(text)
          return { sql: `${a.sql} OR ${b.sql}`, params: [...a.params, ...b.params] }
        },
        any: (texts) => {
          const a = texts.map(titleCaption)
          const b = tagsOfAny(texts)
          return { sql: [...a, b].map((f) => f.sql).join(' OR '), params: [...a, b].flatMap((f) => f.params) }
        },
      }
    case 'text':
      return { one: textTerm(['(SELECT text FROM novel_texts x WHERE x.novel_id = w.id)']) }
  }
}

/** One search of works or novels as one PostgreSQL statement: the ids `limit` long from `offset`. */
export function pgSearchSql(
  kind: Kind,
  query: SearchQuery,
  caller: Caller,
  offset: number,
  limit: number,
  tagIds: TagIds,
): { sql: string; params: unknown[] } {
  // $1 and $2: the caller, where the visibility rule reads them
  const params: unknown[] = [caller.id, caller.maxX]
  const where = [visibleSql({ me: '$1', maxX: '$2' })]
  const m = matchers(kind, query.target, tagIds)
  const match = compileQuery(query.expr, m.one, m.any)
  where.push(numbered(match.sql, params.length + 1))
  params.push(...match.params)
  const param = (v: unknown) => {
    params.push(v)
    return `$${params.length}`
  }
  if (query.since !== undefined) where.push(`w.created_ts >= ${param(query.since)}`)
  if (query.until !== undefined) where.push(`w.created_ts <= ${param(query.until)}`)
  if (!query.showAi) where.push('w.ai_type <> 2')
  if (query.bookmarkMin !== undefined) where.push(`w.total_bookmarks >= ${param(query.bookmarkMin)}`)
  if (query.bookmarkMax !== undefined) where.push(`w.total_bookmarks <= ${param(query.bookmarkMax)}`)
  const male = kind === 'illust' ? 'w.male_share' : '(w.id % 101)'
  const order = {
    date_desc: 'w.created_ts DESC, w.id DESC',
    date_asc: 'w.created_ts ASC, w.id ASC',
    popular_desc: 'w.total_bookmarks DESC, w.id DESC',
    popular_male_desc: `w.total_bookmarks * ${male} DESC, w.id DESC`,
    popular_female_desc: `w.total_bookmarks * (100 - ${male}) DESC, w.id DESC`,
  }[query.sort]
  const sql = `SELECT w.id FROM ${t(kind).items} w WHERE ${where.join(' AND ')}
    ORDER BY ${order} LIMIT ${param(limit)} OFFSET ${param(offset)}`
  return { sql, params }
}

/** The users search (social.ts's searchUsers): name or account contains each term, most publicly followed first. */
export function pgUserSearchSql(expr: QueryNode, offset: number, limit: number): { sql: string; params: unknown[] } {
  const match = compileQuery(expr, (term) => {
    const p = containsPattern(term)
    return { sql: `(u.name ILIKE ? ESCAPE '\\' OR u.account ILIKE ? ESCAPE '\\')`, params: [p, p] }
  })
  const n = match.params.length
  return {
    sql: `SELECT u.id FROM users u WHERE ${numbered(match.sql, 1)}
      ORDER BY (SELECT COUNT(*) FROM follows f WHERE f.followee_id = u.id AND f.restrict = 0) DESC, u.id
      LIMIT $${n + 1} OFFSET $${n + 2}`,
    params: [...match.params, limit, offset],
  }
}

/** Runs one search job on PostgreSQL. */
export async function runPgSearchJob(db: Queryable, job: SearchJob): Promise<number[]> {
  const { sql, params } =
    job.op === 'items'
      ? pgSearchSql(
          job.kind,
          job.query,
          job.caller,
          job.offset,
          job.limit,
          await tagIdsOf(db, job.query.expr, job.query.target),
        )
      : pgUserSearchSql(job.expr, job.offset, job.limit)
  const { rows } = await db.query<{ id: number }>(sql, params)
  return rows.map((r) => r.id)
}

/**
 * Searches on PostgreSQL: the statement runs in the database, so the service's thread only waits. They have a pool of
 * their own (`max` connections: the searches one instance runs at once, as SEARCH_WORKERS' threads are on SQLite),
 * so a burst of searches never takes the connections the rest of the API needs, and on it every statement has
 * PostgreSQL's statement_timeout: a search slower than SEARCH_TIMEOUT_MS is cancelled by the server and refused like
 * a slow search of the worker pool. At most `queue` searches wait or run.
 */
export class PgSearches implements Searches {
  private readonly pool: pg.Pool
  private inFlight = 0
  private closed = false

  constructor(
    url: string,
    private readonly opts: { max: number; queue: number; timeoutMs: number },
  ) {
    this.pool = openPgPool(url, {
      max: Math.max(1, opts.max),
      application_name: 'easel-search',
      statement_timeout: opts.timeoutMs,
    })
  }

  async run(job: SearchJob): Promise<number[]> {
    if (this.closed) throw busy('the service is shutting down')
    if (this.inFlight >= this.opts.queue) throw busy('too many searches are waiting')
    this.inFlight++
    try {
      return await runPgSearchJob(this.pool, job)
    } catch (err) {
      // 57014: query_canceled, which statement_timeout raises
      if ((err as { code?: string }).code === '57014') throw busy('the search took too long')
      throw err
    } finally {
      this.inFlight--
    }
  }

  warm() {}

  async close() {
    this.closed = true
    await this.pool.end()
  }
}
