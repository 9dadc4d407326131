/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// DOM types for the callbacks that run in the page (evaluate, addInitScript); tsconfig.node.json has none.
import AxeBuilder from '@axe-core/playwright'
import { type APIRequestContext, type Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import {
  holdAnswers,
  layoutShifts,
  requestSession,
  SESSION_STORAGE_KEY,
  trackLayoutShifts,
  withoutInitialData,
  type StoredSession,
} from './helpers.ts'

// The work detail view (/artworks/:id) against the real service and its demo catalogue. Works of each kind are
// looked up through the API, so the tests do not depend on ids beyond 7 and 8 (the planted hostile captions).

interface WireIllust {
  id: number
  title: string
  type: 'illust' | 'manga' | 'ugoira'
  caption: string
  user: { id: number; name: string; is_followed?: boolean }
  page_count: number
  width: number
  height: number
  x_restrict: number
  illust_ai_type: number
  illust_book_style: number
  visible: boolean
  is_bookmarked: boolean
  image_urls: { large: string }
  meta_single_page: { original_image_url?: string }
  meta_pages: { image_urls: { large: string; original: string } }[]
}

const SOURCE_LIST_KEY = 'easel.source-list'

/** Puts a signed-in session where src/lib/session.ts keeps it, before the app starts. */
async function useSession(page: Page, session: StoredSession) {
  await page.addInitScript(
    ([key, value]) => {
      // Only on the first document: a later sign-out in the test must not be undone by a reload.
      if (!sessionStorage.getItem('e2e.session-seeded')) {
        localStorage.setItem(key, value)
        sessionStorage.setItem('e2e.session-seeded', '1')
      }
    },
    [SESSION_STORAGE_KEY, JSON.stringify(session)] as const,
  )
}

async function getJson<T>(request: APIRequestContext, path: string, token?: StoredSession): Promise<T> {
  const res = await request.get(path, {
    headers: token ? { Authorization: `Bearer ${token.accessToken}` } : {},
  })
  expect(res.ok(), `${path} answered ${res.status()}`).toBe(true)
  return (await res.json()) as T
}

/** Works from a few ranking and search pages (as `token`'s caller when given), deduplicated, visible only. */
async function sampleWorks(request: APIRequestContext, token?: StoredSession): Promise<WireIllust[]> {
  const paths = [
    '/v1/illust/ranking?mode=day',
    '/v1/illust/ranking?mode=day&offset=30',
    '/v1/illust/ranking?mode=day_manga',
    '/v1/illust/ranking?mode=week_manga',
    '/v1/illust/ranking?mode=day_ai',
    `/v1/search/illust?word=${encodeURIComponent('うごイラ')}`,
    ...(token ? ['/v1/illust/ranking?mode=day_r18', '/v1/illust/ranking?mode=week_r18g'] : []),
  ]
  const seen = new Map<number, WireIllust>()
  for (const path of paths) {
    const page = await getJson<{ illusts: WireIllust[] }>(request, path, token)
    for (const work of page.illusts) if (work.visible && !seen.has(work.id)) seen.set(work.id, work)
  }
  return [...seen.values()]
}

function pick(works: WireIllust[], what: string, test: (w: WireIllust) => boolean): WireIllust {
  const work = works.find(test)
  if (!work) throw new Error(`no ${what} in the sampled works`)
  return work
}

const isSingle = (w: WireIllust) => w.type === 'illust' && w.page_count === 1
const isManga = (w: WireIllust) =>
  w.type !== 'ugoira' && w.illust_book_style === 0 && w.page_count >= 4 && w.page_count <= 12
const isBook = (w: WireIllust) => w.illust_book_style === 1 && w.page_count >= 4
const isUgoira = (w: WireIllust) => w.type === 'ugoira'

const altOf = (w: WireIllust, page?: number) => `${w.title} by ${w.user.name}${page ? ` — page ${page}` : ''}`
const pathOf = (url: string) => new URL(url).pathname

/** The badges the detail must show for a work, from its API fields (`data-badge` values). */
function expectedBadges(w: WireIllust): string[] {
  const kinds: string[] = []
  if (w.x_restrict === 1) kinds.push('r18')
  if (w.x_restrict === 2) kinds.push('r18g')
  if (w.illust_ai_type === 2) kinds.push('ai')
  if (w.illust_ai_type === 1) kinds.push('ai-partial')
  if (w.type === 'ugoira') kinds.push('ugoira')
  if (w.illust_book_style === 1) kinds.push('book')
  if (w.page_count > 1) kinds.push('pages')
  return kinds.sort()
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 })

