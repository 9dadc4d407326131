// The lists the service gained in issue 13, end to end: the home page's Following feed (works and novels of the users
// the viewer follows, newest first), the Newest page, user search, and a profile's Followers and Mutuals tabs.
// Real service, real data; on desktop and phone.

import AxeBuilder from '@axe-core/playwright'
import { type Page, type Request, type Response } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { DEMO, isApi, paramsOf, signInAsDemo } from './helpers.ts'

interface WireWork {
  id: number
  create_date: string
  user: { id: number }
}

/** The answers of one API path, in order, as the page receives them. */
function answersOf(page: Page, path: string) {
  const answers: Promise<unknown>[] = []
  const requests: Request[] = []
  page.on('request', (r) => {
    if (isApi(r, path)) requests.push(r)
  })
  page.on('response', (r: Response) => {
    if (isApi(r.request(), path) && r.ok()) {
      const body = r.json()
      body.catch(() => {})
      answers.push(body)
    }
  })
  return { requests, answers }
}

async function noSevereAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa']).analyze()
  const severe = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(severe.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

const mainNavLink = (page: Page, name: string) =>
  // The header's links on wide screens, the bottom bar on phones: the other one is not rendered visible.
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true })

const ids = (page: Page, selector: string) =>
  page
    .getByRole('main')
    .locator(selector)
    .evaluateAll((els, attr) => els.map((el) => Number(el.getAttribute(attr))), selector.slice(1, -1))

/** `[a, b, c]` keeps the order of `all` (what the filters leave out aside). */
function isOrderedSubset(part: number[], all: number[]): boolean {
  let at = 0
  for (const id of part) {
    at = all.indexOf(id, at)
    if (at < 0) return false
    at++
  }
  return true
}

test.describe('the following feed', () => {
  test('signed out, the Following tab asks to sign in and then comes back to the feed', async ({ page }) => {
    const feed = answersOf(page, '/v2/illust/follow')
    await page.goto('/')
    await page.getByRole('navigation', { name: 'Home' }).getByRole('link', { name: 'Following' }).click()
    await expect(page).toHaveURL(/\/\?tab=following$/)
    await expect(page.getByRole('heading', { name: /artists you follow/ })).toBeVisible()
    expect(feed.requests).toHaveLength(0)
    await noSevereAxeViolations(page)

    await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/login\?return_to=/)
    await page.getByLabel('Account name').fill(DEMO.username)
    await page.getByLabel('Password').fill(DEMO.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/\?tab=following$/)
    await expect(
      page.getByRole('list', { name: 'Works by users you follow' }).locator('[data-work-id]').first(),
    ).toBeVisible()
  })

  test('signed in: works of the users followed, newest first, paged by next_url; then their novels', async ({
    page,
  }) => {
    const session = await signInAsDemo(page)
    const works = answersOf(page, '/v2/illust/follow')
    await page.goto('/?tab=following')
    const list = page.getByRole('list', { name: 'Works by users you follow' })
    await expect(list.locator('[data-work-id]').first()).toBeVisible()

    const first = (await works.answers[0]) as { illusts: WireWork[]; next_url: string | null }
    expect(first.illusts.length).toBeGreaterThan(0)
    const dates = first.illusts.map((w) => Date.parse(w.create_date))
    expect(dates, 'newest first').toEqual([...dates].sort((a, b) => b - a))
    // Every author is someone demo follows.
    const followed = new Set<number>()
    for (let url: string | null = `/v1/user/following?user_id=${DEMO.userId}`, n = 0; url && n < 50; n++) {
      const res = await page.request.get(url, { headers: { Authorization: `Bearer ${session.accessToken}` } })
      expect(res.ok()).toBe(true)
      const body = (await res.json()) as { user_previews: { user: { id: number } }[]; next_url: string | null }
      for (const p of body.user_previews) followed.add(p.user.id)
      url = body.next_url && new URL(body.next_url).pathname + new URL(body.next_url).search
    }
    for (const w of first.illusts) expect(followed.has(w.user.id), `author of ${w.id}`).toBe(true)
    const shown = await ids(page, '[data-work-id]')
    expect(shown.length).toBeGreaterThan(0)
    expect(
      isOrderedSubset(
        shown,
        first.illusts.map((w) => w.id),
      ),
    ).toBe(true)

    // The next page is the cursor out of next_url.
    expect(first.next_url).toBeTruthy()
    const expected = new URL(first.next_url!).searchParams.get('offset')
    await expect
      .poll(
        async () => {
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
          return works.requests.length
        },
        { timeout: 20_000 },
      )
      .toBeGreaterThan(1)
    expect(paramsOf(works.requests[1]!).get('offset')).toBe(expected)
    await noSevereAxeViolations(page)

    const novels = answersOf(page, '/v1/novel/follow')
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.getByRole('navigation', { name: 'Following' }).getByRole('link', { name: 'Novels' }).click()
    await expect(page).toHaveURL(/\/\?tab=following&kind=novel$/)
    const novelList = page.getByRole('list', { name: 'Novels by users you follow' })
    await expect(novelList.locator('[data-novel-id]').first()).toBeVisible()
    expect(novels.requests.length).toBeGreaterThan(0)
    const novelPage = (await novels.answers[0]) as { novels: WireWork[] }
    const novelDates = novelPage.novels.map((n) => Date.parse(n.create_date))
    expect(novelDates).toEqual([...novelDates].sort((a, b) => b - a))
    await noSevereAxeViolations(page)
  })
})

