import type Database from 'better-sqlite3'
import { preparedOnce } from './prepared.ts'
import { containsPattern } from '../search/compile.ts'
import type { Caller, TagRow } from './store.ts'
import { VISIBLE } from './visibility.ts'

/** Uses of each tag on the items everyone of one age setting may see (restrict 0, x_restrict up to it). */
interface PublicUses {
  /** tag id → uses on such works: the popularity autocomplete orders by */
  works: Map<number, number>
  /** tags on at least one such work or novel */
  used: Set<number>
}

/**
 * Tag suggestions under the one visibility rule of items (the store's VISIBLE): a tag is offered only if it is on at
 * least one item the caller may see, since a tag used only on hidden works would tell of them, and its popularity is
 * counted on works every caller of the same age setting sees alike.
 *
 * Checking each candidate tag's items against the rule in SQL made autocomplete 15-20× slower (1 ms → 18 ms on the
 * demo catalogue, a join per use of every matching tag). The public uses depend only on the age setting and on the
 * catalogue's items, which the service never writes (as the store's tag-id cache, they are kept for the process): they
 * are counted once per age setting. Only a tag with no public use is then checked for the caller in SQL (its own or a
 * mutual follow's restricted items), and only for a signed-in caller.
 */
export class TagSuggestions {
  private readonly q: (sql: string) => Database.Statement
  private readonly publicUses = new Map<number, PublicUses>()
  private usesVersion: string | undefined

  /** `itemsVersion`: changes when a library import changed the items (store.ts), which the counts derive from */
  constructor(
    db: Database.Database,
    private readonly itemsVersion: () => string = () => '',
  ) {
    this.q = preparedOnce(db)
  }

  private usesFor(maxX: number): PublicUses {
    const version = this.itemsVersion()
    if (version !== this.usesVersion) {
      this.publicUses.clear()
      this.usesVersion = version
    }
    let uses = this.publicUses.get(maxX)
    if (!uses) {
      const works = this.q(
        `SELECT x.tag_id AS id, COUNT(*) AS n FROM work_tags x JOIN works w ON w.id = x.work_id
         WHERE w.restrict = 0 AND w.x_restrict <= ? GROUP BY x.tag_id`,
      ).all(maxX) as { id: number; n: number }[]
      const novels = this.q(
        `SELECT DISTINCT x.tag_id AS id FROM novel_tags x JOIN novels w ON w.id = x.novel_id
         WHERE w.restrict = 0 AND w.x_restrict <= ?`,
      ).all(maxX) as { id: number }[]
      uses = {
        works: new Map(works.map((r) => [r.id, r.n])),
        used: new Set([...works.map((r) => r.id), ...novels.map((r) => r.id)]),
      }
      this.publicUses.set(maxX, uses)
    }
    return uses
  }

  /** Whether the tag is on an item the caller may see (the rule of VISIBLE, for a tag with no public use). */
  private onVisibleItem(tagId: number, caller: Caller): boolean {
    const p = { tag: tagId, me: caller.id, maxX: caller.maxX }
    return (
      !!this.q(
        `SELECT 1 FROM work_tags x JOIN works w ON w.id = x.work_id WHERE x.tag_id = @tag AND ${VISIBLE} LIMIT 1`,
      ).get(p) ||
      !!this.q(
        `SELECT 1 FROM novel_tags x JOIN novels w ON w.id = x.novel_id WHERE x.tag_id = @tag AND ${VISIBLE} LIMIT 1`,
      ).get(p)
    )
  }

  /** Tags for autocomplete: prefix matches before infix ones, then by use, then by id. */
  autocomplete(word: string, caller: Caller, limit: number): TagRow[] {
    const pattern = containsPattern(word)
    const rows = this.q(
      `SELECT t.id, t.name, t.translated_name,
              (t.name LIKE @prefix ESCAPE '\\' OR t.translated_name LIKE @prefix ESCAPE '\\') AS prefix
       FROM tags t WHERE t.name LIKE @p ESCAPE '\\' OR t.translated_name LIKE @p ESCAPE '\\'`,
    ).all({ p: pattern, prefix: pattern.slice(1) }) as (TagRow & { prefix: number })[]
    const uses = this.usesFor(caller.maxX)
    return rows
      .filter((t) => uses.used.has(t.id) || (caller.id !== 0 && this.onVisibleItem(t.id, caller)))
      .sort((a, b) => b.prefix - a.prefix || (uses.works.get(b.id) ?? 0) - (uses.works.get(a.id) ?? 0) || a.id - b.id)
      .slice(0, limit)
      .map(({ prefix: _, ...tag }) => tag)
  }
}
