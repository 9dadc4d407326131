import { createHash } from 'node:crypto'
import type Database from 'better-sqlite3'
import type { SeriesEntry } from './library-writer.ts'

// The novel half of a library import's writes (library-writer.ts calls it inside its one transaction per item): the
// novel's row, its text as the archive holds it, its tags, its series and the files of its cover and embedded
// images (served where they are, images/library-images.ts).

/** A file of an imported novel: its cover, or an image its text embeds with `[uploadedimage:<imageId>]`. */
export interface LibraryNovelFileRecord {
  role: 'cover' | 'image'
  /** the `[uploadedimage:]` id; 0 for the cover */
  imageId: number
  /** absolute path of the file, served where it is */
  path: string
  width: number
  height: number
  /** `jpg`, `png` or `gif`, read from the file */
  ext: string
  bytes: number
  mtimeMs: number
}

/** A novel as the importer found it (gallery-dl's `.txt` and its sidecar, PixivUtil2's `.html` page). */
export interface LibraryNovelRecord {
  id: number
  title: string
  /** HTML, as pixiv sends captions */
  caption: string
  createdTs: number
  restrict: number
  xRestrict: number
  isOriginal: boolean
  aiType: number
  /** the novel markup exactly as the archive holds it */
  text: string
  /** as recorded; null: counted from the text (characters, as pixiv counts them) */
  textLength: number | null
  totalView: number
  totalBookmarks: number
  totalComments: number
  /** `account` undefined when the archive does not record it (library-writer.ts putUser) */
  user: { id: number; name: string; account?: string }
  /** in order; `translatedName` undefined when the archive does not say */
  tags: { name: string; translatedName?: string | null; byAuthor: boolean }[]
  series: { id: number; title: string } | null
  /** the novel's place in its series as the archive records it; null when it does not (then by date) */
  seriesOrder: number | null
  files: LibraryNovelFileRecord[]
}

export interface NovelWriterDeps {
  putUser(u: LibraryNovelRecord['user']): void
  putTag(t: { name: string; translatedName?: string | null }): number
}

/**
 * The cover's name on the CDN paths (`<novel id>_<hash>`): a digest of the file as imported, so a changed cover is a
 * new URL (and a new cache entry) everywhere.
 */
export function coverHashOf(novelId: number, f: Pick<LibraryNovelFileRecord, 'path' | 'bytes' | 'mtimeMs'>): string {
  return createHash('sha256')
    .update(`cover:${novelId}:${f.path}:${f.bytes}:${Math.round(f.mtimeMs)}`)
    .digest('hex')
    .slice(0, 32)
}

/**
 * A novel's `novels` row as both engines insert it: id, user_id, title, caption, created_ts, restrict, x_restrict,
 * is_original, ai_type, page_count, text_length, total_view, total_bookmarks, total_comments, series_id,
 * series_order, cover_hash. `last`: the series position of a novel whose archive records none until finishSeries
 * numbers it (the engine's largest integer of the column).
 */
export function novelValues(n: LibraryNovelRecord, last: number): unknown[] {
  const cover = n.files.find((f) => f.role === 'cover')
  return [
    n.id,
    n.user.id,
    n.title,
    n.caption,
    n.createdTs,
    n.restrict,
    n.xRestrict,
    n.isOriginal ? 1 : 0,
    n.aiType,
    // the reader's pages, as the demo counts them (catalogue-writer.ts)
    n.text.split('[newpage]').length,
    n.textLength ?? [...n.text].length,
    n.totalView,
    n.totalBookmarks,
    n.totalComments,
    n.series?.id ?? null,
    // finishSeries numbers them; until then the recorded order, or last
    n.series ? (n.seriesOrder ?? last) : null,
    cover ? coverHashOf(n.id, cover) : null,
  ]
}

export class NovelWriter {
  private readonly s

