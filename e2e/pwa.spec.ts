/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// DOM types for the callbacks that run in the page (evaluate, waitForFunction); tsconfig.node.json has none.
import { appendFile, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import sharp from 'sharp'
import { requestSession, SESSION_STORAGE_KEY } from './helpers.ts'

// The installable, offline-capable app (issue 4, scope 1 and 2): the manifest, the service worker and what it caches,
// the offline states and the update prompt. Every other spec blocks service workers (playwright.config.ts), so that
// its request events see the network; this one needs the worker. Phone profile only: what is tested here is the
// same on desktop, and the tests change the built sw.js (the update test), which two projects must not do at once.

test.use({ serviceWorkers: 'allow' })
test.skip(({ isMobile }) => !isMobile, 'the PWA is tested with the phone profile')

/** src/features/pwa/sw-caches.ts (SW_CACHE). */
const CACHE = { api: 'easel-api', images: 'easel-images', originals: 'easel-originals' } as const

interface WireIllust {
  id: number
  title: string
  type: string
  page_count: number
  visible: boolean
  user: { name: string }
  image_urls: { large: string }
  meta_single_page: { original_image_url?: string }
}

interface Manifest {
  name: string
  short_name: string
  description: string
  start_url: string
  scope: string
  display: string
  theme_color: string
  background_color: string
  icons: { src: string; sizes: string; type: string; purpose?: string }[]
  shortcuts: { name: string; url: string; icons?: { src: string; sizes: string; type: string }[] }[]
  share_target: { action: string; method?: string; params: Record<string, string> }
}

/** Waits until a service worker controls the page (it registers once the page is idle, then claims it). */
async function waitForWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 })
}

/** Whether each image has loaded and decoded to real pixels. */
const decoded = (images: Locator) =>
  images.evaluateAll((imgs) => (imgs as HTMLImageElement[]).map((img) => img.complete && img.naturalWidth > 0))

/** Paths (no origin) of the entries of one of the worker's caches. */
function cachedPaths(page: Page, cacheName: string): Promise<string[]> {
  return page.evaluate(async (name) => {
    if (!(await caches.has(name))) return []
    const keys = await (await caches.open(name)).keys()
    return keys.map((request) => new URL(request.url).pathname + new URL(request.url).search)
  }, cacheName)
}

/** Path and body of every cached API answer. */
function cachedApiAnswers(page: Page): Promise<{ path: string; body: string }[]> {
  return page.evaluate(async (name) => {
    if (!(await caches.has(name))) return []
    const cache = await caches.open(name)
    return Promise.all(
      (await cache.keys()).map(async (request) => ({
        path: new URL(request.url).pathname + new URL(request.url).search,
        body: await (await cache.match(request))!.text(),
      })),
    )
  }, CACHE.api)
}

/** The first visible single-page illustration of the daily ranking, and one further down it. */
async function rankingWorks(request: APIRequestContext): Promise<[WireIllust, WireIllust]> {
  const res = await request.get('/v1/illust/ranking')
  expect(res.ok()).toBe(true)
  const singles = ((await res.json()) as { illusts: WireIllust[] }).illusts.filter(
    (w) => w.visible && w.type === 'illust' && w.page_count === 1,
  )
  expect(singles.length, 'the daily ranking has single-page illustrations').toBeGreaterThan(2)
  return [singles[0]!, singles[singles.length - 1]!]
}

const altOf = (w: WireIllust) => `${w.title || 'Untitled'} by ${w.user.name || 'an unknown artist'}`