test.describe('rendering each kind of work', () => {
  let works: WireIllust[]
  test.beforeAll(async ({ request }) => {
    works = await sampleWorks(request)
  })

  test('a single-page work shows the large size where that is enough, the original where it shows more, and at full size', async ({
    page,
  }) => {
    const work = pick(
      works,
      'single-page illustration of at least 1,500 px a side',
      (w) => isSingle(w) && w.width >= 1500 && w.height >= 1500,
    )
    const original = pathOf(work.meta_single_page.original_image_url!)
    const large = pathOf(work.image_urls.large)
    const asked: string[] = []
    page.on('request', (r) => asked.push(pathOf(r.url())))
    const image = page.getByRole('img', { name: altOf(work), exact: true })
    const shown = () =>
      image.evaluate((img: HTMLImageElement) =>
        img.complete ? `${new URL(img.src).pathname} ${img.naturalWidth}` : '',
      )

    // A phone-sized view at the standard quality: `large` covers it, and the original is never asked for.
    await page.setViewportSize({ width: 360, height: 640 })
    await page.goto(`/artworks/${work.id}`)
    await expect(heading(page)).toHaveText(work.title)
    await expect(image).toBeVisible()
    await expect.poll(shown).toMatch(new RegExp(`^${large} [1-9]`))
    // Sized from the work before loading: width and height attributes.
    await expect(image).toHaveAttribute('width', String(work.width))
    await expect(image).toHaveAttribute('height', String(work.height))
    expect(asked).not.toContain(original)

    // At its own size it is the original, painted over the large one once it is in.
    await page.getByRole('button', { name: 'Full size' }).click()
    await expect.poll(shown).toBe(`${original} ${work.width}`)
    await expect(page.locator('img[data-role="preview"]')).toHaveCount(0)

    // A view larger than `large` can fill: the original at once, `large` beneath until it arrives.
    await page.setViewportSize({ width: 2400, height: 2400 })
    await page.goto(`/artworks/${work.id}`)
    await expect.poll(shown).toBe(`${original} ${work.width}`)
    await expect(page.locator('img[data-role="preview"]')).toHaveCount(0)
  })

  test("a work whose details arrive late takes the placeholder's place without moving anything on screen", async ({
    page,
  }) => {
    const work = pick(works, 'single-page illustration', isSingle)
    await trackLayoutShifts(page)
    // Without the answer the page comes with: the details are asked for, and held back.
    await withoutInitialData(page)
    const answer = await holdAnswers(page, (url) => url.pathname === '/v1/illust/detail')
    await page.goto(`/artworks/${work.id}`)
    await expect(page.getByRole('status').filter({ hasText: 'Loading the work…' })).toBeAttached()
    answer()
    await expect(heading(page)).toHaveText(work.title)
    const image = page.getByRole('img', { name: altOf(work), exact: true })
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
    const { cls, shifts } = await layoutShifts(page)
    expect(cls, JSON.stringify(shifts, null, 1)).toBeLessThanOrEqual(0.02)
  })

  test('related works show below the work once the reader scrolls to them, and each opens its own page', async ({
    page,
  }) => {
    const work = pick(works, 'single-page illustration', isSingle)
    await page.goto(`/artworks/${work.id}`)
    await expect(heading(page)).toHaveText(work.title)
    await page.getByRole('heading', { level: 2, name: 'Related works' }).scrollIntoViewIfNeeded()
    const related = page.locator('[data-related-work]')
    await expect(related.first()).toBeVisible()
    const id = await related.first().getAttribute('data-related-work')
    expect(Number(id)).not.toBe(work.id)
    await related.first().click()
    await expect(page).toHaveURL(new RegExp(`/artworks/${id}$`))
    await expect(heading(page)).not.toHaveText(work.title)
  })

  test('a multi-page work shows every page, lazily, with a counter that follows the scroll', async ({ page }) => {
    const work = pick(works, 'multi-page manga', isManga)
    await page.goto(`/artworks/${work.id}`)
    await expect(heading(page)).toHaveText(work.title)

    const pages = page.getByRole('img', { name: new RegExp(` — page \\d+$`) })
    await expect(pages).toHaveCount(work.page_count)
    for (let i = 0; i < work.page_count; i++) {
      await expect(pages.nth(i)).toHaveAttribute('alt', altOf(work, i + 1))
      await expect(pages.nth(i)).toHaveAttribute('loading', i < 2 ? 'eager' : 'lazy')
      await expect(pages.nth(i)).toHaveAttribute('src', work.meta_pages[i]!.image_urls.original)
    }

    // Scroll to the bottom page by page; each page loads as it comes near.
    for (let i = 0; i < work.page_count; i++) {
      await pages.nth(i).scrollIntoViewIfNeeded()
      await expect
        .poll(() => pages.nth(i).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true)
    }
    const loaded = await pages.evaluateAll(
      (imgs) =>
        imgs.filter((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0).length,
    )
    expect(loaded).toBe(work.page_count)
    await expect(page.locator('[data-page-counter] [aria-hidden="true"]')).toHaveText(
      `${work.page_count} / ${work.page_count}`,
    )
  })

  test('#pN in the URL jumps to page N', async ({ page }) => {
    const work = pick(works, 'multi-page manga', isManga)
    await page.goto(`/artworks/${work.id}#p3`)
    await expect(page.getByRole('img', { name: altOf(work, 3), exact: true })).toBeInViewport()
    await expect(page.locator('[data-page-counter] [aria-hidden="true"]')).toHaveText(`3 / ${work.page_count}`)
  })

  test('a book-style work reads right to left in spreads, turned with the arrow keys', async ({ page }) => {
    const work = pick(works, 'book-style work', isBook)
    await page.goto(`/artworks/${work.id}`)
    await expect(heading(page)).toHaveText(work.title)

    const book = page.locator('[data-reading="rtl"]')
    await expect(book).toHaveAttribute('dir', 'rtl')
    const p2 = page.getByRole('img', { name: altOf(work, 2), exact: true })
    const p3 = page.getByRole('img', { name: altOf(work, 3), exact: true })
    const b2 = (await p2.boundingBox())!
    const b3 = (await p3.boundingBox())!
    // One spread: side by side, page 2 on the right.
    expect(Math.abs(b2.y - b3.y)).toBeLessThan(2)
    expect(b2.x).toBeGreaterThan(b3.x)
    expect(b3.x + b3.width).toBeLessThanOrEqual(b2.x + 1)
    // The cover stands alone, right of (before) the first pair.
    const b1 = (await page.getByRole('img', { name: altOf(work, 1), exact: true }).boundingBox())!
    expect(b1.x).toBeGreaterThan(b2.x)

    // Left turns to the next spread.
    await book.focus()
    await expect(page.getByRole('img', { name: altOf(work, 1), exact: true })).toBeInViewport()
    await page.keyboard.press('ArrowLeft')
    await expect(p2).toBeInViewport({ ratio: 0.9 })
    await expect(p3).toBeInViewport({ ratio: 0.9 })
    await expect(page.locator('[data-page-counter]')).toContainText(`2–3 / ${work.page_count}`)
    // The book kept the key: still the same work.
    await expect(page).toHaveURL(new RegExp(`/artworks/${work.id}$`))
    await page.keyboard.press('ArrowRight')
    await expect(page.getByRole('img', { name: altOf(work, 1), exact: true })).toBeInViewport({ ratio: 0.9 })
  })

  test('an ugoira animates on a canvas and pauses', async ({ page }) => {
    const work = pick(works, 'ugoira', isUgoira)
    await page.goto(`/artworks/${work.id}`)
    await expect(heading(page)).toHaveText(work.title)
    const canvas = page.locator('canvas')
    await expect(canvas).toHaveAccessibleName(altOf(work))
    const frame = () => canvas.evaluate((c: HTMLCanvasElement) => c.toDataURL())

    const first = await frame()
    await expect.poll(frame, { timeout: 5_000 }).not.toBe(first)

    const pause = page.getByRole('button', { name: 'Pause' })
    await expect(pause).toHaveAttribute('aria-pressed', 'false')
    await pause.click()
    await expect(pause).toHaveAttribute('aria-pressed', 'true')
    const stillFor500ms = () =>
      canvas.evaluate(async (c: HTMLCanvasElement) => {
        const before = c.toDataURL()
        await new Promise((resolve) => setTimeout(resolve, 500))
        return before === c.toDataURL()
      })
    await expect.poll(stillFor500ms).toBe(true)

    // Play again: it moves again.
    await pause.click()
    const resumed = await frame()
    await expect.poll(frame, { timeout: 5_000 }).not.toBe(resumed)
  })

  test('an ugoira starts paused when the viewer prefers reduced motion', async ({ page }) => {
    const work = pick(works, 'ugoira', isUgoira)
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.goto(`/artworks/${work.id}`)
    const canvas = page.locator('canvas')
    await expect(canvas).toBeVisible()
    await expect(page.getByRole('button', { name: 'Pause' })).toHaveAttribute('aria-pressed', 'true')
    const still = await canvas.evaluate(async (c: HTMLCanvasElement) => {
      const before = c.toDataURL()
      await new Promise((resolve) => setTimeout(resolve, 600))
      return before === c.toDataURL()
    })
    expect(still).toBe(true)
  })
})

test('each badge appears on the works that need it and on no others', async ({ page, request }) => {
  const token = await requestSession(request)
  await useSession(page, token)
  const works = await sampleWorks(request, token)
  const chosen = new Map<number, WireIllust>()
  const want: [string, (w: WireIllust) => boolean][] = [
    ['r18', (w) => w.x_restrict === 1],
    ['r18g', (w) => w.x_restrict === 2],
    ['ai', (w) => w.illust_ai_type === 2],
    ['ai-partial', (w) => w.illust_ai_type === 1],
    ['no AI flag', (w) => w.illust_ai_type === 0],
    ['book', isBook],
    ['ugoira', isUgoira],
    ['pages', isManga],
    ['single all-ages', (w) => isSingle(w) && w.x_restrict === 0],
  ]
  for (const [what, test] of want) {
    const w = pick(works, what, (x) => test(x) && !chosen.has(x.id))
    chosen.set(w.id, w)
  }
  const seen = new Set<string>()
  for (const work of chosen.values()) {
    await page.goto(`/artworks/${work.id}`)
    await expect(heading(page)).toHaveText(work.title)
    const badges = page.locator('article > header [data-badge]')
    const actual = (await badges.evaluateAll((els) => els.map((e) => e.getAttribute('data-badge') ?? ''))).sort()
    expect(actual, `badges of work ${work.id}`).toEqual(expectedBadges(work))
    for (const b of actual) seen.add(b)
  }
  expect([...seen].sort()).toEqual(['ai', 'ai-partial', 'book', 'pages', 'r18', 'r18g', 'ugoira'])
})

/** The lines of a caption that hold no markup at all: text every sanitizer must keep. */
const plainLines = (caption: string) => caption.split('<br />').filter((line) => /^[^<>"&]*\S[^<>"&]*$/.test(line))

test.describe('hostile captions', () => {
  test('every hostile caption renders as inert text', async ({ page, request }) => {
    const works = await sampleWorks(request)
    const hostile = /<script|onerror|javascript:/i
    const ids = [7, 8, ...works.filter((w) => hostile.test(w.caption)).map((w) => w.id)]
    const unique = [...new Set(ids)].slice(0, 10)
    expect(unique.length).toBeGreaterThan(2)

    const dialogs: string[] = []
    page.on('dialog', (dialog) => {
      dialogs.push(`${dialog.type()}: ${dialog.message()} on ${page.url()}`)
      void dialog.dismiss()
    })
    await page.addInitScript(() => {
      const w = window as unknown as Record<string, unknown>
      for (const name of ['alert', 'confirm', 'prompt'] as const) {
        const original = window[name].bind(window) as (...args: unknown[]) => unknown
        w[name] = (...args: unknown[]) => {
          w.__xss = true
          return original(...args)
        }
      }
    })

    for (const id of unique) {
      const work = await getJson<{ illust: WireIllust }>(request, `/v1/illust/detail?illust_id=${id}`)
      await page.goto(`/artworks/${id}`)
      await expect(heading(page)).toHaveText(work.illust.title)
      const caption = page.locator('[data-caption]')
      await expect(caption).toBeVisible()
      // Anything the payloads could load (images that fail, frames) has had its chance.
      await page.waitForLoadState('networkidle')

      await expect(page.locator('a[href^="javascript:" i]')).toHaveCount(0)
      await expect(page.locator('a[href^="data:" i], a[href^="vbscript:" i]')).toHaveCount(0)
      const handlers = await caption.evaluate((root) =>
        [root, ...root.querySelectorAll('*')].flatMap((el) =>
          [...el.attributes]
            .filter((a) => /^on/i.test(a.name) || a.name === 'style')
            .map((a) => `${el.tagName} ${a.name}`),
        ),
      )
      expect(handlers, `event handlers in the caption of ${id}`).toEqual([])
      await expect(
        caption.locator(
          'script, style, iframe, object, embed, svg, math, img, form, input, video, details, meta, base',
        ),
      ).toHaveCount(0)
      expect(await page.evaluate(() => (window as unknown as { __xss?: boolean }).__xss)).toBeUndefined()
      // …and the author's words around the payloads are all still there (an unclosed <noscript> once took the rest).
      for (const words of plainLines(work.illust.caption)) await expect(caption).toContainText(words)
      // The page itself is intact (a <style>body{display:none}</style> would hide it).
      await expect(heading(page)).toBeVisible()
    }
    expect(dialogs).toEqual([])
  })

  test('links to works inside a caption navigate in the app', async ({ page, request }) => {
    // Find a caption with an in-app link (pixiv work/user links are rewritten by the sanitizer).
    const works = await sampleWorks(request)
    const linked = works.find((w) => /pixiv:\/\/illusts\/\d+|pixiv\.net\/(?:en\/)?artworks\/\d+/.test(w.caption))
    test.skip(!linked, 'no caption with a pixiv work link in the sample')
    await page.goto(`/artworks/${linked!.id}`)
    const link = page.locator('[data-caption] a[href^="/artworks/"]').first()
    const href = (await link.getAttribute('href'))!
    await page.evaluate(() => ((window as unknown as { __marker?: number }).__marker = 1))
    await link.click()
    await expect(page).toHaveURL(new RegExp(`${href}$`))
    // Same document: the marker survived, so the router navigated without a reload.
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1)
  })
})

