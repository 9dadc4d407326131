import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestApp, walk, type TestApp } from '../testing/harness.ts'
import { fixtures } from '../data/fixtures.ts'
import { dayOf, dayStart, dayToIso } from '../services/days.ts'

// Rankings are real lists: each general mode for the latest date holds at least 100 works, ordered by the activity
// of its period (DESIGN.md §2.4).

const GENERAL = {
  day: 1,
  week: 7,
  month: 30,
  day_male: 1,
  day_female: 1,
  week_original: 7,
  week_rookie: 7,
  day_manga: 1,
  day_ai: 1,
}

let app: TestApp
beforeAll(() => {
  app = openTestApp()
})
afterAll(() => app.close())

interface Work {
  id: number
  type: string
  illust_ai_type: number
  x_restrict: number
  restrict: number
  tags: { name: string }[]
}

describe('illust rankings', () => {
  it.each(Object.entries(GENERAL))(
    '%s holds ≥ 100 public all-ages works, in order of the period’s activity',
    async (mode, days) => {
      const { items } = await walk<Work>(app, `/v1/illust/ranking?mode=${mode}`, 'illusts')
      expect(items.length).toBeGreaterThanOrEqual(100)
      expect(new Set(items.map((w) => w.id)).size).toBe(items.length)
      for (const w of items) {
        expect(w.restrict).toBe(0)
        expect(w.x_restrict).toBe(0)
        if (mode === 'day_manga') expect(w.type).toBe('manga')
        if (mode === 'day_ai') expect(w.illust_ai_type).toBe(2)
        else expect(w.illust_ai_type).not.toBe(2)
        if (mode === 'week_original') expect(w.tags.map((t) => t.name)).toContain('オリジナル')
      }
      if (!mode.includes('male')) {
        const latest = app.services.store.latestActivityDay('illust')
        const scores = fixtures.activityScores(
          app.services.store,
          items.map((w) => w.id),
          latest - days + 1,
          latest,
        )
        const list = items.map((w) => scores.get(w.id) ?? 0)
        expect(list.every((s) => s > 0)).toBe(true)
        for (let i = 1; i < list.length; i++) expect(list[i]!).toBeLessThanOrEqual(list[i - 1]!)
      }
    },
  )

  it('R-18 modes need an account that allows them', async () => {
    expect((await app.fetch('/v1/illust/ranking?mode=day_r18')).status).toBe(403)
    const demo = await app.login('demo')
    const r18 = await app.get('/v1/illust/ranking?mode=day_r18', demo)
    expect(r18.illusts.length).toBeGreaterThan(0)
    for (const w of r18.illusts) expect(w.x_restrict).toBe(1)
    const r18g = await app.get('/v1/illust/ranking?mode=week_r18g', demo)
    for (const w of r18g.illusts) expect(w.x_restrict).toBe(2)
  })

  it('novel ranking for the latest day holds ≥ 100 novels', async () => {
    const { items } = await walk<Work>(app, '/v1/novel/ranking?mode=day', 'novels')
    expect(items.length).toBeGreaterThanOrEqual(100)
  })
})

// DESIGN.md §2.4 "Time": the catalogue was made for its day D (its latest ranking is D − 1); the service's clock is
// ten days later, noon JST of D + 10, so the real yesterday is D + 9.
describe('ranking dates follow the real clock', () => {
  let later: TestApp
  let D: number
  beforeAll(() => {
    D = dayOf(app.services.catalogueNow)
    later = openTestApp({}, { nowS: () => dayStart(D + 10) + 12 * 3600 })
  })
  afterAll(() => later.close())

  const ids = (page: { illusts?: Work[]; novels?: Work[] }) => (page.illusts ?? page.novels)!.map((w) => w.id)

  it.each(['illust', 'novel'] as const)('%s: the catalogue’s latest ranking is the day before its own', (kind) => {
    expect(later.services.catalogueNow).toBe(app.services.catalogueNow)
    expect(later.services.store.latestActivityDay(kind)).toBe(D - 1)
  })

  it.each(['illust', 'novel'] as const)(
    '%s: the real yesterday answers the newest ranking; the real today is refused',
    async (kind) => {
      const newest = await later.get(`/v1/${kind}/ranking?mode=day`)
      expect(ids(newest)).toHaveLength(30)
      // the undated ranking names its day in next_url
      expect(new URL(newest.next_url).searchParams.get('date')).toBe(dayToIso(D - 1))
      for (const day of [D + 9, D + 3, D, D - 1]) {
        const page = await later.get(`/v1/${kind}/ranking?mode=day&date=${dayToIso(day)}`)
        expect(ids(page)).toEqual(ids(newest))
        // paging stays on the day asked for
        expect(new URL(page.next_url).searchParams.get('date')).toBe(dayToIso(day))
      }
      const today = await later.fetch(`/v1/${kind}/ranking?mode=day&date=${dayToIso(D + 10)}`)
      expect(today.status).toBe(400)
      expect((await today.json()).error.message).toContain(dayToIso(D + 9))
    },
  )

  it('an earlier date gives that day’s own ranking, ordered by that day’s activity', async () => {
    const day = D - 4
    const { items } = await walk<Work>(later, `/v1/illust/ranking?mode=day&date=${dayToIso(day)}`, 'illusts')
    const newest = await later.get('/v1/illust/ranking?mode=day')
    expect(items.length).toBeGreaterThanOrEqual(100)
    expect(items.slice(0, 30).map((w) => w.id)).not.toEqual(ids(newest))
    const scores = fixtures.activityScores(
      later.services.store,
      items.map((w) => w.id),
      day,
      day,
    )
    const list = items.map((w) => scores.get(w.id) ?? 0)
    expect(list.every((s) => s > 0)).toBe(true)
    for (let i = 1; i < list.length; i++) expect(list[i]!).toBeLessThanOrEqual(list[i - 1]!)
  })

  it('search durations and trending tags count from the catalogue’s latest day, not the clock', async () => {
    const { name } = fixtures.commonTag(later.services.store)
    const { items } = await walk<Work & { create_date: string }>(
      later,
      `/v1/search/illust?word=${encodeURIComponent(name)}&duration=within_last_week`,
      'illusts',
    )
    expect(items.length).toBeGreaterThan(0)
    for (const w of items) {
      const created = Date.parse(w.create_date) / 1000
      expect(created).toBeGreaterThanOrEqual(dayStart(D - 7))
      expect(created).toBeLessThan(dayStart(D))
    }
    const trending = await later.get('/v1/trending-tags/illust')
    expect(trending.trend_tags.length).toBeGreaterThan(0)
  })

  it.each(['illust', 'novel'] as const)(
    '%s: a date before the catalogue’s first activity is an empty page; its first day is not',
    async (kind) => {
      const first = fixtures.firstActivityDay(later.services.store, kind)
      expect(first).toBeLessThan(D - 30)
      const before = await later.fetch(`/v1/${kind}/ranking?mode=day&date=${dayToIso(first - 1)}`)
      expect(before.status).toBe(200)
      expect(await before.json()).toEqual({ [kind === 'illust' ? 'illusts' : 'novels']: [], next_url: null })
      const long = await later.get(`/v1/${kind}/ranking?mode=week&date=2001-01-01`)
      expect(ids(long)).toEqual([])
      expect(ids(await later.get(`/v1/${kind}/ranking?mode=day&date=${dayToIso(first)}`)).length).toBeGreaterThan(0)
    },
  )
})
