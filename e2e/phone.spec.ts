// Phones (issue 4): links from anywhere through /share, the touch viewer's gestures, and the 360 px layout audit
// (no horizontal scrolling, 44 × 44 px touch targets, the bottom navigation clear of the content).
// Gestures are real touches dispatched through CDP (Input.dispatchTouchEvent), the way a finger reaches Chromium.

import { type APIRequestContext, type CDPSession, type Locator, type Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { signInAsDemo } from './helpers.ts'

interface WireIllust {
  id: number
  title: string
  type: string
  page_count: number
  width: number
  height: number
  illust_book_style: number
  visible: boolean
  user: { id: number; name: string }
  tags: { name: string }[]
}

/** Gestures and the phone layout need the phone project (touch, a phone's viewport); links work anywhere. */
const phoneOnly = () => test.skip(({ hasTouch }) => !hasTouch, 'needs a touch screen: the phone project')

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path)
  expect(res.ok(), `${path} answered ${res.status()}`).toBe(true)
  return (await res.json()) as T
}

async function rankingWorks(request: APIRequestContext): Promise<WireIllust[]> {
  const pages = await Promise.all(
    ['/v1/illust/ranking?mode=day', '/v1/illust/ranking?mode=day_manga'].map((p) =>
      getJson<{ illusts: WireIllust[] }>(request, p),
    ),
  )
  return pages.flatMap((p) => p.illusts).filter((w) => w.visible)
}

const isSingle = (w: WireIllust) => w.type === 'illust' && w.page_count === 1
const isManga = (w: WireIllust) =>
  w.type !== 'ugoira' && w.illust_book_style === 0 && w.page_count >= 3 && w.page_count <= 12

function pick(works: WireIllust[], what: string, test: (w: WireIllust) => boolean): WireIllust {
  const work = works.find(test)
  if (!work) throw new Error(`no ${what} among the ranked works`)
  return work
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 })

test.describe('links from anywhere', () => {
  test('/share with a pixiv link inside the text opens that work, and leaves no /share entry behind', async ({
    page,
    request,
  }) => {
    const work = pick(await rankingWorks(request), 'single-page work', isSingle)
    await page.goto('/settings')
    await expect(heading(page)).toHaveText('Settings')
    const text = `Look at this! https://www.pixiv.net/en/artworks/${work.id} #pixiv`
    await page.goto(`/share?title=${encodeURIComponent(work.title)}&text=${encodeURIComponent(text)}`)
    await expect(page).toHaveURL(new RegExp(`/artworks/${work.id}$`))
    await expect(heading(page)).toHaveText(work.title)
    await page.goBack()
    await expect(page).toHaveURL(/\/settings$/)
  })

  test('/share with text it cannot resolve searches for the text', async ({ page }) => {
    await page.goto(`/share?text=${encodeURIComponent('not a link at all')}&url=${encodeURIComponent('junk://x')}`)
    await expect(page).toHaveURL(/\/search\?word=not\+a\+link\+at\+all$/)
    await expect(heading(page)).toContainText('not a link at all')
  })

  test('the search box opens a pasted original-image URL at its page', async ({ page, request }) => {
    const work = pick(await rankingWorks(request), 'multi-page work', isManga)
    await page.goto('/')
    const box = page.getByRole('searchbox', { name: /search/i })
    await box.fill(`https://i.pximg.net/img-original/img/2024/01/01/00/00/00/${work.id}_p1.png`)
    await box.press('Enter')
    await expect(page).toHaveURL(new RegExp(`/artworks/${work.id}#p2$`))
    await expect(heading(page)).toHaveText(work.title)
  })
})

// ---- The viewer ----

/** A finger on the screen: press, move in steps, lift. Coordinates are CSS pixels of the viewport. */
async function drag(cdp: CDPSession, from: { x: number; y: number }, by: { x: number; y: number }, steps = 8) {
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] })
  for (let i = 1; i <= steps; i++) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: from.x + (by.x * i) / steps, y: from.y + (by.y * i) / steps }],
    })
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
}

async function tap(cdp: CDPSession, at: { x: number; y: number }) {
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at] })
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
}

/** The effective scale of an element: its rendered width (transforms included) over its layout width. */
const scaleOf = (locator: Locator) =>
  locator.evaluate((el) => el.getBoundingClientRect().width / (el as HTMLElement).offsetWidth)

