import type pg from 'pg'
import type { WorkRepository } from '../../repositories.ts'
import { pending } from './pending.ts'

export function pgWorks(_pool: pg.Pool): WorkRepository {
  return pending<WorkRepository>('works')
}
