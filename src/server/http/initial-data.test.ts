import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestApp, type TestApp } from '../testing/harness.ts'
import { createInitialData } from './initial-data.ts'

// The page a deep link gets: index.html with the anonymous answers to the route's first requests (the same JSON a
// GET of the API gives), inert whatever the works' texts hold, and without data when there is none to give.

// The build's first views, one script per kind of page (src/api/first-views.ts).
const WORKS_VIEW = '<script data-first-view-script="works">works()</script>'
const NOVEL_VIEW = '<script data-first-view-script="novel">novel()</script>'
const INDEX = `<!doctype html><html><head><title>Easel</title></head><body><div id="root"></div><script type="module" src="/assets/index.js"></script>${WORKS_VIEW}${NOVEL_VIEW}</body></html>`
/** index.html as every page but a novel's gets it: with the works' first view only. */
const WORKS_PAGE = INDEX.replace(NOVEL_VIEW, '')
const PAYLOAD = '</script><script>alert(1)</script>'

let app: TestApp
let staticDir: string
let workId: number
/** Another such work, opened first by the signed-in test (kept answers would otherwise mask a leak). */
let otherId: number
beforeAll(() => {
  staticDir = mkdtempSync(path.join(os.tmpdir(), 'easel-page-'))
  writeFileSync(path.join(staticDir, 'index.html'), INDEX)
  app = openTestApp({ staticDir })
  const db = app.services.store.db
  // Before any request reads it (and the item cache keeps it): a public, all-ages single-page illustration.
  const rows = db
    .prepare(
      "SELECT id FROM works WHERE type = 'illust' AND page_count = 1 AND x_restrict = 0 AND restrict = 0 AND sanity_level <= 2 ORDER BY id LIMIT 2",
    )
    .all() as { id: number }[]
  workId = rows[0]!.id
  otherId = rows[1]!.id
  db.prepare('UPDATE works SET caption = ? WHERE id = ?').run(`A caption ${PAYLOAD} ends here`, workId)
})
afterAll(() => {
  app.close()
  rmSync(staticDir, { recursive: true, force: true })
})

const BLOCK = /<script type="application\/json" id="easel-initial-data">([\s\S]*?)<\/script>/

async function page(pagePath: string, token?: string) {
  const res = await app.fetch(pagePath, { token })
  expect(res.status).toBe(200)
  expect(res.headers.get('cache-control')).toBe('no-cache')
  return res.text()
}

function dataOf(html: string): Record<string, unknown> | null {
  const m = BLOCK.exec(html)
  return m ? (JSON.parse(m[1]!) as Record<string, unknown>) : null
}

