import type Database from 'better-sqlite3'

// The lists a library import makes from the archive's records (src/server/library/lists.ts): the owner's bookmarks
// and the recorded rankings, on the store's database handle. Each sync compares what a library folder's records say
// with what its last scan wrote (library_bookmarks, library_rankings.root) and writes only the difference, so a
// rescan of an unchanged archive writes nothing, and a bookmark the owner made in Easel is never touched.

export type ListKind = 'illust' | 'novel'

/** One of the owner's bookmarks as the archive has it. */
export interface OwnerBookmark {
  itemId: number
  restrict: 0 | 1
  tags: string[]
  /** when it was written to the archive (unix s): the bookmark's date, which the archive does not record */
  ts: number
}

export interface ListChanges {
  added: number
  updated: number
  removed: number
}

/** Each list kind's tables: its bookmarks, their tags, and the items they name. */
export const LIST_TABLES = {
  illust: { bookmarks: 'illust_bookmarks', tags: 'illust_bookmark_tags', items: 'works' },
  novel: { bookmarks: 'novel_bookmarks', tags: 'novel_bookmark_tags', items: 'novels' },
} as const

export class LibraryLists {
  constructor(private readonly db: Database.Database) {}

  /** The library catalogue's owner account (meta `owner_account`), if it has one. */
  ownerId(): number | undefined {
    const row = this.db
      .prepare("SELECT u.id FROM users u JOIN meta m ON m.key = 'owner_account' AND m.value = u.account")
      .get() as { id: number } | undefined
    return row?.id
  }

  /** Which of `ids` are items of the catalogue. */
  present(kind: ListKind, ids: readonly number[]): Set<number> {
    const rows = this.db
      .prepare(`SELECT id FROM ${LIST_TABLES[kind].items} WHERE id IN (SELECT value FROM json_each(?))`)
      .all(JSON.stringify(ids)) as { id: number }[]
    return new Set(rows.map((r) => r.id))
  }

  /**
   * Makes the owner's bookmarks from `root` what `list` says (newest first), in one transaction: a new one gets a
   * bookmark id above every existing one (the list's first the highest, as pixiv lists newest first); a changed one
   * keeps its id; one whose record left the folder is taken out. An item the owner had bookmarked in Easel keeps the
   * owner's bookmark; one the owner removed in Easel stays removed while its record is unchanged. Counters are not
   * moved: an imported work's total_bookmarks is as recorded, the owner's bookmark among them.
   */
  syncBookmarks(root: string, kind: ListKind, ownerId: number, list: readonly OwnerBookmark[]): ListChanges {
    const t = LIST_TABLES[kind]
    const out: ListChanges = { added: 0, updated: 0, removed: 0 }
    const tracked = new Map(
      (
        this.db
          .prepare(
            'SELECT item_id, bookmark_id, restrict, tags_json FROM library_bookmarks WHERE root = ? AND kind = ?',
          )
          .all(root, kind) as { item_id: number; bookmark_id: number | null; restrict: number; tags_json: string }[]
      ).map((r) => [r.item_id, r]),
    )
    const mine = this.db.prepare(`SELECT id FROM ${t.bookmarks} WHERE id = ? AND user_id = ? AND item_id = ?`)
    const deleteTags = this.db.prepare(`DELETE FROM ${t.tags} WHERE bookmark_id = ?`)
    const insertTag = this.db.prepare(`INSERT OR IGNORE INTO ${t.tags} (bookmark_id, name) VALUES (?, ?)`)
    const track = this.db.prepare(
      `INSERT OR REPLACE INTO library_bookmarks (root, kind, item_id, bookmark_id, restrict, tags_json)
       VALUES (?, ?, ?, ?, ?, ?)`,
    )
    this.db.transaction(() => {
      const wanted = new Set(list.map((b) => b.itemId))
      for (const [itemId, row] of tracked) {
        if (wanted.has(itemId)) continue
        if (row.bookmark_id !== null && mine.get(row.bookmark_id, ownerId, itemId)) {
          deleteTags.run(row.bookmark_id)
          this.db.prepare(`DELETE FROM ${t.bookmarks} WHERE id = ?`).run(row.bookmark_id)
          out.removed++
        }
        this.db
          .prepare('DELETE FROM library_bookmarks WHERE root = ? AND kind = ? AND item_id = ?')
          .run(root, kind, itemId)
      }
      // oldest first, so that the newest gets the highest id
      for (const b of [...list].reverse()) {
        const tags = [...new Set(b.tags)]
        const tagsJson = JSON.stringify(tags)
        const row = tracked.get(b.itemId)
        if (row) {
          if (row.restrict === b.restrict && row.tags_json === tagsJson) continue
          if (row.bookmark_id !== null && mine.get(row.bookmark_id, ownerId, b.itemId)) {
            this.db.prepare(`UPDATE ${t.bookmarks} SET restrict = ? WHERE id = ?`).run(b.restrict, row.bookmark_id)
            deleteTags.run(row.bookmark_id)
            for (const name of tags) insertTag.run(row.bookmark_id, name)
            out.updated++
          }
          track.run(root, kind, b.itemId, row.bookmark_id, b.restrict, tagsJson)
          continue
        }
        const own = this.db
          .prepare(`SELECT id FROM ${t.bookmarks} WHERE user_id = ? AND item_id = ?`)
          .get(ownerId, b.itemId) as { id: number } | undefined
        let id: number | null = null
        if (!own) {
          id = Number(
            this.db
              .prepare(
                `INSERT INTO ${t.bookmarks} (id, user_id, item_id, restrict, created_ts)
                 VALUES ((SELECT COALESCE(MAX(id), 0) + 1 FROM ${t.bookmarks}), ?, ?, ?, ?)`,
              )
              .run(ownerId, b.itemId, b.restrict, b.ts).lastInsertRowid,
          )
          for (const name of tags) insertTag.run(id, name)
          out.added++
        }
        track.run(root, kind, b.itemId, id, b.restrict, tagsJson)
      }
    })()
    return out
  }

