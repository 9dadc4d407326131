import type { QueryNode } from './query.ts'

// Turns a parsed query (query.ts) into one SQLite boolean expression. What a single term matches is the caller's
// business (tags, title and caption, a user's name...): the compiler only combines the callers' fragments with AND,
// OR and NOT, so works, novels and users share one implementation of the language.

/** A piece of SQL with positional `?` parameters, in the order they appear in `sql`. */
export interface SqlFragment {
  sql: string
  params: unknown[]
}

/**
 * What one term matches, as a boolean SQL expression over the row being searched, with its values as `?` parameters.
 * The term's text must only ever reach SQL through `params`.
 */
export type TermMatcher = (text: string) => SqlFragment

/**
 * What any of several terms matches, as one expression: given to compileQuery, the terms directly under an OR are
 * matched by it in one go (e.g. one index lookup over the union of their tags instead of one per term, which SQLite
 * would run as separate passes over the table and merge).
 */
export type AnyTermMatcher = (texts: string[]) => SqlFragment

/**
 * The whole query as one boolean SQL expression (parenthesized, so it can be ANDed into a WHERE clause). Usage with
 * better-sqlite3, which binds `?` values before a named-parameter object:
 *
 *   const match = compileQuery(parseQuery(word).root, (text) => ({ sql: 'u.name LIKE ?', params: [`%${text}%`] }))
 *   db.prepare(`SELECT u.id FROM users u WHERE ${match.sql} AND u.id != @me`).all(...match.params, { me })
 *
 * The SQL text depends only on the query's shape and the matcher's SQL, never on the words, so prepared statements
 * are shared between queries of the same shape.
 */
export function compileQuery(node: QueryNode, match: TermMatcher, matchAny?: AnyTermMatcher): SqlFragment {
  switch (node.kind) {
    case 'term': {
      const f = match(node.text)
      return { sql: `(${f.sql})`, params: f.params }
    }
    case 'not': {
      const f = compileQuery(node.node, match, matchAny)
      return { sql: `(NOT ${f.sql})`, params: f.params }
    }
    case 'and':
    case 'or': {
      const terms = node.kind === 'or' && matchAny ? node.nodes.filter((c) => c.kind === 'term') : []
      const merged = terms.length >= 2 ? matchAny!(terms.map((t) => t.text)) : undefined
      const parts = [
        ...(merged ? [{ sql: `(${merged.sql})`, params: merged.params }] : []),
        ...(merged ? node.nodes.filter((c) => c.kind !== 'term') : node.nodes).map((c) =>
          compileQuery(c, match, matchAny),
        ),
      ]
      return {
        sql: `(${parts.map((p) => p.sql).join(node.kind === 'and' ? ' AND ' : ' OR ')})`,
        params: parts.flatMap((p) => p.params),
      }
    }
  }
}

/** A LIKE pattern (with `ESCAPE '\'`) that finds `text` anywhere in a value. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
