import type pg from 'pg'
import type { FollowRepository } from '../../repositories.ts'
import { pending } from './pending.ts'

export function pgFollows(_pool: pg.Pool): FollowRepository {
  return pending<FollowRepository>('follows')
}
