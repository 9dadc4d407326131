import type pg from 'pg'
import type { NovelPostOutcome, PostedWork, PostingRepository, PostOutcome, UploadRow } from '../../repositories.ts'
import { coverHashOf } from '../../library-novel-writer.ts'
import { DROP_HOLDS_OF_ITEM_SQL, KEEP_HELD_AFTER_EDIT_SQL } from '../../moderation.ts'
import {
  FIRST_OWN_ITEM_ID,
  frameDelaysOf,
  LAST_NOVEL_ID_KEY,
  LAST_NOVEL_SERIES_ID_KEY,
  LAST_SERIES_ID_KEY,
  LAST_WORK_ID_KEY,
  novelPageCount,
  novelTextLength,
  novelUploadIds,
  usableForNovel,
  pageFileOf,
  pagePath,
  sanityOf,
} from '../../posting.ts'
import { row, rows, transaction } from '../pool.ts'

// Members' uploads and posted works over PostgreSQL: the SQL of ../../posting.ts. A post, an edit and a deletion take
// one transaction-scoped advisory lock, so two at once (on any instances) come out one after the other: ids are given
// once, an upload joins one work. Reads go on beside them.

/** The advisory lock of posting's writes (any number; this one spells "easelpst"). */
const POSTING_LOCK = 0x656173656c707374n

const UPLOAD_COLUMNS =
  'id, user_id, storage_key, width, height, ext, bytes, created_ts, frame_delays_json, work_id, novel_id'

type Db = pg.ClientBase | pg.Pool

const upsertMeta = (db: Db, key: string, value: string) =>
  db.query('INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value', [
    key,
    value,
  ])

async function nextId(
  c: Db,
  table: 'works' | 'illust_series' | 'novels' | 'novel_series',
  key: string,
): Promise<number> {
  const { id } = (await row<{ id: number }>(
    c,
    `SELECT GREATEST($1::bigint - 1,
       (SELECT MAX(id) FROM ${table} WHERE id >= $1),
       (SELECT CASE WHEN value ~ '^[0-9]{1,15}$' THEN value::bigint END FROM meta WHERE key = $2)) + 1 AS id`,
    [FIRST_OWN_ITEM_ID, key],
  ))!
  await upsertMeta(c, key, String(id))
  return id
}

async function tagId(c: Db, name: string): Promise<number> {
  const made = await row<{ id: number }>(
    c,
    'INSERT INTO tags (name, translated_name) VALUES ($1, NULL) ON CONFLICT (name) DO NOTHING RETURNING id',
    [name],
  )
  return made?.id ?? (await row<{ id: number }>(c, 'SELECT id FROM tags WHERE name = $1', [name]))!.id
}

const bumpItemsVersion = (c: Db) =>
  c.query(`INSERT INTO meta (key, value) VALUES ('items_version', '1') ON CONFLICT (key) DO UPDATE
    SET value = (CASE WHEN meta.value ~ '^[0-9]{1,15}$' THEN meta.value::bigint ELSE 0 END + 1)::text`)

const pagesOf = (c: Db, workId: number) =>
  rows<UploadRow>(
    c,
    `SELECT ${UPLOAD_COLUMNS.replace(/(\w+)/g, 'u.$1')} FROM work_files f
     JOIN uploads u ON f.path = 'storage:' || u.storage_key
     WHERE f.work_id = $1 AND u.work_id = $1 ORDER BY f.page`,
    [workId],
  )

/**
 * The series an item goes in: an existing one of the user's, a new one made here by its title, or none; undefined
 * when the one named is not the user's.
 */