  /**
   * Makes the recorded rankings from `root` what `days` says (`mode` → day → item ids in rank order), in one
   * transaction; returns how many rankings (a mode's day) it wrote or took out. A day another folder also recorded
   * is the last scanned folder's.
   */
  syncRankings(
    root: string,
    kind: ListKind,
    days: ReadonlyMap<string, ReadonlyMap<number, readonly number[]>>,
  ): number {
    const rows = this.db
      .prepare('SELECT mode, day, item_id FROM library_rankings WHERE root = ? AND kind = ? ORDER BY mode, day, rank')
      .all(root, kind) as RankingRow[]
    const { write, drop } = rankingChanges(rows, days)
    const clear = this.db.prepare('DELETE FROM library_rankings WHERE kind = ? AND mode = ? AND day = ?')
    const insert = this.db.prepare(
      'INSERT INTO library_rankings (kind, mode, day, rank, item_id, root) VALUES (?, ?, ?, ?, ?, ?)',
    )
    const dropOne = this.db.prepare('DELETE FROM library_rankings WHERE kind = ? AND mode = ? AND day = ? AND root = ?')
    this.db.transaction(() => {
      for (const { mode, day, ids } of write) {
        clear.run(kind, mode, day)
        ids.forEach((id, i) => insert.run(kind, mode, day, i + 1, id, root))
      }
      for (const { mode, day } of drop) dropOne.run(kind, mode, day, root)
    })()
    return write.length + drop.length
  }
}

/** A recorded ranking's row as syncRankings reads a folder's (by mode, day, rank). */
export interface RankingRow {
  mode: string
  day: number
  item_id: number
}

/**
 * What a rankings sync writes, shared by both engines: the rankings (a mode's day) whose items differ from what the
 * folder's last scan wrote (`rows`, by mode, day and rank), and those it wrote that the folder no longer records.
 */
export function rankingChanges(
  rows: readonly RankingRow[],
  days: ReadonlyMap<string, ReadonlyMap<number, readonly number[]>>,
): { write: { mode: string; day: number; ids: readonly number[] }[]; drop: { mode: string; day: number }[] } {
  const current = new Map<string, number[]>()
  for (const r of rows) {
    const key = `${r.mode}\0${r.day}`
    const ids = current.get(key)
    if (ids) ids.push(r.item_id)
    else current.set(key, [r.item_id])
  }
  const write: { mode: string; day: number; ids: readonly number[] }[] = []
  const wanted = new Set<string>()
  for (const [mode, byDay] of days)
    for (const [day, ids] of byDay) {
      const key = `${mode}\0${day}`
      wanted.add(key)
      const now = current.get(key)
      if (now && now.length === ids.length && now.every((id, i) => id === ids[i])) continue
      write.push({ mode, day, ids })
    }
  const drop: { mode: string; day: number }[] = []
  for (const key of current.keys()) {
    if (wanted.has(key)) continue
    const [mode, day] = key.split('\0') as [string, string]
    drop.push({ mode, day: Number(day) })
  }
  return { write, drop }
}

/** Reads of the recorded rankings (routes/ranking.ts serves a library catalogue's rankings from these). */
export class LibraryRankings {
  constructor(private readonly db: Database.Database) {}

  /** The latest day recorded for a mode, on or before `day` when given; undefined when there is none. */
  day(kind: ListKind, mode: string, onOrBefore?: number): number | undefined {
    const row = this.db
      .prepare('SELECT MAX(day) AS d FROM library_rankings WHERE kind = ? AND mode = ? AND day <= ?')
      .get(kind, mode, onOrBefore ?? Number.MAX_SAFE_INTEGER) as { d: number | null }
    return row.d ?? undefined
  }

  /** The items of a recorded ranking, in rank order. */
  ids(kind: ListKind, mode: string, day: number): number[] {
    const rows = this.db
      .prepare('SELECT item_id FROM library_rankings WHERE kind = ? AND mode = ? AND day = ? ORDER BY rank')
      .all(kind, mode, day) as { item_id: number }[]
    return rows.map((r) => r.item_id)
  }
}