test.describe('bookmarks', () => {
  test('signed out, the bookmark button asks to sign in and comes back here', async ({ page, request }) => {
    const work = pick(await sampleWorks(request), 'single-page illustration', isSingle)
    await page.goto(`/artworks/${work.id}`)
    const link = page.getByRole('link', { name: 'Sign in to bookmark' })
    await expect(link).toHaveAttribute('href', `/login?return_to=${encodeURIComponent(`/artworks/${work.id}`)}`)
  })

  test('bookmarking is optimistic and survives a reload', async ({ page, request }) => {
    const token = await requestSession(request)
    await useSession(page, token)
    const works = await sampleWorks(request, token)
    const work = pick(works, 'unbookmarked single work', (w) => isSingle(w) && !w.is_bookmarked && w.id % 7 === 1)

    await page.goto(`/artworks/${work.id}`)
    const button = page.getByRole('button', { name: 'Bookmark', exact: true })
    await expect(button).toHaveAttribute('aria-pressed', 'false')

    // Hold the request until the button has changed: the UI does not wait for the service.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/v2/illust/bookmark/add', async (route) => {
      await held
      await route.continue()
    })
    const added = page.waitForResponse((r) => r.url().includes('/v2/illust/bookmark/add'))
    await button.click()
    await expect(button).toHaveAttribute('aria-pressed', 'true')
    release()
    expect((await added).status()).toBe(200)
    await page.unroute('**/v2/illust/bookmark/add')

    await page.reload()
    await expect(page.getByRole('button', { name: 'Bookmark', exact: true })).toHaveAttribute('aria-pressed', 'true')
    const detail = await getJson<{ illust: WireIllust }>(request, `/v1/illust/detail?illust_id=${work.id}`, token)
    expect(detail.illust.is_bookmarked).toBe(true)

    // Private, then removed again (leaves the catalogue as it was).
    const privately = page.getByRole('button', { name: 'Private', exact: true })
    await privately.click()
    await expect(privately).toHaveAttribute('aria-pressed', 'true')
    await page.reload()
    await expect(page.getByRole('button', { name: 'Private', exact: true })).toHaveAttribute('aria-pressed', 'true')
    const removed = page.waitForResponse((r) => r.url().includes('/v1/illust/bookmark/delete'))
    await page.getByRole('button', { name: 'Bookmark', exact: true }).click()
    await expect(page.getByRole('button', { name: 'Bookmark', exact: true })).toHaveAttribute('aria-pressed', 'false')
    expect((await removed).status()).toBe(200)
    await page.reload()
    await expect(page.getByRole('button', { name: 'Bookmark', exact: true })).toHaveAttribute('aria-pressed', 'false')
  })

  for (const refusal of [
    {
      status: 429,
      body: { error: { user_message: '', message: 'Rate Limit', reason: '', user_message_details: {} } },
      says: /Too many requests/i,
    },
    {
      status: 400,
      body: {
        error: {
          user_message: 'Bookmarks are full.',
          message: 'Bad Request',
          reason: '',
          user_message_details: {},
        },
      },
      says: /Bookmarks are full\./,
    },
  ]) {
    test(`a refused bookmark (${refusal.status}) rolls back and says why`, async ({ page, request }) => {
      const token = await requestSession(request)
      await useSession(page, token)
      const works = await sampleWorks(request, token)
      const work = pick(works, 'unbookmarked single work', (w) => isSingle(w) && !w.is_bookmarked && w.id % 7 === 2)

      // The one place the network is staged: the service refusing the add.
      await page.route('**/v2/illust/bookmark/add', (route) =>
        route.fulfill({ status: refusal.status, contentType: 'application/json', body: JSON.stringify(refusal.body) }),
      )
      await page.goto(`/artworks/${work.id}`)
      const button = page.getByRole('button', { name: 'Bookmark', exact: true })
      await expect(button).toHaveAttribute('aria-pressed', 'false')
      const count = page.locator('dt:text-is("Bookmarks") + dd')
      const before = await count.textContent()
      await button.click()
      await expect(page.locator('[data-bookmark-error]')).toHaveText(refusal.says)
      await expect(page.locator('[data-bookmark-error]')).toContainText('Could not bookmark')
      await expect(button).toHaveAttribute('aria-pressed', 'false')
      await expect(count).toHaveText(before!)
    })
  }
})

