import Database from 'better-sqlite3'
import type { WorkRecord } from './records.ts'
import { SCHEMA_VERSION, schemaSql } from './schema.ts'
import { NovelWriter, type LibraryNovelRecord } from './library-novel-writer.ts'

export type { LibraryNovelFileRecord, LibraryNovelRecord } from './library-novel-writer.ts'

// The writes of a library import (src/server/library/), on the store's database handle: one transaction per work,
// so a kill at any moment leaves whole works only and the next scan finishes the job. Nothing here reads the archive;
// the importer hands over plain records.

/** One page's file as the importer read it. */
export interface LibraryFileRecord {
  page: number
  /** absolute path of the file, served where it is */
  path: string
  /**
   * an image page, an ugoira's frame zip, one of an ugoira's frames saved as files (`ugoira: original`), or an ugoira
   * converted to a video (webm, mp4, mkv) or an animation (gif, webp, apng) by gallery-dl's ugoira post-processor
   */
  kind: 'image' | 'ugoira-zip' | 'ugoira-frame' | 'ugoira-video' | 'ugoira-animation'
  width: number
  height: number
  /** `jpg`, `png`, `gif` or `zip`; a converted ugoira's `webm`, `mp4`, `mkv`, `gif`, `webp` or `png` (APNG) */
  ext: string
  bytes: number
  mtimeMs: number
}

/**
 * A work as the importer found it: the record of its sidecar and the files of its pages. Its fields are the generated
 * catalogue's (WorkRecord) where they mean the same; the user, tags and series come by name, as the archive has them.
 */
export interface LibraryWorkRecord extends Pick<
  WorkRecord,
  | 'id'
  | 'type'
  | 'title'
  | 'caption'
  | 'createdTs'
  | 'width'
  | 'height'
  | 'sanityLevel'
  | 'xRestrict'
  | 'restrict'
  | 'aiType'
  | 'bookStyle'
  | 'totalView'
  | 'totalBookmarks'
  | 'totalComments'
  | 'commentAccessControl'
  | 'tools'
  | 'frameDelays'
> {
  /** extension of the originals (page 0's; for an ugoira, of the frames in its zip) */
  ext: string
  user: { id: number; name: string; account: string }
  /** in order; `translatedName` undefined when the sidecar does not say (a names-only tag list) */
  tags: { name: string; translatedName?: string | null }[]
  series: { id: number; title: string } | null
  /** the work's position in its series as the archive recorded it (gallery-dl's `num_series`); else by date */
  seriesOrder?: number | null
  files: LibraryFileRecord[]
}

/** The kinds of item an archive holds (novels come with their own record). */
export type LibraryItemKind = 'illust' | 'novel'
/** An item as the importer hands it over. */
export type LibraryItem = { kind: 'illust'; record: LibraryWorkRecord } | { kind: 'novel'; record: LibraryNovelRecord }
/** An imported item's key in the fingerprints: `illust:<id>`, `novel:<id>` (novel ids are their own id space). */
export type LibraryItemKey = `${LibraryItemKind}:${number}`

export const keyOf = (item: { kind: LibraryItemKind; id: number }): LibraryItemKey => `${item.kind}:${item.id}`
export const parseKey = (key: LibraryItemKey): { kind: LibraryItemKind; id: number } => {
  const [kind, id] = key.split(':') as [LibraryItemKind, string]
  return { kind, id: Number(id) }
}

/** Creates an empty catalogue file (no demo content) of this code's schema; the file must not exist. */
export function createEmptyCatalogue(file: string, meta: Record<string, string>) {
  const db = new Database(file)
  try {
    db.pragma('journal_mode = WAL')
    db.transaction(() => {
      db.exec(schemaSql)
      const put = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)')
      put.run('schema_version', String(SCHEMA_VERSION))
      for (const [k, v] of Object.entries(meta)) put.run(k, v)
    })()
  } finally {
    db.close()
  }
}

/** The profile fields of a user an archive names (archives keep no profile: a generated avatar unless one is imported). */
export const EMPTY_PROFILE = JSON.stringify({
  webpage: null,
  gender: '',
  birth: '',
  birth_day: '',
  birth_year: 0,
  region: '',
  address_id: 0,
  country_code: '',
  job: '',
  job_id: 0,
  is_premium: false,
  is_using_custom_profile_image: false,
})

export class LibraryWriter {
  private readonly s
  private readonly novels: NovelWriter

