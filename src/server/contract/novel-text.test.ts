import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { JSDOM } from 'jsdom'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config.ts'
import { createLogger } from '../log.ts'
import { createServices } from '../server.ts'
import { createApp } from '../app.ts'
import { fixtures } from '../data/fixtures.ts'
import { XSS_MARKER } from '../generator/hostile-corpus.ts'
import { openTestApp, walk, type TestApp } from '../testing/harness.ts'
import { allowed } from '../testing/visibility.ts'
import { galleryDlNovel, pixezNovel, pixivpyModelErrors, pixivpyNovel } from '../testing/webview.ts'

// A novel's text reads the same from /v1/novel/text and from the webview page, parsed as the clients parse it, for
// every novel of the catalogue; both hide what /v2/novel/detail hides; the series neighbours agree between the two;
// and /v1/novel/series pages as /v2/novel/series does.

interface PageNovel {
  id: string
  text: string
  seriesNavigation: {
    prevNovel: { id: number; contentOrder: string; viewable: boolean } | null
    nextNovel: { id: number; contentOrder: string; viewable: boolean } | null
  } | null
  [key: string]: unknown
}

const webview = (id: number) => `/webview/v2/novel?id=${id}&viewer_version=20221031_ai`

/** A JSON error answer of the App API with the given status. */
async function expectError(res: Response, status: number) {
  expect(res.status).toBe(status)
  expect(res.headers.get('content-type')).toMatch(/^application\/json/)
  const body = (await res.json()) as { error: { user_message: string; message: string } }
  expect(Object.keys(body.error)).toEqual(['user_message', 'message', 'reason', 'user_message_details'])
}

/**
 * The page's scripts as an HTML parser splits them out: a script's text ends at its first `</script` (the page has
 * no `<!--` to change that). webview-page.test.ts reads pages with a real DOM, too slow for every novel here.
 */
const scriptsOf = (html: string) => [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script/gi)].map((m) => m[1]!)

/** The page's novel as each client reads it; they must agree. */
function readPage(html: string): PageNovel {
  const novel = galleryDlNovel(html) as PageNovel
  expect(pixivpyNovel(html)).toEqual(novel)
  expect(pixezNovel(scriptsOf(html))).toEqual(novel)
  return novel
}

let app: TestApp
let demo: string
beforeAll(async () => {
  app = openTestApp()
  demo = await app.login('demo')
})
afterAll(() => app.close())

