import { describe, expect, it } from 'vitest'
import { nextCursor } from './next-cursor.ts'

const base = 'http://localhost:8080'

describe('nextCursor (getNextPageParam of every list)', () => {
  it('ends the list when next_url is null, empty, absent, or carries no cursor', () => {
    expect(nextCursor({ nextUrl: null })).toBeUndefined()
    expect(nextCursor({ nextUrl: '' })).toBeUndefined()
    expect(nextCursor({})).toBeUndefined()
    expect(nextCursor({ nextUrl: `${base}/v1/illust/ranking?mode=day` })).toBeUndefined()
  })

  it('continues with the parsed cursor otherwise', () => {
    expect(nextCursor({ nextUrl: `${base}/v1/illust/ranking?mode=day&offset=30` })).toEqual({ offset: 30 })
  })
})