test('the manifest is linked and complete, and each icon is a PNG of the size it states', async ({ page, request }) => {
  await page.goto('/')
  const href = await page.locator('link[rel="manifest"]').getAttribute('href')
  expect(href).toBeTruthy()
  const res = await request.get(href!)
  expect(res.status()).toBe(200)
  expect(res.headers()['content-type']).toContain('application/manifest+json')
  const manifest = (await res.json()) as Manifest

  expect(manifest).toMatchObject({
    name: 'Easel',
    short_name: 'Easel',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
    background_color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
    share_target: {
      action: '/share',
      method: 'GET',
      enctype: 'application/x-www-form-urlencoded',
      params: { title: 'title', text: 'text', url: 'url' },
    },
  })
  expect(manifest.description.length).toBeGreaterThan(20)
  expect(manifest.shortcuts.map((s) => s.url)).toEqual(['/ranking', '/search', '/bookmarks'])

  const purposes = (size: string) => manifest.icons.filter((i) => i.sizes === size).map((i) => i.purpose ?? 'any')
  expect(purposes('192x192')).toEqual(expect.arrayContaining(['any', 'maskable']))
  expect(purposes('512x512')).toEqual(expect.arrayContaining(['any', 'maskable']))

  // Both colour schemes get their own browser chrome colour; iOS gets its icon and standalone launch.
  const themeColors = await page
    .locator('meta[name="theme-color"]')
    .evaluateAll((metas) => metas.map((m) => m.getAttribute('media')))
  expect(themeColors).toEqual(expect.arrayContaining(['(prefers-color-scheme: light)', '(prefers-color-scheme: dark)']))
  await expect(page.locator('meta[name="apple-mobile-web-app-capable"]')).toHaveAttribute('content', 'yes')
  await expect(page.locator('meta[name="apple-mobile-web-app-title"]')).toHaveAttribute('content', 'Easel')
  const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')

  const icons = [
    ...manifest.icons,
    ...manifest.shortcuts.flatMap((s) => s.icons ?? []),
    { src: appleIcon!, sizes: '180x180', type: 'image/png' },
  ]
  for (const icon of icons) {
    const answer = await request.get(icon.src)
    expect(answer.status(), icon.src).toBe(200)
    expect(answer.headers()['content-type'], icon.src).toBe('image/png')
    // Decoded, not just sniffed: a truncated or mislabelled file fails here.
    const meta = await sharp(await answer.body()).metadata()
    expect(`${meta.format} ${meta.width}x${meta.height}`, icon.src).toBe(`png ${icon.sizes}`)
  }
})

test('the "My bookmarks" shortcut asks a signed-out viewer to sign in, then opens their bookmarks', async ({
  page,
}) => {
  await page.goto('/bookmarks')
  await expect(page).toHaveURL(/\/login\?return_to=%2Fbookmarks$/)
  await page.getByLabel('Account name').fill('demo')
  await page.getByLabel('Password').fill('demo')
  await page.getByRole('button', { name: /sign in/i }).click()
  await expect(page).toHaveURL(/\/users\/1\/bookmarks\/artworks$/)
})

test('the service worker registers, controls the page, and Chrome finds the app installable', async ({ page }) => {
  await page.goto('/')
  await waitForWorker(page)
  const scriptUrl = await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL)
  expect(new URL(scriptUrl).pathname).toBe('/sw.js')
  // Revalidated on every use, so a deployment reaches the browser's update check at once.
  expect((await page.request.get('/sw.js')).headers()['cache-control']).toBe('no-cache')

  // Chrome's own verdict, the check behind its install prompt (Lighthouse 12 no longer has the audit).
  const cdp = await page.context().newCDPSession(page)
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
  // Playwright's contexts are incognito profiles, where Chrome never offers to install anything: that one is the
  // browser's, not the app's (bench/lighthouse.ts runs the same check in a normal profile, where the list is empty).
  expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([])
  const { errors } = await cdp.send('Page.getAppManifest')
  expect(errors).toEqual([])
})