  constructor(
    db: Database.Database,
    private readonly deps: NovelWriterDeps,
  ) {
    const p = (sql: string) => db.prepare(sql)
    this.s = {
      fingerprints: p('SELECT novel_id, fingerprint FROM library_novels WHERE root = ?'),
      series: p('SELECT id FROM novel_series WHERE id = ?'),
      insertSeries: p(`INSERT INTO novel_series (id, user_id, title, caption, is_original, is_concluded, created_ts)
        VALUES (?, ?, ?, '', ?, 0, ?)`),
      updateSeries: p('UPDATE novel_series SET title = ?, user_id = ?, created_ts = MIN(created_ts, ?) WHERE id = ?'),
      deleteNovel: p('DELETE FROM novels WHERE id = ?'),
      deleteText: p('DELETE FROM novel_texts WHERE novel_id = ?'),
      deleteTags: p('DELETE FROM novel_tags WHERE novel_id = ?'),
      deleteImages: p('DELETE FROM novel_images WHERE novel_id = ?'),
      deleteFiles: p('DELETE FROM novel_files WHERE novel_id = ?'),
      deleteLibraryNovel: p('DELETE FROM library_novels WHERE novel_id = ?'),
      insertNovel: p(`INSERT INTO novels (id, user_id, title, caption, created_ts, restrict, x_restrict, is_original,
          ai_type, page_count, text_length, total_view, total_bookmarks, total_comments, series_id, series_order,
          cover_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
      insertText: p('INSERT INTO novel_texts (novel_id, text) VALUES (?, ?)'),
      insertTag: p('INSERT INTO novel_tags (novel_id, pos, tag_id, by_author) VALUES (?, ?, ?, ?)'),
      insertImage: p('INSERT INTO novel_images (novel_id, image_id, width, height) VALUES (?, ?, ?, ?)'),
      insertFile: p(`INSERT INTO novel_files (novel_id, role, image_id, path, width, height, ext, bytes, mtime_ms)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`),
      insertLibraryNovel: p(`INSERT INTO library_novels (novel_id, root, fingerprint, imported_ts, series_order)
        VALUES (?, ?, ?, ?, ?)`),
      seriesEntries: p(`SELECT v.id, v.series_id, v.series_order AS current, l.series_order AS recorded
          FROM novels v LEFT JOIN library_novels l ON l.novel_id = v.id WHERE v.series_id IS NOT NULL
          ORDER BY v.series_id, v.created_ts, v.id`),
      setOrder: p('UPDATE novels SET series_order = ? WHERE id = ?'),
      dropEmptySeries: p(
        'DELETE FROM novel_series WHERE id NOT IN (SELECT series_id FROM novels WHERE series_id IS NOT NULL)',
      ),
    }
  }

  fingerprints(root: string): Map<number, string> {
    const rows = this.s.fingerprints.all(root) as { novel_id: number; fingerprint: string }[]
    return new Map(rows.map((r) => [r.novel_id, r.fingerprint]))
  }

  /** Writes one novel; the caller holds the transaction. */
  put(root: string, n: LibraryNovelRecord, fingerprint: string, nowTs: number) {
    this.deps.putUser(n.user)
    if (n.series) {
      if (this.s.series.get(n.series.id)) this.s.updateSeries.run(n.series.title, n.user.id, n.createdTs, n.series.id)
      else this.s.insertSeries.run(n.series.id, n.user.id, n.series.title, n.isOriginal ? 1 : 0, n.createdTs)
    }
    this.remove(n.id)
    this.s.insertNovel.run(...novelValues(n, Number.MAX_SAFE_INTEGER))
    this.s.insertText.run(n.id, n.text)
    // A tag listed twice is one tag
    const seen = new Set<number>()
    for (const t of n.tags) {
      const id = this.deps.putTag(t)
      if (seen.has(id)) continue
      this.s.insertTag.run(n.id, seen.size, id, t.byAuthor ? 1 : 0)
      seen.add(id)
    }
    for (const f of n.files) {
      if (f.role === 'image') this.s.insertImage.run(n.id, f.imageId, f.width, f.height)
      this.s.insertFile.run(n.id, f.role, f.imageId, f.path, f.width, f.height, f.ext, f.bytes, Math.round(f.mtimeMs))
    }
    this.s.insertLibraryNovel.run(n.id, root, fingerprint, nowTs, n.series ? n.seriesOrder : null)
  }

  /** Takes one novel's rows out; the caller holds the transaction. */
  remove(id: number) {
    this.s.deleteNovel.run(id)
    this.s.deleteText.run(id)
    this.s.deleteTags.run(id)
    this.s.deleteImages.run(id)
    this.s.deleteFiles.run(id)
    this.s.deleteLibraryNovel.run(id)
  }

  /**
   * Series order, and novel series left without novels dropped; in the caller's transaction. A series' recorded
   * orders stay as they are (pixiv's numbers, gaps and all); its novels without one follow them by date. Worked out
   * here in one pass (a window query per updated row was quadratic: 20 s for 2,000 novels), writing only what moved.
   */
  finishSeries() {
    for (const [id, order] of novelSeriesMoves(this.s.seriesEntries.all() as SeriesEntry[]))
      this.s.setOrder.run(order, id)
    this.s.dropEmptySeries.run()
  }
}

/**
 * The novels whose series position moves, as [id, position] (`rows` by series, then date, then id): a recorded
 * position stays; the novels without one are numbered on from their series' last recorded one. Shared by both
 * engines' finishSeries.
 */
export function novelSeriesMoves(rows: readonly SeriesEntry[]): [number, number][] {
  const moves: [number, number][] = []
  const last = new Map<number, number>()
  for (const r of rows) if (r.recorded !== null) last.set(r.series_id, Math.max(last.get(r.series_id) ?? 0, r.recorded))
  for (const r of rows) {
    let order = r.recorded
    if (order === null) {
      order = (last.get(r.series_id) ?? 0) + 1
      last.set(r.series_id, order)
    }
    if (order !== r.current) moves.push([r.id, order])
  }
  return moves
}