test('following the author updates the button without a reload, on the server too', async ({ page, request }) => {
  const token = await requestSession(request)
  await useSession(page, token)
  const works = await sampleWorks(request, token)
  const work = pick(
    works,
    'work by an unfollowed author',
    (w) => isSingle(w) && !w.user.is_followed && w.user.id !== token.user.id && w.id % 7 === 3,
  )
  const followed = async () =>
    (await getJson<{ user: { is_followed: boolean } }>(request, `/v1/user/detail?user_id=${work.user.id}`, token)).user
      .is_followed

  await page.goto(`/artworks/${work.id}`)
  const artist = page.getByRole('region', { name: 'Artist' })
  await expect(artist.getByRole('link', { name: work.user.name })).toHaveAttribute('href', `/users/${work.user.id}`)
  const follow = artist.getByRole('button', { name: 'Follow' })
  await expect(follow).toHaveAttribute('aria-pressed', 'false')
  const added = page.waitForResponse((r) => r.url().includes('/v1/user/follow/add'))
  await follow.click()
  const following = artist.getByRole('button', { name: 'Following' })
  await expect(following).toHaveAttribute('aria-pressed', 'true')
  expect((await added).status()).toBe(200)
  expect(await followed()).toBe(true)

  const removed = page.waitForResponse((r) => r.url().includes('/v1/user/follow/delete'))
  await following.click()
  await expect(artist.getByRole('button', { name: 'Follow' })).toHaveAttribute('aria-pressed', 'false')
  expect((await removed).status()).toBe(200)
  expect(await followed()).toBe(false)
})