  constructor(private readonly db: Database.Database) {
    const p = (sql: string) => db.prepare(sql)
    this.s = {
      fingerprints: p('SELECT work_id, fingerprint FROM library_works WHERE root = ?'),
      user: p('SELECT id, account FROM users WHERE id = ?'),
      userByAccount: p('SELECT id FROM users WHERE account = ?'),
      insertUser: p(`INSERT INTO users (id, name, account, comment, password_hash, x_restrict, is_premium, profile_date,
          profile_hash, profile_json) VALUES (?, ?, ?, '', NULL, 0, 0, ?, ?, ?)`),
      updateUser: p('UPDATE users SET name = ?, account = ? WHERE id = ?'),
      tagByName: p('SELECT id, translated_name FROM tags WHERE name = ?'),
      insertTag: p('INSERT INTO tags (name, translated_name) VALUES (?, ?)'),
      translateTag: p('UPDATE tags SET translated_name = ? WHERE id = ?'),
      series: p('SELECT id, created_ts FROM illust_series WHERE id = ?'),
      insertSeries: p(
        `INSERT INTO illust_series (id, user_id, title, caption, created_ts, cover_token) VALUES (?, ?, ?, '', ?, ?)`,
      ),
      updateSeries: p('UPDATE illust_series SET title = ?, user_id = ?, created_ts = MIN(created_ts, ?) WHERE id = ?'),
      deleteWork: p('DELETE FROM works WHERE id = ?'),
      deleteWorkTags: p('DELETE FROM work_tags WHERE work_id = ?'),
      deleteFiles: p('DELETE FROM work_files WHERE work_id = ?'),
      deleteLibraryWork: p('DELETE FROM library_works WHERE work_id = ?'),
      insertWork: p(`INSERT INTO works (id, user_id, type, title, caption, created_ts, width, height, page_count, ext,
          sanity_level, x_restrict, restrict, ai_type, book_style, total_view, total_bookmarks, total_comments,
          comment_access_control, series_id, series_order, tools_json, frame_delays_json, restricted_mode, male_share)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?, 0, 50)`),
      insertWorkTag: p('INSERT INTO work_tags (work_id, pos, tag_id) VALUES (?, ?, ?)'),
      insertFile: p(`INSERT INTO work_files (work_id, page, path, kind, width, height, ext, bytes, mtime_ms)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`),
      insertLibraryWork: p(
        'INSERT INTO library_works (work_id, root, fingerprint, imported_ts, series_order) VALUES (?, ?, ?, ?, ?)',
      ),
      // every work of a series with its position: recorded (library_works.series_order) or by date (finishSeries)
      seriesEntries: p(`SELECT w.id, w.series_id, w.series_order AS current, l.series_order AS recorded
          FROM works w LEFT JOIN library_works l ON l.work_id = w.id
          WHERE w.series_id IS NOT NULL ORDER BY w.series_id, w.created_ts, w.id`),
      setSeriesOrder: p('UPDATE works SET series_order = ? WHERE id = ?'),
      dropEmptySeries: p(
        'DELETE FROM illust_series WHERE id NOT IN (SELECT series_id FROM works WHERE series_id IS NOT NULL)',
      ),
      clearSkipped: p('DELETE FROM library_skipped WHERE root = ?'),
      insertSkipped: p('INSERT OR REPLACE INTO library_skipped (root, path, reason) VALUES (?, ?, ?)'),
      meta: p('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)'),
      workIdsOfRoot: p('SELECT work_id FROM library_works WHERE root = ?'),
      filesOfRoot: p(`SELECT f.path, 'illust' AS kind, f.work_id AS id FROM work_files f
          JOIN library_works l ON l.work_id = f.work_id WHERE l.root = ?
        UNION ALL SELECT f.path, 'novel', f.novel_id FROM novel_files f
          JOIN library_novels l ON l.novel_id = f.novel_id WHERE l.root = ?`),
    }
    this.novels = new NovelWriter(db, {
      putUser: (u) => this.putUser(u),
      putTag: (t) => this.putTag(t),
    })
  }

  /** The fingerprint of every item imported from `root`, by key. */
  fingerprints(root: string): Map<LibraryItemKey, string> {
    const rows = this.s.fingerprints.all(root) as { work_id: number; fingerprint: string }[]
    const out = new Map(rows.map((r) => [keyOf({ kind: 'illust', id: r.work_id }), r.fingerprint]))
    for (const [id, fingerprint] of this.novels.fingerprints(root)) out.set(keyOf({ kind: 'novel', id }), fingerprint)
    return out
  }

  /**
   * The item of every file imported from `root`, by the file's path (a novel's images; its text is stored, not its
   * path).
   */
  filesOf(root: string): Map<string, { kind: LibraryItemKind; id: number }> {
    const rows = this.s.filesOfRoot.all(root, root) as { path: string; kind: LibraryItemKind; id: number }[]
    return new Map(rows.map((r) => [r.path, { kind: r.kind, id: r.id }]))
  }