/** The scale once a zoom animation has finished (two readings in a row agree): the next gesture starts from rest. */
async function settledScale(locator: Locator): Promise<number> {
  let last = Number.NaN
  await expect
    .poll(
      async () => {
        const scale = await scaleOf(locator)
        const settled = Math.abs(scale - last) < 0.001
        last = scale
        return settled
      },
      { intervals: [100] },
    )
    .toBe(true)
  return last
}

test.describe('the viewer', () => {
  phoneOnly()

  test('tapping a page opens it full screen; swipe left shows the next page, double-tap zooms, drag down closes', async ({
    page,
    request,
  }) => {
    const work = pick(await rankingWorks(request), 'multi-page work', isManga)
    await page.goto(`/artworks/${work.id}`)
    await expect(heading(page)).toHaveText(work.title)
    const firstPage = page.getByRole('img', { name: `${work.title} by ${work.user.name} — page 1`, exact: true })
    await expect(firstPage).toBeVisible()
    const cdp = await page.context().newCDPSession(page)
    const box = (await firstPage.boundingBox())!
    await tap(cdp, { x: box.x + box.width / 2, y: box.y + Math.min(box.height, 300) / 2 })

    const viewer = page.getByRole('dialog', { name: /viewer/i })
    await expect(viewer).toBeVisible()
    const counter = viewer.locator('[data-viewer-counter]')
    await expect(counter).toHaveText(`1 / ${work.page_count}`)
    const viewport = page.viewportSize()!
    const centre = { x: viewport.width / 2, y: viewport.height / 2 }

    // Swipe left: the next page.
    await drag(cdp, { x: centre.x + 120, y: centre.y }, { x: -240, y: 0 })
    await expect(counter).toHaveText(`2 / ${work.page_count}`)
    const current = viewer.locator('.yarl__slide_current img')
    await expect(current).toHaveAttribute('alt', `${work.title} by ${work.user.name} — page 2`)
    // The page being shown is the one the counter names: it fills the screen, not the neighbour.
    await expect
      .poll(async () => {
        const b = await current.boundingBox()
        return b ? Math.round(b.x + b.width / 2) : null
      })
      .toBe(Math.round(centre.x))

    // Double-tap: the page zooms in (the zoom wrapper scales it up).
    expect(await settledScale(current)).toBeCloseTo(1, 2)
    await tap(cdp, centre)
    await tap(cdp, centre)
    // the zoom animates from the next frame on: wait for it to begin before waiting for it to settle (two equal
    // readings before it began read as "settled at 1" on a loaded machine)
    await expect.poll(() => scaleOf(current)).toBeGreaterThan(1.2)
    const first = await settledScale(current)
    expect(first).toBeGreaterThan(1.2)
    // Double-tap steps in once more, then back to the fitted size, so a drag is a gesture again and not a pan.
    await tap(cdp, centre)
    await tap(cdp, centre)
    await expect.poll(() => scaleOf(current)).toBeGreaterThan(first)
    expect(await settledScale(current)).toBeGreaterThan(first)
    await tap(cdp, centre)
    await tap(cdp, centre)
    expect(await settledScale(current)).toBeCloseTo(1, 2)

    // Drag down: closes, back on the work's page.
    await drag(cdp, centre, { x: 0, y: 260 })
    await expect(viewer).toBeHidden()
    await expect(page).toHaveURL(new RegExp(`/artworks/${work.id}`))
    await expect(heading(page)).toHaveText(work.title)
  })

  test("the phone's Back closes the viewer and stays on the work; closed from the viewer, Back leaves the work", async ({
    page,
    request,
  }) => {
    const work = pick(await rankingWorks(request), 'single-page work', isSingle)
    await page.goto('/ranking')
    await page.goto(`/artworks/${work.id}`)
    await expect(heading(page)).toHaveText(work.title)
    const image = page.getByRole('img', { name: `${work.title} by ${work.user.name}`, exact: true })
    const cdp = await page.context().newCDPSession(page)
    const open = async () => {
      const box = (await image.boundingBox())!
      await tap(cdp, { x: box.x + box.width / 2, y: box.y + Math.min(box.height, 300) / 2 })
    }
    const viewer = page.getByRole('dialog', { name: /viewer/i })

    await open()
    await expect(viewer).toBeVisible()
    await page.goBack()
    await expect(viewer).toBeHidden()
    await expect(page).toHaveURL(new RegExp(`/artworks/${work.id}$`))
    await expect(heading(page)).toHaveText(work.title)

    // Opened again and closed by dragging down: the viewer's entry goes with it, so Back leaves the work.
    await open()
    await expect(viewer).toBeVisible()
    const { width, height } = page.viewportSize()!
    await drag(cdp, { x: width / 2, y: height / 2 }, { x: 0, y: 260 })
    await expect(viewer).toBeHidden()
    await expect(page).toHaveURL(new RegExp(`/artworks/${work.id}$`))
    await page.goBack()
    await expect(page).toHaveURL(/\/ranking$/)
  })

  test('swiping past the last page opens the next work of the list in the viewer; back before its first page returns', async ({
    page,
    request,
  }) => {
    const works = await rankingWorks(request)
    const manga = works.filter(isManga).sort((x, y) => x.page_count - y.page_count)[0]!
    const single = pick(works, 'single-page work', isSingle)
    await page.addInitScript(([key, value]) => sessionStorage.setItem(key, value), [
      'easel.source-list',
      JSON.stringify({ listKey: 'e2e', ids: [manga.id, single.id] }),
    ] as const)
    await page.goto(`/artworks/${manga.id}`)
    const firstPage = page.getByRole('img', { name: `${manga.title} by ${manga.user.name} — page 1`, exact: true })
    const box = (await firstPage.boundingBox())!
    const cdp = await page.context().newCDPSession(page)
    await tap(cdp, { x: box.x + box.width / 2, y: box.y + Math.min(box.height, 300) / 2 })
    const viewer = page.getByRole('dialog', { name: /viewer/i })
    const counter = viewer.locator('[data-viewer-counter]')
    await expect(counter).toHaveText(`1 / ${manga.page_count}`)
    const { width, height } = page.viewportSize()!
    const swipe = (dx: number) => drag(cdp, { x: width / 2 - dx / 2, y: height / 2 }, { x: dx, y: 0 })

    for (let p = 2; p <= manga.page_count; p++) {
      await swipe(-240)
      await expect(counter).toHaveText(`${p} / ${manga.page_count}`)
    }
    // One more: the next work, opened in the viewer (a single image: one page).
    await swipe(-240)
    await expect(page).toHaveURL(new RegExp(`/artworks/${single.id}$`))
    await expect(page.getByRole('dialog', { name: new RegExp(single.title) })).toBeVisible()
    await expect(page.getByRole('dialog').locator('[data-viewer-counter]')).toHaveText('1 / 1')
    // And back: the previous work again, at its last page.
    await swipe(240)
    await expect(page).toHaveURL(new RegExp(`/artworks/${manga.id}$`))
    await expect(page.getByRole('dialog').locator('[data-viewer-counter]')).toHaveText(
      `${manga.page_count} / ${manga.page_count}`,
    )
  })

  test('the work swipe of the detail page still moves through the list with the viewer closed', async ({
    page,
    request,
  }) => {
    const [a, b] = (await rankingWorks(request)).filter(isSingle) as [WireIllust, WireIllust]
    await page.addInitScript(([key, value]) => sessionStorage.setItem(key, value), [
      'easel.source-list',
      JSON.stringify({ listKey: 'e2e', ids: [a.id, b.id] }),
    ] as const)
    await page.goto(`/artworks/${a.id}`)
    await expect(heading(page)).toHaveText(a.title)
    const image = page.getByRole('img', { name: `${a.title} by ${a.user.name}`, exact: true })
    await image.scrollIntoViewIfNeeded()
    const box = (await image.boundingBox())!
    const cdp = await page.context().newCDPSession(page)
    await drag(cdp, { x: box.x + box.width * 0.8, y: box.y + Math.min(box.height, 300) / 2 }, { x: -180, y: 4 }, 5)
    await expect(page).toHaveURL(new RegExp(`/artworks/${b.id}$`))
    await expect(page.getByRole('dialog')).toHaveCount(0)
  })
})

