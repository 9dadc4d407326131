import type Database from 'better-sqlite3'
import { preparedOnce, type Prepared } from './prepared.ts'
import { FIRST_OWN_ITEM_ID } from './posting.ts'
import type { UserFileRow } from './library-user-files.ts'

// Reads of the library tables (schemas 4 and 5) on the store's database handle: where an imported work's or novel's
// files are.

export interface WorkFileRow {
  page: number
  path: string
  kind: 'image' | 'ugoira-zip' | 'ugoira-frame' | 'ugoira-video' | 'ugoira-animation'
  width: number
  height: number
  ext: string
  bytes: number
  mtime_ms: number
}

/** An imported novel's file (schema 5): its cover (image_id 0) or an `[uploadedimage:<image_id>]` image. */
export interface NovelFileRow {
  role: 'cover' | 'image'
  image_id: number
  path: string
  width: number
  height: number
  ext: string
  bytes: number
  mtime_ms: number
}

export class LibraryFiles {
  // Prepared on first use, not here: the store is made before an older catalogue's schema is migrated (catalogue.ts),
  // and these tables come with schema 4.
  private readonly q: Prepared
  /**
   * Whether this is a library catalogue (meta `catalogue_kind`, set when it is made; the meta table is in every
   * schema). A demo catalogue has no imported files, so its image requests and item builds skip these queries.
   */
  private readonly isLibrary: boolean

  constructor(db: Database.Database) {
    this.q = preparedOnce(db)
    const kind = db.prepare("SELECT value FROM meta WHERE key = 'catalogue_kind'").get() as
      { value: string } | undefined
    this.isLibrary = kind?.value === 'library'
  }

  /**
   * Whether any of these works (or novels) may have files: any in a library; on the demo, only those posted here
   * (their ids).
   */
  private mayHaveFiles(ids: readonly number[]) {
    return this.isLibrary || ids.some((id) => id >= FIRST_OWN_ITEM_ID)
  }

  /**
   * The extension of each page's original, for the imported works among `ids` (a manga's pages may be of different
   * types, as on pixiv); demo works are not in the map (their pages all have the work's `ext`).
   */
  pageExts(ids: readonly number[]): Map<number, string[]> {
    const out = new Map<number, string[]>()
    if (ids.length === 0 || !this.mayHaveFiles(ids)) return out
    for (const r of this.q(
      `SELECT work_id, page, ext FROM work_files WHERE work_id IN (SELECT value FROM json_each(?)) AND kind = 'image'
       ORDER BY work_id, page`,
    ).all(JSON.stringify(ids)) as { work_id: number; page: number; ext: string }[]) {
      let list = out.get(r.work_id)
      if (!list) out.set(r.work_id, (list = []))
      list[r.page] = r.ext
    }
    return out
  }

  /** An imported ugoira kept as a video (gallery-dl's ugoira post-processor): its file's type and size; else undefined. */
  ugoiraVideo(workId: number): { ext: string; width: number; height: number } | undefined {
    return this.videos([workId]).get(workId)
  }

  /** The imported ugoira among `ids` kept as videos, by id (what their items' `easel_video` names). */
  videos(ids: readonly number[]): Map<number, { ext: string; width: number; height: number }> {
    const out = new Map<number, { ext: string; width: number; height: number }>()
    if (ids.length === 0 || !this.isLibrary) return out
    for (const r of this.q(
      `SELECT work_id, ext, width, height FROM work_files
       WHERE work_id IN (SELECT value FROM json_each(?)) AND kind = 'ugoira-video'`,
    ).all(JSON.stringify(ids)) as { work_id: number; ext: string; width: number; height: number }[])
      out.set(r.work_id, { ext: r.ext, width: r.width, height: r.height })
    return out
  }

  /**
   * The files of an imported or posted work's pages, in page order; [] for a work that was neither (a demo work).
   */
  filesOf(workId: number): WorkFileRow[] {
    if (!this.mayHaveFiles([workId])) return []
    return this.q(
      'SELECT page, path, kind, width, height, ext, bytes, mtime_ms FROM work_files WHERE work_id = ? ORDER BY page',
    ).all(workId) as WorkFileRow[]
  }

  /**
   * A user's own files (avatar, background): imported from an archive (library-user-files.ts), or uploaded by the
   * account itself (any catalogue's, the demo's too).
   */
  userFiles(userId: number): UserFileRow[] {
    return this.q(
      'SELECT role, path, width, height, ext, bytes, mtime_ms FROM user_files WHERE user_id = ? ORDER BY role',
    ).all(userId) as UserFileRow[]
  }

  /** The files of an imported or posted novel (its cover and embedded images); [] for a demo novel. */
  novelFilesOf(novelId: number): NovelFileRow[] {
    if (!this.mayHaveFiles([novelId])) return []
    return this.q(
      `SELECT role, image_id, path, width, height, ext, bytes, mtime_ms FROM novel_files WHERE novel_id = ?
       ORDER BY role, image_id`,
    ).all(novelId) as NovelFileRow[]
  }

  /**
   * The imported works of a library folder, per type (illust, manga and ugoira always there, 0 when none): an object
   * by kind, so kinds the importer comes to take (novels: their own table) are one more key, shown by the library page as they come.
   */
  counts(root: string): Record<string, number> {
    const rows = this.q(
      'SELECT w.type, COUNT(*) AS n FROM library_works l JOIN works w ON w.id = l.work_id WHERE l.root = ? GROUP BY w.type',
    ).all(root) as { type: string; n: number }[]
    const novels = this.q('SELECT COUNT(*) AS n FROM library_novels WHERE root = ?').get(root) as { n: number }
    const out: Record<string, number> = { illust: 0, manga: 0, ugoira: 0, novel: novels.n }
    for (const r of rows) out[r.type] = r.n
    return out
  }

  /** The last scan's skipped files of a library folder, with their reasons. */
  skipped(root: string): { path: string; reason: string }[] {
    return this.q('SELECT path, reason FROM library_skipped WHERE root = ? ORDER BY path').all(root) as {
      path: string
      reason: string
    }[]
  }
}
