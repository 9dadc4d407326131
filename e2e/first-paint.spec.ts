// A deep link paints with the data the service wrote into the page (src/server/http/initial-data.ts): the view's first
// request is never sent, so here it is intercepted and refused, and the page must still show the work. A signed-in
// viewer ignores the embedded (anonymous) answer and asks for its own.

import { expect, test, type Locator, type Page, type Route } from '@playwright/test'
import { layoutShifts, signInAsDemo, trackLayoutShifts } from './helpers.ts'

interface WireWork {
  id: number
  title: string
  page_count: number
  type: string
  visible: boolean
}

/** Refuses every GET of `path` whose query matches `query` (a first page: no cursor); counts them. */
async function refuse(page: Page, path: string, query: (q: URLSearchParams) => boolean) {
  const seen: { authorization: string | undefined }[] = []
  await page.route(
    (url) => url.pathname === path && query(url.searchParams),
    async (route: Route) => {
      seen.push({ authorization: route.request().headers()['authorization'] })
      await route.abort()
    },
  )
  return seen
}

test.describe('first paint with data', () => {
  let work: WireWork
  test.beforeAll(async ({ request }) => {
    const ranking = (await (await request.get('/v1/illust/ranking')).json()) as { illusts: WireWork[] }
    work = ranking.illusts.find((w) => w.page_count === 1 && w.type === 'illust' && w.visible)!
    expect(work).toBeDefined()
  })

  test('/artworks/:id shows the work without asking for it', async ({ page }) => {
    const asked = await refuse(page, '/v1/illust/detail', (q) => q.get('illust_id') === String(work.id))
    await page.goto(`/artworks/${work.id}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(work.title)
    // The main image is on its way too (preloaded by the page), and the block is gone from the document.
    await expect(page.locator('img[fetchpriority="high"]').first()).toBeVisible()
    expect(await page.locator('#easel-initial-data').count()).toBe(0)
    expect(asked).toHaveLength(0)
  })

  test('/ shows its first cards without asking for them', async ({ page }) => {
    const asked = await refuse(page, '/v1/illust/recommended', (q) => !q.has('offset'))
    await page.goto('/')
    await expect(page.locator('[data-work-id]').first()).toBeVisible()
    expect(asked).toHaveLength(0)
  })

  test('a signed-in viewer asks for its own answer', async ({ page }) => {
    await signInAsDemo(page)
    const asked: (string | undefined)[] = []
    page.on('request', (r) => {
      const url = new URL(r.url())
      if (url.pathname === '/v1/illust/detail' && url.searchParams.get('illust_id') === String(work.id))
        asked.push(r.headers()['authorization'])
    })
    await page.goto(`/artworks/${work.id}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(work.title)
    expect(asked).toHaveLength(1)
    expect(asked[0]).toMatch(/^Bearer /)
  })
})

// Before the app's code: the page's first view (src/app/first-view/first-view.ts) paints the work's image, the
// novel's title and text, or the grid's first cells, from the same data, and only then lets the app's code in. The app
// then paints the same thing at the same size, so the first view's paint stays the page's largest (its LCP) and nothing
// moves.

interface Box {
  x: number
  y: number
  width: number
  height: number
}

/** The box of the first element `selector` finds, with the app's code kept out (the first view alone). */
async function firstViewBox(page: Page, path: string, selector: string): Promise<Box> {
  await page.route('**/assets/*.js', (route) => route.abort())
  await page.goto(path)
  const target = page.locator(`[data-first-view] ${selector}`).first()
  await expect(target).toBeVisible()
  if (selector === 'img')
    await expect.poll(() => target.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
  const box = selector === 'img' ? await target.boundingBox() : await textBox(target)
  await page.unroute('**/assets/*.js')
  return box!
}

/** The box of an element's text (what the browser measures a text's paint by), not of the element. */
const textBox = (element: Locator): Promise<Box> =>
  element.evaluate((el) => {
    const range = document.createRange()
    range.selectNodeContents(el)
    const { x, y, width, height } = range.getBoundingClientRect()
    return { x, y, width, height }
  })

/**
 * Keeps the page's largest-contentful-paint entries from its start (in `window.lcp`), and when the first view left the
 * page for good (`window.firstViewGone`: the app's first commit moves it into the shell, in one task, so it is gone only
 * when the page has replaced it).
 */
const recordLargestPaints = (page: Page) =>
  page.addInitScript(() => {
    const w = window as unknown as {
      lcp: { startTime: number; size: number; element: string | null }[]
      firstViewGone?: number
    }
    w.lcp = []
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { size: number; element: Element | null })[])
        w.lcp.push({ startTime: e.startTime, size: e.size, element: e.element?.outerHTML.slice(0, 120) ?? null })
    }).observe({ type: 'largest-contentful-paint', buffered: true })
    let seen = false
    const watch = new MutationObserver(() => {
      const present = document.querySelector('[data-first-view]') !== null
      if (present) seen = true
      else if (seen) {
        w.firstViewGone = performance.now()
        watch.disconnect()
      }
    })
    watch.observe(document, { childList: true, subtree: true })
  })

