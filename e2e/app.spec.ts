// The app shell and its views end to end: ranking, recommended, user lists, series, aliases, signing in and out,
// settings, and accessibility. Real service, real data; every wait is on a condition (a request, a URL, an element).

import AxeBuilder from '@axe-core/playwright'
import { type APIRequestContext, type Page, type Request, type Response } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import {
  DEMO,
  isApi,
  onInitialAnswers,
  paramsOf,
  requestSession,
  SESSION_STORAGE_KEY,
  signInAsDemo,
} from './helpers.ts'

interface WirePage {
  illusts: { id: number; title: string; tags: { name: string }[] }[]
  next_url: string | null
}

/** The cursor parameters of a next_url. */
const nextParams = (nextUrl: string | null) => new URL(nextUrl ?? 'http://x/').searchParams

/** Every GET to an API path from now on, in order (start it before the navigation that loads the list). */
function track(page: Page, path: string): Request[] {
  const seen: Request[] = []
  page.on('request', (r) => {
    if (isApi(r, path)) seen.push(r)
  })
  return seen
}

/**
 * The first answer to a GET of an API path that `accept` likes, read as a list page, with the request's parameters
 * and headers: a response, or the answer a page loaded by `action` came with (an anonymous deep link gets its first
 * page that way, without asking; its headers are then none; a signed-in page asks all the same). The body is read as soon as the response arrives, not
 * after `action` settles: by then the browser may have dropped it (a navigation, or the app cancelling a query it no
 * longer needs), and reading fails with "No data found for resource". If it is gone even so, the same GET with the
 * same headers fetches it again (the catalogue is deterministic).
 */
async function firstPage(
  page: Page,
  path: string,
  accept: (params: URLSearchParams) => boolean,
  action: () => Promise<unknown>,
): Promise<FirstAnswer> {
  let embedded: (answer: FirstAnswer) => void = () => {}
  const fromPage = new Promise<FirstAnswer>((resolve) => (embedded = resolve))
  let live = true
  onInitialAnswers(page, path, (url, body) => {
    if (live && accept(url.searchParams)) embedded({ params: url.searchParams, headers: {}, body: body as WirePage })
  })
  const fromApi = page
    .waitForResponse((r: Response) => isApi(r.request(), path) && r.ok() && accept(paramsOf(r.request())))
    .then(async (response) => ({
      params: paramsOf(response.request()),
      headers: response.request().headers(),
      body: await readBody(page, response),
    }))
  fromApi.catch(() => {})
  await action()
  // A signed-in page ignores the (anonymous) answers it came with, and asks.
  const signedIn = await page.evaluate((key) => localStorage.getItem(key) !== null, SESSION_STORAGE_KEY)
  try {
    return await (signedIn ? fromApi : Promise.race([fromApi, fromPage]))
  } finally {
    live = false
  }
}

interface FirstAnswer {
  params: URLSearchParams
  headers: Record<string, string>
  body: WirePage
}

async function readBody(page: Page, response: Response): Promise<WirePage> {
  try {
    return (await response.json()) as WirePage
  } catch {
    const headers = await response.request().allHeaders()
    return apiJson<WirePage>(page.request, response.url(), headers)
  }
}

/**
 * The next page's request carries the cursor of the previous page's next_url: scrolls toward the end until a
 * request with exactly that cursor has gone out (the list may ask for it before any scroll, to fill the screen).
 */
async function expectNextPage(page: Page, seen: Request[], first: FirstAnswer, cursor: string): Promise<Request> {
  const previous = first.body
  expect(previous.next_url, 'the list has a next page').not.toBeNull()
  const expected = nextParams(previous.next_url).get(cursor)
  expect(expected, `next_url carries ${cursor}`).not.toBeNull()
  // The same list's next page: its first page's parameters and the cursor. A cursor alone could match the next page
  // of the list shown before (the same offset of another mode or date), still loading when the view changed.
  const sameList = (r: Request) => {
    const params = paramsOf(r)
    return [...first.params].every(([k, v]) => k === cursor || params.get(k) === v)
  }
  const match = () => seen.find((r) => paramsOf(r).get(cursor) === expected && sameList(r))
  await expect
    .poll(
      async () => {
        if (!match()) await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
        return match() !== undefined
      },
      { timeout: 20_000, intervals: [200, 300, 500], message: `a request with ${cursor}=${expected}` },
    )
    .toBe(true)
  // Never a request that skipped it: every cursor sent before it was from an earlier page.
  return match()!
}

