import type pg from 'pg'
import type { Caller, Kind } from '../../store.ts'
import type { ContentType, ItemRepository } from '../../repositories.ts'
import { row, rows } from '../pool.ts'
import { visibleSql } from '../visibility-sql.ts'

// What the works and novels repositories share (store.ts's userItems, social.ts's followFeed and newest, over
// PostgreSQL): rows by id and the lists of one author, one feed, the newest. Every list that takes a caller puts the
// caller's id and age setting first ($1, $2), where the visibility rule reads them.

export const itemTable = (kind: Kind) => (kind === 'illust' ? 'works' : 'novels')

/** The visibility rule with the caller as $1 (id) and $2 (age setting). */
export const VISIBLE = visibleSql({ me: '$1', maxX: '$2' })

export const callerParams = (caller: Caller) => [caller.id, caller.maxX]

/** The narrowing to illustrations or manga (a fixed fragment, never input): as store.ts writes it. */
export const typeSql = (type: ContentType) =>
  type === 'manga' ? "AND w.type = 'manga'" : type === 'illust' ? "AND w.type != 'manga'" : ''

export async function ids(db: pg.Pool, sql: string, params: unknown[]): Promise<number[]> {
  return (await rows<{ id: number }>(db, sql, params)).map((r) => r.id)
}

export function pgItems<Row extends pg.QueryResultRow & { id: number }>(
  pool: pg.Pool,
  kind: Kind,
): ItemRepository<Row> {
  const t = itemTable(kind)
  return {
    byId: (id) => row<Row>(pool, `SELECT * FROM ${t} WHERE id = $1`, [id]),
    async byIds(list) {
      if (list.length === 0) return []
      const found = await rows<Row>(pool, `SELECT * FROM ${t} WHERE id = ANY($1::bigint[])`, [list])
      const byId = new Map(found.map((r) => [r.id, r]))
      return list.flatMap((id) => byId.get(id) ?? [])
    },
    byUser: (userId, caller, type, offset, limit) =>
      ids(
        pool,
        `SELECT w.id FROM ${t} w WHERE w.user_id = $3 ${typeSql(type)} AND ${VISIBLE}
         ORDER BY w.id DESC LIMIT $4 OFFSET $5`,
        [...callerParams(caller), userId, limit, offset],
      ),
    // Each followed author's newest visible items, as many as the page reaches (down their (user_id, created_ts)
    // index), then the newest of those: any item of the page is among its author's first offset + limit. Asking for
    // every item of every followed author and sorting them all read 7 times the rows (36 authors of a million works:
    // 7,547 rows and 9,243 buffers for a first page, 30 ms; this way 1,301 buffers, 10 ms).
    followFeed: (caller, restrict, offset, limit) => {
      const which = restrict === 'all' ? '' : `AND f.restrict = ${restrict === 'private' ? 1 : 0}`
      return ids(
        pool,
        `SELECT w.id FROM follows f CROSS JOIN LATERAL (
           SELECT w.id, w.created_ts FROM ${t} w WHERE w.user_id = f.followee_id AND ${VISIBLE}
           ORDER BY w.created_ts DESC, w.id DESC LIMIT $3::int + $4::int
         ) w
         WHERE f.follower_id = $1 ${which}
         ORDER BY w.created_ts DESC, w.id DESC LIMIT $3 OFFSET $4`,
        [...callerParams(caller), limit, offset],
      )
    },
    newest: (caller, type, maxId, limit) =>
      ids(
        pool,
        `SELECT w.id FROM ${t} w WHERE w.id <= $3 ${typeSql(type)} AND ${VISIBLE} ORDER BY w.id DESC LIMIT $4`,
        [...callerParams(caller), maxId, limit],
      ),
  }
}

const libraryKinds = new WeakMap<pg.Pool, Promise<boolean>>()

/**
 * Whether this is a library catalogue (meta `catalogue_kind`, set when it is made and never changed), as
 * library-files.ts asks once: a demo catalogue has no imported files, so its item pages skip those queries (a round
 * trip each). Asked once per pool; asked again after a failure.
 */
export function isLibrary(pool: pg.Pool): Promise<boolean> {
  let kind = libraryKinds.get(pool)
  if (!kind) {
    kind = row<{ value: string }>(pool, "SELECT value FROM meta WHERE key = 'catalogue_kind'").then(
      (r) => r?.value === 'library',
    )
    kind.catch(() => libraryKinds.delete(pool))
    libraryKinds.set(pool, kind)
  }
  return kind
}
