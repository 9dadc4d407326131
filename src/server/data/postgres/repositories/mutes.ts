import type pg from 'pg'
import type { MuteRepository } from '../../repositories.ts'
import { pending } from './pending.ts'

export function pgMutes(_pool: pg.Pool): MuteRepository {
  return pending<MuteRepository>('mutes')
}
