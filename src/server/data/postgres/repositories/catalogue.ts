import type pg from 'pg'
import type { CatalogueRepository } from '../../repositories.ts'
import { pending } from './pending.ts'

export function pgCatalogue(_pool: pg.Pool): CatalogueRepository {
  return pending<CatalogueRepository>('catalogue')
}
