import type pg from 'pg'
import type { TagRepository } from '../../repositories.ts'
import { pending } from './pending.ts'

export function pgTags(_pool: pg.Pool): TagRepository {
  return pending<TagRepository>('tags')
}