  /** Writes (or replaces) one item, in one transaction (see putWork, putNovel). */
  put(root: string, item: LibraryItem, fingerprint: string, nowTs: number) {
    if (item.kind === 'novel') this.putNovel(root, item.record, fingerprint, nowTs)
    else this.putWork(root, item.record, fingerprint, nowTs)
  }

  /** Takes an item that left the library out of the catalogue, in one transaction. */
  remove(key: LibraryItemKey) {
    const { kind, id } = parseKey(key)
    if (kind === 'novel') this.removeNovel(id)
    else this.removeWork(id)
  }

  /**
   * Writes (or replaces) one novel with its user, tags, series, text and files, in one transaction; throws (and
   * writes nothing) when it cannot be stored as it is.
   */
  putNovel(root: string, n: LibraryNovelRecord, fingerprint: string, nowTs: number) {
    this.db.transaction(() => this.novels.put(root, n, fingerprint, nowTs))()
  }

  /** Takes a novel that left the library out of the catalogue (its rows, text, tags and files), in one transaction. */
  removeNovel(id: number) {
    this.db.transaction(() => this.novels.remove(id))()
  }

  /**
   * Writes (or replaces) one work with its user, tags, series and files, in one transaction. Throws (and writes
   * nothing) when the work cannot be stored as it is, e.g. its user's account is another user's.
   */
  putWork(root: string, w: LibraryWorkRecord, fingerprint: string, nowTs: number) {
    this.db.transaction(() => {
      this.putUser(w.user)
      const seriesId = w.series ? this.putSeries(w.series, w.user.id, w.createdTs) : null
      this.removeRows(w.id)
      this.s.insertWork.run(...workValues(w, seriesId))
      // A tag listed twice is one tag (work_tags would otherwise name it twice)
      const seen = new Set<number>()
      for (const t of w.tags) {
        const id = this.putTag(t)
        if (seen.has(id)) continue
        this.s.insertWorkTag.run(w.id, seen.size, id)
        seen.add(id)
      }
      for (const f of w.files)
        this.s.insertFile.run(w.id, f.page, f.path, f.kind, f.width, f.height, f.ext, f.bytes, Math.round(f.mtimeMs))
      this.s.insertLibraryWork.run(w.id, root, fingerprint, nowTs, w.seriesOrder ?? null)
    })()
  }

  /** Takes a work that left the library out of the catalogue (its rows, tags and files), in one transaction. */
  removeWork(id: number) {
    this.db.transaction(() => this.removeRows(id))()
  }

  private removeRows(id: number) {
    this.s.deleteWork.run(id)
    this.s.deleteWorkTags.run(id)
    this.s.deleteFiles.run(id)
    this.s.deleteLibraryWork.run(id)
  }

  /**
   * Series order (as recorded, else by date), and series left without works dropped; novel series likewise, where
   * the archive records an order keeping it (library-novel-writer.ts).
   */
  finishSeries() {
    this.db.transaction(() => {
      // One pass over the series' works, writing only the positions that moved (a window query per updated row was
      // quadratic: 1,000 works in series took 0.8 s a scan, 10,000 would take minutes).
      for (const [id, order] of workSeriesMoves(this.s.seriesEntries.all() as SeriesEntry[]))
        this.s.setSeriesOrder.run(order, id)
      this.s.dropEmptySeries.run()
      this.novels.finishSeries()
    })()
  }

  /** Replaces the skipped-file report of `root`. */
  setSkipped(root: string, skipped: readonly { path: string; reason: string }[]) {
    this.db.transaction(() => {
      this.s.clearSkipped.run(root)
      for (const s of skipped) this.s.insertSkipped.run(root, s.path, s.reason)
    })()
  }

  /** Tells every connection's caches of works and tags that these changed (store.ts `itemsVersion`). */
  bumpItemsVersion() {
    const row = this.db.prepare("SELECT value FROM meta WHERE key = 'items_version'").get() as
      { value: string } | undefined
    this.s.meta.run('items_version', String((Number(row?.value) || 0) + 1))
  }

  meta(key: string, value: string) {
    this.s.meta.run(key, value)
  }

  /** Creates the owner account unless an account of that name exists; true when it was created. */
  ensureOwner(o: { id: number; account: string; name: string; passwordHash: string; profileDate: string }): boolean {
    if (this.hasAccount(o.account)) return false
    this.db.transaction(() => {
      this.db
        .prepare(
          `INSERT INTO users (id, name, account, comment, password_hash, x_restrict, is_premium, profile_date,
             profile_hash, profile_json, role) VALUES (?, ?, ?, '', ?, 2, 1, ?, ?, ?, 'admin')`,
        )
        .run(o.id, o.name, o.account, o.passwordHash, o.profileDate, profileHashOf(o.id), EMPTY_PROFILE)
      this.s.meta.run('owner_account', o.account)
    })()
    return true
  }

