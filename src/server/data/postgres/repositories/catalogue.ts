import type pg from 'pg'
import type { Kind } from '../../store.ts'
import type { CatalogueRepository } from '../../repositories.ts'
import { row, rows } from '../pool.ts'
import { publicForCallerSql, publicOfAgeSql } from '../visibility-sql.ts'
import { callerParams, itemTable, typeSql, VISIBLE } from './items.ts'

// The catalogue's own facts, its rankings and the recommendation candidates over PostgreSQL: store.ts's meta,
// activity days, ranking and candidates, library-lists.ts's recorded rankings, library-files.ts's scan figures.

const tables = (kind: Kind) =>
  kind === 'illust'
    ? { items: 'works', itemTags: 'work_tags', tagItem: 'work_id', activity: 'work_activity', activityItem: 'work_id' }
    : {
        items: 'novels',
        itemTags: 'novel_tags',
        tagItem: 'novel_id',
        activity: 'novel_activity',
        activityItem: 'novel_id',
      }

type Candidate = { id: number; user_id: number; total_bookmarks: number; created_ts: number }

export function pgCatalogue(pool: pg.Pool): CatalogueRepository {
  return {
    async meta() {
      const found = await rows<{ key: string; value: string }>(pool, 'SELECT key, value FROM meta')
      return Object.fromEntries(found.map((r) => [r.key, r.value]))
    },
    async latestActivityDay(kind) {
      const r = await row<{ d: number | null }>(pool, `SELECT MAX(day) AS d FROM ${tables(kind).activity}`)
      return r?.d ?? 0
    },
    async activityDayOnOrBefore(kind, day) {
      const r = await row<{ d: number | null }>(
        pool,
        `SELECT MAX(day) AS d FROM ${tables(kind).activity} WHERE day <= $1::bigint`,
        [day],
      )
      return r?.d ?? undefined
    },
    async ranking(kind, spec, limit) {
      const t = tables(kind)
      const where = [publicOfAgeSql('$3')]
      if (spec.type === 'manga') where.push("w.type = 'manga'")
      if (spec.type === 'illust') where.push("w.type != 'manga'")
      if (spec.aiOnly) where.push('w.ai_type = 2')
      else where.push('w.ai_type != 2')
      if (spec.originalOnly)
        where.push(
          `w.id IN (SELECT ${t.tagItem} FROM ${t.itemTags} WHERE tag_id = (SELECT id FROM tags WHERE name = 'オリジナル'))`,
        )
      if (spec.rookieOnly)
        where.push(`w.user_id IN (SELECT user_id FROM ${t.items} GROUP BY user_id HAVING MIN(created_ts) >= $5)`)
      const male = kind === 'illust' ? 'w.male_share' : '(w.id % 101)'
      // SQLite computes (integer sum × share) / 100.0 in doubles; so does this, so equal scores tie alike and the
      // order is the same
      const sum = 'SUM(a.bookmarks * 20 + a.views)'
      const score =
        spec.audience === 'male'
          ? `(${sum} * ${male})::float8 / 100.0::float8`
          : spec.audience === 'female'
            ? `(${sum} * (100 - ${male}))::float8 / 100.0::float8`
            : `${sum}::float8`
      const found = await rows<{ id: number }>(
        pool,
        `SELECT a.${t.activityItem} AS id, ${score} AS score
         FROM ${t.activity} a JOIN ${t.items} w ON w.id = a.${t.activityItem}
         WHERE a.day BETWEEN $1::bigint AND $2::bigint AND ${where.join(' AND ')}
         GROUP BY a.${t.activityItem}, w.id ORDER BY score DESC, id DESC LIMIT $4`,
        [
          spec.fromDay,
          spec.toDay,
          spec.xRestrict,
          limit,
          ...(spec.rookieOnly ? [(spec.toDay - 120) * 86400 - 9 * 3600] : []),
        ],
      )
      return found.map((r) => r.id)
    },
    async recordedRankingDay(kind, mode, onOrBefore) {
      const r = await row<{ d: number | null }>(
        pool,
        'SELECT MAX(day) AS d FROM library_rankings WHERE kind = $1 AND mode = $2 AND day <= $3::bigint',
        [kind, mode, onOrBefore ?? Number.MAX_SAFE_INTEGER],
      )
      return r?.d ?? undefined
    },
    async recordedRanking(kind, mode, day) {
      const found = await rows<{ item_id: number }>(
        pool,
        'SELECT item_id FROM library_rankings WHERE kind = $1 AND mode = $2 AND day = $3::bigint ORDER BY rank',
        [kind, mode, day],
      )
      return found.map((r) => r.item_id)
    },
    popularCandidates: (kind, caller, type, limit) =>
      rows<Candidate>(
        pool,
        `SELECT w.id, w.user_id, w.total_bookmarks, w.created_ts FROM ${itemTable(kind)} w
         WHERE ${publicForCallerSql({ me: '$1', maxX: '$2' })} ${typeSql(type)} AND w.user_id != $1
         ORDER BY w.total_bookmarks DESC, w.id DESC LIMIT $3`,
        [...callerParams(caller), limit],
      ),
    recommendCandidates: (kind, caller, tagIds, authorIds, type) => {
      const t = tables(kind)
      // tag_ids as SQLite's json_group_array writes it: `[1,2,3]`, in the tags' order on the item
      return rows<Candidate & { tag_ids: string }>(
        pool,
        `SELECT w.id, w.user_id, w.total_bookmarks, w.created_ts,
                (SELECT '[' || COALESCE(string_agg(x.tag_id::text, ',' ORDER BY x.pos), '') || ']'
                 FROM ${t.itemTags} x WHERE x.${t.tagItem} = w.id) AS tag_ids
         FROM ${t.items} w
         WHERE w.id IN (SELECT ${t.tagItem} FROM ${t.itemTags} WHERE tag_id = ANY($3::bigint[])
                        UNION SELECT id FROM ${t.items} WHERE user_id = ANY($4::bigint[]))
           AND w.user_id != $1 ${typeSql(type)} AND ${VISIBLE}
         ORDER BY w.id`,
        [...callerParams(caller), tagIds, authorIds],
      )
    },
    async libraryCounts(root) {
      const [types, novels] = await Promise.all([
        rows<{ type: string; n: number }>(
          pool,
          `SELECT w.type, COUNT(*) AS n FROM library_works l JOIN works w ON w.id = l.work_id WHERE l.root = $1
           GROUP BY w.type`,
          [root],
        ),
        row<{ n: number }>(pool, 'SELECT COUNT(*) AS n FROM library_novels WHERE root = $1', [root]),
      ])
      const out: Record<string, number> = { illust: 0, manga: 0, ugoira: 0, novel: novels?.n ?? 0 }
      for (const r of types) out[r.type] = r.n
      return out
    },
    librarySkipped: (root) =>
      rows<{ path: string; reason: string }>(
        pool,
        'SELECT path, reason FROM library_skipped WHERE root = $1 ORDER BY path',
        [root],
      ),
  }
}
