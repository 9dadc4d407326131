import type Database from 'better-sqlite3'
import type {
  NewUpload,
  NovelPostOutcome,
  PostedNovel,
  PostedWork,
  PostingRepository,
  PostOutcome,
  UploadRow,
} from './repositories.ts'
import { coverHashOf } from './library-novel-writer.ts'
import { DROP_HOLDS_OF_ITEM_SQL, KEEP_HELD_AFTER_EDIT_SQL } from './moderation.ts'

// Members' uploads and posted works over SQLite. The PostgreSQL twin is postgres/repositories/posting.ts; the rules
// (who may post what, what the wire's words mean) are the service's (services/posting.ts).

/**
 * Works and series posted here take ids from this one up: past every pixiv id an import may bring (pixiv's are under
 * 200 million), as accounts made here do (accounts.ts).
 */
export const FIRST_OWN_ITEM_ID = 2_000_000_001
/** The meta keys of the last ids given: a deleted work or series never gives its id to another. */
export const LAST_WORK_ID_KEY = 'last_work_id'
export const LAST_SERIES_ID_KEY = 'last_series_id'
export const LAST_NOVEL_ID_KEY = 'last_novel_id'
export const LAST_NOVEL_SERIES_ID_KEY = 'last_novel_series_id'

/** A novel's pages (`[newpage]` splits them) and its length in characters, as the reader counts them. */
export const novelPageCount = (text: string) => text.split('[newpage]').length
export const novelTextLength = (text: string) => [...text].length

/** The uploads a posted novel uses, in order: its cover and its images, each once. */
export const novelUploadIds = (n: PostedNovel) => [
  ...new Set([...(n.coverUploadId === null ? [] : [n.coverUploadId]), ...n.imageUploadIds]),
]
/** Whether an upload may be a novel's image or cover: the user's, a still image, in no work, in no other novel. */
export const usableForNovel = (u: UploadRow | undefined, userId: number, novelId: number | undefined) =>
  u !== undefined &&
  u.user_id === userId &&
  u.frame_delays_json === null &&
  u.work_id === null &&
  (u.novel_id === null || u.novel_id === novelId)

/** A posted page's work_files path: the stored object (storage.ts STORAGE_REF). */
export const pagePath = (key: string) => `storage:${key}`
/**
 * The frame delays a work stores: an ugoira's (those given, one per frame; else, on an edit that keeps its frames, the
 * delays it has, `kept`; else its one ugoira upload's), null for a work of pages; undefined when the uploads do not
 * make the work its type says (refused as `uploads`).
 */
export function frameDelaysOf(
  w: PostedWork,
  uploads: readonly UploadRow[],
  kept: string | null = null,
): number[] | null | undefined {
  const animated = uploads.filter((u) => u.frame_delays_json !== null)
  if (w.type !== 'ugoira') return animated.length === 0 ? null : undefined
  if (uploads.length !== 1 || animated.length !== 1) return undefined
  const own = JSON.parse(animated[0]!.frame_delays_json!) as number[]
  if (w.frameDelays === null) {
    const current = kept === null ? null : (JSON.parse(kept) as number[])
    return current?.length === own.length ? current : own
  }
  return w.frameDelays.length === own.length ? w.frameDelays : undefined
}

/** What a page's work_files row says of its file: an image, or an ugoira's zip of JPEG frames. */
export const pageFileOf = (u: UploadRow) =>
  u.frame_delays_json === null ? { kind: 'image', ext: u.ext } : { kind: 'ugoira-zip', ext: 'zip' }

/** A work's sanity level from its age rating, as gallery-dl's sidecars without one have it (library/gallery-dl.ts). */
export const sanityOf = (xRestrict: number) => (xRestrict > 0 ? 6 : 2)

const UPLOAD_COLUMNS =
  'id, user_id, storage_key, width, height, ext, bytes, created_ts, frame_delays_json, work_id, novel_id'