/**
 * The page's largest paint was made while the first view was still on the page: it is the first view's (or the header
 * around it), and the app, replacing it, painted nothing larger. (Not "before the entry script was requested": the
 * first view lets the app's code in as soon as it is on the page, and its image may finish loading after that.)
 */
async function expectLargestPaintByFirstView(page: Page) {
  await page.waitForFunction(() => (window as unknown as { firstViewGone?: number }).firstViewGone !== undefined)
  // two frames on: a larger paint of the app's would be in the entries by then
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
  const { lcp, firstViewGone } = await page.evaluate(() => {
    const w = window as unknown as { lcp: { startTime: number }[]; firstViewGone: number }
    return { lcp: w.lcp, firstViewGone: w.firstViewGone }
  })
  expect(lcp.length).toBeGreaterThan(0)
  expect(lcp.at(-1)!.startTime, JSON.stringify(lcp)).toBeLessThan(firstViewGone)
}

const near = (a: Box, b: Box, keys: (keyof Box)[]) => keys.forEach((k) => expect(Math.abs(a[k] - b[k])).toBeLessThan(1))

test.describe('the first view, before the app', () => {
  let work: WireWork
  let novel: { id: number; title: string }
  test.beforeAll(async ({ request }) => {
    const ranking = (await (await request.get('/v1/illust/ranking')).json()) as { illusts: WireWork[] }
    work = ranking.illusts.find((w) => w.page_count === 1 && w.type === 'illust' && w.visible)!
    const novels = (await (await request.get('/v1/novel/ranking')).json()) as { novels: (WireWork & { id: number })[] }
    novel = novels.novels.find((n) => n.visible)!
    expect(work).toBeDefined()
    expect(novel).toBeDefined()
  })

  test("a work's image is painted by the first view, without the app's code, where and as large as the app paints it", async ({
    page,
  }) => {
    const before = await firstViewBox(page, `/artworks/${work.id}`, 'img')

    // The app, started by the first view, replaces it with its own image in the same box.
    await recordLargestPaints(page)
    await page.goto(`/artworks/${work.id}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(work.title)
    await expect(page.locator('[data-first-view]')).toHaveCount(0)
    const app = page.locator('main img[fetchpriority="high"]').first()
    await expect(app).toBeVisible()
    near((await app.boundingBox())!, before, ['x', 'y', 'width', 'height'])

    await expectLargestPaintByFirstView(page)
  })

  test("a novel's title and the top of its text are painted by the first view, without the app's code, as large as the reader's", async ({
    page,
  }) => {
    await page.route('**/assets/*.js', (route) => route.abort())
    await page.goto(`/novels/${novel.id}`)
    const firstTitle = page.locator('[data-first-view] h1')
    await expect(firstTitle).toHaveText(novel.title)
    const title = await textBox(firstTitle)
    const blocks = await page.locator('[data-first-view] [data-start]').evaluateAll((elements) =>
      elements.map((el) => {
        const { x, y, width, height } = el.getBoundingClientRect()
        return { start: el.getAttribute('data-start')!, text: el.textContent, box: { x, y, width, height } }
      }),
    )
    await page.unroute('**/assets/*.js')
    expect(blocks.length).toBeGreaterThan(0)

    await recordLargestPaints(page)
    await page.goto(`/novels/${novel.id}`)
    const appTitle = page.locator('h1#novel-title')
    await expect(appTitle).toHaveText(novel.title)
    await expect(page.locator('[data-first-view]')).toHaveCount(0)
    // The reader's badges come above its title: its text is laid out alike, beside the cover on a wider screen.
    near(await textBox(appTitle), title, ['x', 'width', 'height'])
    // The same blocks of text, as large, as low or lower (the caption, the badges and a series are not reserved).
    for (const { start, text, box } of blocks) {
      const block = page.locator(`[data-reader-text] [data-start="${start}"]`)
      await expect(block).toHaveText(text!)
      const app = (await block.boundingBox())!
      near(app, box, ['x', 'width', 'height'])
      expect(app.y).toBeGreaterThanOrEqual(box.y - 1)
    }
    await expectLargestPaintByFirstView(page)
  })

  for (const [path, samePlace] of [
    ['/', true],
    ['/ranking', false],
  ] as const) {
    test(`${path}: the first screenful of the grid is painted by the first view, without the app's code, in the app's cells`, async ({
      page,
    }) => {
      await page.route('**/assets/*.js', (route) => route.abort())
      await page.goto(path)
      const cells = page.locator('[data-first-view] a')
      await expect(cells.first()).toBeVisible()
      const first = await cells.evaluateAll((links) =>
        links.slice(0, 6).map((a) => {
          const { x, y, width, height } = a.getBoundingClientRect()
          return { id: a.getAttribute('href')!.split('/').pop()!, box: { x, y, width, height } }
        }),
      )
      await page.unroute('**/assets/*.js')

      await recordLargestPaints(page)
      await page.goto(path)
      await expect(page.locator('[data-work-id]').first()).toBeVisible()
      await expect(page.locator('[data-first-view]')).toHaveCount(0)
      for (const { id, box } of first) {
        const app = (await page.locator(`[data-work-id="${id}"] a`).boundingBox())!
        // The same cell: as large, in the same place (the home page) or lower (the ranking's title is on two lines on
        // a phone, one line in the first view).
        near(app, box, samePlace ? ['x', 'y', 'width', 'height'] : ['x', 'width', 'height'])
        expect(app.y).toBeGreaterThanOrEqual(box.y - 1)
      }
      await expectLargestPaintByFirstView(page)
    })
  }

  test('the first paint holds the first view: the header alone is never painted before it', async ({ page }) => {
    // when the first view's elements join the page, against the page's first paint (index.html's head holds its first
    // render until the first view's script has run: `<link rel="expect" blocking="render">`)
    await page.addInitScript(() => {
      const w = window as unknown as { firstViewAt?: number }
      new MutationObserver(() => {
        if (w.firstViewAt === undefined && document.querySelector('[data-first-view]'))
          w.firstViewAt = performance.now()
      }).observe(document, { childList: true, subtree: true })
    })
    for (const path of ['/ranking', `/artworks/${work.id}`, `/novels/${novel.id}`]) {
      await page.goto(path)
      const { firstViewAt, firstPaint } = await page.evaluate(async () => {
        const paint = await new Promise<number>((resolve) =>
          new PerformanceObserver((list) => resolve(list.getEntries()[0]!.startTime)).observe({
            type: 'paint',
            buffered: true,
          }),
        )
        return { firstViewAt: (window as unknown as { firstViewAt?: number }).firstViewAt, firstPaint: paint }
      })
      expect(firstViewAt, path).toBeDefined()
      expect(firstViewAt!, path).toBeLessThanOrEqual(firstPaint)
    }
  })

  test('the first view stays on screen until the page replaces it: no frame shows the content column empty, nothing shifts', async ({
    page,
  }) => {
    await trackLayoutShifts(page)
    // every frame from the first view on: what the content column shows (the first view, the page's own content, or
    // nothing). The app's first commit renders its shell around the first view (held-first-view.tsx), also while the
    // route's code is still on its way, and the page replaces it in a commit of its own.
    await page.addInitScript(() => {
      const w = window as unknown as { shown: string[] }
      w.shown = []
      const frame = () => {
        const column = document.querySelector('main') ?? document.querySelector('[data-content-column]')
        const now = !column
          ? null
          : column.querySelector('[data-first-view]')
            ? 'first view'
            : column.querySelector(':scope > :not([aria-busy])')
              ? 'page'
              : 'empty'
        if (now && (w.shown.length || now === 'first view') && w.shown.at(-1) !== now) w.shown.push(now)
        if (now !== 'page') requestAnimationFrame(frame)
      }
      requestAnimationFrame(frame)
    })
    for (const [path, ready] of [
      ['/', page.locator('[data-work-id]').first()],
      ['/ranking', page.locator('[data-work-id]').first()],
      [`/artworks/${work.id}`, page.getByRole('heading', { level: 1, name: work.title })],
      [`/novels/${novel.id}`, page.getByRole('heading', { level: 1, name: novel.title })],
    ] as const) {
      await page.goto(path)
      await expect(ready, path).toBeVisible()
      await expect(page.locator('[data-first-view]'), path).toHaveCount(0)
      // the frame that shows the page may come after the check above saw the first view gone
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { shown: string[] }).shown), { message: path })
        .toEqual(['first view', 'page'])
      // the footer, below the first view on a phone until the page is in, must not show there and jump away
      const { cls, shifts } = await layoutShifts(page)
      expect(cls, `${path}: ${JSON.stringify(shifts, null, 1)}`).toBeLessThanOrEqual(0.02)
    }
  })

  test("the first view has a worker initialise the page's Intl data, under the page's own security policy", async ({
    page,
  }) => {
    const refused: string[] = []
    page.on(
      'console',
      (m) => void (m.type() === 'error' && /Content Security Policy/i.test(m.text()) && refused.push(m.text())),
    )
    const ended: string[] = []
    page.on('worker', (worker) => worker.on('close', () => ended.push(worker.url())))
    await page.goto('/ranking')
    // its code comes with the page (no request), and it ends itself once it has built the formats
    await expect.poll(() => ended).toEqual([expect.stringMatching(/^blob:/)])
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    expect(refused).toEqual([])
  })

  test('a viewer signed in gets no first view, and the app starts at once', async ({ page }) => {
    await signInAsDemo(page)
    await page.route('**/assets/*.js', (route) => route.abort())
    const requested: string[] = []
    page.on('request', (r) => void (r.url().includes('/assets/shell-') && requested.push(r.url())))
    await page.goto(`/artworks/${work.id}`)
    await expect.poll(() => requested.length).toBeGreaterThan(0)
    await expect(page.locator('[data-first-view]')).toHaveCount(0)
  })
})
