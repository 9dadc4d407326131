import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestApp, walk, type TestApp } from '../testing/harness.ts'

// The query language in user search (`/v1/search/user`) against an independent filter over every user's name and
// account, read here with a plain query and evaluated in JS.

interface User {
  id: number
  name: string
  account: string
}
type Pred = (u: User) => boolean

// SQLite's LIKE folds ASCII letters only.
const fold = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase())
const w =
  (term: string): Pred =>
  (u) =>
    fold(u.name).includes(fold(term)) || fold(u.account).includes(fold(term))
const all =
  (...ps: Pred[]): Pred =>
  (u) =>
    ps.every((p) => p(u))
const any =
  (...ps: Pred[]): Pred =>
  (u) =>
    ps.some((p) => p(u))
const not =
  (p: Pred): Pred =>
  (u) =>
    !p(u)

let app: TestApp
let users: User[]
beforeAll(() => {
  app = openTestApp()
  users = app.services.store.db.prepare('SELECT id, name, account FROM users').all() as User[]
})
afterAll(() => app.close())

async function found(word: string): Promise<number[]> {
  const { items } = await walk<{ user: { id: number } }>(
    app,
    `/v1/search/user?word=${encodeURIComponent(word)}`,
    'user_previews',
  )
  return items.map((p) => p.user.id)
}

describe('user search with pixiv operators', () => {
  const cases: [string, Pred][] = [
    ['a', w('a')],
    ['a n', all(w('a'), w('n'))],
    ['sora OR yuki', any(w('sora'), w('yuki'))],
    ['a -ren', all(w('a'), not(w('ren')))],
    ['(sora OR yuki OR ren) -watanabe', all(any(w('sora'), w('yuki'), w('ren')), not(w('watanabe')))],
    ['"sora w"', w('sora w')],
    ['sora OR', all(w('sora'), w('OR'))],
    ['(sora', w('(sora')],
  ]
  it.each(cases)('%s finds exactly the users the filter finds', async (word, pred) => {
    const expected = users.filter(pred).map((u) => u.id)
    const ids = await found(word)
    expect(new Set(ids).size).toBe(ids.length)
    expect([...ids].sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b))
  })

  it('at least one case finds something and one excludes something (the filter is not vacuous)', async () => {
    expect((await found('sora OR yuki')).length).toBeGreaterThan(1)
    const withRen = await found('a')
    const withoutRen = await found('a -ren')
    expect(withoutRen.length).toBeLessThan(withRen.length)
  })
})
