import type pg from 'pg'
import type { CommentRepository } from '../../repositories.ts'
import { pending } from './pending.ts'

export function pgComments(_pool: pg.Pool): CommentRepository {
  return pending<CommentRepository>('comments')
}