const workList = (page: Page, name: RegExp | string) => page.getByRole('list', { name })
const firstCard = (page: Page) => page.locator('[data-work-id]').first()

async function apiJson<T>(request: APIRequestContext, url: string, headers?: Record<string, string>): Promise<T> {
  const response = await request.get(url, { headers })
  expect(response.ok(), url).toBe(true)
  return (await response.json()) as T
}

test.describe('ranking', () => {
  test('mode and date switches load and paginate, with mode and date in the URL and the requests', async ({ page }) => {
    const RANKING = '/v1/illust/ranking'
    const seen = track(page, RANKING)
    const day = await firstPage(
      page,
      RANKING,
      (p) => p.get('mode') === 'day' && !p.has('offset'),
      () => page.goto('/ranking'),
    )
    await expect(page.getByRole('heading', { level: 1, name: 'Daily ranking' })).toBeVisible()
    await expect(firstCard(page)).toBeVisible()
    const dayNext = await expectNextPage(page, seen, day, 'offset')
    expect(paramsOf(dayNext).get('mode')).toBe('day')

    // Mode switch: a link tab.
    const week = await firstPage(
      page,
      RANKING,
      (p) => p.get('mode') === 'week' && !p.has('offset'),
      () => page.getByRole('navigation', { name: 'Ranking modes' }).getByRole('link', { name: 'Weekly' }).click(),
    )
    await expect(page).toHaveURL(/\/ranking\?mode=week$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Weekly ranking' })).toBeVisible()
    expect(week.params.has('date')).toBe(false)

    // Date switch: the date field offers every day up to yesterday in Japan (the service's calendar), and the
    // catalogue's own days: its latest ranking day is the one the undated ranking's next_url names.
    const dateField = page.getByLabel('Ranking date')
    seen.length = 0
    const latest = nextParams(week.body.next_url).get('date')
    expect(latest).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    const yesterday = new Date(Date.now() + 9 * 3_600_000 - 86_400_000).toISOString().slice(0, 10)
    await expect(dateField).toHaveAttribute('max', latest! > yesterday ? latest! : yesterday)
    await expect(dateField).toHaveValue(latest!)
    const earlier = new Date(Date.parse(`${latest}T00:00:00Z`) - 3 * 86_400_000).toISOString().slice(0, 10)
    const dated = await firstPage(
      page,
      RANKING,
      (p) => p.get('mode') === 'week' && p.get('date') === earlier && !p.has('offset'),
      () => dateField.fill(earlier),
    )
    await expect(page).toHaveURL(new RegExp(`/ranking\\?mode=week&date=${earlier}$`))
    await expect(firstCard(page)).toBeVisible()
    const datedNext = await expectNextPage(page, seen, dated, 'offset')
    expect(paramsOf(datedNext).get('mode')).toBe('week')
    expect(paramsOf(datedNext).get('date')).toBe(earlier)

    // The day before, by its link, keeps the mode.
    const dayBefore = new Date(Date.parse(`${earlier}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10)
    await firstPage(
      page,
      RANKING,
      (p) => p.get('date') === dayBefore && p.get('mode') === 'week',
      () => page.getByRole('link', { name: 'Previous day' }).click(),
    )
    await expect(page).toHaveURL(new RegExp(`date=${dayBefore}`))
  })

  test('R-18 modes are offered only to an account that allows them', async ({ page }) => {
    await page.goto('/ranking')
    const modes = page.getByRole('navigation', { name: 'Ranking modes' })
    await expect(modes.getByRole('link', { name: 'Daily' })).toBeVisible()
    await expect(modes.getByRole('link', { name: /R-18/ })).toHaveCount(0)
    await page.goto('/ranking?mode=day_r18')
    await expect(page.getByText('Sign in to see this ranking')).toBeVisible()

    await signInAsDemo(page)
    await page.goto('/ranking')
    await expect(modes.getByRole('link', { name: 'R-18 daily' })).toBeVisible()
    await expect(modes.getByRole('link', { name: 'R-18G weekly' })).toBeVisible()
  })
})

test.describe('recommended on the home page', () => {
  test('loads and paginates anonymously', async ({ page }) => {
    const RECOMMENDED = '/v1/illust/recommended'
    const seen = track(page, RECOMMENDED)
    const first = await firstPage(
      page,
      RECOMMENDED,
      (p) => !p.has('offset'),
      () => page.goto('/'),
    )
    expect(first.params.has('max_bookmark_id_for_recommend')).toBe(false)
    await expect(workList(page, 'Recommended illustrations')).toBeVisible()
    await expect(firstCard(page)).toBeVisible()
    const next = await expectNextPage(page, seen, first, 'offset')
    expect(paramsOf(next).get('content_type')).toBe('illust')
  })

  test('loads and paginates signed in, the next page by max_bookmark_id_for_recommend', async ({ page }) => {
    await signInAsDemo(page)
    const RECOMMENDED = '/v1/illust/recommended'
    const seen = track(page, RECOMMENDED)
    const first = await firstPage(
      page,
      RECOMMENDED,
      (p) => !p.has('offset'),
      () => page.goto('/'),
    )
    expect(first.headers['authorization']).toMatch(/^Bearer /)
    await expect(firstCard(page)).toBeVisible()
    await expectNextPage(page, seen, first, 'max_bookmark_id_for_recommend')
  })

  test('the manga tab asks for manga', async ({ page }) => {
    await page.goto('/')
    const manga = await firstPage(
      page,
      '/v1/illust/recommended',
      (p) => p.get('content_type') === 'manga',
      () => page.getByRole('link', { name: 'Manga', exact: true }).click(),
    )
    expect(manga.body.illusts.length).toBeGreaterThan(0)
    await expect(page).toHaveURL(/\/\?tab=manga$/)
    await expect(workList(page, 'Recommended manga')).toBeVisible()
  })
})

test.describe('user lists and series', () => {
  test("a user's works load and paginate", async ({ page, request }) => {
    // A user with more than one page of works.
    let userId: number | undefined
    for (let id = 2; id < 60 && userId === undefined; id++) {
      const detail = await apiJson<{ profile: { total_illusts: number; total_manga: number } }>(
        request,
        `/v1/user/detail?user_id=${id}`,
      )
      if (detail.profile.total_illusts + detail.profile.total_manga > 30) userId = id
    }
    expect(userId, 'the catalogue has a user with more than 30 works').toBeDefined()

    const USER_ILLUSTS = '/v1/user/illusts'
    const seen = track(page, USER_ILLUSTS)
    const first = await firstPage(
      page,
      USER_ILLUSTS,
      (p) => p.get('user_id') === String(userId) && !p.has('offset'),
      () => page.goto(`/users/${userId}/artworks`),
    )
    await expect(page.getByRole('link', { name: 'Artworks', exact: true })).toHaveAttribute('aria-current', 'page')
    await expect(firstCard(page)).toBeVisible()
    await expectNextPage(page, seen, first, 'offset')

    // ?type=manga narrows the request.
    await firstPage(
      page,
      USER_ILLUSTS,
      (p) => p.get('type') === 'manga',
      () => page.getByRole('navigation', { name: 'Kind of work' }).getByRole('link', { name: 'Manga' }).click(),
    )
    await expect(page).toHaveURL(new RegExp(`/users/${userId}/artworks\\?type=manga$`))
  })

  test('your bookmarks load and paginate by max_bookmark_id', async ({ page }) => {
    await signInAsDemo(page)
    const BOOKMARKS = '/v1/user/bookmarks/illust'
    const seen = track(page, BOOKMARKS)
    const first = await firstPage(
      page,
      BOOKMARKS,
      (p) => p.get('user_id') === '1' && !p.has('max_bookmark_id'),
      () => page.goto(`/users/${DEMO.userId}/bookmarks/artworks`),
    )
    expect(first.params.get('restrict')).toBe('public')
    await expect(firstCard(page)).toBeVisible()
    const next = await expectNextPage(page, seen, first, 'max_bookmark_id')
    expect(paramsOf(next).get('user_id')).toBe('1')

    // Your own private bookmarks are a tab away.
    await firstPage(
      page,
      BOOKMARKS,
      (p) => p.get('restrict') === 'private',
      () => page.getByRole('navigation', { name: 'Visibility' }).getByRole('link', { name: 'Private' }).click(),
    )
    await expect(page).toHaveURL(/restrict=private/)
  })

  test('an illustration series loads and paginates', async ({ page, request }) => {
    let series: { userId: number; id: number; title: string } | undefined
    for (let id = 1; id <= 40 && !series; id++) {
      const response = await request.get(`/v1/illust/series?illust_series_id=${id}`)
      if (!response.ok()) continue
      const body = (await response.json()) as {
        illust_series_detail: { id: number; title: string; user: { id: number } }
        next_url: string | null
      }
      if (body.next_url)
        series = { id, userId: body.illust_series_detail.user.id, title: body.illust_series_detail.title }
    }
    expect(series, 'the catalogue has a series of more than one page').toBeDefined()

    const SERIES = '/v1/illust/series'
    const seen = track(page, SERIES)
    const first = await firstPage(
      page,
      SERIES,
      (p) => p.get('illust_series_id') === String(series!.id) && !p.has('offset'),
      () => page.goto(`/user/${series!.userId}/series/${series!.id}`),
    )
    await expect(page.getByRole('heading', { level: 1, name: series!.title })).toBeVisible()
    await expect(firstCard(page)).toBeVisible()
    await expectNextPage(page, seen, first, 'offset')
  })

  test('following lists the users someone follows', async ({ page }) => {
    const following = page.waitForResponse((r) => isApi(r.request(), '/v1/user/following') && r.ok())
    await page.goto('/users/1/following')
    const body = (await (await following).json()) as { user_previews: { user: { name: string } }[] }
    expect(body.user_previews.length).toBeGreaterThan(0)
    await expect(page.getByRole('heading', { level: 2, name: body.user_previews[0]!.user.name })).toBeVisible()
  })
})

test.describe('aliases', () => {
  test('pixiv-style links land on the right view', async ({ page, request }) => {
    const work = await apiJson<{ illust: { title: string } }>(request, '/v1/illust/detail?illust_id=1')
    const user = await apiJson<{ user: { name: string } }>(request, '/v1/user/detail?user_id=2')

    for (const alias of ['/en/artworks/1', '/i/1', '/member_illust.php?illust_id=1']) {
      await page.goto(alias)
      await expect(page, alias).toHaveURL(/\/artworks\/1$/)
      await expect(page.getByRole('heading', { level: 1, name: work.illust.title })).toBeVisible()
    }
    for (const alias of ['/member.php?id=2', '/u/2']) {
      await page.goto(alias)
      await expect(page, alias).toHaveURL(/\/users\/2$/)
      await expect(page.getByRole('heading', { level: 1, name: user.user.name })).toBeVisible()
    }

    const ranking = await apiJson<WirePage>(request, '/v1/illust/ranking')
    const tag = ranking.illusts[0]!.tags[0]!.name
    const search = page.waitForRequest((r) => isApi(r, '/v1/search/illust') && paramsOf(r).get('word') === tag)
    await page.goto(`/tags/${encodeURIComponent(tag)}/artworks`)
    await search
    await expect(page).toHaveURL(`/search?word=${encodeURIComponent(tag).replace(/%20/g, '+')}`)
    await expect(page.getByRole('heading', { level: 1, name: tag })).toBeVisible()
  })

  test('an alias opened directly is replaced, so Back does not bounce forward again', async ({ page }) => {
    await page.goto('/settings')
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
    await page.goto('/u/2')
    await expect(page).toHaveURL(/\/users\/2$/)
    await page.goBack()
    await expect(page).toHaveURL(/\/settings$/)
  })

  test('an unknown path shows a 404 inside the shell', async ({ page }) => {
    await page.goto('/no/such/page')
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Easel', exact: true })).toBeVisible()
  })

  test('a missing user shows a 404 view', async ({ page }) => {
    await page.goto('/users/999999999')
    await expect(page.getByText('This user does not exist')).toBeVisible()
  })
})

test.describe('signing in and out', () => {
  test('a wrong password says so; demo/demo signs in and returns; sign-out clears the session', async ({ page }) => {
    await page.goto('/login?return_to=%2Franking')
    await page.getByLabel('Account name').fill(DEMO.username)
    await page.getByLabel('Password').fill('not-the-password')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('alert')).toHaveText('The account name or password is incorrect.')
    await expect(page).toHaveURL(/\/login/)

    await page.getByLabel('Password').fill(DEMO.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/ranking$/)
    const account = page.getByRole('button', { name: 'Account: Demo' })
    await expect(account).toBeVisible()
    await expect(page.getByRole('link', { name: 'Bookmarks' })).toHaveAttribute('href', '/users/1/bookmarks/artworks')
    expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_STORAGE_KEY)).toContain('"accessToken"')

    await account.click()
    await page.getByRole('button', { name: 'Sign out' }).click()
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Bookmarks' })).toHaveCount(0)
    expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_STORAGE_KEY)).toBeNull()
  })

  test('the account menu opened while the next page is still loading stays open when that page arrives', async ({
    page,
  }) => {
    await page.goto('/login?return_to=%2Franking')
    await page.getByLabel('Account name').fill(DEMO.username)
    await page.getByLabel('Password').fill(DEMO.password)
    // Hold the ranking page's code: the address moves to /ranking at once, the page arrives when released.
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    const held: string[] = []
    await page.route(/\/assets\/ranking-[^/]*\.js$/, async (route) => {
      held.push(route.request().url())
      await released
      await route.continue()
    })
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/ranking$/)
    await expect.poll(() => held.length).toBeGreaterThan(0)
    await expect(page.getByRole('navigation', { name: 'Ranking modes' })).toHaveCount(0)

    await page.getByRole('button', { name: 'Account: Demo' }).click()
    const signOut = page.getByRole('button', { name: 'Sign out' })
    await expect(signOut).toBeVisible()
    release()
    await expect(page.getByRole('navigation', { name: 'Ranking modes' })).toBeVisible()
    await expect(signOut).toBeVisible()

    // A navigation made after it opened still closes it.
    await page.getByRole('link', { name: 'Profile' }).click()
    await expect(page).toHaveURL(/\/users\/1$/)
    await expect(signOut).toBeHidden()
  })

  test('"Sign out everywhere" in the settings ends this session and the account\'s others', async ({ page }, info) => {
    // An account of this test's own (one per project, as they run in parallel): signing out everywhere ends every
    // session of the account, which would break any other test signed in as it.
    const account = info.project.name === 'phone' ? 'sakuraneko' : 'sushidraws'
    const elsewhere = await requestSession(page.request, account, DEMO.password)
    const mine = await signInAsDemo(page, account, DEMO.password)
    const mutes = (token: string) =>
      page.request.get('/v1/mute/list', { headers: { authorization: `Bearer ${token}` } })
    expect((await mutes(elsewhere.accessToken)).status()).toBe(200)

    await page.goto('/settings')
    const section = page.getByRole('region', { name: 'Account' })
    await expect(section.getByRole('button', { name: 'Sign out', exact: true })).toBeVisible()
    await section.getByRole('button', { name: 'Sign out everywhere' }).click()
    await expect(section.getByText('You are not signed in.')).toBeVisible()
    expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_STORAGE_KEY)).toBeNull()
    // Both sessions are over: their access tokens and refresh tokens are refused.
    for (const session of [mine, elsewhere]) {
      expect((await mutes(session.accessToken)).status()).toBe(400)
      const renewal = await page.request.post('/auth/token', {
        form: { grant_type: 'refresh_token', refresh_token: session.refreshToken },
      })
      expect(renewal.status()).toBe(400)
    }
  })

  test('a stored session is used for API calls', async ({ page }) => {
    const session = await requestSession(page.request)
    await signInAsDemo(page)
    const detail = page.waitForRequest((r) => isApi(r, '/v1/user/detail'))
    await page.goto('/users/2')
    expect((await detail).headers()['authorization']).toMatch(/^Bearer /)
    expect(session.user.id).toBe(DEMO.userId)
    await expect(page.getByRole('button', { name: /^Follow/ })).toBeVisible()
  })
})

test.describe('settings', () => {
  test('theme and density persist across reloads', async ({ page }) => {
    // The card height at the default density, on the home page.
    await page.goto('/')
    await expect(firstCard(page)).toBeVisible()
    const comfortable = (await firstCard(page).boundingBox())!.height

    await page.goto('/settings')
    await page.getByRole('group', { name: 'Theme' }).getByText('Dark', { exact: true }).click()
    await expect(page.locator('html')).toHaveClass(/\bdark\b/)
    await page.getByRole('group', { name: 'Grid density' }).getByText('Compact', { exact: true }).click()

    await page.reload()
    await expect(page.locator('html')).toHaveClass(/\bdark\b/)
    await expect(page.getByRole('group', { name: 'Theme' }).getByRole('radio', { name: 'Dark' })).toBeChecked()
    await expect(
      page.getByRole('group', { name: 'Grid density' }).getByRole('radio', { name: 'Compact' }),
    ).toBeChecked()

    await page.goto('/')
    await expect(page.locator('html')).toHaveClass(/\bdark\b/)
    await expect(firstCard(page)).toBeVisible()
    await expect.poll(async () => (await firstCard(page).boundingBox())!.height).toBeLessThan(comfortable)

    await page.goto('/settings')
    await page.getByRole('group', { name: 'Theme' }).getByText('Light', { exact: true }).click()
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/)
  })

  test('the server mute list can be added to and removed from', async ({ page }) => {
    await signInAsDemo(page)
    await page.goto('/settings')
    const tag = `e2e-mute-${test.info().project.name}-${Date.now()}`
    const added = page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/mute/edit' && r.ok())
    await page.getByLabel('Tag to mute').fill(tag)
    await page.getByRole('button', { name: 'Mute tag', exact: true }).click()
    expect((await added).request().postData()).toContain('add_tags')
    const unmute = page.getByRole('button', { name: `Unmute tag ${tag}` })
    await expect(unmute).toBeVisible()

    await page.reload()
    await expect(unmute).toBeVisible()
    const removed = page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/mute/edit' && r.ok())
    await unmute.click()
    expect((await removed).request().postData()).toContain('delete_tags')
    await expect(unmute).toHaveCount(0)
  })
})

test.describe('accessibility', () => {
  const views: { path: string; ready: (page: Page) => Promise<void> }[] = [
    { path: '/', ready: (page) => expect(firstCard(page)).toBeVisible() },
    { path: '/ranking', ready: (page) => expect(firstCard(page)).toBeVisible() },
    { path: '/search?word=landscape', ready: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible() },
    { path: '/users/2', ready: (page) => expect(firstCard(page)).toBeVisible() },
    {
      path: '/settings',
      ready: (page) => expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible(),
    },
  ]

  for (const { path, ready } of views) {
    test(`no serious or critical axe violation on ${path}`, async ({ page }) => {
      await page.goto(path)
      await ready(page)
      const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()
      const severe = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      expect(severe.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
    })
  }

  test('no page scrolls sideways on a narrow screen', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    for (const path of ['/', '/ranking', '/users/2', '/settings', '/login']) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeAttached()
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360)
    }
  })

  test('a skip link leads to the content', async ({ page }) => {
    await page.goto('/settings')
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: 'Skip to content' })
    await expect(skip).toBeFocused()
    await skip.press('Enter')
    await expect(page.locator('#main')).toBeFocused()
  })
})
