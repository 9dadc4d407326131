import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestApp, walk, type TestApp } from '../testing/harness.ts'
import { fixtures } from '../data/fixtures.ts'

// Walking next_url to the end visits every item once; a saved cursor resumes identically (DESIGN.md §2.1).

let app: TestApp
let token: string
beforeAll(async () => {
  app = openTestApp()
  token = await app.login('demo')
})
afterAll(() => app.close())

type Item = { id: number }
const ids = (items: Item[]) => items.map((i) => i.id)
const expectNoDuplicates = (list: number[]) => expect(new Set(list).size).toBe(list.length)

/** Every saved next_url, fetched again, answers the same page the walk got from it. */
async function expectResumable(urls: string[], pages: Item[][], key: string, tok?: string) {
  for (let i = 0; i < urls.length; i++) {
    const again = await app.get(urls[i]!, tok)
    expect(ids(again[key]), `resume from ${urls[i]}`).toEqual(ids(pages[i + 1]!))
  }
}

describe('walking next_url', () => {
  it('search for a word with 100+ hits visits every matching visible work exactly once', async () => {
    const { name } = fixtures.commonTag(app.services.store, 100)
    const first = `/v1/search/illust?word=${encodeURIComponent(name)}&search_target=partial_match_for_tags`
    const { items, pages, urls } = await walk<Item>(app, first, 'illusts')
    expect(items.length).toBeGreaterThanOrEqual(100)
    expectNoDuplicates(ids(items))
    // The anonymous caller sees exactly the public, all-ages works with a matching tag: no gaps.
    const expected = fixtures
      .worksTaggedLike(app.services.store, name)
      .filter((w) => w.restrict === 0 && w.x_restrict === 0)
    expect(ids(items).sort((a, b) => a - b)).toEqual(expected.map((w) => w.id).sort((a, b) => a - b))
    for (const p of pages.slice(0, -1)) expect(p).toHaveLength(30)
    await expectResumable(urls, pages, 'illusts')
  })

  it('ranking walks its whole list once, in order, and resumes from any cursor', async () => {
    const { items, pages, urls } = await walk<Item & { total_bookmarks: number }>(
      app,
      '/v1/illust/ranking?mode=week',
      'illusts',
    )
    expect(items.length).toBeGreaterThanOrEqual(100)
    expectNoDuplicates(ids(items))
    await expectResumable(urls, pages, 'illusts')
  })

  it('recommended (anonymous and signed in) walks to the end with no duplicate and resumes identically', async () => {
    for (const tok of [undefined, token]) {
      const { items, pages, urls } = await walk<Item>(app, '/v1/illust/recommended', 'illusts', tok)
      expect(items.length).toBeGreaterThanOrEqual(100)
      expectNoDuplicates(ids(items))
      await expectResumable(urls, pages, 'illusts', tok)
      if (tok) {
        const cursor = new URL(urls[0]!).searchParams
        expect(cursor.get('max_bookmark_id_for_recommend')).toMatch(/^\d+$/)
        expect(cursor.get('min_bookmark_id_for_recent_illust')).toMatch(/^\d+$/)
        // Nothing the caller had bookmarked is recommended.
        const bookmarked = new Set(fixtures.bookmarksOf(app.services.store, 'illust', 1).map((b) => b.item_id))
        expect(ids(items).filter((id) => bookmarked.has(id))).toEqual([])
      }
    }
  })

  it('the demo user’s public and private bookmarks walk by max_bookmark_id, each once, newest first', async () => {
    for (const restrict of ['public', 'private'] as const) {
      const { items, pages, urls } = await walk<Item>(
        app,
        `/v1/user/bookmarks/illust?user_id=1&restrict=${restrict}`,
        'illusts',
        token,
      )
      const expected = fixtures
        .bookmarksOf(app.services.store, 'illust', 1)
        .filter((b) => b.restrict === (restrict === 'private' ? 1 : 0))
      expect(expected.length).toBeGreaterThanOrEqual(restrict === 'public' ? 200 : 60)
      expect(ids(items)).toEqual(expected.map((b) => b.item_id))
      for (const u of urls) expect(new URL(u).searchParams.get('max_bookmark_id')).toMatch(/^\d+$/)
      await expectResumable(urls, pages, 'illusts', token)
    }
  })

  it('a bookmark added in the middle of a bookmarks walk does not shift it', async () => {
    const before = await walk<Item>(app, '/v1/user/bookmarks/illust?user_id=1', 'illusts', token)
    const first = await app.get('/v1/user/bookmarks/illust?user_id=1', token)
    const bookmarked = new Set(ids(before.items))
    const fresh = fixtures
      .worksWhere(app.services.store, 'w.restrict = 0 AND w.x_restrict = 0')
      .find((w) => !bookmarked.has(w.id))!
    const res = await app.post('/v2/illust/bookmark/add', { illust_id: String(fresh.id), restrict: 'public' }, token)
    expect(res.status).toBe(200)
    const rest = await walk<Item>(app, first.next_url, 'illusts', token)
    expect([...ids(first.illusts), ...ids(rest.items)]).toEqual(ids(before.items))
    // A new walk starts with it.
    const after = await app.get('/v1/user/bookmarks/illust?user_id=1', token)
    expect(after.illusts[0].id).toBe(fresh.id)
  })

  it('the long novel series walks every entry through last_order cursors, once each, in series order', async () => {
    const { series_id, n } = fixtures.longestNovelSeries(app.services.store)
    expect(n).toBeGreaterThan(60)
    const { items, pages, urls } = await walk<Item>(app, `/v2/novel/series?series_id=${series_id}`, 'novels')
    expect(urls.length).toBeGreaterThanOrEqual(2)
    for (const u of urls) expect(new URL(u).searchParams.get('last_order')).toMatch(/^\d+$/)
    expectNoDuplicates(ids(items))
    const expected = fixtures.novelsWhere(
      app.services.store,
      `w.series_id = ${Number(series_id)} AND w.restrict = 0 AND w.x_restrict = 0`,
    )
    expect(ids(items).sort((a, b) => a - b)).toEqual(ids(expected))
    await expectResumable(urls, pages, 'novels')
  })

  it('next_url is null on the last page and repeats the request parameters', async () => {
    const body = await app.get('/v1/illust/ranking?mode=day&filter=for_ios&offset=480')
    expect(body.next_url).toBeNull()
    const page = await app.get('/v1/illust/ranking?mode=day&filter=for_ios')
    const next = new URL(page.next_url)
    expect(next.searchParams.get('mode')).toBe('day')
    expect(next.searchParams.get('filter')).toBe('for_ios')
    expect(next.searchParams.get('offset')).toBe('30')
  })
})
