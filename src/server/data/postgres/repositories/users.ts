import type pg from 'pg'
import type { UserRepository } from '../../repositories.ts'
import { pending } from './pending.ts'

export function pgUsers(_pool: pg.Pool): UserRepository {
  return pending<UserRepository>('users')
}
