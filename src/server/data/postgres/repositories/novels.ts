import type pg from 'pg'
import type { NovelRow } from '../../store.ts'
import type { NovelFileRow } from '../../library-files.ts'
import type { NovelRepository } from '../../repositories.ts'
import { row, rows } from '../pool.ts'
import { isLibrary, pgItems } from './items.ts'
import { FIRST_OWN_ITEM_ID } from '../../posting.ts'

// Novels over PostgreSQL: store.ts's novel reads (row, text, images), library-files.ts's imported files.

export function pgNovels(pool: pg.Pool): NovelRepository {
  return {
    ...pgItems<NovelRow>(pool, 'novel'),
    text: async (id) =>
      (await row<{ text: string }>(pool, 'SELECT text FROM novel_texts WHERE novel_id = $1', [id]))?.text,
    images: (id) =>
      rows<{ image_id: number; width: number; height: number }>(
        pool,
        'SELECT image_id, width, height FROM novel_images WHERE novel_id = $1 ORDER BY image_id',
        [id],
      ),
    async files(id) {
      // a demo novel has no files; one posted here (an id of its own) or imported may
      if (id < FIRST_OWN_ITEM_ID && !(await isLibrary(pool))) return []
      return rows<NovelFileRow>(
        pool,
        `SELECT role, image_id, path, width, height, ext, bytes, mtime_ms FROM novel_files WHERE novel_id = $1
         ORDER BY role, image_id`,
        [id],
      )
    },
  }
}
