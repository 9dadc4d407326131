import type Database from 'better-sqlite3'

// Reads of the library tables (schema 4) on the store's database handle: where an imported work's files are.

export interface WorkFileRow {
  page: number
  path: string
  kind: 'image' | 'ugoira-zip'
  width: number
  height: number
  ext: string
  bytes: number
  mtime_ms: number
}

export class LibraryFiles {
  private readonly files
  private readonly skippedOf

  constructor(db: Database.Database) {
    this.files = db.prepare(
      'SELECT page, path, kind, width, height, ext, bytes, mtime_ms FROM work_files WHERE work_id = ? ORDER BY page',
    )
    this.skippedOf = db.prepare('SELECT path, reason FROM library_skipped WHERE root = ? ORDER BY path')
  }

  /** The files of an imported work's pages, in page order; [] for a work that was not imported (a demo work). */
  filesOf(workId: number): WorkFileRow[] {
    return this.files.all(workId) as WorkFileRow[]
  }

  /** The last scan's skipped files of a library folder, with their reasons. */
  skipped(root: string): { path: string; reason: string }[] {
    return this.skippedOf.all(root) as { path: string; reason: string }[]
  }
}