describe('a page with its first data', () => {
  it('/artworks/:id holds the answer of GET /v1/illust/detail?illust_id=…, and preloads the main image', async () => {
    const html = await page(`/artworks/${workId}`)
    const target = `/v1/illust/detail?illust_id=${workId}`
    const data = dataOf(html)
    expect(Object.keys(data ?? {})).toEqual([target])
    const answer = await app.get<{ illust: { image_urls: { large: string } } }>(target)
    expect(data![target]).toEqual(answer)
    expect(html).toContain(
      `<link rel="preload" as="image" fetchpriority="high" href="${answer.illust.image_urls.large}">`,
    )
    // The rest of the page as built.
    expect(html.replace(BLOCK, '').replace(/<link rel="preload"[^>]*>/, '')).toBe(WORKS_PAGE)
  })

  it('a caption that closes the block stays text: no `<` inside it, the payload only as data', async () => {
    const html = await page(`/artworks/${workId}`)
    const block = BLOCK.exec(html)![1]!
    expect(block).not.toContain('<')
    expect(html).not.toContain('<script>alert(1)')
    // One data block, the page's own module script and its first view: nothing the caption opened.
    expect(html.match(/<script\b/g)).toHaveLength(3)
    const detail = dataOf(html)![`/v1/illust/detail?illust_id=${workId}`] as { illust: { caption: string } }
    expect(detail.illust.caption).toContain('alert(1)')
  })

  it('a work that does not exist, or an id the route refuses, gives the page without data', async () => {
    for (const p of ['/artworks/999999999999', '/artworks/012x', '/novels/0', '/ranking?mode=nonsense']) {
      const html = await page(p)
      expect(html, p).toBe(WORKS_PAGE)
    }
  })

  it('a signed-in request still gets the anonymous answer', async () => {
    const token = await app.login('demo')
    // The demo account's own view of the work differs (it is bookmarked), the page's data does not.
    const add = await app.post('/v2/illust/bookmark/add', { illust_id: String(otherId), restrict: 'public' }, token)
    expect(add.status).toBe(200)
    const target = `/v1/illust/detail?illust_id=${otherId}`
    const own = await app.get<{ illust: { is_bookmarked: boolean } }>(target, token)
    expect(own.illust.is_bookmarked).toBe(true)
    const anonymous = await app.get<{ illust: { is_bookmarked: boolean } }>(target)
    expect(anonymous.illust.is_bookmarked).toBe(false)
    const html = await page(`/artworks/${otherId}`, token)
    expect(dataOf(html)![target]).toEqual(anonymous)
  })

  it('/, /ranking and /novels/:id hold their first answers, by the URL the gallery asks for', async () => {
    const home = dataOf(await page('/'))
    expect(Object.keys(home ?? {})).toEqual(['/v1/illust/recommended?content_type=illust'])
    const ranking = dataOf(await page('/ranking'))
    expect(ranking).toEqual({ '/v1/illust/ranking?mode=day': await app.get('/v1/illust/ranking?mode=day') })
    const { novels } = await app.get<{ novels: { id: number }[] }>('/v1/novel/ranking')
    const id = novels[0]!.id
    const novel = dataOf(await page(`/novels/${id}`))
    expect(Object.keys(novel ?? {})).toEqual([`/v2/novel/detail?novel_id=${id}`, `/v1/novel/text?novel_id=${id}`])
    // Pages whose first view asks for nothing at once have no data.
    expect(await page('/settings')).toBe(WORKS_PAGE)
    expect(await page('/?tab=following')).toBe(WORKS_PAGE)
  })

  it("each page carries its own kind's first view, and no other's", async () => {
    for (const pagePath of ['/', '/ranking', `/artworks/${workId}`, '/novels', '/settings', '/no/such/page']) {
      const html = await page(pagePath)
      expect(html, pagePath).toContain(WORKS_VIEW)
      expect(html, pagePath).not.toContain(NOVEL_VIEW)
    }
    const { novels } = await app.get<{ novels: { id: number }[] }>('/v1/novel/ranking')
    const novel = await page(`/novels/${novels[0]!.id}`)
    expect(novel).toContain(NOVEL_VIEW)
    expect(novel).not.toContain(WORKS_VIEW)
    // a novel's page with no data (an id that is none) still starts the app: through the novel's view
    expect(await page('/novels/999999999')).toContain(NOVEL_VIEW)
  })

  it("puts the data ahead of the first view's script, which paints from it as the page is parsed", async () => {
    for (const html of [await page('/ranking'), await page(`/artworks/${workId}`)]) {
      const data = html.indexOf('<script type="application/json"')
      expect(data).toBeGreaterThan(html.indexOf('<div id="root">'))
      expect(data).toBeLessThan(html.indexOf(WORKS_VIEW))
    }
  })
})

describe('createInitialData', () => {
  it('sends the page without data once its deadline has passed', async () => {
    const slow = {
      request: () => new Promise<Response>((resolve) => setTimeout(() => resolve(Response.json({})), 200)),
    }
    const pageData = createInitialData(slow, { deadlineMs: 20 })
    const started = performance.now()
    const data = await pageData('http://easel.test/artworks/1', new Headers(), undefined, '')
    expect(data).toEqual({ script: '', links: '' })
    expect(performance.now() - started).toBeLessThan(150)
  })

  it('keeps an answer for a few seconds, then asks again', async () => {
    let calls = 0
    let now = 0
    const api = { request: async () => (calls++, Response.json({ illust: { page_count: 2 } })) }
    const pageData = createInitialData(api, { ttlMs: 1000, now: () => now })
    await pageData('http://easel.test/artworks/1', new Headers(), undefined, 'o')
    await pageData('http://easel.test/artworks/1', new Headers(), undefined, 'o')
    expect(calls).toBe(1)
    now = 1500
    await pageData('http://easel.test/artworks/1', new Headers(), undefined, 'o')
    expect(calls).toBe(2)
  })

  it('keeps a bounded number of answers, the oldest going first', async () => {
    const asked: string[] = []
    const api = { request: async (url: string | URL | Request) => (asked.push(String(url)), Response.json({})) }
    const pageData = createInitialData(api, { maxEntries: 2 })
    for (const id of [1, 2, 3, 1]) await pageData(`http://easel.test/artworks/${id}`, new Headers(), undefined, 'o')
    expect(asked.map((u) => new URL(u).searchParams.get('illust_id'))).toEqual(['1', '2', '3', '1'])
  })
})