test.describe('the work detail on a phone', () => {
  phoneOnly()

  test('related works are asked for only as the reader scrolls toward them', async ({ page, request }) => {
    const work = pick(
      await rankingWorks(request),
      'portrait single-page work',
      (w) => isSingle(w) && w.height >= 1.4 * w.width,
    )
    const asked: string[] = []
    page.on('request', (r) => new URL(r.url()).pathname === '/v2/illust/related' && asked.push(r.url()))
    await page.goto(`/artworks/${work.id}`)
    await expect(heading(page)).toHaveText(work.title)
    const image = page.getByRole('img', { name: `${work.title} by ${work.user.name}`, exact: true })
    // in (large or the original, whichever the screen takes: single-page-image.tsx)
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
    const section = page.getByRole('heading', { level: 2, name: 'Related works' })
    const { height } = page.viewportSize()!
    // Well below the fold (a screen and a half down), the section has asked for nothing.
    expect((await section.boundingBox())!.y).toBeGreaterThan(height * 1.4)
    expect(asked).toEqual([])

    await section.scrollIntoViewIfNeeded()
    await expect(page.locator('[data-related-work]').first()).toBeVisible()
    expect(asked).toHaveLength(1)
  })
})

// ---- 360 px: layout and touch targets ----

/**
 * Every visible interactive element smaller than 44 × 44 CSS px, as "tag text (w×h)". Interactive: a[href], button,
 * input (not hidden), select, textarea, summary, [role=button|link|tab|checkbox|radio], [tabindex] ≥ 0.
 *
 * What is exempt, and why:
 * - Inline links inside running text (a link whose display is inline and whose parent has text of its own besides
 *   it: a sentence in a caption, a hint below a form). WCAG 2.5.8's "inline" exception: their size is set by the
 *   line height of the sentence, and enlarging them would break the sentence.
 * - Elements not rendered or visually hidden (display/visibility, zero size, or clipped to 1 px like `sr-only`). A
 *   visually hidden form control is measured through its label, which is what a finger actually touches (the
 *   segmented controls hide their radio buttons inside the visible label).
 * - A checkbox or radio button with a label is measured through the label too: tapping the label toggles it, so
 *   the label is the touch target (the 16 px box alone is not what the 44 px rule is about).
 * - `tabindex="-1"` is not interactive: it marks programmatic focus targets such as `<main>` for the skip link.
 */
