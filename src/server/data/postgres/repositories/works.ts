import type pg from 'pg'
import type { WorkRow } from '../../store.ts'
import type { WorkFileRow } from '../../library-files.ts'
import type { WorkRepository } from '../../repositories.ts'
import { rows } from '../pool.ts'
import { callerParams, ids, isLibrary, pgItems, VISIBLE } from './items.ts'
import { FIRST_OWN_ITEM_ID } from '../../posting.ts'

// Works over PostgreSQL: store.ts's work reads and related list, library-files.ts's imported files.

type Video = { ext: string; width: number; height: number }

/** Whether any of these works may have files: any in a library; on the demo, only works posted here (their ids). */
const mayHaveFiles = async (pool: pg.Pool, list: readonly number[]) =>
  list.some((id) => id >= FIRST_OWN_ITEM_ID) || (await isLibrary(pool))

export function pgWorks(pool: pg.Pool): WorkRepository {
  const videos = async (list: readonly number[]) => {
    const out = new Map<number, Video>()
    if (list.length === 0 || !(await isLibrary(pool))) return out
    for (const r of await rows<Video & { work_id: number }>(
      pool,
      `SELECT work_id, ext, width, height FROM work_files WHERE work_id = ANY($1::bigint[]) AND kind = 'ugoira-video'`,
      [list],
    ))
      out.set(r.work_id, { ext: r.ext, width: r.width, height: r.height })
    return out
  }
  return {
    ...pgItems<WorkRow>(pool, 'illust'),
    related: (workId, caller, limit) =>
      ids(
        pool,
        // as SQLite: a work that is gone (its tags left behind) has no author, so every overlap is NULL, and NULLs
        // sort last
        `WITH seed AS (SELECT tag_id FROM work_tags WHERE work_id = $3),
              author AS (SELECT user_id FROM works WHERE id = $3)
         SELECT w.id,
                (SELECT COUNT(*) FROM work_tags x WHERE x.work_id = w.id AND x.tag_id IN (SELECT tag_id FROM seed))
                + 2 * (w.user_id = (SELECT user_id FROM author))::int AS overlap
         FROM works w
         WHERE w.id != $3 AND w.id IN (SELECT work_id FROM work_tags WHERE tag_id IN (SELECT tag_id FROM seed)
                                       UNION SELECT id FROM works WHERE user_id = (SELECT user_id FROM author))
           AND ${VISIBLE}
         ORDER BY overlap DESC NULLS LAST, w.total_bookmarks DESC, w.id DESC LIMIT $4`,
        [...callerParams(caller), workId, limit],
      ),
    async pageExts(list) {
      const out = new Map<number, string[]>()
      if (list.length === 0 || !(await mayHaveFiles(pool, list))) return out
      for (const r of await rows<{ work_id: number; page: number; ext: string }>(
        pool,
        `SELECT work_id, page, ext FROM work_files WHERE work_id = ANY($1::bigint[]) AND kind = 'image'
         ORDER BY work_id, page`,
        [list],
      )) {
        let exts = out.get(r.work_id)
        if (!exts) out.set(r.work_id, (exts = []))
        exts[r.page] = r.ext
      }
      return out
    },
    videos,
    ugoiraVideo: async (id) => (await videos([id])).get(id),
    async files(id) {
      if (!(await mayHaveFiles(pool, [id]))) return []
      return rows<WorkFileRow>(
        pool,
        'SELECT page, path, kind, width, height, ext, bytes, mtime_ms FROM work_files WHERE work_id = $1 ORDER BY page',
        [id],
      )
    },
  }
}
