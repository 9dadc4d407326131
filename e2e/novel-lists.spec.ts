// Novel lists end to end (issue 5, scope 3): the long series walked through its `last_order` cursors, every other
// novel list loading and paging by the cursor of its `next_url` (recommended, search, ranking, a user's novels,
// bookmarks), Back restoring a list, and the 360 px layout. Real service, real data; requests checked as sent.

import AxeBuilder from '@axe-core/playwright'
import { type Page, type Request } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { DEMO, frames, onInitialAnswers, signInAsDemo } from './helpers.ts'

interface WireNovel {
  id: number
  title: string
  x_restrict: number
  is_muted: boolean
  novel_ai_type: number
  user: { id: number; name: string }
  series: { id?: number; title?: string }
}

interface WirePage {
  novels: WireNovel[]
  next_url: string | null
  novel_series_detail?: { title: string; content_count: number; user: { id: number; name: string } }
}

/** Novel series 1 of the demo catalogue: 75 novels, three pages. */
const LONG_SERIES = 1

/** Records every GET of one API path, its answers and how many were under way at once. */
function track(page: Page, apiPath: string, options: { deepLink?: boolean } = {}) {
  const requests: URL[] = []
  const pages: WirePage[] = []
  const bodies: Promise<void>[] = []
  let inFlight = 0
  let maxInFlight = 0
  const matches = (r: Request) => r.method() === 'GET' && new URL(r.url()).pathname === apiPath
  page.on('request', (r) => {
    if (!matches(r)) return
    requests.push(new URL(r.url()))
    inFlight++
    maxInFlight = Math.max(maxInFlight, inFlight)
  })
  // An anonymous deep link's first page came with the page itself, and was never asked for.
  if (options.deepLink)
    onInitialAnswers(page, apiPath, (url, body) => {
      requests.unshift(url)
      pages.unshift(body as WirePage)
    })
  page.on('requestfailed', (r) => {
    if (matches(r)) inFlight--
  })
  page.on('requestfinished', (r) => {
    if (!matches(r)) return
    // Counted as done at once (events arrive in order): reading the body below takes a moment of its own.
    inFlight--
    const index = requests.length - 1 - inFlight
    const read = (async () => {
      const response = await r.response()
      if (response?.ok()) pages[index] = (await response.json()) as WirePage
    })()
    // A body still being read as the test ends is cut off: not a failure of its own. idle() awaits every read and
    // counts the pages, so a read that fails during the test still fails it.
    read.catch(() => {})
    bodies.push(read)
  })
  return {
    requests,
    pages,
    get maxInFlight() {
      return maxInFlight
    },
    novels: () => pages.flatMap((p) => p.novels),
    /** Waits until no request of the path is under way and every answer has been read. */
    async idle() {
      await expect.poll(() => inFlight, { timeout: 15_000 }).toBe(0)
      await Promise.all(bodies)
      expect(pages.filter(Boolean), 'every request answered 200').toHaveLength(requests.length)
    },
  }
}

const list = (page: Page, name: RegExp | string) => page.getByRole('list', { name })
const cards = (page: Page, name: RegExp | string) => list(page, name).locator('[data-novel-id]')

async function cardIds(page: Page, name: RegExp | string): Promise<number[]> {
  return cards(page, name).evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-novel-id'))))
}

/** The cursor a `next_url` carries for the next page. */
const cursorOf = (nextUrl: string, param: string) => new URL(nextUrl).searchParams.get(param)

/** The default filters hide R-18, R-18G and muted novels (AI-generated ones are shown). */
const hiddenByDefault = (n: WireNovel) => n.x_restrict >= 1 || n.is_muted

/**
 * Scrolls a viewport at a time until the list has sent its second request; checks that it went out before the reader
 * reached the end of the loaded cards (the list asks ahead), carrying the cursor of the first answer's next_url.
 */