export function sqlitePosting(db: Database.Database): PostingRepository {
  const p = (sql: string) => db.prepare(sql)
  const metaValue = (key: string) =>
    Number((p('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined)?.value) || 0
  const setMeta = (key: string, value: string) =>
    p('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(key, value)
  const nextId = (table: 'works' | 'illust_series' | 'novels' | 'novel_series', key: string) => {
    const { id } = p(`SELECT MAX(id) AS id FROM ${table} WHERE id >= ?`).get(FIRST_OWN_ITEM_ID) as { id: number | null }
    const next = Math.max(FIRST_OWN_ITEM_ID - 1, id ?? 0, metaValue(key)) + 1
    setMeta(key, String(next))
    return next
  }
  const tagId = (name: string) => {
    const row = p('SELECT id FROM tags WHERE name = ?').get(name) as { id: number } | undefined
    return row?.id ?? Number(p('INSERT INTO tags (name, translated_name) VALUES (?, NULL)').run(name).lastInsertRowid)
  }
  const bumpItemsVersion = () => setMeta('items_version', String(metaValue('items_version') + 1))
  const pagesOf = (workId: number) =>
    p(`SELECT ${UPLOAD_COLUMNS.replace(/(\w+)/g, 'u.$1')} FROM work_files f
       JOIN uploads u ON f.path = 'storage:' || u.storage_key
       WHERE f.work_id = ? AND u.work_id = ? ORDER BY f.page`).all(workId, workId) as UploadRow[]

  /**
   * The series an item goes in: an existing one of the user's, a new one made here by its title, or none; undefined
   * when the one named is not the user's.
   */
  const seriesFor = (
    kind: 'illust' | 'novel',
    wanted: PostedWork['series'],
    userId: number,
    nowTs: number,
    isOriginal = false,
  ): number | null | undefined => {
    if (!wanted) return null
    const table = kind === 'illust' ? 'illust_series' : 'novel_series'
    if ('id' in wanted) {
      const s = p(`SELECT user_id FROM ${table} WHERE id = ?`).get(wanted.id) as { user_id: number } | undefined
      return s?.user_id === userId ? wanted.id : undefined
    }
    const id = nextId(table, kind === 'illust' ? LAST_SERIES_ID_KEY : LAST_NOVEL_SERIES_ID_KEY)
    if (kind === 'illust')
      p(`INSERT INTO illust_series (id, user_id, title, caption, created_ts, cover_token)
         VALUES (?, ?, ?, '', ?, ?)`).run(id, userId, wanted.title, nowTs, `posted-series-${id}`)
    else
      p(`INSERT INTO novel_series (id, user_id, title, caption, is_original, is_concluded, created_ts)
         VALUES (?, ?, ?, '', ?, 0, ?)`).run(id, userId, wanted.title, isOriginal ? 1 : 0, nowTs)
    return id
  }
  /** An item's place in its series: kept while it stays in the same one, else after the series' last. */
  const seriesOrderOf = (kind: 'illust' | 'novel', id: number, seriesId: number | null): number | null => {
    if (seriesId === null) return null
    const table = kind === 'illust' ? 'works' : 'novels'
    const current = p(`SELECT series_id, series_order FROM ${table} WHERE id = ?`).get(id) as
      { series_id: number | null; series_order: number | null } | undefined
    if (current?.series_id === seriesId) return current.series_order
    const last = p(`SELECT MAX(series_order) AS n FROM ${table} WHERE series_id = ?`).get(seriesId) as {
      n: number | null
    }
    return (last.n ?? 0) + 1
  }

  /** An edited ugoira's delays as they are, when it keeps its frames (the same upload). */
  const keptDelays = (workId: number | undefined, uploads: readonly UploadRow[]) =>
    workId !== undefined && uploads.length === 1 && uploads[0]!.work_id === workId
      ? ((p('SELECT frame_delays_json FROM works WHERE id = ?').get(workId) as { frame_delays_json: string | null })
          ?.frame_delays_json ?? null)
      : null

  const post = db.transaction(
    (w: PostedWork, nowTs: number, maxBytes: number, workId: number | undefined): PostOutcome => {
      const before = workId === undefined ? [] : pagesOf(workId)
      if (workId !== undefined) {
        const owner = p('SELECT user_id FROM works WHERE id = ?').get(workId) as { user_id: number } | undefined
        if (!owner || owner.user_id !== w.userId || before.length === 0) return { done: false, why: 'missing' }
      }
      const ids = [...new Set(w.uploadIds)]
      const uploads = ids.map((id) => p(`SELECT ${UPLOAD_COLUMNS} FROM uploads WHERE id = ?`).get(id) as UploadRow)
      const usable = (u: UploadRow | undefined) =>
        u !== undefined && u.user_id === w.userId && u.novel_id === null && (u.work_id === null || u.work_id === workId)
      if (ids.length !== w.uploadIds.length || ids.length === 0 || !uploads.every(usable))
        return { done: false, why: 'uploads' }
      const delays = frameDelaysOf(w, uploads, keptDelays(workId, uploads))
      if (delays === undefined) return { done: false, why: 'uploads' }
      if (uploads.reduce((sum, u) => sum + u.bytes, 0) > maxBytes) return { done: false, why: 'size' }

      const seriesId = seriesFor('illust', w.series, w.userId, nowTs)
      if (seriesId === undefined) return { done: false, why: 'series' }
      const first = uploads[0]!
      const id = workId ?? nextId('works', LAST_WORK_ID_KEY)
      const seriesOrder = seriesOrderOf('illust', id, seriesId)
      const fields = [
        w.type,
        w.title,
        w.caption,
        first.width,
        first.height,
        uploads.length,
        delays ? 'jpg' : first.ext,
        sanityOf(w.xRestrict),
        w.xRestrict,
        w.restrict,
        w.aiType,
        w.bookStyle,
        w.commentAccessControl,
        seriesId,
        seriesOrder,
        delays ? JSON.stringify(delays) : null,
      ]
      if (workId === undefined)
        p(`INSERT INTO works (type, title, caption, width, height, page_count, ext, sanity_level, x_restrict, restrict,
             ai_type, book_style, comment_access_control, series_id, series_order, frame_delays_json, id, user_id,
             created_ts, total_view, total_bookmarks, total_comments, tools_json, restricted_mode, male_share)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, 0, '[]', 0, 50)`).run(
          ...fields,
          id,
          w.userId,
          nowTs,
        )
      else
        p(`UPDATE works SET type = ?, title = ?, caption = ?, width = ?, height = ?, page_count = ?, ext = ?,
             sanity_level = ?, x_restrict = ?, restrict = ?, ai_type = ?, book_style = ?, comment_access_control = ?,
             series_id = ?, series_order = ?, frame_delays_json = ? WHERE id = ?`).run(...fields, id)
      for (const sql of KEEP_HELD_AFTER_EDIT_SQL('illust')) p(sql).run({ target: id })

      p('DELETE FROM work_tags WHERE work_id = ?').run(id)
      const tags = [...new Set(w.tags)]
      tags.forEach((name, pos) =>
        p('INSERT INTO work_tags (work_id, pos, tag_id) VALUES (?, ?, ?)').run(id, pos, tagId(name)),
      )
      p('DELETE FROM work_files WHERE work_id = ?').run(id)
      uploads.forEach((u, page) => {
        p(`INSERT INTO work_files (work_id, page, path, kind, width, height, ext, bytes, mtime_ms)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(
          id,
          page,
          pagePath(u.storage_key),
          pageFileOf(u).kind,
          u.width,
          u.height,
          pageFileOf(u).ext,
          u.bytes,
          u.created_ts * 1000,
        )
        p('UPDATE uploads SET work_id = ? WHERE id = ?').run(id, u.id)
      })
      const kept = new Set(ids)
      const removed = before.filter((u) => !kept.has(u.id))
      for (const u of removed) p('DELETE FROM uploads WHERE id = ?').run(u.id)
      bumpItemsVersion()
      return { done: true, id, removedKeys: removed.map((u) => u.storage_key) }
    },
  )

  const remove = db.transaction((workId: number, userId: number | null) => {
    const work = p('SELECT user_id FROM works WHERE id = ?').get(workId) as { user_id: number } | undefined
    const pages = pagesOf(workId)
    if (!work || pages.length === 0 || (userId !== null && work.user_id !== userId)) return null
    const bookmarkers = (
      p('SELECT user_id FROM illust_bookmarks WHERE item_id = ?').all(workId) as { user_id: number }[]
    ).map((r) => r.user_id)
    p('DELETE FROM illust_bookmark_tags WHERE bookmark_id IN (SELECT id FROM illust_bookmarks WHERE item_id = ?)').run(
      workId,
    )
    p(DROP_HOLDS_OF_ITEM_SQL('illust')).run({ target: workId })
    p('DELETE FROM illust_bookmarks WHERE item_id = ?').run(workId)
    p("DELETE FROM comments WHERE kind = 'illust' AND item_id = ?").run(workId)
    p('DELETE FROM work_activity WHERE work_id = ?').run(workId)
    p('DELETE FROM work_tags WHERE work_id = ?').run(workId)
    p('DELETE FROM work_files WHERE work_id = ?').run(workId)
    p('DELETE FROM uploads WHERE work_id = ?').run(workId)
    p('DELETE FROM works WHERE id = ?').run(workId)
    bumpItemsVersion()
    return { keys: pages.map((u) => u.storage_key), bookmarkers }
  })

  const postNovel = db.transaction((n: PostedNovel, nowTs: number, novelId: number | undefined): NovelPostOutcome => {
    if (novelId !== undefined) {
      const owner = p('SELECT user_id FROM novels WHERE id = ?').get(novelId) as { user_id: number } | undefined
      if (!owner || owner.user_id !== n.userId || novelId < FIRST_OWN_ITEM_ID) return { done: false, why: 'missing' }
    }
    const before =
      novelId === undefined
        ? []
        : (p(`SELECT ${UPLOAD_COLUMNS} FROM uploads WHERE novel_id = ?`).all(novelId) as UploadRow[])
    const ids = novelUploadIds(n)
    const found = new Map(
      ids.map((id) => [id, p(`SELECT ${UPLOAD_COLUMNS} FROM uploads WHERE id = ?`).get(id) as UploadRow | undefined]),
    )
    if (!ids.every((id) => usableForNovel(found.get(id), n.userId, novelId))) return { done: false, why: 'uploads' }

    const seriesId = seriesFor('novel', n.series, n.userId, nowTs, n.isOriginal)
    if (seriesId === undefined) return { done: false, why: 'series' }
    const id = novelId ?? nextId('novels', LAST_NOVEL_ID_KEY)
    const seriesOrder = seriesOrderOf('novel', id, seriesId)
    const cover = n.coverUploadId === null ? undefined : found.get(n.coverUploadId)!
    const coverFile = cover && {
      path: pagePath(cover.storage_key),
      bytes: cover.bytes,
      mtimeMs: cover.created_ts * 1000,
    }
    const fields = [
      n.title,
      n.caption,
      n.restrict,
      n.xRestrict,
      n.isOriginal ? 1 : 0,
      n.aiType,
      novelPageCount(n.text),
      novelTextLength(n.text),
      seriesId,
      seriesOrder,
      coverFile ? coverHashOf(id, coverFile) : null,
    ]
    if (novelId === undefined)
      p(`INSERT INTO novels (title, caption, restrict, x_restrict, is_original, ai_type, page_count, text_length,
           series_id, series_order, cover_hash, id, user_id, created_ts, total_view, total_bookmarks, total_comments)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, 0)`).run(...fields, id, n.userId, nowTs)
    else
      p(`UPDATE novels SET title = ?, caption = ?, restrict = ?, x_restrict = ?, is_original = ?, ai_type = ?,
           page_count = ?, text_length = ?, series_id = ?, series_order = ?, cover_hash = ? WHERE id = ?`).run(
        ...fields,
        id,
      )
    for (const sql of KEEP_HELD_AFTER_EDIT_SQL('novel')) p(sql).run({ target: id })
    p('INSERT OR REPLACE INTO novel_texts (novel_id, text) VALUES (?, ?)').run(id, n.text)
    p('DELETE FROM novel_tags WHERE novel_id = ?').run(id)
    ;[...new Set(n.tags)].forEach((name, pos) =>
      p('INSERT INTO novel_tags (novel_id, pos, tag_id, by_author) VALUES (?, ?, ?, 1)').run(id, pos, tagId(name)),
    )
    p('DELETE FROM novel_images WHERE novel_id = ?').run(id)
    p('DELETE FROM novel_files WHERE novel_id = ?').run(id)
    const file = p(`INSERT INTO novel_files (novel_id, role, image_id, path, width, height, ext, bytes, mtime_ms)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`)
    if (cover)
      file.run(
        id,
        'cover',
        0,
        pagePath(cover.storage_key),
        cover.width,
        cover.height,
        cover.ext,
        cover.bytes,
        cover.created_ts * 1000,
      )
    for (const imageId of new Set(n.imageUploadIds)) {
      const u = found.get(imageId)!
      p('INSERT INTO novel_images (novel_id, image_id, width, height) VALUES (?, ?, ?, ?)').run(
        id,
        imageId,
        u.width,
        u.height,
      )
      file.run(id, 'image', imageId, pagePath(u.storage_key), u.width, u.height, u.ext, u.bytes, u.created_ts * 1000)
    }
    for (const upload of ids) p('UPDATE uploads SET novel_id = ? WHERE id = ?').run(id, upload)
    const kept = new Set(ids)
    const removed = before.filter((u) => !kept.has(u.id))
    for (const u of removed) p('DELETE FROM uploads WHERE id = ?').run(u.id)
    bumpItemsVersion()
    return { done: true, id, removedKeys: removed.map((u) => u.storage_key) }
  })

  const removeNovel = db.transaction((novelId: number, userId: number | null) => {
    const novel = p('SELECT user_id FROM novels WHERE id = ?').get(novelId) as { user_id: number } | undefined
    if (!novel || novelId < FIRST_OWN_ITEM_ID || (userId !== null && novel.user_id !== userId)) return null
    const keys = (
      p('SELECT storage_key FROM uploads WHERE novel_id = ?').all(novelId) as { storage_key: string }[]
    ).map((r) => r.storage_key)
    const bookmarkers = (
      p('SELECT user_id FROM novel_bookmarks WHERE item_id = ?').all(novelId) as { user_id: number }[]
    ).map((r) => r.user_id)
    p('DELETE FROM novel_bookmark_tags WHERE bookmark_id IN (SELECT id FROM novel_bookmarks WHERE item_id = ?)').run(
      novelId,
    )
    p(DROP_HOLDS_OF_ITEM_SQL('novel')).run({ target: novelId })
    for (const sql of [
      'DELETE FROM novel_bookmarks WHERE item_id = ?',
      "DELETE FROM comments WHERE kind = 'novel' AND item_id = ?",
      'DELETE FROM novel_activity WHERE novel_id = ?',
      'DELETE FROM novel_tags WHERE novel_id = ?',
      'DELETE FROM novel_images WHERE novel_id = ?',
      'DELETE FROM novel_files WHERE novel_id = ?',
      'DELETE FROM novel_texts WHERE novel_id = ?',
      'DELETE FROM uploads WHERE novel_id = ?',
      'DELETE FROM novels WHERE id = ?',
    ])
      p(sql).run(novelId)
    bumpItemsVersion()
    return { keys, bookmarkers }
  })

  const dropUnused = db.transaction((ids: number[]) =>
    ids.flatMap((id) => {
      const row = p(
        'DELETE FROM uploads WHERE id = ? AND work_id IS NULL AND novel_id IS NULL RETURNING storage_key',
      ).get(id) as { storage_key: string } | undefined
      return row ? [row.storage_key] : []
    }),
  )

  return {
    addUpload: async (u: NewUpload) =>
      p(`INSERT INTO uploads (user_id, storage_key, width, height, ext, bytes, created_ts, frame_delays_json)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING ${UPLOAD_COLUMNS}`).get(
        u.user_id,
        u.storage_key,
        u.width,
        u.height,
        u.ext,
        u.bytes,
        u.created_ts,
        u.frame_delays_json,
      ) as UploadRow,
    pages: async (workId) => pagesOf(workId),
    // IMMEDIATE: the checks of the uploads and the ids given see no other writer between them and the writes
    post: async (w, nowTs, maxBytes, workId) => post.immediate(w, nowTs, maxBytes, workId),
    remove: async (workId, userId) => remove.immediate(workId, userId),
    unused: async (beforeTs, limit) =>
      p(
        `SELECT ${UPLOAD_COLUMNS} FROM uploads WHERE work_id IS NULL AND novel_id IS NULL AND created_ts < ? ORDER BY created_ts LIMIT ?`,
      ).all(beforeTs, limit) as UploadRow[],
    dropUnused: async (ids) => dropUnused.immediate(ids),
    postNovel: async (n, nowTs, novelId) => postNovel.immediate(n, nowTs, novelId),
    removeNovel: async (novelId, userId) => removeNovel.immediate(novelId, userId),
    novelSource: async (novelId) => {
      if (novelId < FIRST_OWN_ITEM_ID) return undefined
      const row = p(`SELECT n.user_id, t.text, (SELECT u.id FROM novel_files f JOIN uploads u
            ON f.path = 'storage:' || u.storage_key WHERE f.novel_id = n.id AND f.role = 'cover') AS cover_upload_id
          FROM novels n JOIN novel_texts t ON t.novel_id = n.id WHERE n.id = ?`).get(novelId)
      return row as { user_id: number; text: string; cover_upload_id: number | null } | undefined
    },
    knownKeys: async (keys) => {
      const known = new Set<string>()
      for (const key of keys) if (p('SELECT 1 FROM uploads WHERE storage_key = ?').get(key)) known.add(key)
      return known
    },
  }
}