test('after visiting /ranking and a work online, both open offline from the cache, with their images', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000)
  const [work] = await rankingWorks(request)
  await page.goto('/')
  await waitForWorker(page)

  await page.goto('/ranking')
  await expect(page.getByRole('heading', { level: 1, name: /ranking/i })).toBeVisible()
  const thumbnails = page.locator('main a[href^="/artworks/"] img')
  await expect.poll(async () => (await decoded(thumbnails)).filter(Boolean).length).toBeGreaterThanOrEqual(4)
  // The worker stores an image once it has answered with it: wait until the decoded ones are all in its cache.
  const shown = await thumbnails.evaluateAll((imgs) =>
    (imgs as HTMLImageElement[])
      .filter((img) => img.complete && img.naturalWidth > 0)
      .map((img) => new URL(img.currentSrc).pathname),
  )
  await expect
    .poll(async () => {
      const cached = new Set(await cachedPaths(page, CACHE.images))
      return shown.filter((p) => !cached.has(p))
    })
    .toEqual([])

  await page.goto(`/artworks/${work.id}`)
  const image = page.getByRole('img', { name: altOf(work), exact: true })
  await expect.poll(async () => (await decoded(image)).every(Boolean) && (await image.count()) === 1).toBe(true)
  // The view's image: the original where the screen shows more than `large`, else `large` (a thumbnail size).
  const shownImage = new URL(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname
  const original = new URL(work.meta_single_page.original_image_url!).pathname
  const imageCache = shownImage === original ? CACHE.originals : CACHE.images
  expect([original, new URL(work.image_urls.large).pathname]).toContain(shownImage)
  await expect.poll(async () => (await cachedPaths(page, imageCache)).includes(shownImage)).toBe(true)
  expect((await cachedPaths(page, CACHE.api)).some((p) => p.startsWith(`/v1/illust/detail?`))).toBe(true)

  await context.setOffline(true)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: work.title || 'Untitled' })).toBeVisible()
  await expect.poll(async () => (await decoded(image)).every(Boolean) && (await image.count()) === 1).toBe(true)
  await expect(page.getByRole('status').filter({ hasText: "You're offline" })).toBeVisible()

  await page.goto('/ranking')
  await expect(page.getByRole('heading', { level: 1, name: /ranking/i })).toBeVisible()
  await expect.poll(async () => (await decoded(thumbnails)).filter(Boolean).length).toBeGreaterThanOrEqual(4)
  await expect(page.getByRole('alert')).toHaveCount(0)
})

test("the author's private work: the worker caches its signed image (query and all) and shows it offline", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000)
  const session = await requestSession(request)
  const own = await request.get(`/v1/user/illusts?user_id=${session.user.id}`, {
    headers: { Authorization: `Bearer ${session.accessToken}` },
  })
  const works = ((await own.json()) as { illusts: (WireIllust & { restrict: number })[] }).illusts
  const work = works.find((w) => w.restrict === 2 && w.type === 'illust' && w.page_count === 1)!
  expect(work, "the demo's own private single-page work").toBeDefined()
  const signed = new URL(work.meta_single_page.original_image_url!)
  expect(signed.search).toMatch(/^\?e=\d+&s=/)
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
    SESSION_STORAGE_KEY,
    JSON.stringify(session),
  ] as const)
  await page.goto('/')
  await waitForWorker(page)
  await page.goto(`/artworks/${work.id}`)
  const image = page.getByRole('img', { name: `${work.title} by ${work.user.name}`, exact: true })
  await expect.poll(async () => (await decoded(image)).every(Boolean) && (await image.count()) === 1).toBe(true)
  // At its own size the view shows the original, whatever the screen.
  await page.getByRole('button', { name: 'Full size' }).click()
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && new URL(img.currentSrc).search))
    .toBe(signed.search)
  await expect
    .poll(async () => (await cachedPaths(page, CACHE.originals)).includes(signed.pathname + signed.search))
    .toBe(true)

  await context.setOffline(true)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: work.title || 'Untitled' })).toBeVisible()
  await expect.poll(async () => (await decoded(image)).every(Boolean) && (await image.count()) === 1).toBe(true)
})

test('an unvisited deep link offline opens the shell and says the view needs a connection', async ({
  page,
  context,
  request,
}) => {
  const [, unvisited] = await rankingWorks(request)
  await page.goto('/')
  await waitForWorker(page)

  await context.setOffline(true)
  const response = await page.goto(`/artworks/${unvisited.id}`)
  expect(response?.ok(), 'the worker answers the navigation with the cached shell').toBe(true)
  await expect(page.getByRole('link', { name: 'Easel', exact: true })).toBeVisible()
  const alert = page.getByRole('alert')
  await expect(alert).toContainText("You're offline")
  await expect(alert).toContainText(/connect to the internet/i)
  await expect(page.getByRole('status').filter({ hasText: "You're offline" })).toBeVisible()

  // Back online, "Try again" loads the view.
  await context.setOffline(false)
  await alert.getByRole('button', { name: 'Try again' }).click()
  await expect(page.getByRole('heading', { level: 1, name: unvisited.title || 'Untitled' })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: "You're offline" })).toHaveCount(0)
})