async function seriesFor(
  c: Db,
  kind: 'illust' | 'novel',
  wanted: PostedWork['series'],
  userId: number,
  nowTs: number,
  isOriginal = false,
): Promise<number | null | undefined> {
  if (!wanted) return null
  const table = kind === 'illust' ? 'illust_series' : 'novel_series'
  if ('id' in wanted) {
    const s = await row<{ user_id: number }>(c, `SELECT user_id FROM ${table} WHERE id = $1`, [wanted.id])
    return s?.user_id === userId ? wanted.id : undefined
  }
  const id = await nextId(c, table, kind === 'illust' ? LAST_SERIES_ID_KEY : LAST_NOVEL_SERIES_ID_KEY)
  if (kind === 'illust')
    await c.query(
      `INSERT INTO illust_series (id, user_id, title, caption, created_ts, cover_token) VALUES ($1, $2, $3, '', $4, $5)`,
      [id, userId, wanted.title, nowTs, `posted-series-${id}`],
    )
  else
    await c.query(
      `INSERT INTO novel_series (id, user_id, title, caption, is_original, is_concluded, created_ts)
       VALUES ($1, $2, $3, '', $4, 0, $5)`,
      [id, userId, wanted.title, isOriginal ? 1 : 0, nowTs],
    )
  return id
}

/** An item's place in its series: kept while it stays in the same one, else after the series' last. */
async function seriesOrderOf(c: Db, kind: 'illust' | 'novel', id: number, seriesId: number | null) {
  if (seriesId === null) return null
  const table = kind === 'illust' ? 'works' : 'novels'
  const current = await row<{ series_id: number | null; series_order: number | null }>(
    c,
    `SELECT series_id, series_order FROM ${table} WHERE id = $1`,
    [id],
  )
  if (current?.series_id === seriesId) return current.series_order
  const last = await row<{ n: number | null }>(c, `SELECT MAX(series_order) AS n FROM ${table} WHERE series_id = $1`, [
    seriesId,
  ])
  return (last!.n ?? 0) + 1
}

