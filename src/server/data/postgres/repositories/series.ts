import type pg from 'pg'
import type { SeriesRepository } from '../../repositories.ts'
import { pending } from './pending.ts'

export function pgSeries(_pool: pg.Pool): SeriesRepository {
  return pending<SeriesRepository>('series')
}