async function touchTargetViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const MIN = 44
    const selector = [
      'a[href]',
      'button',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      'summary',
      '[role="button"]',
      '[role="link"]',
      '[role="tab"]',
      '[role="checkbox"]',
      '[role="radio"]',
      '[tabindex]:not([tabindex="-1"])',
    ].join(',')
    const hidden = (el: Element) => {
      if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return true
      const r = el.getBoundingClientRect()
      return r.width <= 1 || r.height <= 1
    }
    const inRunningText = (el: Element) => {
      if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false
      const parent = el.parentElement
      if (!parent) return false
      return Array.from(parent.childNodes).some(
        (n) => n !== el && n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim().length > 0,
      )
    }
    const out: string[] = []
    const seen = new Set<Element>()
    for (const el of Array.from(document.querySelectorAll(selector))) {
      let target: Element = el
      const label = el instanceof HTMLInputElement ? el.labels?.[0] : undefined
      const checkable = el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')
      if ((hidden(el) || checkable) && label && !hidden(label)) target = label
      else if (hidden(el)) continue
      if (seen.has(target) || inRunningText(target)) continue
      seen.add(target)
      const r = target.getBoundingClientRect()
      if (r.width + 0.5 < MIN || r.height + 0.5 < MIN) {
        const name = (target.getAttribute('aria-label') ?? target.textContent ?? '').trim().slice(0, 40)
        out.push(`${target.tagName.toLowerCase()} "${name}" (${Math.round(r.width)}×${Math.round(r.height)})`)
      }
    }
    return out
  })
}

async function horizontalOverflow(page: Page) {
  return page.evaluate(() => ({
    scrollWidth: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
    innerWidth: window.innerWidth,
  }))
}

