import type { Viewer } from '../../services/visibility.ts'
import {
  AI_SHOWN_SQL,
  LIBRARY_OWNER_SQL,
  PUBLIC_FOR_CALLER_SQL,
  PUBLIC_OF_AGE_SQL,
  VISIBLE_SQL,
} from '../../services/visibility.ts'

// The one visibility rule (services/visibility.ts) in PostgreSQL's form: the very SQL the SQLite queries use, with
// its named parameters (@me, @maxX, @x) put in PostgreSQL's positional ones. The rule is not restated here, so the two
// engines cannot drift apart; the fragments read only what the rule reads (follows, users, meta), which have the
// same columns on both. Each placeholder is cast once, where it stands, so PostgreSQL types it the same wherever the
// fragment is used (a caller id is a bigint like the ids it meets; an age setting an integer like x_restrict).

/** Where the caller's id and age setting stand in a statement: placeholders such as `$1`, `$2`. */
export interface CallerParams {
  me: string
  maxX: string
}

function bind(sql: string, p: Partial<CallerParams> & { x?: string }): string {
  // @maxX before @me is not needed (neither is a prefix of the other), but every name must be bound
  const out = sql
    .replaceAll('@maxX', p.maxX ? `${p.maxX}::int` : '@maxX')
    .replaceAll('@me', p.me ? `${p.me}::bigint` : '@me')
    .replaceAll('@x', p.x ? `${p.x}::int` : '@x')
  if (/@\w/.test(out)) throw new Error(`visibility SQL left unbound: ${out}`)
  return out
}

/** `canSee` and `aiShown` together, as a list applies them (alias `w`): VISIBLE_SQL. */
export const visibleSql = (p: CallerParams) => bind(VISIBLE_SQL, p)

/** The AI setting alone (alias `w`): AI_SHOWN_SQL. */
export const aiShownSql = (me: string) => bind(AI_SHOWN_SQL, { me })

/** The caller owns the library catalogue: LIBRARY_OWNER_SQL. */
export const libraryOwnerSql = (me: string) => bind(LIBRARY_OWNER_SQL, { me })

/** Public items up to the caller's age setting, by its AI setting: PUBLIC_FOR_CALLER_SQL. */
export const publicForCallerSql = (p: CallerParams) => bind(PUBLIC_FOR_CALLER_SQL, p)

/** Public items of exactly one age class (`x`: a placeholder or a literal): PUBLIC_OF_AGE_SQL. */
export const publicOfAgeSql = (x: string) => bind(PUBLIC_OF_AGE_SQL, { x })

// The one visibility rule (services/visibility.ts, where it is stated) in PostgreSQL's SQL, for lists filtered in the
// database: the same conditions as VISIBLE_SQL there, with the caller's id and age setting as positional parameters
// ($n, $n+1) instead of @me / @maxX. The item's alias is `w`. The AI setting and the library owner are read in the
// database by the caller's id, as on SQLite, so a caller object needs nothing else.

/** An SQL fragment and the values of its parameters, numbered from the `at` it was made with. */
export interface PgFragment {
  sql: string
  params: unknown[]
}

/** `canSee` and `aiShown` together, as a list applies them (alias `w`); its parameters are $at (id) and $at+1 (maxX). */
export function pgVisible(caller: Viewer, at: number, alias = 'w'): PgFragment {
  const me = `$${at}::bigint`
  const maxX = `$${at + 1}::integer`
  const w = alias
  const aiShown = `(${w}.ai_type <> 2 OR ${w}.user_id = ${me}
    OR NOT EXISTS (SELECT 1 FROM users ai_off WHERE ai_off.id = ${me} AND ai_off.show_ai = 0))`
  const libraryOwner = `EXISTS (SELECT 1 FROM meta lo JOIN users lu ON lu.account = lo.value
    WHERE lo.key = 'owner_account' AND lu.id = ${me})`
  return {
    sql: `(${w}.x_restrict <= ${maxX} AND (${w}.restrict = 0 OR ${w}.user_id = ${me} OR (${w}.restrict = 1
      AND EXISTS (SELECT 1 FROM follows a WHERE a.follower_id = ${me} AND a.followee_id = ${w}.user_id)
      AND EXISTS (SELECT 1 FROM follows b WHERE b.follower_id = ${w}.user_id AND b.followee_id = ${me}))
      OR ${libraryOwner})
      AND ${aiShown})`,
    params: [caller.id, caller.maxX],
  }
}
