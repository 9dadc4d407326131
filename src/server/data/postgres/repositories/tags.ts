import type pg from 'pg'
import type { TagRow } from '../../store.ts'
import type { ItemTag, TagRepository } from '../../repositories.ts'
import { containsPattern } from '../../../search/compile.ts'
import { row, rows } from '../pool.ts'
import { publicOfAgeSql } from '../visibility-sql.ts'
import { callerParams, VISIBLE } from './items.ts'

// Tags over PostgreSQL: store.ts's tag reads and trending tags, tag-suggestions.ts's autocomplete.

const tables = (kind: 'illust' | 'novel') =>
  kind === 'illust' ? { itemTags: 'work_tags', item: 'work_id' } : { itemTags: 'novel_tags', item: 'novel_id' }

/** Uses of each tag on the items everyone of one age setting may see (tag-suggestions.ts's PublicUses). */
interface PublicUses {
  works: Map<number, number>
  used: Set<number>
}

/**
 * Autocomplete as tag-suggestions.ts answers it, under the items' visibility rule: the public uses per age setting
 * are counted once and kept (they change only when a library import changes the items, which bumps meta
 * `items_version`; the version is read with each request's candidates, so every instance over the database starts
 * again on the same change); only tags with no public use are checked for a signed-in caller, in one statement.
 */
function autocompleter(pool: pg.Pool) {
  const uses = new Map<number, Promise<PublicUses>>()
  let usesVersion: string | undefined

  const usesFor = (maxX: number, version: string): Promise<PublicUses> => {
    if (version !== usesVersion) {
      uses.clear()
      usesVersion = version
    }
    let p = uses.get(maxX)
    if (!p) {
      p = Promise.all([
        rows<{ id: number; n: number }>(
          pool,
          `SELECT x.tag_id AS id, COUNT(*) AS n FROM work_tags x JOIN works w ON w.id = x.work_id
           WHERE w.restrict = 0 AND w.x_restrict <= $1 GROUP BY x.tag_id`,
          [maxX],
        ),
        rows<{ id: number }>(
          pool,
          `SELECT DISTINCT x.tag_id AS id FROM novel_tags x JOIN novels w ON w.id = x.novel_id
           WHERE w.restrict = 0 AND w.x_restrict <= $1`,
          [maxX],
        ),
      ]).then(([works, novels]) => ({
        works: new Map(works.map((r) => [r.id, r.n])),
        used: new Set([...works.map((r) => r.id), ...novels.map((r) => r.id)]),
      }))
      p.catch(() => uses.delete(maxX))
      uses.set(maxX, p)
    }
    return p
  }

  return async (word: string, caller: { id: number; maxX: number }, limit: number): Promise<TagRow[]> => {
    const pattern = containsPattern(word)
    // ILIKE on the C collation folds ASCII letters only, as SQLite's LIKE does; the trigram indexes serve it
    const [candidates, version] = await Promise.all([
      rows<TagRow & { prefix: boolean }>(
        pool,
        `SELECT t.id, t.name, t.translated_name,
                COALESCE(t.name ILIKE $2 OR t.translated_name ILIKE $2, false) AS prefix
         FROM tags t WHERE t.name ILIKE $1 OR t.translated_name ILIKE $1`,
        [pattern, pattern.slice(1)],
      ),
      row<{ value: string }>(pool, "SELECT value FROM meta WHERE key = 'items_version'"),
    ])
    const publicUses = await usesFor(caller.maxX, version?.value ?? '')
    const hidden = candidates.filter((t) => !publicUses.used.has(t.id)).map((t) => t.id)
    const onVisible = new Set<number>()
    if (caller.id !== 0 && hidden.length > 0)
      for (const r of await rows<{ id: number }>(
        pool,
        `SELECT x.tag_id AS id FROM work_tags x JOIN works w ON w.id = x.work_id
         WHERE x.tag_id = ANY($3::bigint[]) AND ${VISIBLE}
         UNION
         SELECT x.tag_id FROM novel_tags x JOIN novels w ON w.id = x.novel_id
         WHERE x.tag_id = ANY($3::bigint[]) AND ${VISIBLE}`,
        [...callerParams(caller), hidden],
      ))
        onVisible.add(r.id)
    const prefix = (t: { prefix: boolean }) => (t.prefix ? 1 : 0)
    return candidates
      .filter((t) => publicUses.used.has(t.id) || onVisible.has(t.id))
      .sort(
        (a, b) =>
          prefix(b) - prefix(a) || (publicUses.works.get(b.id) ?? 0) - (publicUses.works.get(a.id) ?? 0) || a.id - b.id,
      )
      .slice(0, limit)
      .map(({ prefix: _, ...tag }) => tag)
  }
}

export function pgTags(pool: pg.Pool): TagRepository {
  return {
    async of(kind, ids) {
      const t = tables(kind)
      const extra = kind === 'novel' ? ', x.by_author' : ''
      const out = new Map<number, ItemTag[]>()
      if (ids.length === 0) return out
      for (const { item, ...tag } of await rows<ItemTag & { item: number }>(
        pool,
        `SELECT x.${t.item} AS item, t.id, t.name, t.translated_name${extra}
         FROM ${t.itemTags} x JOIN tags t ON t.id = x.tag_id
         WHERE x.${t.item} = ANY($1::bigint[]) ORDER BY x.${t.item}, x.pos`,
        [ids],
      )) {
        let list = out.get(item)
        if (!list) out.set(item, (list = []))
        list.push(tag)
      }
      return out
    },
    async byNames(names) {
      if (names.length === 0) return new Map()
      const found = await rows<TagRow>(pool, 'SELECT * FROM tags WHERE name = ANY($1::text[])', [names])
      return new Map(found.map((r) => [r.name, r]))
    },
    async idsOfItems(kind, ids) {
      if (ids.length === 0) return []
      const t = tables(kind)
      const found = await rows<{ tag_id: number }>(
        pool,
        `SELECT tag_id FROM ${t.itemTags} WHERE ${t.item} = ANY($1::bigint[]) ORDER BY ${t.item}, pos`,
        [ids],
      )
      return found.map((r) => r.tag_id)
    },
    async trending(fromDay, toDay, limit) {
      const found = await rows<TagRow & { work_id: number }>(
        pool,
        `WITH act AS (SELECT work_id, SUM(bookmarks) AS b FROM work_activity
                      WHERE day BETWEEN $1::bigint AND $2::bigint GROUP BY work_id),
         ranked AS (SELECT x.tag_id, act.work_id, act.b,
                     ROW_NUMBER() OVER (PARTITION BY x.tag_id ORDER BY act.b DESC, act.work_id DESC) AS rn,
                     SUM(act.b) OVER (PARTITION BY x.tag_id) AS total
                    FROM act JOIN works w ON w.id = act.work_id JOIN work_tags x ON x.work_id = act.work_id
                    WHERE ${publicOfAgeSql('0')})
         SELECT t.id, t.name, t.translated_name, ranked.work_id FROM ranked JOIN tags t ON t.id = ranked.tag_id
         WHERE rn = 1 ORDER BY total DESC, t.id LIMIT $3`,
        [fromDay, toDay, limit],
      )
      return found.map(({ work_id, ...tag }) => ({ tag, workId: work_id }))
    },
    autocomplete: autocompleter(pool),
  }
}