async function expectSecondPage(page: Page, t: ReturnType<typeof track>, label: RegExp | string, cursor: string) {
  // How far below the viewport's bottom the first page's last card was when the second request went out: measured
  // right after the scroll step that set it off (or at once, when the first page alone did not fill two screens).
  let leftToRead = Number.NaN
  for (let i = 0; ; i++) {
    expect(i, 'the second page within 40 screens').toBeLessThan(40)
    await frames(page)
    await t.idle()
    if (t.requests.length >= 2) {
      // The list is virtualized, so that card may not be in the page: its row's place is worked out from the rows
      // that are (all rows have one height and one step).
      const count = t.pages[0]!.novels.filter((n) => !hiddenByDefault(n)).length
      leftToRead = await list(page, label).evaluate((el, n) => {
        const rows = [...el.querySelectorAll<HTMLElement>('[data-row]')].sort(
          (a, b) => Number(a.dataset.row) - Number(b.dataset.row),
        )
        const [a, b] = [rows[0]!, rows[1]!]
        const step =
          (b.getBoundingClientRect().top - a.getBoundingClientRect().top) /
          (Number(b.dataset.row) - Number(a.dataset.row))
        const columns = Math.max(...rows.map((r) => r.querySelectorAll('[data-novel-id]').length))
        const lastRow = Math.floor((n - 1) / columns)
        const bottom = a.getBoundingClientRect().top + (lastRow - Number(a.dataset.row)) * step + a.offsetHeight
        return bottom - window.innerHeight
      }, count)
      break
    }
    await page.evaluate(() => window.scrollBy(0, window.innerHeight))
  }
  expect(leftToRead, 'the next page is asked for before the end of the loaded cards is on screen').toBeGreaterThan(0)

  const first = t.pages[0]!
  expect(t.requests[0]!.searchParams.get(cursor)).toBeNull()
  expect(t.requests[1]!.searchParams.get(cursor)).toBe(cursorOf(first.next_url!, cursor))

  // The cards, in the service's order, less those the filters hide: the first page's, then the second's.
  await page.evaluate(() => window.scrollTo(0, 0))
  await frames(page)
  const expected = t
    .novels()
    .filter((n) => !hiddenByDefault(n))
    .map((n) => n.id)
  const shown = await cardIds(page, label)
  expect(shown.length).toBeGreaterThan(0)
  expect(shown).toEqual(expected.slice(0, shown.length))
  const second = t.pages[1]!.novels.find((n) => !hiddenByDefault(n))!
  // Scrolling down, the first card of the second page comes into the (virtualized) list.
  const secondCard = list(page, label).locator(`[data-novel-id="${second.id}"]`)
  for (let i = 0; (await secondCard.count()) === 0; i++) {
    expect(i, 'the second page’s first card within 40 half screens').toBeLessThan(40)
    await page.evaluate(() => window.scrollBy(0, Math.round(window.innerHeight / 2)))
    await frames(page)
  }
  await secondCard.scrollIntoViewIfNeeded()
  await expect(secondCard).toBeInViewport()

  // Scrolling on may have asked for more: each request still carries the cursor of the answer before it.
  await t.idle()
  for (let i = 1; i < t.requests.length; i++)
    expect(t.requests[i]!.searchParams.get(cursor)).toBe(cursorOf(t.pages[i - 1]!.next_url!, cursor))
  expect(t.maxInFlight, 'one request at a time').toBe(1)
}

