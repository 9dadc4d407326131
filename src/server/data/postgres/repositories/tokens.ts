import type pg from 'pg'
import type { TokenRepository } from '../../repositories.ts'
import { pending } from './pending.ts'

export function pgTokens(_pool: pg.Pool): TokenRepository {
  return pending<TokenRepository>('tokens')
}