describe('the webview page and /v1/novel/text', () => {
  // 8,000 requests (every novel, two callers, two endpoints): 34 s on PostgreSQL in an idle CI run, past a minute
  // with the suite and a browser beside it; the sweep is the point, so it gets the time it needs.
  it(
    'give the same text for every novel the caller may see, and 404 JSON for every other',
    { timeout: 240_000 },
    async () => {
      const store = app.services.store
      const novels = store.novelsByIds(fixtures.novelsWhere(store, '1 = 1').map((n) => n.id))
      expect(novels.length).toBeGreaterThan(100)
      let shown = 0
      for (const [token, who] of [
        [demo, { id: 1, maxX: store.user(1)!.x_restrict }],
        [undefined, { id: 0, maxX: 0 }],
      ] as const) {
        // 8 novels at a time: on PostgreSQL each is a few round trips to the server, which one at a time add up
        const answers: [Response, Response][] = []
        for (let i = 0; i < novels.length; i += 8)
          answers.push(
            ...(await Promise.all(
              novels
                .slice(i, i + 8)
                .map((n) =>
                  Promise.all([
                    app.fetch(webview(n.id), { token }),
                    app.fetch(`/v1/novel/text?novel_id=${n.id}`, { token }),
                  ]),
                ),
            )),
          )
        for (const [i, n] of novels.entries()) {
          const [page, text] = answers[i]!
          if (!allowed(store, who, { ...n, user: { id: n.user_id } })) {
            await expectError(page, 404)
            await expectError(text, 404)
            continue
          }
          shown++
          expect(page.status).toBe(200)
          expect(page.headers.get('content-type')).toBe('text/html; charset=UTF-8')
          const novel = readPage(await page.text())
          const body = (await text.json()) as { novel_text: string }
          expect(novel.id).toBe(String(n.id))
          expect(novel.text).toBe(body.novel_text)
          expect(pixivpyModelErrors(novel), `novel ${n.id}`).toEqual([])
        }
      }
      // Both callers saw most of the catalogue; the hidden branch ran too (the catalogue has R-18 and mypixiv novels).
      expect(shown).toBeGreaterThan(novels.length)
      expect(shown).toBeLessThan(novels.length * 2)
    },
  )

  it('give each [pixivimage:…] work the caller may see, with the URLs of the page it names', async () => {
    const store = app.services.store
    const novels = fixtures.novelsWhere(
      store,
      `w.restrict = 0 AND w.x_restrict = 0 AND EXISTS (SELECT 1 FROM novel_texts t WHERE t.novel_id = w.id
       AND t.text LIKE '%[pixivimage:%')`,
    )
    expect(novels.length).toBeGreaterThan(0)
    let pages = 0
    for (const n of novels.slice(0, 20)) {
      const text = await app.get(`/v1/novel/text?novel_id=${n.id}`, demo)
      for (const m of (text.novel_text as string).matchAll(/\[pixivimage:(\d+)(?:-(\d+))?\]/g)) {
        const embedded = text.illusts[m[0].slice('[pixivimage:'.length, -1)]
        const res = await app.fetch(`/v1/illust/detail?illust_id=${m[1]}`, { token: demo })
        if (res.status !== 200) {
          expect(embedded).toBeUndefined()
          continue
        }
        const { illust } = (await res.json()) as { illust: Record<string, any> }
        const page = m[2] ? Number(m[2]) : 1
        const urls =
          illust.page_count === 1
            ? { ...illust.image_urls, original: illust.meta_single_page.original_image_url }
            : illust.meta_pages[page - 1].image_urls
        expect(embedded).toEqual({
          illust: expect.objectContaining({ id: illust.id, title: illust.title, page_count: illust.page_count }),
          page,
          images: { small: urls.square_medium, medium: urls.large, original: urls.original },
        })
        expect((await app.fetch(embedded.images.original)).status).toBe(200)
        pages++
      }
    }
    expect(pages).toBeGreaterThan(0)
  })

  it('answers the bad ids with the error body', async () => {
    await expectError(await app.fetch('/webview/v2/novel?id=abc', { token: demo }), 400)
    await expectError(await app.fetch('/webview/v2/novel', { token: demo }), 400)
    await expectError(await app.fetch(webview(999_999_999), { token: demo }), 404)
    await expectError(await app.fetch('/webview/v3/anything', { token: demo }), 404)
  })

  it('holds the keys pixivpy and PixEz model, with their types', async () => {
    const id = fixtures.novelWhere(
      app.services.store,
      'w.restrict = 0 AND w.x_restrict = 0 AND w.series_id IS NOT NULL',
    )!.id
    const novel = readPage(await (await app.fetch(webview(id), { token: demo })).text())
    expect(Object.keys(novel)).toEqual([
      'id',
      'title',
      'seriesId',
      'seriesTitle',
      'seriesIsWatched',
      'userId',
      'coverUrl',
      'tags',
      'caption',
      'cdate',
      'rating',
      'text',
      'marker',
      'illusts',
      'images',
      'seriesNavigation',
      'glossaryItems',
      'replaceableItemIds',
      'aiType',
      'isOriginal',
    ])
    const detail = (await app.get(`/v2/novel/detail?novel_id=${id}`, demo)).novel
    expect(novel).toMatchObject({
      title: detail.title,
      seriesId: String(detail.series.id),
      seriesTitle: detail.series.title,
      userId: String(detail.user.id),
      coverUrl: detail.image_urls.large,
      tags: detail.tags.map((t: { name: string }) => t.name),
      caption: detail.caption,
      cdate: detail.create_date,
      rating: { bookmark: detail.total_bookmarks, view: detail.total_view },
      marker: null,
      aiType: detail.novel_ai_type,
      isOriginal: detail.is_original,
    })
  })
})