test.describe('keyboard', () => {
  test('Tab reaches the bookmark button and prev/next with a visible focus; arrows step through the source list', async ({
    page,
    request,
  }) => {
    const token = await requestSession(request)
    await useSession(page, token)
    const works = (await sampleWorks(request, token)).filter(isSingle).slice(0, 3)
    const [a, b, c] = works as [WireIllust, WireIllust, WireIllust]
    await page.addInitScript(([key, value]) => sessionStorage.setItem(key, value), [
      SOURCE_LIST_KEY,
      JSON.stringify({ listKey: 'e2e', ids: [a.id, b.id, c.id] }),
    ] as const)
    await page.goto(`/artworks/${b.id}`)
    await expect(heading(page)).toHaveText(b.title)

    const focusRing = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement
        const style = getComputedStyle(el)
        return el.matches(':focus-visible') && style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0
      })
    const tabTo = async (selector: string) => {
      for (let i = 0; i < 80; i++) {
        await page.keyboard.press('Tab')
        if (await page.evaluate((sel) => !!document.activeElement?.matches(sel), selector)) return
      }
      throw new Error(`Tab never reached ${selector}`)
    }

    await tabTo('[data-bookmark="toggle"]')
    await expect(page.getByRole('button', { name: 'Bookmark', exact: true })).toBeFocused()
    expect(await focusRing()).toBe(true)

    await tabTo('[data-neighbour="prev"]')
    await expect(page.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', `/artworks/${a.id}`)
    expect(await focusRing()).toBe(true)
    await tabTo('[data-neighbour="next"]')
    await expect(page.getByRole('link', { name: 'Next' })).toHaveAttribute('href', `/artworks/${c.id}`)
    expect(await focusRing()).toBe(true)

    await page.keyboard.press('ArrowRight')
    await expect(page).toHaveURL(new RegExp(`/artworks/${c.id}$`))
    await expect(heading(page)).toHaveText(c.title)
    // The source list is kept: from c, Left goes back to b.
    await page.keyboard.press('ArrowLeft')
    await expect(page).toHaveURL(new RegExp(`/artworks/${b.id}$`))
    await expect(heading(page)).toHaveText(b.title)
  })

  test('arrow keys typed into a field do not change the work', async ({ page, request }) => {
    const works = (await sampleWorks(request)).filter(isSingle).slice(0, 2)
    const [a, b] = works as [WireIllust, WireIllust]
    await page.addInitScript(([key, value]) => sessionStorage.setItem(key, value), [
      SOURCE_LIST_KEY,
      JSON.stringify({ listKey: 'e2e', ids: [a.id, b.id] }),
    ] as const)
    await page.goto(`/artworks/${a.id}`)
    await expect(heading(page)).toHaveText(a.title)
    const field = page.getByRole('searchbox').or(page.getByRole('combobox')).or(page.getByRole('textbox')).first()
    await field.focus()
    await page.keyboard.press('ArrowRight')
    await expect(page).toHaveURL(new RegExp(`/artworks/${a.id}$`))
  })
})