test.describe('at 360 px wide', () => {
  phoneOnly()
  test.use({ viewport: { width: 360, height: 740 } })

  /**
   * Each main route with what shows it has rendered (its level-1 heading). `account`: the route looks different when
   * signed in (bookmark and follow buttons, the account menu, own bookmarks), so it is audited both ways.
   */
  async function mainRoutes(request: APIRequestContext) {
    const works = await rankingWorks(request)
    const work = pick(works, 'multi-page work', isManga)
    const single = pick(works, 'single-page work', isSingle)
    const book = pick(works, 'book-style work', (w) => w.illust_book_style === 1 && w.page_count > 2)
    const ugoira = (
      await getJson<{ illusts: WireIllust[] }>(request, `/v1/search/illust?word=${encodeURIComponent('うごイラ')}`)
    ).illusts.find((w) => w.visible && w.type === 'ugoira')!
    const tag = works[0]!.tags[0]!.name
    const demo = await getJson<{ user: { name: string } }>(request, '/v1/user/detail?user_id=1')
    const novel = (
      await getJson<{ novels: { id: number; title: string; visible: boolean }[] }>(
        request,
        '/v1/novel/ranking?mode=day',
      )
    ).novels.find((n) => n.visible)!
    const novelSeries = await getJson<{ novel_series_detail: { title: string } }>(
      request,
      '/v2/novel/series?series_id=1',
    )
    return [
      { path: '/', ready: /Easel|Recommended/, account: true },
      { path: '/ranking', ready: /ranking/i },
      { path: `/search?word=${encodeURIComponent(tag)}`, ready: tag },
      { path: '/search', ready: 'Search' },
      { path: `/artworks/${work.id}`, ready: work.title, account: true },
      { path: `/artworks/${single.id}`, ready: single.title, account: true },
      { path: `/artworks/${book.id}`, ready: book.title },
      { path: `/artworks/${ugoira.id}`, ready: ugoira.title },
      { path: `/users/${work.user.id}/following`, ready: work.user.name },
      { path: `/users/${work.user.id}`, ready: work.user.name, account: true },
      { path: '/users/1/bookmarks/artworks', ready: demo.user.name, account: true },
      { path: '/settings', ready: 'Settings', account: true },
      { path: '/login', ready: /sign in/i },
      { path: '/user/1/series/1', ready: /./ },
      { path: `/novels/${novel.id}`, ready: novel.title, account: true },
      { path: '/novel/series/1', ready: novelSeries.novel_series_detail.title },
    ]
  }

  for (const signedIn of [false, true]) {
    test(`no page scrolls sideways and every touch target is at least 44 × 44 px (${signedIn ? 'signed in' : 'anonymous'})`, async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000)
      if (signedIn) await signInAsDemo(page)
      const problems: string[] = []
      for (const route of (await mainRoutes(request)).filter((r) => !signedIn || r.account)) {
        await page.goto(route.path)
        await expect(heading(page).first(), route.path).toContainText(route.ready)
        // Lists and images settle (thumbnails have their sizes before they load, so this is about content).
        await page.waitForLoadState('networkidle')
        const { scrollWidth, innerWidth } = await horizontalOverflow(page)
        if (scrollWidth > innerWidth) problems.push(`${route.path}: scrolls sideways (${scrollWidth} > ${innerWidth})`)
        for (const v of await touchTargetViolations(page)) problems.push(`${route.path}: ${v}`)
      }
      expect(problems).toEqual([])
    })
  }

  test('the home grid shows two columns, and the bottom navigation covers none of the content', async ({ page }) => {
    await page.goto('/')
    const nav = page.getByRole('navigation', { name: 'Main' })
    await expect(nav).toBeVisible()
    await expect(nav.getByRole('link')).toHaveText(['Home', 'Ranking', 'Newest', 'Search', 'Sign in'])
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page')

    // A justified grid of two columns: most rows hold two works side by side.
    const cards = page.locator('main a[href^="/artworks/"]')
    await expect(cards.nth(7)).toBeVisible()
    const boxes = await cards.evaluateAll((els) =>
      els.map((el) => el.getBoundingClientRect()).map((r) => ({ top: Math.round(r.top), width: r.width })),
    )
    const perRow = new Map<number, number>()
    for (const b of boxes) perRow.set(b.top, (perRow.get(b.top) ?? 0) + 1)
    const counts = [...perRow.values()]
    const twos = counts.filter((n) => n === 2).length
    expect(twos, `cells per row: ${counts.join(', ')}`).toBeGreaterThan(counts.length / 2)
    expect(Math.max(...counts)).toBeLessThanOrEqual(3)

    // At the very end of a page (one without an endless list) the footer sits fully above the bar.
    await page.goto('/settings')
    await expect(heading(page)).toHaveText('Settings')
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    const footer = page.locator('footer')
    await expect
      .poll(async () => {
        const [f, n] = [await footer.boundingBox(), await nav.boundingBox()]
        return f && n ? Math.round(n.y - (f.y + f.height)) : -1
      })
      .toBeGreaterThanOrEqual(0)
  })
})