describe('series neighbours', () => {
  /** pixivts (before its 2026 rewrite) checks series_prev / series_next as `{}` or its PixivNovelSeriesItem. */
  function passesPixivtsCheck(value: Record<string, any>) {
    if (Object.keys(value).length === 0) return true
    const novelItem = (n: Record<string, any>) =>
      typeof n === 'object' &&
      n !== null &&
      typeof n.id === 'number' &&
      typeof n.title === 'string' &&
      typeof n.image_urls === 'object' &&
      Array.isArray(n.tags) &&
      typeof n.user === 'object' &&
      typeof n.series === 'object' &&
      typeof n.is_mypixiv_only === 'boolean' &&
      typeof n.novel_ai_type === 'number'
    const d = value.novel_series_detail
    return (
      typeof d === 'object' &&
      ['id', 'content_count', 'total_character_count', 'novel_ai_type'].every((k) => typeof d[k] === 'number') &&
      ['title', 'caption', 'display_text'].every((k) => typeof d[k] === 'string') &&
      ['is_original', 'is_concluded', 'watchlist_added'].every((k) => typeof d[k] === 'boolean') &&
      novelItem(value.novel_series_first_novel) &&
      novelItem(value.novel_series_latest_novel) &&
      Array.isArray(value.novels) &&
      value.novels.every(novelItem) &&
      (typeof value.next_url === 'string' || value.next_url === null)
    )
  }

  it('are the previous and next visible novels of the series, in both answers', async () => {
    const store = app.services.store
    const series = fixtures.longestNovelSeries(store).series_id
    const { items } = await walk<{ id: number; title: string }>(
      app,
      `/v2/novel/series?series_id=${series}`,
      'novels',
      demo,
    )
    expect(items.length).toBeGreaterThan(30)
    const order = items.map((n) => n.id)
    for (const [i, id] of order.entries()) {
      const text = await app.get(`/v1/novel/text?novel_id=${id}`, demo)
      const page = readPage(await (await app.fetch(webview(id), { token: demo })).text())
      const prev = order[i - 1]
      const next = order[i + 1]
      // The neighbour's own novel object (as /v2/novel/detail lists it), or {}.
      expect(text.series_prev.id).toBe(prev)
      expect(text.series_next.id).toBe(next)
      if (prev) expect(text.series_prev).toMatchObject(items[i - 1]!)
      else expect(text.series_prev).toEqual({})
      if (next) expect(text.series_next).toMatchObject(items[i + 1]!)
      else expect(text.series_next).toEqual({})
      expect(passesPixivtsCheck(text.series_prev)).toBe(true)
      expect(passesPixivtsCheck(text.series_next)).toBe(true)
      // PixEz reads {id, title}; the page's navigation names the same novels.
      expect(page.seriesNavigation?.prevNovel?.id).toBe(prev)
      expect(page.seriesNavigation?.nextNovel?.id).toBe(next)
      if (prev) expect(page.seriesNavigation!.prevNovel).toMatchObject({ viewable: true, title: items[i - 1]!.title })
    }
  })

  it('are {} and the navigation null for a novel in no series', async () => {
    const id = fixtures.novelWhere(
      app.services.store,
      'w.restrict = 0 AND w.x_restrict = 0 AND w.series_id IS NULL',
    )!.id
    const text = await app.get(`/v1/novel/text?novel_id=${id}`, demo)
    expect(text.series_prev).toEqual({})
    expect(text.series_next).toEqual({})
    const page = readPage(await (await app.fetch(webview(id), { token: demo })).text())
    expect(page.seriesNavigation).toBeNull()
    expect(page.seriesId).toBeNull()
  })

  it('skip a neighbour the caller may not see', async () => {
    const store = app.services.store
    // A series entry hidden from anonymous callers with visible entries on both sides.
    const hidden = store.db
      .prepare(
        `SELECT h.id, h.series_id, h.series_order FROM novels h WHERE h.series_id IS NOT NULL AND (h.restrict > 0 OR h.x_restrict > 0)
         AND EXISTS (SELECT 1 FROM novels p WHERE p.series_id = h.series_id AND p.series_order < h.series_order AND p.restrict = 0 AND p.x_restrict = 0)
         AND EXISTS (SELECT 1 FROM novels n WHERE n.series_id = h.series_id AND n.series_order > h.series_order AND n.restrict = 0 AND n.x_restrict = 0)
         LIMIT 1`,
      )
      .get() as { id: number; series_id: number; series_order: number } | undefined
    expect(hidden).toBeDefined()
    const before = store.db
      .prepare(
        'SELECT id FROM novels WHERE series_id = ? AND series_order < ? AND restrict = 0 AND x_restrict = 0 ORDER BY series_order DESC LIMIT 1',
      )
      .get(hidden!.series_id, hidden!.series_order) as { id: number }
    const text = await app.get(`/v1/novel/text?novel_id=${before.id}`)
    expect(text.series_next.id).not.toBe(hidden!.id)
    expect(text.series_next.restrict).toBe(0)
    expect(text.series_next.x_restrict).toBe(0)
    const page = readPage(await (await app.fetch(webview(before.id))).text())
    expect(page.seriesNavigation!.nextNovel!.id).toBe(text.series_next.id)
  })
})

