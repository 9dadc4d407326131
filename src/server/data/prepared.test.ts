import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { preparedOnce } from './prepared.ts'

describe('preparedOnce', () => {
  it('keeps one statement per text, and no more than its bound however many texts it sees', () => {
    const db = new Database(':memory:')
    const q = preparedOnce(db, 50)
    expect(q('SELECT 1 AS n')).toBe(q('SELECT 1 AS n'))
    // distinct texts, as search builds one per query shape
    for (let i = 0; i < 5000; i++)
      expect(q(`SELECT ${i} AS n WHERE 1 ${' OR 1'.repeat(i % 7)}`).get()).toEqual({ n: i })
    expect(q.size).toBe(50)
    // an evicted text is prepared again and still works; a hot one stays
    expect(q('SELECT 1 AS n').get()).toEqual({ n: 1 })
    expect(q.size).toBe(50)
    db.close()
  })
})
