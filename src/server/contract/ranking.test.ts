import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestApp, walk, type TestApp } from '../testing/harness.ts'
import { fixtures } from '../data/fixtures.ts'
import { dayOf, dayToIso } from '../routes/days.ts'

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

  it('an earlier date gives that day’s ranking; a date after the latest is refused', async () => {
    const latest = app.services.store.latestActivityDay('illust')
    const today = await app.get('/v1/illust/ranking?mode=day')
    const earlier = await app.get(`/v1/illust/ranking?mode=day&date=${dayToIso(latest - 3)}`)
    expect(earlier.illusts.length).toBe(30)
    expect(earlier.illusts.map((w: Work) => w.id)).not.toEqual(today.illusts.map((w: Work) => w.id))
    expect(new URL(earlier.next_url).searchParams.get('date')).toBe(dayToIso(latest - 3))
    const future = await app.fetch(`/v1/illust/ranking?mode=day&date=${dayToIso(latest + 1)}`)
    expect(future.status).toBe(400)
    expect(dayOf(app.services.config.catalogueNow)).toBe(latest + 1)
  })

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