  /** Whether an account of that name exists. */
  hasAccount(account: string): boolean {
    return this.s.userByAccount.get(account) !== undefined
  }

  /** Sets an account's password (OWNER_PASSWORD given again); false when there is no such account. */
  setPassword(account: string, passwordHash: string): boolean {
    return (
      this.db.prepare('UPDATE users SET password_hash = ? WHERE account = ?').run(passwordHash, account).changes > 0
    )
  }

  /**
   * A user by id; `account` undefined when the archive does not record it (PixivUtil2's novel pages): a known user
   * keeps theirs, a new one gets `user_<id>` until an archive that records it is imported.
   */
  private putUser(u: { id: number; name: string; account?: string }) {
    const row = this.s.user.get(u.id) as { id: number; account: string } | undefined
    const account = u.account ?? row?.account ?? `user_${u.id}`
    const clash = this.s.userByAccount.get(account) as { id: number } | undefined
    if (clash && clash.id !== u.id)
      throw new Error(`user ${u.id}'s account "${account}" is already user ${clash.id}'s in this catalogue`)
    if (row) this.s.updateUser.run(u.name, account, u.id)
    else this.s.insertUser.run(u.id, u.name, account, '2000/01/01/00/00/00', profileHashOf(u.id), EMPTY_PROFILE)
  }

  private putTag(t: { name: string; translatedName?: string | null }): number {
    const row = this.s.tagByName.get(t.name) as { id: number; translated_name: string | null } | undefined
    if (!row) return Number(this.s.insertTag.run(t.name, t.translatedName ?? null).lastInsertRowid)
    // A names-only tag list says nothing of translations: what another sidecar recorded stays.
    if (t.translatedName !== undefined && t.translatedName !== row.translated_name)
      this.s.translateTag.run(t.translatedName, row.id)
    return row.id
  }

  private putSeries(s: { id: number; title: string }, userId: number, createdTs: number): number {
    if (this.s.series.get(s.id)) this.s.updateSeries.run(s.title, userId, createdTs, s.id)
    else this.s.insertSeries.run(s.id, userId, s.title, createdTs, `library-series-${s.id}`)
    return s.id
  }
}

/**
 * A work's `works` row as both engines insert it: id, user_id, type, title, caption, created_ts, width, height,
 * page_count, ext, sanity_level, x_restrict, restrict, ai_type, book_style, total_view, total_bookmarks,
 * total_comments, comment_access_control, series_id, tools_json, frame_delays_json (series_order is finishSeries').
 */
export function workValues(w: LibraryWorkRecord, seriesId: number | null): unknown[] {
  return [
    w.id,
    w.user.id,
    w.type,
    w.title,
    w.caption,
    w.createdTs,
    w.width,
    w.height,
    // an ugoira is one page, whatever number of frame files it has
    w.type === 'ugoira' ? 1 : w.files.length,
    w.ext,
    w.sanityLevel,
    w.xRestrict,
    w.restrict,
    w.aiType,
    w.bookStyle,
    w.totalView,
    w.totalBookmarks,
    w.totalComments,
    w.commentAccessControl,
    seriesId,
    JSON.stringify(w.tools),
    w.frameDelays ? JSON.stringify(w.frameDelays) : null,
  ]
}

/** An item of a series as finishSeries reads it: its position now, and the one the archive recorded. */
export interface SeriesEntry {
  id: number
  series_id: number
  current: number | null
  recorded: number | null
}

/**
 * The works whose series position moves, as [id, position]: each work of a series (`rows` by series, then date, then
 * id) at its recorded position, else at its place by date. Shared by both engines' finishSeries.
 */
export function workSeriesMoves(rows: readonly SeriesEntry[]): [number, number][] {
  const moves: [number, number][] = []
  let series: number | undefined
  let n = 0
  for (const r of rows) {
    if (r.series_id !== series) [series, n] = [r.series_id, 0]
    n++
    const order = r.recorded ?? n
    if (order !== r.current) moves.push([r.id, order])
  }
  return moves
}

/** The 32 hex digits naming a user's (generated) avatar: stable per user id. */
export function profileHashOf(id: number): string {
  let h = 2166136261 ^ id
  let out = ''
  for (let i = 0; i < 4; i++) {
    h = Math.imul(h ^ (h >>> 15), 2246822507) ^ i
    h = Math.imul(h ^ (h >>> 13), 3266489909)
    out += ((h ^ (h >>> 16)) >>> 0).toString(16).padStart(8, '0')
  }
  return out
}

/**
 * A new account's profile hash: its last digit odd, so it has no background (images/paths.ts hasBackground) until it
 * uploads one, as a new pixiv account has none.
 */
export const ownProfileHash = (id: number) => `${profileHashOf(id).slice(0, 31)}1`