export function pgPosting(pool: pg.Pool): PostingRepository {
  return {
    addUpload: async (u) =>
      (await row<UploadRow>(
        pool,
        `INSERT INTO uploads (user_id, storage_key, width, height, ext, bytes, created_ts, frame_delays_json)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${UPLOAD_COLUMNS}`,
        [u.user_id, u.storage_key, u.width, u.height, u.ext, u.bytes, u.created_ts, u.frame_delays_json],
      ))!,

    pages: (workId) => pagesOf(pool, workId),

    post: (w, nowTs, maxBytes, workId) =>
      transaction(pool, async (c): Promise<PostOutcome> => {
        await c.query('SELECT pg_advisory_xact_lock($1)', [POSTING_LOCK.toString()])
        const before = workId === undefined ? [] : await pagesOf(c, workId)
        if (workId !== undefined) {
          const owner = await row<{ user_id: number }>(c, 'SELECT user_id FROM works WHERE id = $1', [workId])
          if (!owner || owner.user_id !== w.userId || before.length === 0) return { done: false, why: 'missing' }
        }
        const ids = [...new Set(w.uploadIds)]
        const found = new Map(
          (await rows<UploadRow>(c, `SELECT ${UPLOAD_COLUMNS} FROM uploads WHERE id = ANY($1::bigint[])`, [ids])).map(
            (u) => [u.id, u],
          ),
        )
        const uploads = ids.map((id) => found.get(id))
        const usable = (u: UploadRow | undefined): u is UploadRow =>
          u !== undefined &&
          u.user_id === w.userId &&
          u.novel_id === null &&
          (u.work_id === null || u.work_id === workId)
        if (ids.length !== w.uploadIds.length || ids.length === 0 || !uploads.every(usable))
          return { done: false, why: 'uploads' }
        const pages = uploads as UploadRow[]
        const keptDelays =
          workId !== undefined && pages.length === 1 && pages[0]!.work_id === workId
            ? ((
                await row<{ frame_delays_json: string | null }>(
                  c,
                  'SELECT frame_delays_json FROM works WHERE id = $1',
                  [workId],
                )
              )?.frame_delays_json ?? null)
            : null
        const delays = frameDelaysOf(w, pages, keptDelays)
        if (delays === undefined) return { done: false, why: 'uploads' }
        if (pages.reduce((sum, u) => sum + u.bytes, 0) > maxBytes) return { done: false, why: 'size' }

        const seriesId = await seriesFor(c, 'illust', w.series, w.userId, nowTs)
        if (seriesId === undefined) return { done: false, why: 'series' }
        const first = pages[0]!
        const id = workId ?? (await nextId(c, 'works', LAST_WORK_ID_KEY))
        const seriesOrder = await seriesOrderOf(c, 'illust', id, seriesId)
        const fields = [
          w.type,
          w.title,
          w.caption,
          first.width,
          first.height,
          pages.length,
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
          await c.query(
            `INSERT INTO works (type, title, caption, width, height, page_count, ext, sanity_level, x_restrict,
               restrict, ai_type, book_style, comment_access_control, series_id, series_order, frame_delays_json, id,
               user_id, created_ts, total_view, total_bookmarks, total_comments, tools_json, restricted_mode, male_share)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, 0, 0, 0,
               '[]', 0, 50)`,
            [...fields, id, w.userId, nowTs],
          )
        else
          await c.query(
            `UPDATE works SET type = $1, title = $2, caption = $3, width = $4, height = $5, page_count = $6, ext = $7,
               sanity_level = $8, x_restrict = $9, restrict = $10, ai_type = $11, book_style = $12,
               comment_access_control = $13, series_id = $14, series_order = $15, frame_delays_json = $16
             WHERE id = $17`,
            [...fields, id],
          )
        for (const sql of KEEP_HELD_AFTER_EDIT_SQL('illust')) await c.query(sql.replaceAll('@target', '$1'), [id])

        await c.query('DELETE FROM work_tags WHERE work_id = $1', [id])
        let pos = 0
        for (const name of new Set(w.tags))
          await c.query('INSERT INTO work_tags (work_id, pos, tag_id) VALUES ($1, $2, $3)', [
            id,
            pos++,
            await tagId(c, name),
          ])
        await c.query('DELETE FROM work_files WHERE work_id = $1', [id])
        for (const [page, u] of pages.entries()) {
          await c.query(
            `INSERT INTO work_files (work_id, page, path, kind, width, height, ext, bytes, mtime_ms)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
            [
              id,
              page,
              pagePath(u.storage_key),
              pageFileOf(u).kind,
              u.width,
              u.height,
              pageFileOf(u).ext,
              u.bytes,
              u.created_ts * 1000,
            ],
          )
        }
        await c.query('UPDATE uploads SET work_id = $1 WHERE id = ANY($2::bigint[])', [id, ids])
        const kept = new Set(ids)
        const removed = before.filter((u) => !kept.has(u.id))
        await c.query('DELETE FROM uploads WHERE id = ANY($1::bigint[])', [removed.map((u) => u.id)])
        await bumpItemsVersion(c)
        return { done: true, id, removedKeys: removed.map((u) => u.storage_key) }
      }),

    remove: (workId, userId) =>
      transaction(pool, async (c) => {
        await c.query('SELECT pg_advisory_xact_lock($1)', [POSTING_LOCK.toString()])
        const work = await row<{ user_id: number }>(c, 'SELECT user_id FROM works WHERE id = $1', [workId])
        const pages = await pagesOf(c, workId)
        if (!work || pages.length === 0 || (userId !== null && work.user_id !== userId)) return null
        const bookmarkers = (
          await rows<{ user_id: number }>(c, 'SELECT user_id FROM illust_bookmarks WHERE item_id = $1', [workId])
        ).map((r) => r.user_id)
        await c.query(
          'DELETE FROM illust_bookmark_tags WHERE bookmark_id IN (SELECT id FROM illust_bookmarks WHERE item_id = $1)',
          [workId],
        )
        for (const sql of [
          DROP_HOLDS_OF_ITEM_SQL('illust').replaceAll('@target', '$1'),
          'DELETE FROM illust_bookmarks WHERE item_id = $1',
          "DELETE FROM comments WHERE kind = 'illust' AND item_id = $1",
          'DELETE FROM work_activity WHERE work_id = $1',
          'DELETE FROM work_tags WHERE work_id = $1',
          'DELETE FROM work_files WHERE work_id = $1',
          'DELETE FROM uploads WHERE work_id = $1',
          'DELETE FROM works WHERE id = $1',
        ])
          await c.query(sql, [workId])
        await bumpItemsVersion(c)
        return { keys: pages.map((u) => u.storage_key), bookmarkers }
      }),

    postNovel: (n, nowTs, novelId) =>
      transaction(pool, async (c): Promise<NovelPostOutcome> => {
        await c.query('SELECT pg_advisory_xact_lock($1)', [POSTING_LOCK.toString()])
        if (novelId !== undefined) {
          const owner = await row<{ user_id: number }>(c, 'SELECT user_id FROM novels WHERE id = $1', [novelId])
          if (!owner || owner.user_id !== n.userId || novelId < FIRST_OWN_ITEM_ID)
            return { done: false, why: 'missing' }
        }
        const before =
          novelId === undefined
            ? []
            : await rows<UploadRow>(c, `SELECT ${UPLOAD_COLUMNS} FROM uploads WHERE novel_id = $1`, [novelId])
        const ids = novelUploadIds(n)
        const found = new Map(
          (await rows<UploadRow>(c, `SELECT ${UPLOAD_COLUMNS} FROM uploads WHERE id = ANY($1::bigint[])`, [ids])).map(
            (u) => [u.id, u],
          ),
        )
        if (!ids.every((id) => usableForNovel(found.get(id), n.userId, novelId))) return { done: false, why: 'uploads' }

        const seriesId = await seriesFor(c, 'novel', n.series, n.userId, nowTs, n.isOriginal)
        if (seriesId === undefined) return { done: false, why: 'series' }
        const id = novelId ?? (await nextId(c, 'novels', LAST_NOVEL_ID_KEY))
        const seriesOrder = await seriesOrderOf(c, 'novel', id, seriesId)
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
          await c.query(
            `INSERT INTO novels (title, caption, restrict, x_restrict, is_original, ai_type, page_count, text_length,
               series_id, series_order, cover_hash, id, user_id, created_ts, total_view, total_bookmarks, total_comments)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, 0, 0, 0)`,
            [...fields, id, n.userId, nowTs],
          )
        else
          await c.query(
            `UPDATE novels SET title = $1, caption = $2, restrict = $3, x_restrict = $4, is_original = $5, ai_type = $6,
               page_count = $7, text_length = $8, series_id = $9, series_order = $10, cover_hash = $11 WHERE id = $12`,
            [...fields, id],
          )
        for (const sql of KEEP_HELD_AFTER_EDIT_SQL('novel')) await c.query(sql.replaceAll('@target', '$1'), [id])
        await c.query(
          `INSERT INTO novel_texts (novel_id, text) VALUES ($1, $2)
           ON CONFLICT (novel_id) DO UPDATE SET text = EXCLUDED.text`,
          [id, n.text],
        )
        await c.query('DELETE FROM novel_tags WHERE novel_id = $1', [id])
        let pos = 0
        for (const name of new Set(n.tags))
          await c.query('INSERT INTO novel_tags (novel_id, pos, tag_id, by_author) VALUES ($1, $2, $3, 1)', [
            id,
            pos++,
            await tagId(c, name),
          ])
        await c.query('DELETE FROM novel_images WHERE novel_id = $1', [id])
        await c.query('DELETE FROM novel_files WHERE novel_id = $1', [id])
        const file = (role: string, imageId: number, u: UploadRow) =>
          c.query(
            `INSERT INTO novel_files (novel_id, role, image_id, path, width, height, ext, bytes, mtime_ms)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
            [id, role, imageId, pagePath(u.storage_key), u.width, u.height, u.ext, u.bytes, u.created_ts * 1000],
          )
        if (cover) await file('cover', 0, cover)
        for (const imageId of new Set(n.imageUploadIds)) {
          const u = found.get(imageId)!
          await c.query('INSERT INTO novel_images (novel_id, image_id, width, height) VALUES ($1, $2, $3, $4)', [
            id,
            imageId,
            u.width,
            u.height,
          ])
          await file('image', imageId, u)
        }
        await c.query('UPDATE uploads SET novel_id = $1 WHERE id = ANY($2::bigint[])', [id, ids])
        const kept = new Set(ids)
        const removed = before.filter((u) => !kept.has(u.id))
        await c.query('DELETE FROM uploads WHERE id = ANY($1::bigint[])', [removed.map((u) => u.id)])
        await bumpItemsVersion(c)
        return { done: true, id, removedKeys: removed.map((u) => u.storage_key) }
      }),

    novelSource: async (novelId) => {
      if (novelId < FIRST_OWN_ITEM_ID) return undefined
      return row<{ user_id: number; text: string; cover_upload_id: number | null }>(
        pool,
        `SELECT n.user_id, t.text, (SELECT u.id FROM novel_files f JOIN uploads u
            ON f.path = 'storage:' || u.storage_key WHERE f.novel_id = n.id AND f.role = 'cover') AS cover_upload_id
         FROM novels n JOIN novel_texts t ON t.novel_id = n.id WHERE n.id = $1`,
        [novelId],
      )
    },

    removeNovel: (novelId, userId) =>
      transaction(pool, async (c) => {
        await c.query('SELECT pg_advisory_xact_lock($1)', [POSTING_LOCK.toString()])
        const novel = await row<{ user_id: number }>(c, 'SELECT user_id FROM novels WHERE id = $1', [novelId])
        if (!novel || novelId < FIRST_OWN_ITEM_ID || (userId !== null && novel.user_id !== userId)) return null
        const keys = (
          await rows<{ storage_key: string }>(c, 'SELECT storage_key FROM uploads WHERE novel_id = $1', [novelId])
        ).map((r) => r.storage_key)
        const bookmarkers = (
          await rows<{ user_id: number }>(c, 'SELECT user_id FROM novel_bookmarks WHERE item_id = $1', [novelId])
        ).map((r) => r.user_id)
        await c.query(
          'DELETE FROM novel_bookmark_tags WHERE bookmark_id IN (SELECT id FROM novel_bookmarks WHERE item_id = $1)',
          [novelId],
        )
        for (const sql of [
          DROP_HOLDS_OF_ITEM_SQL('novel').replaceAll('@target', '$1'),
          'DELETE FROM novel_bookmarks WHERE item_id = $1',
          "DELETE FROM comments WHERE kind = 'novel' AND item_id = $1",
          'DELETE FROM novel_activity WHERE novel_id = $1',
          'DELETE FROM novel_tags WHERE novel_id = $1',
          'DELETE FROM novel_images WHERE novel_id = $1',
          'DELETE FROM novel_files WHERE novel_id = $1',
          'DELETE FROM novel_texts WHERE novel_id = $1',
          'DELETE FROM uploads WHERE novel_id = $1',
          'DELETE FROM novels WHERE id = $1',
        ])
          await c.query(sql, [novelId])
        await bumpItemsVersion(c)
        return { keys, bookmarkers }
      }),

    unused: (beforeTs, limit) =>
      rows<UploadRow>(
        pool,
        `SELECT ${UPLOAD_COLUMNS} FROM uploads WHERE work_id IS NULL AND novel_id IS NULL AND created_ts < $1 ORDER BY created_ts LIMIT $2`,
        [beforeTs, limit],
      ),

    dropUnused: async (ids) =>
      (
        await rows<{ storage_key: string }>(
          pool,
          'DELETE FROM uploads WHERE id = ANY($1::bigint[]) AND work_id IS NULL AND novel_id IS NULL RETURNING storage_key',
          [ids],
        )
      ).map((r) => r.storage_key),

    knownKeys: async (keys) =>
      new Set(
        (
          await rows<{ storage_key: string }>(pool, 'SELECT storage_key FROM uploads WHERE storage_key = ANY($1)', [
            keys,
          ])
        ).map((r) => r.storage_key),
      ),
  }
}
