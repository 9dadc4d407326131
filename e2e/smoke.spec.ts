import AxeBuilder from '@axe-core/playwright'
import { expect, test } from './fixtures.ts'

test('the home page shows the app', async ({ page }) => {
  await page.goto('/')
  await expect(page).toHaveTitle('Easel')
  await expect(page.getByRole('heading', { level: 1, name: 'Easel' })).toBeVisible()
})

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the home page has no WCAG A/AA violations in the ${colorScheme} scheme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme })
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: 'Easel' })).toBeVisible()
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()
    expect(
      violations.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target.join(' ')).join(', ')}`),
    ).toEqual([])
  })
}

test('a deep link serves the app shell and renders its view directly', async ({ page }) => {
  const response = await page.goto('/ranking?mode=week')
  expect(response?.status()).toBe(200)
  expect(response?.headers()['content-type']).toContain('text/html')
  await expect(page.getByRole('link', { name: 'Easel', exact: true })).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: 'Weekly ranking' })).toBeVisible()
})

test("a deep link downloads its view's code beside the entry script, not after it", async ({ page, request }) => {
  const ranking = (await (await request.get('/v1/illust/ranking')).json()) as {
    illusts: { id: number; user: { id: number } }[]
  }
  const work = ranking.illusts[0]!
  // The scripts the page names by the time it adds the entry: index.html's first view (src/app/first-view/first-view.ts)
  // adds a link for each of this path's chunks (from the table written from the route registry:
  // src/app/route-preloads.ts), a few per task, then the entry and Vite's preloads of its imports.
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      const named = document.querySelectorAll<HTMLLinkElement | HTMLScriptElement>(
        'link[rel=modulepreload], script[src]',
      )
      if (![...named].some((e) => 'src' in e && /\/assets\/shell-[^/]*\.js$/.test(e.src))) return
      observer.disconnect()
      ;(window as { namedAtStart?: string[] }).namedAtStart = [...named].map((e) => ('href' in e ? e.href : e.src))
    })
    observer.observe(document, { childList: true, subtree: true })
  })
  for (const path of [
    '/ranking',
    '/ranking?kind=novel',
    '/?tab=novel',
    `/artworks/${work.id}`,
    `/users/${work.user.id}`,
  ]) {
    await page.goto(path)
    await expect(page.locator('main img').first()).toBeVisible()
    const { loaded, named } = await page.evaluate(() => ({
      loaded: performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((url) => /\/assets\/[^/]+\.js$/.test(url))
        // Not the view's: the service worker's registration, seconds after load, once the page is idle; the shell's
        // offline bar and update prompt, after the first view (app/shell.tsx).
        .filter((url) => !/\/(?:register-sw|workbox-window|pwa-chrome|pwa-status)[^/]*\.js$/.test(url)),
      named: (window as { namedAtStart?: string[] }).namedAtStart ?? [],
    }))
    expect(loaded.length, path).toBeGreaterThan(4)
    expect(
      loaded.filter((url) => !named.includes(url)),
      path,
    ).toEqual([])
  }
})

test('the API answers JSON with an illusts array at /v1/illust/ranking', async ({ request }) => {
  const response = await request.get('/v1/illust/ranking')
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toContain('application/json')
  const body: unknown = await response.json()
  expect(body).toEqual(expect.objectContaining({ illusts: expect.any(Array) }))
  expect((body as { illusts: unknown[] }).illusts.length).toBeGreaterThan(0)
})