test.describe('touch', () => {
  test('a horizontal swipe on the work moves through the source list; a vertical one scrolls', async ({
    page,
    request,
    hasTouch,
  }) => {
    test.skip(!hasTouch, 'needs a touch screen (the phone project)')
    const works = (await sampleWorks(request)).filter(isSingle).slice(0, 3)
    const [a, b, c] = works as [WireIllust, WireIllust, WireIllust]
    await page.addInitScript(([key, value]) => sessionStorage.setItem(key, value), [
      SOURCE_LIST_KEY,
      JSON.stringify({ listKey: 'e2e', ids: [a.id, b.id, c.id] }),
    ] as const)
    await page.goto(`/artworks/${b.id}`)
    await expect(heading(page)).toHaveText(b.title)
    const image = page.getByRole('img', { name: altOf(b), exact: true })
    await image.scrollIntoViewIfNeeded()
    const box = (await image.boundingBox())!
    const cdp = await page.context().newCDPSession(page)
    // A 180 ms gesture, timed by the events' own timestamps: however busy the machine is while the events are
    // sent, the page sees a swipe of that speed (the gesture's duration is part of what makes it a swipe).
    const swipe = async (dx: number, dy: number) => {
      const x = box.x + box.width / 2
      const y = box.y + box.height / 2
      const t0 = Date.now() / 1000
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }], timestamp: t0 })
      for (let i = 1; i <= 5; i++) {
        await cdp.send('Input.dispatchTouchEvent', {
          type: 'touchMove',
          touchPoints: [{ x: x + (dx * i) / 5, y: y + (dy * i) / 5 }],
          timestamp: t0 + i * 0.03,
        })
      }
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [], timestamp: t0 + 0.18 })
    }

    // Mostly vertical: not a swipe.
    await swipe(-30, -150)
    await expect(page).toHaveURL(new RegExp(`/artworks/${b.id}$`))
    // To the left: the next work.
    await swipe(-160, 5)
    await expect(page).toHaveURL(new RegExp(`/artworks/${c.id}$`))
    await expect(heading(page)).toHaveText(c.title)
  })
})