test.describe('novel lists', () => {
  test('the long series walks every entry through last_order cursors, with its header and no duplicate', async ({
    page,
  }) => {
    const t = track(page, '/v2/novel/series', { deepLink: true })
    await page.goto(`/novel/series/${LONG_SERIES}`)
    const label = /^Novels in /
    await expect(cards(page, label).first()).toBeVisible()
    await t.idle()
    const detail = t.pages[0]!.novel_series_detail!
    expect(detail.content_count).toBe(75)

    // The header: title, author, how many novels, and the way in.
    await expect(page.getByRole('heading', { level: 1, name: detail.title })).toBeVisible()
    const header = page.locator('header[data-series-id]')
    await expect(header.getByRole('link', { name: detail.user.name })).toHaveAttribute(
      'href',
      `/users/${detail.user.id}`,
    )
    await expect(header).toContainText('Novels75')
    await expect(header.getByRole('link', { name: 'Read from the first novel' })).toHaveAttribute(
      'href',
      `/novels/${t.pages[0]!.novels[0]!.id}`,
    )

    // Scroll to the end a screen at a time, reading the cards in the page at each step (the list is virtualized).
    const byPlace = new Map<number, number>()
    for (let i = 0; ; i++) {
      expect(i, 'the end within 60 screens').toBeLessThan(60)
      const batch = await cards(page, label).evaluateAll((els) =>
        els.map((el) => [Number(el.getAttribute('aria-posinset')), Number(el.getAttribute('data-novel-id'))]),
      )
      const ids = batch.map(([, id]) => id)
      expect(new Set(ids).size, 'no card twice in the page').toBe(ids.length)
      for (const [place, id] of batch) {
        if (byPlace.has(place!)) expect(byPlace.get(place!), `card ${place} stays the same novel`).toBe(id)
        byPlace.set(place!, id!)
      }
      const atEnd = await page.evaluate(
        () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2,
      )
      if (atEnd && t.pages.at(-1)?.next_url === null) {
        await t.idle()
        if (byPlace.size >= 75) break
      }
      await page.evaluate(() => window.scrollBy(0, Math.round(window.innerHeight * 0.8)))
      await frames(page)
      await t.idle()
    }
    await expect(page.getByRole('status').filter({ hasText: "You've reached the end" })).toBeVisible()

    // Each request after the first carries the last_order of the previous answer's next_url, and the walk stopped
    // at the answer whose next_url is null.
    expect(t.requests.map((r) => r.searchParams.get('last_order'))).toEqual([null, '30', '60'])
    for (let i = 1; i < t.requests.length; i++) {
      expect(t.requests[i]!.searchParams.get('series_id')).toBe(String(LONG_SERIES))
      expect(t.requests[i]!.searchParams.get('last_order')).toBe(cursorOf(t.pages[i - 1]!.next_url!, 'last_order'))
    }
    expect(t.pages.at(-1)!.next_url).toBeNull()
    expect(t.maxInFlight, 'one request at a time').toBe(1)

    // Every entry once, in the series' order.
    const served = t.novels().map((n) => n.id)
    expect(new Set(served).size).toBe(75)
    const walked = [...byPlace.entries()].sort(([a], [b]) => a - b).map(([, id]) => id)
    expect(walked).toEqual(served)
    expect([...byPlace.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: 75 }, (_, i) => i + 1))
    // Numbered by their place in the series.
    await expect(cards(page, label).last().getByRole('link')).toHaveAccessibleName(/^Part 75: /)
  })

  test('the series page and its cards have no WCAG A/AA violations, in either scheme', async ({ page }) => {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme })
      await page.goto(`/novel/series/${LONG_SERIES}`)
      await expect(cards(page, /^Novels in /).first()).toBeVisible()
      await expect(page.locator('[role=list] img').first()).toHaveJSProperty('complete', true)
      const { violations } = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa']).analyze()
      expect(
        violations.map(({ id, nodes }) => `${id}: ${nodes.map((n) => n.target.join(' ')).join(', ')}`),
        colorScheme,
      ).toEqual([])
    }
  })

  test('a series that does not exist says so', async ({ page }) => {
    await page.goto('/novel/series/999999999')
    await expect(page.getByText('This series does not exist')).toBeVisible()
  })

  test('recommended novels: the novels tab of the home page loads and pages', async ({ page }) => {
    const t = track(page, '/v1/novel/recommended', { deepLink: true })
    await page.goto('/?tab=novel')
    await expect(page.getByRole('link', { name: 'Novels', exact: true })).toHaveAttribute('aria-current', 'page')
    await expect(cards(page, 'Recommended novels').first()).toBeVisible()
    await expectSecondPage(page, t, 'Recommended novels', 'offset')
    // The recommendation's seed stays pinned across pages.
    expect(t.requests[1]!.searchParams.get('max_bookmark_id_for_recommend')).toBe(
      cursorOf(t.pages[0]!.next_url!, 'max_bookmark_id_for_recommend'),
    )
  })

  test('novel search loads and pages, and keeps its word on every page', async ({ page, request }) => {
    // A tag on enough novels for two pages: the first tag of the long series' first novel.
    const series = (await (await request.get(`/v2/novel/series?series_id=${LONG_SERIES}`)).json()) as {
      novel_series_first_novel: { tags: { name: string }[] }
    }
    let word = ''
    for (const tag of series.novel_series_first_novel.tags) {
      const res = (await (
        await request.get(`/v1/search/novel?word=${encodeURIComponent(tag.name)}`)
      ).json()) as WirePage
      if (res.next_url) {
        word = tag.name
        break
      }
    }
    expect(word, 'a tag with two pages of novels').not.toBe('')
    const t = track(page, '/v1/search/novel')
    await page.goto(`/search/novels?word=${encodeURIComponent(word)}`)
    const label = `Novel search results for ${word}`
    await expect(cards(page, label).first()).toBeVisible()
    await expectSecondPage(page, t, label, 'offset')
    expect(t.requests.every((r) => r.searchParams.get('word') === word)).toBe(true)
  })

  test('novel ranking: the novels switch of the ranking loads and pages, numbered by rank', async ({ page }) => {
    const t = track(page, '/v1/novel/ranking')
    await page.goto('/ranking')
    await page.getByRole('navigation', { name: 'Ranked works' }).getByRole('link', { name: 'Novels' }).click()
    await expect(page).toHaveURL(/\/ranking\?kind=novel$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Daily novel ranking')
    const label = /^Daily novel ranking/
    await expect(cards(page, label).first()).toBeVisible()
    await expectSecondPage(page, t, label, 'offset')
    expect(t.requests[0]!.searchParams.get('mode')).toBe('day')
    const firstId = t.pages[0]!.novels[0]!.id
    await page.evaluate(() => window.scrollTo(0, 0))
    await expect(list(page, label).locator(`[data-novel-id="${firstId}"]`).getByRole('link')).toHaveAccessibleName(
      /^Rank 1: /,
    )

    // The novel modes are the novel ranking's own, and keep the switch.
    await page.getByRole('navigation', { name: 'Ranking modes' }).getByRole('link', { name: 'Weekly' }).click()
    await expect(page).toHaveURL(/\/ranking\?kind=novel&mode=week$/)
    await expect(cards(page, /^Weekly novel ranking/).first()).toBeVisible()
    expect(t.requests.at(-1)!.searchParams.get('mode')).toBe('week')
  })

  test('a user’s novels: the Novels tab of the profile loads and pages', async ({ page, request }) => {
    const series = (await (await request.get(`/v2/novel/series?series_id=${LONG_SERIES}`)).json()) as WirePage
    const author = series.novel_series_detail!.user
    const t = track(page, '/v1/user/novels')
    await page.goto(`/users/${author.id}`)
    await page.getByRole('link', { name: 'Novels', exact: true }).click()
    await expect(page).toHaveURL(new RegExp(`/users/${author.id}/novels$`))
    const label = `${author.name}’s novels`
    await expect(cards(page, label).first()).toBeVisible()
    await expectSecondPage(page, t, label, 'offset')
    expect(t.novels().every((n) => n.user.id === author.id)).toBe(true)
  })

  test('bookmarked novels page by max_bookmark_id; one’s own private ones too, with the hidden count', async ({
    page,
  }) => {
    await signInAsDemo(page)
    const t = track(page, '/v1/user/bookmarks/novel')
    await page.goto(`/users/${DEMO.userId}/bookmarks/novels`)
    const label = 'Your novel bookmarks'
    await expect(cards(page, label).first()).toBeVisible()
    await expectSecondPage(page, t, label, 'max_bookmark_id')
    expect(t.requests.every((r) => r.searchParams.get('restrict') === 'public')).toBe(true)

    // The private ones: R-18, R-18G and muted novels among them are hidden and counted. The public list may have
    // asked for a further page on its own: let it arrive, so leaving the list does not cancel it mid-way.
    await page.evaluate(() => window.scrollTo(0, 0))
    await frames(page)
    await t.idle()
    await page.getByRole('navigation', { name: 'Visibility' }).getByRole('link', { name: 'Private' }).click()
    await expect(page).toHaveURL(/bookmarks\/novels\?restrict=private$/)
    const privateLabel = 'Your private novel bookmarks'
    await expect(cards(page, privateLabel).first()).toBeVisible()
    await t.idle()
    const privatePages = t.pages.filter((_, i) => t.requests[i]!.searchParams.get('restrict') === 'private')
    const novels = privatePages.flatMap((p) => p.novels)
    const hidden = novels.filter(hiddenByDefault).length
    expect(hidden, 'the demo account has hidden-by-default private bookmarks').toBeGreaterThan(0)
    await expect(page.getByTestId('hidden-count')).toContainText(`${hidden} hidden by your filters`)
    const shown = await cardIds(page, privateLabel)
    expect(shown).toEqual(
      novels
        .filter((n) => !hiddenByDefault(n))
        .map((n) => n.id)
        .slice(0, shown.length),
    )
  })

  test('Back restores a novel list: the same pages, the same place, no request', async ({ page, request }) => {
    const series = (await (await request.get(`/v2/novel/series?series_id=${LONG_SERIES}`)).json()) as WirePage
    const author = series.novel_series_detail!.user
    const t = track(page, '/v1/user/novels')
    await page.goto(`/users/${author.id}/novels`)
    const label = `${author.name}’s novels`
    await expect(cards(page, label).first()).toBeVisible()
    for (let i = 0; t.pages.length < 3; i++) {
      expect(i, 'three pages within 40 screens').toBeLessThan(40)
      await page.evaluate(() => window.scrollBy(0, window.innerHeight))
      await frames(page)
      await t.idle()
    }
    // Somewhere in the middle, open a novel on screen.
    await page.evaluate(() => window.scrollTo(0, Math.round(document.documentElement.scrollHeight * 0.45)))
    await frames(page)
    await t.idle()
    const requestsBefore = t.requests.length
    const scrollY = await page.evaluate(() => window.scrollY)
    expect(scrollY).toBeGreaterThan(1000)
    const firstVisible = () =>
      page.evaluate(() => {
        const els = [...document.querySelectorAll<HTMLElement>('[role=list] [data-novel-id]')]
        const hit = els.find((el) => el.getBoundingClientRect().top >= 0)
        return hit ? Number(hit.dataset.novelId) : null
      })
    const anchor = await firstVisible()
    const open = await page.evaluate(() => {
      const els = [...document.querySelectorAll<HTMLElement>('[role=list] [data-novel-id]')]
      const hit = els.find((el) => el.getBoundingClientRect().top >= innerHeight / 3 && !el.querySelector('button'))
      return Number(hit!.dataset.novelId)
    })
    await list(page, label).locator(`[data-novel-id="${open}"] a`).click()
    await expect(page).toHaveURL(new RegExp(`/novels/${open}$`))
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

    await page.goBack()
    await expect(page).toHaveURL(new RegExp(`/users/${author.id}/novels$`))
    await expect
      .poll(async () => Math.abs((await page.evaluate(() => window.scrollY)) - scrollY))
      .toBeLessThanOrEqual(3)
    await expect.poll(firstVisible).toBe(anchor)
    await frames(page)
    await t.idle()
    expect(t.requests.length, 'no request after Back').toBe(requestsBefore)
  })

  test('at 360 px no novel page scrolls sideways, and every card and control is at least 44 px', async ({ page }) => {
    test.slow()
    await signInAsDemo(page)
    await page.setViewportSize({ width: 360, height: 740 })
    const views: { path: string; list: RegExp | string }[] = [
      { path: `/novel/series/${LONG_SERIES}`, list: /^Novels in / },
      { path: '/?tab=novel', list: 'Recommended novels' },
      { path: '/ranking?kind=novel', list: /^Daily novel ranking/ },
      { path: `/users/${DEMO.userId}/bookmarks/novels`, list: 'Your novel bookmarks' },
    ]
    for (const view of views) {
      await page.goto(view.path)
      await expect(cards(page, view.list).first()).toBeVisible()
      expect(await page.evaluate(() => document.documentElement.scrollWidth), view.path).toBeLessThanOrEqual(360)
      // The cards and the controls of the novel views (the series header, the tab rows, the list's buttons). Text
      // links inside a sentence (the hidden-count line's "Filter settings", a caption's links) are exempt, as WCAG
      // 2.5.8 exempts inline targets.
      const small = await page.evaluate(() =>
        [...document.querySelectorAll('main [role=list], main header[data-series-id], main nav')]
          .flatMap((scope) => [...scope.querySelectorAll<HTMLElement>('a, button, select, input')])
          .filter((el) => !el.closest('p, [data-caption]'))
          .map((el) => ({ el, r: el.getBoundingClientRect() }))
          .filter(({ r }) => r.width > 0 && r.height > 0 && (r.width < 44 || r.height < 44))
          .map(({ el, r }) => `${el.tagName} "${el.textContent?.trim().slice(0, 30)}" ${r.width}×${r.height}`),
      )
      expect(small, view.path).toEqual([])
    }
  })
})
