import type { Viewer } from '../../services/visibility.ts'

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
