import type pg from 'pg'
import type { IllustSeriesRow, Kind, NovelSeriesRow } from '../../store.ts'
import { OWN_SERIES_SQL, type OwnSeriesRow, type SeriesRepository, type SeriesStats } from '../../repositories.ts'
import { row, rows } from '../pool.ts'
import { callerParams, ids, itemTable, VISIBLE } from './items.ts'

// Series over PostgreSQL: store.ts's series rows, titles, and the entries a caller may see (its stats, a page from a
// `last_order` cursor, an entry's neighbours). Entries are in series order, then id (store.ts breaks ties the same
// way; a library novel's recorded orders may repeat).

const seriesTable = (kind: Kind) => (kind === 'illust' ? 'illust_series' : 'novel_series')

export function pgSeries(pool: pg.Pool): SeriesRepository {
  return {
    ofAuthor: (kind, userId) => rows<OwnSeriesRow>(pool, OWN_SERIES_SQL(kind).replace('?', '$1'), [userId]),
    illust: (id) => row<IllustSeriesRow>(pool, 'SELECT * FROM illust_series WHERE id = $1', [id]),
    illustByCoverToken: (token) =>
      row<IllustSeriesRow>(pool, 'SELECT * FROM illust_series WHERE cover_token = $1', [token]),
    novel: (id) => row<NovelSeriesRow>(pool, 'SELECT * FROM novel_series WHERE id = $1', [id]),
    async titles(kind, list) {
      if (list.length === 0) return new Map()
      const found = await rows<{ id: number; title: string }>(
        pool,
        `SELECT id, title FROM ${seriesTable(kind)} WHERE id = ANY($1::bigint[])`,
        [list],
      )
      return new Map(found.map((r) => [r.id, r.title]))
    },
    async stats(kind, seriesId, caller) {
      const chars = kind === 'novel' ? 'SUM(w.text_length)' : '0'
      const r = await row<SeriesStats>(
        pool,
        `SELECT COUNT(*) AS count, ${chars} AS chars, MIN(w.series_order) AS first, MAX(w.series_order) AS last
         FROM ${itemTable(kind)} w WHERE w.series_id = $3 AND ${VISIBLE}`,
        [...callerParams(caller), seriesId],
      )
      return r!
    },
    page: (kind, seriesId, caller, afterOrder, limit, offset = 0) =>
      ids(
        pool,
        `SELECT w.id FROM ${itemTable(kind)} w WHERE w.series_id = $3 AND w.series_order > $4::bigint AND ${VISIBLE}
         ORDER BY w.series_order, w.id LIMIT $5 OFFSET $6`,
        [...callerParams(caller), seriesId, afterOrder, limit, offset],
      ),
    async neighbours(kind, seriesId, order, caller) {
      const t = itemTable(kind)
      const r = await row<{ prev: number | null; next: number | null }>(
        pool,
        `SELECT (SELECT w.id FROM ${t} w WHERE w.series_id = $3 AND w.series_order < $4::bigint AND ${VISIBLE}
                 ORDER BY w.series_order DESC, w.id DESC LIMIT 1) AS prev,
                (SELECT w.id FROM ${t} w WHERE w.series_id = $3 AND w.series_order > $4::bigint AND ${VISIBLE}
                 ORDER BY w.series_order, w.id LIMIT 1) AS next`,
        [...callerParams(caller), seriesId, order],
      )
      return { prev: r?.prev ?? undefined, next: r?.next ?? undefined }
    },
  }
}