test('signing out empties the cached API answers, so the next person offline does not see them', async ({
  page,
  context,
}) => {
  const session = await requestSession(page.request)
  await page.goto('/robots.txt')
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    SESSION_STORAGE_KEY,
    JSON.stringify(session),
  ] as const)
  await page.goto('/')
  await waitForWorker(page)

  const privateBookmarks = `/users/${session.user.id}/bookmarks/artworks?restrict=private`
  await page.goto(privateBookmarks)
  const cards = page.locator('main a[href^="/artworks/"]')
  await expect(cards.first()).toBeVisible()
  const privateWorks = await cards.evaluateAll((links) => links.map((a) => a.getAttribute('href')))
  // What only the signed-in caller may see: their private bookmarks, and works marked as bookmarked by them.
  const personal = (answers: { path: string; body: string }[]) =>
    answers.filter((a) => a.path.includes('restrict=private') || a.body.includes('"is_bookmarked":true'))
  await expect.poll(async () => personal(await cachedApiAnswers(page)).length).toBeGreaterThan(0)

  await page.getByRole('button', { name: /^account/i }).click()
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible()
  // The views on screen refetch as the anonymous caller, and those answers may be cached again; nothing personal.
  await expect.poll(async () => personal(await cachedApiAnswers(page)).map((a) => a.path)).toEqual([])
  // ... and the anonymous answer for this page is in the cache before the connection goes (on a slow machine the
  // refetch may still be under way when the personal answers are already gone).
  await expect
    .poll(async () => (await cachedApiAnswers(page)).some((a) => a.path.includes('/v1/user/bookmarks/illust')))
    .toBe(true)

  // Offline on the shared device, the same address shows what anyone may see (demo's public bookmarks, cached as
  // the anonymous caller after the sign-out), and none of the private ones.
  await context.setOffline(true)
  await page.goto(privateBookmarks)
  await expect(page.getByRole('status').filter({ hasText: "You're offline" })).toBeVisible()
  await expect(cards.first()).toBeVisible()
  const shown = await cards.evaluateAll((links) => links.map((a) => a.getAttribute('href')))
  expect(shown.filter((href) => privateWorks.includes(href))).toEqual([])
})

test('a new version waiting shows the update prompt, and Reload switches to it', async ({ page }) => {
  test.setTimeout(60_000)
  // The service's built SPA: a new deployment is a sw.js with different bytes.
  const swFile = path.resolve(process.env.E2E_DIST_DIR ?? 'dist', 'sw.js')
  const original = await readFile(swFile)
  await page.goto('/')
  await waitForWorker(page)
  await expect(page.getByRole('region', { name: 'Update available' })).toHaveCount(0)
  await page.evaluate(() => ((window as unknown as { beforeUpdate: boolean }).beforeUpdate = true))

  try {
    await appendFile(swFile, `\n// e2e: a new version ${Date.now()}\n`)
    const served = await (await page.request.get('/sw.js')).text()
    expect(served, `the service serves ${swFile}`).toContain('// e2e: a new version')
    // What the app's hourly check and the browser's check on navigation do.
    await page.evaluate(async () => void (await (await navigator.serviceWorker.getRegistration())!.update()))

    const prompt = page.getByRole('region', { name: 'Update available' })
    await expect(prompt).toContainText('A new version of Easel is available.')
    expect(await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting)).toBe(true)

    await prompt.getByRole('button', { name: 'Reload' }).click()
    // The page reloads under the new worker: the marker is gone, nothing waits any more, no prompt.
    await page.waitForFunction(() => !(window as unknown as { beforeUpdate?: boolean }).beforeUpdate)
    await waitForWorker(page)
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBe(
      null,
    )
    await expect(prompt).toHaveCount(0)
  } finally {
    await writeFile(swFile, original)
  }
})