test.describe('states', () => {
  test('an unknown work says it does not exist', async ({ page }) => {
    await page.goto('/artworks/99999999')
    await expect(page.getByRole('heading', { name: "This work doesn't exist or was deleted" })).toBeVisible()
  })

  test('a malformed id is not found either', async ({ page }) => {
    await page.goto('/artworks/12abc')
    await expect(page.getByRole('heading', { name: "This work doesn't exist or was deleted" })).toBeVisible()
  })

  test('an id with a leading zero is not found, and the work it would name is never asked for', async ({
    page,
    request,
  }) => {
    // Work 12 exists, but /artworks/012 is not its URL: neither the route's loader nor the page may ask for it.
    expect((await request.get('/v1/illust/detail?illust_id=12')).status()).toBe(200)
    const asked: string[] = []
    page.on('request', (r) => {
      if (r.url().includes('/v1/illust/detail')) asked.push(r.url())
    })
    await page.goto('/artworks/012')
    await expect(page.getByRole('heading', { name: "This work doesn't exist or was deleted" })).toBeVisible()
    expect(asked).toEqual([])
  })

  test('a work the viewer may not see shows a clear "not available" panel and no broken image', async ({
    page,
    request,
  }) => {
    // R-18 works are placeholders for anonymous viewers.
    const token = await requestSession(request)
    const r18 = pick(await sampleWorks(request, token), 'R-18 work', (w) => w.x_restrict === 1)
    const anonymous = await getJson<{ illust: WireIllust }>(request, `/v1/illust/detail?illust_id=${r18.id}`)
    expect(anonymous.illust.visible).toBe(false)
    await page.goto(`/artworks/${r18.id}`)
    await expect(page.getByRole('heading', { name: 'This work is not available' })).toBeVisible()
    await expect(page.locator('main img')).toHaveCount(0)
  })
})

