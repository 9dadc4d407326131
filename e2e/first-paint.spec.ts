// A deep link paints with the data the service wrote into the page (src/server/http/initial-data.ts): the view's first
// request is never sent, so here it is intercepted and refused, and the page must still show the work. A signed-in
// viewer ignores the embedded (anonymous) answer and asks for its own.

import { expect, test, type Page, type Route } from '@playwright/test'
import { signInAsDemo } from './helpers.ts'

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