test.describe('newest', () => {
  test('linked from the main navigation: illustrations, manga and novels, newest first, paged by next_url', async ({
    page,
  }) => {
    const illusts = answersOf(page, '/v1/illust/new')
    await page.goto('/ranking')
    await mainNavLink(page, 'Newest').click()
    await expect(page).toHaveURL(/\/new$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Newest' })).toBeVisible()
    const list = page.getByRole('list', { name: 'Newest illustrations' })
    await expect(list.locator('[data-work-id]').first()).toBeVisible()
    const first = (await illusts.answers[0]) as { illusts: WireWork[]; next_url: string | null }
    const shown = await ids(page, '[data-work-id]')
    expect(
      isOrderedSubset(
        shown,
        first.illusts.map((w) => w.id),
      ),
    ).toBe(true)
    const dates = first.illusts.map((w) => Date.parse(w.create_date))
    expect(dates).toEqual([...dates].sort((a, b) => b - a))

    // The next page asks with next_url's own cursor.
    const cursor = new URL(first.next_url!).searchParams
    await expect
      .poll(
        async () => {
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
          return illusts.requests.length
        },
        { timeout: 20_000 },
      )
      .toBeGreaterThan(1)
    const second = paramsOf(illusts.requests[1]!)
    for (const [k, v] of cursor) expect(second.get(k), k).toBe(v)
    await noSevereAxeViolations(page)

    await page.evaluate(() => window.scrollTo(0, 0))
    await page.getByRole('navigation', { name: 'Newest' }).getByRole('link', { name: 'Manga' }).click()
    await expect(page).toHaveURL(/\/new\?type=manga$/)
    await expect(page.getByRole('list', { name: 'Newest manga' }).locator('[data-work-id]').first()).toBeVisible()
    expect(illusts.requests.some((r) => paramsOf(r).get('content_type') === 'manga')).toBe(true)

    const novels = answersOf(page, '/v1/novel/new')
    await page.getByRole('navigation', { name: 'Newest' }).getByRole('link', { name: 'Novels' }).click()
    await expect(page).toHaveURL(/\/new\?type=novel$/)
    await expect(page.getByRole('list', { name: 'Newest novels' }).locator('[data-novel-id]').first()).toBeVisible()
    expect(novels.requests.length).toBeGreaterThan(0)
    await noSevereAxeViolations(page)
  })

  test('a deep link opens the tab it names', async ({ page }) => {
    await page.goto('/new?type=novel')
    await expect(page.getByRole('list', { name: 'Newest novels' }).locator('[data-novel-id]').first()).toBeVisible()
    await expect(
      page.getByRole('navigation', { name: 'Newest' }).getByRole('link', { name: 'Novels' }),
    ).toHaveAttribute('aria-current', 'page')
  })
})

test.describe('user search and user lists', () => {
  const WORD = 'みかん'

  test('the search has a Users tab listing matching users, each leading to their profile', async ({ page }) => {
    const search = answersOf(page, '/v1/search/user')
    await page.goto(`/search?word=${encodeURIComponent(WORD)}`)
    await page.getByRole('navigation', { name: 'Search in' }).getByRole('link', { name: 'Users' }).click()
    await expect(page).toHaveURL(`/search/users?word=${encodeURIComponent(WORD)}`)
    const list = page.getByRole('list', { name: `Users matching ${WORD}` })
    await expect(list.getByRole('listitem').first()).toBeVisible()
    const answer = (await search.answers[0]) as { user_previews: { user: { id: number; name: string } }[] }
    expect(answer.user_previews.length).toBeGreaterThan(0)
    await expect(list.locator(':scope > li')).toHaveCount(new Set(answer.user_previews.map((p) => p.user.id)).size)
    for (const p of answer.user_previews) expect(p.user.name).toContain(WORD)
    await noSevereAxeViolations(page)

    const firstUser = answer.user_previews[0]!.user
    await list.getByRole('link', { name: firstUser.name, exact: true }).first().click()
    await expect(page).toHaveURL(new RegExp(`/users/${firstUser.id}$`))
  })

  test('a word nobody matches says so', async ({ page }) => {
    await page.goto('/search/users?word=zzzzqqqq')
    await expect(page.getByText('No users match “zzzzqqqq”.')).toBeVisible()
  })

  test("a profile's Followers and Mutuals tabs list those users", async ({ page }) => {
    await page.goto(`/users/${DEMO.userId}`)
    const tabs = page.getByRole('navigation', { name: /’s pages$/ })
    const followers = answersOf(page, '/v1/user/follower')
    await tabs.getByRole('link', { name: 'Followers' }).click()
    await expect(page).toHaveURL(`/users/${DEMO.userId}/followers`)
    const followerList = page.getByRole('list', { name: /^Followers of / })
    await expect(followerList.getByRole('listitem').first()).toBeVisible()
    expect(paramsOf(followers.requests[0]!).get('user_id')).toBe(String(DEMO.userId))
    await noSevereAxeViolations(page)

    const mutuals = answersOf(page, '/v1/user/mypixiv')
    await tabs.getByRole('link', { name: 'Mutuals' }).click()
    await expect(page).toHaveURL(`/users/${DEMO.userId}/mypixiv`)
    await expect(
      page
        .getByRole('list', { name: /^Mutual follows of / })
        .getByRole('listitem')
        .first(),
    ).toBeVisible()
    const answer = (await mutuals.answers[0]) as { user_previews: unknown[] }
    await expect(page.getByRole('list', { name: /^Mutual follows of / }).locator(':scope > li')).toHaveCount(
      answer.user_previews.length,
    )
  })
})
