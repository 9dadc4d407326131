import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestApp, type TestApp } from '../testing/harness.ts'
import { fixtures } from '../data/fixtures.ts'
import { socialFixtures } from '../data/social-fixtures.ts'

// /v1/user/detail's birth fields (reference §10, app-api-wire.md §20): for a user whose birth date is set and public,
// `birth` "YYYY-MM-DD", `birth_day` "MM-DD", `birth_year` a four-digit year; a part that is unset or not public to
// the caller answers "" / "" / 0.

interface Stored {
  id: number
  birth: string
  day: string
  year: string
}

let app: TestApp
let stored: Stored[]

beforeAll(() => {
  app = openTestApp()
  stored = socialFixtures.users(app.services.store).map((u) => {
    const p = JSON.parse(u.profile_json) as {
      birth?: string
      profile_publicity: { birth_day: string; birth_year: string }
    }
    return { id: u.id, birth: p.birth ?? '', day: p.profile_publicity.birth_day, year: p.profile_publicity.birth_year }
  })
})
afterAll(() => app.close())

type Profile = { birth: string; birth_day: string; birth_year: number }
const profileOf = async (id: number, token?: string) =>
  (await app.get<{ profile: Profile }>(`/v1/user/detail?user_id=${id}`, token)).profile

describe('/v1/user/detail birth fields', () => {
  it('set and public: YYYY-MM-DD, MM-DD and the year, all of one date', async () => {
    const pub = stored.filter((u) => u.birth && u.day === 'public' && u.year === 'public')
    expect(pub.length).toBeGreaterThan(5)
    for (const u of pub) {
      const p = await profileOf(u.id)
      expect(p.birth).toMatch(/^(19|20)\d\d-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/)
      expect(p.birth_day).toBe(p.birth.slice(5))
      expect(p.birth_year).toBe(Number(p.birth.slice(0, 4)))
    }
  })

  it('a private year hides the year and the full date, not the day', async () => {
    const u = stored.find((x) => x.birth && x.day === 'public' && x.year === 'private')!
    expect(await profileOf(u.id)).toMatchObject({ birth: '', birth_day: u.birth.slice(5), birth_year: 0 })
  })

  it('unset: "" / "" / 0', async () => {
    const u = stored.find((x) => !x.birth)!
    expect(await profileOf(u.id)).toMatchObject({ birth: '', birth_day: '', birth_year: 0 })
  })

  it('private parts are the user’s own to see', async () => {
    const u = stored.find((x) => x.birth && x.day === 'private' && x.year === 'private')!
    expect(await profileOf(u.id)).toMatchObject({ birth: '', birth_day: '', birth_year: 0 })
    const token = await app.login(fixtures.userAccount(app.services.store, u.id))
    expect(await profileOf(u.id, token)).toMatchObject({
      birth: u.birth,
      birth_day: u.birth.slice(5),
      birth_year: Number(u.birth.slice(0, 4)),
    })
  })

  it('"mypixiv" parts show to a mutual follow only', async () => {
    const store = app.services.store
    const u = stored.find((x) => x.birth && x.day === 'mypixiv' && fixtures.mutualPair(store, x.id, 0))!
    const mutual = fixtures.mutualPair(store, u.id, 0)!.b
    const token = await app.login(fixtures.userAccount(store, mutual))
    expect((await profileOf(u.id, token)).birth_day).toBe(u.birth.slice(5))
    const stranger = await app.login(fixtures.userAccount(store, fixtures.strangerOf(store, u.id)))
    expect((await profileOf(u.id, stranger)).birth_day).toBe('')
  })

  it('every profile has the shapes of §20', async () => {
    for (const u of stored.slice(0, 60)) {
      const p = await profileOf(u.id)
      expect(p.birth === '' || /^\d{4}-\d{2}-\d{2}$/.test(p.birth)).toBe(true)
      expect(p.birth_day === '' || /^\d{2}-\d{2}$/.test(p.birth_day)).toBe(true)
      expect(p.birth_year === 0 || (p.birth_year >= 1000 && p.birth_year <= 9999)).toBe(true)
    }
  })
})