describe('/v1/novel/series', () => {
  it('pages like /v2/novel/series, with next_url on its own path', async () => {
    const series = fixtures.longestNovelSeries(app.services.store).series_id
    const v2 = await walk<{ id: number }>(app, `/v2/novel/series?series_id=${series}`, 'novels', demo)
    const v1 = await walk<{ id: number }>(app, `/v1/novel/series?series_id=${series}`, 'novels', demo)
    expect(v1.pages.length).toBeGreaterThan(1)
    expect(v1.pages).toEqual(v2.pages)
    expect(v1.urls).toEqual(v2.urls.map((u) => u.replace('/v2/novel/series', '/v1/novel/series')))
    for (const u of v1.urls) expect(new URL(u).pathname).toBe('/v1/novel/series')
    const [a, b] = await Promise.all([
      app.get(`/v1/novel/series?series_id=${series}`, demo),
      app.get(`/v2/novel/series?series_id=${series}`, demo),
    ])
    expect({ ...a, next_url: null }).toEqual({ ...b, next_url: null })
  })

  it('answers an unknown series and bad input with the error body', async () => {
    await expectError(await app.fetch('/v1/novel/series?series_id=999999999', { token: demo }), 404)
    await expectError(await app.fetch('/v1/novel/series?series_id=x', { token: demo }), 400)
    await expectError(await app.fetch('/v1/novel/series?series_id=1&last_order=-1', { token: demo }), 400)
  })
})

describe('the webview page of the XSS-corpus catalogue', () => {
  let dataDir: string
  let hostile: ReturnType<typeof createApp>
  let services: ReturnType<typeof createServices>
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'easel-webview-'))
    const config = loadConfig({
      DATA_DIR: dataDir,
      RATE_LIMIT: '0',
      LOG_LEVEL: 'silent',
      CATALOGUE_SIZE: '300,80,30',
      CATALOGUE_HOSTILE: 'all',
    })
    services = createServices(config, createLogger('silent'))
    hostile = createApp(services, createLogger('silent'))
  })
  afterAll(() => {
    services.store.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('reads back every payload-laden novel as /v1/novel/text gives it, and runs none of them', async () => {
    const store = services.store
    const ids = fixtures.novelsWhere(store, 'w.restrict = 0 AND w.x_restrict = 0').map((n) => n.id)
    expect(ids.length).toBeGreaterThan(20)
    for (const id of ids) {
      const html = await (await hostile.request(`http://easel.test${webview(id)}`)).text()
      const text = (await (await hostile.request(`http://easel.test/v1/novel/text?novel_id=${id}`)).json()) as {
        novel_text: string
      }
      expect(text.novel_text).toContain(XSS_MARKER)
      const novel = readPage(html)
      expect(novel.text).toBe(text.novel_text)
      expect(novel.title).toBe(store.novel(id)!.title)
      const dom = new JSDOM(html, { runScripts: 'dangerously' })
      // Every payload records in top.__xss that it ran.
      const w = dom.window as unknown as { __xss?: number }
      expect(dom.window.document.querySelectorAll('script')).toHaveLength(1)
      expect(w.__xss).toBeUndefined()
      expect(dom.window.document.getElementById('novel')!.textContent).toBe(text.novel_text)
    }
  })
})
