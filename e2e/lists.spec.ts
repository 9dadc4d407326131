// Work lists end to end (DESIGN.md §3.2, §3.3, §3.5): paging by the cursor of next_url, Back restoring the list,
// a small DOM and no layout shift over 1,000 works, the filters, keyboard use, and badges. Real service, real data.

import AxeBuilder from '@axe-core/playwright'
import { type Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { frames, layoutShifts, trackLayoutShifts } from './helpers.ts'

const SEARCH_API = '/v1/search/illust'
/** A tag on thousands of works of every kind. */
const MANY = 'オリジナル'
/** A tag whose first pages hold R-18, R-18G, AI, manga, ugoira and book works for the demo account. */
const VARIED = '女の子'

interface WireIllust {
  id: number
  title: string
  type: 'illust' | 'manga' | 'ugoira'
  user: { name: string }
  tags: { name: string; translated_name: string | null }[]
  page_count: number
  x_restrict: number
  illust_ai_type: number
  illust_book_style: number
  sanity_level: number
  is_muted: boolean
}

interface WirePage {
  illusts: WireIllust[]
  next_url: string | null
}

const isSearch = (url: string) => new URL(url).pathname === SEARCH_API

/** Records every search request and response of the page, in order. */
function trackSearch(page: Page) {
  const requests: URL[] = []
  const pages: { url: URL; body: WirePage }[] = []
  const bodies: Promise<void>[] = []
  let inFlight = 0
  page.on('request', (r) => {
    if (!isSearch(r.url())) return
    requests.push(new URL(r.url()))
    inFlight++
  })
  page.on('requestfailed', (r) => {
    if (isSearch(r.url())) inFlight--
  })
  page.on('requestfinished', (r) => {
    if (!isSearch(r.url())) return
    const read = (async () => {
      const response = await r.response()
      if (response?.ok()) pages.push({ url: new URL(r.url()), body: (await response.json()) as WirePage })
      inFlight--
    })()
    // A body still being read as the test ends is cut off: not a failure of its own. idle() awaits every read, so a
    // read that fails during the test still fails it.
    read.catch(() => {})
    bodies.push(read)
  })
  return {
    requests,
    pages,
    get inFlight() {
      return inFlight
    },
    works: () => pages.flatMap((p) => p.body.illusts),
    /** Waits until no search request is under way and every body has been read. */
    async idle() {
      await expect.poll(() => inFlight, { timeout: 15_000 }).toBe(0)
      await Promise.all(bodies)
    },
  }
}

const cards = (page: Page) => page.getByRole('list', { name: /Search results/ }).locator('[data-work-id]')

async function cardIds(page: Page): Promise<number[]> {
  return cards(page).evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-work-id'))))
}

/** The first card whose top edge is inside the viewport below the sticky header. */
async function firstVisibleCard(page: Page): Promise<number | null> {
  return page.evaluate(() => {
    const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0
    const els = [...document.querySelectorAll<HTMLElement>('[role=list] [data-work-id]')]
    const hit = els.find((el) => el.getBoundingClientRect().top >= header)
    return hit ? Number(hit.dataset.workId) : null
  })
}

async function signInAsDemo(page: Page, settings?: object) {
  const res = await page.request.post('/auth/token', {
    form: { grant_type: 'password', username: 'demo', password: 'demo' },
  })
  expect(res.ok()).toBe(true)
  const t = await res.json()
  const session = {
    accessToken: t.access_token,
    refreshToken: t.refresh_token,
    expiresAt: Date.now() + t.expires_in * 1000,
    user: {
      id: Number(t.user.id),
      name: t.user.name,
      account: t.user.account,
      profileImageUrl: t.user.profile_image_urls.px_170x170,
      xRestrict: t.user.x_restrict,
      isPremium: t.user.is_premium,
    },
  }
  await page.addInitScript(
    ([s, st]) => {
      // Only on the first load of the test: later reloads keep what the test changed.
      if (sessionStorage.getItem('e2e.seeded')) return
      sessionStorage.setItem('e2e.seeded', '1')
      localStorage.setItem('easel.session', s)
      if (st) localStorage.setItem('easel.settings', st)
    },
    [JSON.stringify(session), settings ? JSON.stringify(settings) : ''] as const,
  )
}

/** Expected filter verdicts of the default settings: R-18 and R-18G hidden, muted hidden, sensitive blurred. */
const hiddenByDefault = (w: WireIllust) => w.x_restrict >= 1 || w.is_muted

function expectedBadges(w: WireIllust): string[] {
  const b: string[] = []
  if (w.x_restrict === 1) b.push('r18')
  if (w.x_restrict >= 2) b.push('r18g')
  if (w.illust_ai_type === 2) b.push('ai')
  if (w.illust_ai_type === 1) b.push('ai-partial')
  if (w.type === 'ugoira') b.push('ugoira')
  if (w.illust_book_style === 1) b.push('book')
  if (w.page_count > 1) b.push('pages')
  return b.sort()
}

test.describe('work lists', () => {
  test('a deep-linked search pages by the next_url cursor, and Back restores the position without refetching', async ({
    page,
  }) => {
    const search = trackSearch(page)
    await page.goto(`/search?word=${encodeURIComponent(MANY)}`)
    await expect(cards(page).first()).toBeVisible()
    await search.idle()

    // Matching works, in the service's order (the default filters hide none of an anonymous caller's works but the
    // muted ones).
    const first = search.pages[0]!.body.illusts
    for (const w of first) {
      expect(w.tags.some((t) => t.name.includes(MANY) || t.translated_name?.includes(MANY))).toBe(true)
    }
    const shown = await cardIds(page)
    const expectedOrder = search
      .works()
      .filter((w) => !w.is_muted)
      .map((w) => w.id)
    expect(shown.length).toBeGreaterThan(0)
    expect(shown).toEqual(expectedOrder.slice(0, shown.length))

    // Scroll until four pages are in.
    for (let i = 0; search.pages.length < 4; i++) {
      expect(i, 'four pages within 40 scrolls').toBeLessThan(40)
      await page.evaluate(() => window.scrollBy(0, window.innerHeight))
      await frames(page)
      await search.idle()
    }
    await search.idle()
    // Each request after the first carries the cursor out of the previous response's next_url.
    expect(search.requests[0]!.searchParams.get('offset')).toBeNull()
    for (let i = 1; i < search.requests.length; i++) {
      const next = new URL(search.pages[i - 1]!.body.next_url!)
      expect(search.requests[i]!.searchParams.get('offset')).toBe(next.searchParams.get('offset'))
      expect(search.requests[i]!.searchParams.get('word')).toBe(MANY)
    }
    expect(search.requests.slice(0, 4).map((r) => r.searchParams.get('offset'))).toEqual([null, '30', '60', '90'])

    // Somewhere in the middle (not near the end, so nothing more is due), open a work.
    await page.evaluate(() => window.scrollTo(0, Math.round(document.documentElement.scrollHeight * 0.45)))
    await frames(page)
    await search.idle()
    const requestsBefore = search.requests.length
    const scrollY = await page.evaluate(() => window.scrollY)
    const anchor = await firstVisibleCard(page)
    expect(anchor).not.toBeNull()
    expect(scrollY).toBeGreaterThan(1000)

    // Open a work on screen that is not blurred (a blurred one takes a first click to reveal).
    const open = await page.evaluate(() => {
      const els = [...document.querySelectorAll<HTMLElement>('[role=list] [data-work-id]')]
      const hit = els.find((el) => el.getBoundingClientRect().top >= innerHeight / 3 && !el.querySelector('button'))
      return Number(hit!.dataset.workId)
    })
    await page.locator(`[role=list] a[href="/artworks/${open}"]`).click()
    await expect(page).toHaveURL(new RegExp(`/artworks/${open}$`))
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

    await page.goBack()
    await expect(page).toHaveURL(/\/search\?word=/)
    await expect
      .poll(async () => Math.abs((await page.evaluate(() => window.scrollY)) - scrollY))
      .toBeLessThanOrEqual(3)
    await expect.poll(() => firstVisibleCard(page)).toBe(anchor)
    await frames(page)
    await search.idle()
    expect(search.requests.length, 'no search request after Back').toBe(requestsBefore)
  })

  test('1,000 loaded works keep at most 300 images in the page and nothing shifts', async ({ page }) => {
    test.setTimeout(240_000)
    await trackLayoutShifts(page)
    const search = trackSearch(page)
    await page.goto(`/search?word=${encodeURIComponent(MANY)}`)
    await expect(cards(page).first()).toBeVisible()

    // Scroll like a reader: a screen at a time, letting each page arrive.
    let loaded = 0
    let stalled = 0
    for (let i = 0; search.works().length < 1000; i++) {
      expect(i, '1,000 works within 600 screens').toBeLessThan(600)
      await page.evaluate(() => window.scrollBy(0, window.innerHeight))
      await frames(page)
      await search.idle()
      // A list that stops loading says so at once, with what the reader sees, instead of scrolling on to the timeout.
      stalled = search.works().length > loaded ? 0 : stalled + 1
      loaded = search.works().length
      if (stalled === 40) {
        const state = await page.evaluate(() => ({
          scrollY: Math.round(window.scrollY),
          height: document.documentElement.scrollHeight,
          buttons: [...document.querySelectorAll('main button')].map((b) => b.textContent?.trim()).slice(-3),
        }))
        expect(stalled, `no page loaded for 40 screens at ${loaded} works: ${JSON.stringify(state)}`).toBeLessThan(40)
      }
    }
    expect(search.works().length).toBeGreaterThanOrEqual(1000)
    // Every cursor followed once: no page fetched twice, no storm.
    const offsets = search.requests.map((r) => r.searchParams.get('offset'))
    expect(new Set(offsets).size).toBe(offsets.length)

    const imgs = await page.locator('img').count()
    expect(imgs).toBeGreaterThan(0)
    expect(imgs).toBeLessThanOrEqual(300)
    const { cls, shifts } = await layoutShifts(page)
    test.info().annotations.push({
      type: 'layout',
      description: `CLS ${cls.toFixed(4)}, ${imgs} <img> with ${search.works().length} works loaded`,
    })
    expect(cls, JSON.stringify(shifts, null, 1)).toBeLessThanOrEqual(0.02)
  })

  test('R-18 works are hidden by default, shown when the settings allow them, and the list says how many it hid', async ({
    page,
  }) => {
    await signInAsDemo(page)
    let search = trackSearch(page)
    await page.goto(`/search?word=${encodeURIComponent(VARIED)}`)
    await expect(cards(page).first()).toBeVisible()
    await frames(page)
    await search.idle()

    let works = search.works()
    const r18 = works.filter((w) => w.x_restrict === 1)
    expect(r18.length, 'the search returns R-18 works for the demo account').toBeGreaterThan(0)
    // The grid is virtualized: the cards in the page are the first of the works the filters let through, in order.
    let shown = await cardIds(page)
    expect(shown.length).toBeGreaterThan(10)
    expect(shown).toEqual(
      works
        .filter((w) => !hiddenByDefault(w))
        .map((w) => w.id)
        .slice(0, shown.length),
    )
    const hidden = works.filter(hiddenByDefault).length
    await expect(page.getByText(`${hidden} hidden by your filters`)).toBeVisible()
    await expect(page.getByRole('link', { name: 'Filter settings' })).toHaveAttribute('href', '/settings')

    // Allow R-18 (R-18G stays hidden) and load the list again.
    await page.evaluate(() => {
      const saved = JSON.parse(localStorage.getItem('easel.settings') ?? '{}')
      localStorage.setItem('easel.settings', JSON.stringify({ ...saved, filters: { ...saved.filters, r18: 'show' } }))
    })
    search = trackSearch(page)
    await page.reload()
    await expect(cards(page).first()).toBeVisible()
    await frames(page)
    await search.idle()

    works = search.works()
    shown = await cardIds(page)
    const hiddenNow = (w: WireIllust) => w.x_restrict >= 2 || w.is_muted
    expect(shown).toEqual(
      works
        .filter((w) => !hiddenNow(w))
        .map((w) => w.id)
        .slice(0, shown.length),
    )
    const r18Shown = works.filter((w) => w.x_restrict === 1 && shown.includes(w.id))
    expect(r18Shown.length, 'R-18 works among the cards').toBeGreaterThan(0)
    for (const w of r18Shown) await expect(page.locator(`[data-work-id="${w.id}"] [data-badge="r18"]`)).toBeAttached()
    const hiddenCount = works.filter(hiddenNow).length
    if (hiddenCount > 0) await expect(page.getByText(`${hiddenCount} hidden by your filters`)).toBeVisible()
    else await expect(page.getByText(/hidden by your filters/)).toHaveCount(0)
  })

  test('the grid works by keyboard alone, with a visible focus ring', async ({ page }) => {
    // Nothing blurred, so every card is a link (the reveal button is covered below).
    await page.addInitScript(() => {
      if (!localStorage.getItem('easel.settings'))
        localStorage.setItem('easel.settings', JSON.stringify({ filters: { sensitive: 'show' } }))
    })
    const search = trackSearch(page)
    await page.goto(`/search?word=${encodeURIComponent(MANY)}`)
    await expect(cards(page).first()).toBeVisible()

    const focusedCard = () =>
      page.evaluate(() => {
        const el = document.activeElement
        const card = el?.closest<HTMLElement>('[role=list] [data-work-id]')
        return card && el instanceof HTMLAnchorElement ? Number(card.dataset.workId) : null
      })
    for (let i = 0; (await focusedCard()) === null; i++) {
      expect(i, 'a card within 40 presses of Tab').toBeLessThan(40)
      await page.keyboard.press('Tab')
    }
    const ids = await cardIds(page)
    const firstId = await focusedCard()
    expect(firstId).toBe(ids[0])

    const ring = await page.evaluate(() => {
      const s = getComputedStyle(document.activeElement!)
      return { style: s.outlineStyle, width: parseFloat(s.outlineWidth), shadow: s.boxShadow }
    })
    expect(ring.style !== 'none' && ring.width >= 2, JSON.stringify(ring)).toBe(true)

    // Tab moves card to card in the list's order, also past the rows that were rendered at first (the grid is
    // virtualized: the browser scrolls each focused card into view and the next rows appear ahead of it).
    for (let k = 1; k <= 45; k++) {
      await page.keyboard.press('Tab')
      await search.idle()
      expect(await focusedCard(), `card ${k + 1} in order`).toBe(search.works()[k]?.id)
    }
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
    const opened = await focusedCard()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(new RegExp(`/artworks/${opened}$`))
  })

  test('a blurred work is revealed by keyboard, then opens', async ({ page }) => {
    await page.goto(`/search?word=${encodeURIComponent(VARIED)}`)
    const blurred = page
      .locator('[data-work-id]')
      .filter({ has: page.getByRole('button', { name: /^Show .* \(Sensitive\)$/ }) })
      .first()
    await expect(blurred).toBeVisible()
    const id = await blurred.getAttribute('data-work-id')
    const card = page.locator(`[data-work-id="${id}"]`)
    const reveal = card.getByRole('button')
    await reveal.focus()
    await page.keyboard.press('Enter')
    await expect(card.getByRole('button')).toHaveCount(0)
    await expect(card.getByRole('link')).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(new RegExp(`/artworks/${id}$`))
  })

  test('each badge appears on the cards of the works that need it and on no others', async ({ page }) => {
    await signInAsDemo(page, {
      filters: { r18: 'show', r18g: 'show', ai: 'show', sensitive: 'show', hideMuted: false },
    })
    const search = trackSearch(page)
    await page.goto(`/search?word=${encodeURIComponent(VARIED)}`)
    await expect(cards(page).first()).toBeVisible()
    await frames(page)
    await search.idle()

    // Read the cards a screen at a time (the grid is virtualized), until every kind has shown up.
    const rendered = new Map<number, string[]>()
    const seen = new Set<string>()
    for (let i = 0; seen.size < 7 || rendered.size < 30; i++) {
      expect(i, 'every kind of badge within 30 screens').toBeLessThan(30)
      const batch = await cards(page).evaluateAll((els) =>
        els.map((el) => ({
          id: Number(el.getAttribute('data-work-id')),
          badges: [...el.querySelectorAll('[data-badge]')].map((b) => b.getAttribute('data-badge')!).sort(),
        })),
      )
      for (const { id, badges } of batch) {
        rendered.set(id, badges)
        for (const b of badges) seen.add(b)
      }
      await page.evaluate(() => window.scrollBy(0, window.innerHeight))
      await frames(page)
      await search.idle()
    }
    const byId = new Map(search.works().map((w) => [w.id, w]))
    for (const [id, badges] of rendered) {
      const work = byId.get(id)
      expect(work, `card ${id} is a work of the responses`).toBeDefined()
      expect(badges, `badges of work ${id}`).toEqual(expectedBadges(work!))
    }
    // The sample covers every kind, so each comparison above had something to catch.
    expect([...seen].sort()).toEqual(['ai', 'ai-partial', 'book', 'pages', 'r18', 'r18g', 'ugoira'])
    // The page count reads as the number.
    await page.evaluate(() => window.scrollTo(0, 0))
    // The grid redraws its first rows after the scroll: read a card only once they are back (not a card of the
    // screens below, about to be dropped).
    await expect(cards(page).and(page.locator('[aria-posinset="1"]'))).toBeVisible()
    await frames(page)
    const multi = await cards(page)
      .filter({ has: page.locator('[data-badge="pages"]') })
      .first()
      .getAttribute('data-work-id')
    await expect(page.locator(`[data-work-id="${multi}"] [data-badge="pages"]`)).toContainText(
      String(byId.get(Number(multi))!.page_count),
    )
  })

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`the grid has no WCAG A/AA violations in the ${colorScheme} scheme`, async ({ page }) => {
      await page.emulateMedia({ colorScheme })
      await signInAsDemo(page, { filters: { r18: 'show', r18g: 'blur' } })
      await page.goto(`/search?word=${encodeURIComponent(VARIED)}`)
      await expect(cards(page).first()).toBeVisible()
      await expect(page.locator('[role=list] img').first()).toHaveJSProperty('complete', true)
      const { violations } = await new AxeBuilder({ page })
        .include('[role=list]')
        .include('[data-testid=hidden-count]')
        .withTags(['wcag2a', 'wcag2aa'])
        .analyze()
      expect(violations.map(({ id, nodes }) => `${id}: ${nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
    })
  }
})