test.describe('a work not everyone may see (signed image URLs, issue 14)', () => {
  test('its signed-in author sees its image; anonymous gets the not-available state and the bare image is a 404', async ({
    browser,
    request,
  }) => {
    const token = await requestSession(request)
    const own = await getJson<{ illusts: (WireIllust & { restrict: number })[] }>(
      request,
      `/v1/user/illusts?user_id=${token.user.id}`,
      token,
    )
    const work = pick(
      own.illusts,
      "the demo's own private single-page work",
      (w) => (w as WireIllust & { restrict: number }).restrict === 2 && isSingle(w),
    )
    const original = work.meta_single_page.original_image_url!
    expect(new URL(original).search).toMatch(/^\?e=\d+&s=/)

    const author = await browser.newPage()
    await useSession(author, token)
    await author.goto(`/artworks/${work.id}`)
    await expect(heading(author)).toHaveText(work.title)
    const image = author.getByRole('img', { name: altOf(work), exact: true })
    // The size the screen takes (large or the original), then the original at full size: each signed, each shown.
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 })
      .toBe(true)
    expect(new URL((await image.getAttribute('src'))!).search).toMatch(/^\?e=\d+&s=/)
    await author.getByRole('button', { name: 'Full size' }).click()
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 15_000 })
      .toBe(work.width)
    expect(new URL((await image.getAttribute('src'))!).search).toMatch(/^\?e=\d+&s=/)
    expect(pathOf((await image.getAttribute('src'))!)).toBe(pathOf(original))
    await author.close()

    const anonymous = await browser.newPage()
    await anonymous.goto(`/artworks/${work.id}`)
    await expect(anonymous.getByRole('heading', { name: 'This work is not available' })).toBeVisible()
    await expect(anonymous.locator('main img')).toHaveCount(0)
    await anonymous.close()
    // what the placeholder tells (id, date, type) gives the path; without the signature it is not served
    expect((await request.get(pathOf(original))).status()).toBe(404)
  })
})

test.describe('accessibility', () => {
  for (const [kind, colorScheme] of [
    ['single', 'light'],
    ['manga', 'dark'],
  ] as const) {
    test(`axe finds no serious or critical violation on a ${kind} work (${colorScheme})`, async ({ page, request }) => {
      await page.emulateMedia({ colorScheme })
      const works = await sampleWorks(request)
      const work = kind === 'single' ? pick(works, 'single', isSingle) : pick(works, 'manga', isManga)
      await page.goto(`/artworks/${work.id}`)
      await expect(heading(page)).toHaveText(work.title)
      await expect(page.getByRole('heading', { name: 'Related works' })).toBeVisible()
      await page.waitForLoadState('networkidle')
      const { violations } = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze()
      const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
    })
  }
})

test('a work in a series shows its place in it and links the works before and after, as 44 px touch targets', async ({
  page,
  request,
}) => {
  const series = await getJson<{ illusts: WireIllust[]; illust_series_detail: { series_work_count: number } }>(
    request,
    '/v1/illust/series?illust_series_id=1',
  )
  const [before, work, after] = series.illusts as [WireIllust, WireIllust, WireIllust]
  await page.goto(`/artworks/${work.id}`)
  await expect(heading(page)).toHaveText(work.title)
  const nav = page.getByRole('navigation', { name: 'Series' })
  await expect(nav).toContainText(`#2 of ${series.illust_series_detail.series_work_count}`)
  await expect(nav.getByRole('link', { name: /^← Previous in series/ })).toHaveAttribute(
    'href',
    `/artworks/${before.id}`,
  )
  await expect(nav.getByRole('link', { name: /Next in series.* →$/ })).toHaveAttribute('href', `/artworks/${after.id}`)
  // The same series navigation as the reader's: links a finger can hit.
  for (const link of await nav.locator('a[rel]').all()) {
    const box = (await link.boundingBox())!
    expect(box.height, `height of ${await link.textContent()}`).toBeGreaterThanOrEqual(44)
  }
  await nav.locator('a[rel="next"]').click()
  await expect(heading(page)).toHaveText(after.title)
})
