import type pg from 'pg'
import type { BookmarkRepository } from '../../repositories.ts'
import { pending } from './pending.ts'

export function pgBookmarks(_pool: pg.Pool): BookmarkRepository {
  return pending<BookmarkRepository>('bookmarks')
}
