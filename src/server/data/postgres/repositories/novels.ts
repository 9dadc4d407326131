import type pg from 'pg'
import type { NovelRepository } from '../../repositories.ts'
import { pending } from './pending.ts'

export function pgNovels(_pool: pg.Pool): NovelRepository {
  return pending<NovelRepository>('novels')
}
