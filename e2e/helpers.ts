// Shared end-to-end helpers. Signing in goes through the real token endpoint; the session is then stored exactly
// as src/lib/session.ts persists it (localStorage `easel.session`), so the app starts signed in.

import { expect, type APIRequestContext, type Page, type Request } from '@playwright/test'

export const DEMO = { username: 'demo', password: 'demo', userId: 1 } as const

/** localStorage key and shape of src/lib/session.ts (DEFAULT_STORAGE_KEY, SessionState). */
export const SESSION_STORAGE_KEY = 'easel.session'

export interface StoredSession {
  accessToken: string
  refreshToken: string
  expiresAt: number
  user: { id: number; name: string; account: string; profileImageUrl: string; xRestrict: number; isPremium: boolean }
}

interface WireToken {
  access_token: string
  refresh_token: string
  expires_in: number
  user: {
    id: string
    name: string
    account: string
    x_restrict: number
    is_premium: boolean
    profile_image_urls: { px_170x170: string }
  }
}

/** POST /auth/token with the password grant; the session as the app would store it. */
export async function requestSession(
  request: APIRequestContext,
  username: string = DEMO.username,
  password: string = DEMO.password,
): Promise<StoredSession> {
  const response = await request.post('/auth/token', { form: { grant_type: 'password', username, password } })
  expect(response.status(), 'the token endpoint accepts the demo account').toBe(200)
  const token = (await response.json()) as WireToken
  return {
    accessToken: token.access_token,
    refreshToken: token.refresh_token,
    expiresAt: Date.now() + token.expires_in * 1000,
    user: {
      id: Number(token.user.id),
      name: token.user.name,
      account: token.user.account,
      profileImageUrl: token.user.profile_image_urls.px_170x170,
      xRestrict: token.user.x_restrict,
      isPremium: token.user.is_premium,
    },
  }
}

/** The password of the members the specs sign up. */
export const MEMBER_PASSWORD = 'a long passphrase'

/** A name of this run's own: the data directory outlives a run, and both projects run at once. */
export const unique = (prefix: string, project: string) =>
  `${prefix}-${project}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

export const bearer = (session: StoredSession) => ({ authorization: `Bearer ${session.accessToken}` })

/** A single-use invite link's code, made by the demo admin. */
export async function inviteCode(request: APIRequestContext): Promise<string> {
  const demo = await requestSession(request)
  const invite = await request.post('/v1/easel/invites/add', { form: { expires_in_days: '1' }, headers: bearer(demo) })
  expect(invite.status()).toBe(200)
  return ((await invite.json()) as { code: string }).code
}

/** A new member (password MEMBER_PASSWORD), signed up through the API with the demo admin's invite; their user id. */
export async function signUpMember(request: APIRequestContext, account: string, name: string): Promise<number> {
  const form = { account, name, password: MEMBER_PASSWORD, invite: await inviteCode(request) }
  const made = await request.post('/v1/easel/signup', { form })
  expect(made.status(), await made.text()).toBe(200)
  return Number(((await made.json()) as WireToken).user.id)
}

/**
 * Signs the page in as demo (or the given account) without the form: stores a fresh session in the origin's
 * localStorage. Navigate afterwards; the app reads the session when it starts.
 */
export async function signInAsDemo(page: Page, username?: string, password?: string): Promise<StoredSession> {
  const session = await requestSession(page.request, username, password)
  // Any same-origin document will do to reach localStorage; robots.txt is tiny and runs no app code.
  await page.goto('/robots.txt')
  await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
    key: SESSION_STORAGE_KEY,
    value: JSON.stringify(session),
  })
  return session
}

/** Whether a request is a GET to this API path (e.g. '/v1/illust/ranking'). */
export function isApi(request: Request, path: string): boolean {
  return request.method() === 'GET' && new URL(request.url()).pathname === path
}

/** The query parameters of a request. */
export function paramsOf(request: Request): URLSearchParams {
  return new URL(request.url()).searchParams
}

/**
 * Scrolls to the end of the page, again and again, until a request matching `predicate` goes out; returns it.
 * Only requests sent after the call count: a list that fetched its second page on its own before the call will be
 * seen asking for the third. To check a specific cursor, record requests from before the navigation instead.
 */
export async function scrollUntilRequest(page: Page, predicate: (request: Request) => boolean): Promise<Request> {
  let found: Request | undefined
  const listener = (request: Request) => {
    if (!found && predicate(request)) found = request
  }
  page.on('request', listener)
  try {
    await expect
      .poll(
        async () => {
          if (!found) await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
          return found !== undefined
        },
        { timeout: 20_000, intervals: [200, 300, 500] },
      )
      .toBe(true)
  } finally {
    page.off('request', listener)
  }
  return found!
}

interface LayoutShiftRecord {
  value: number
  at: number
  /** the shifted elements, as the start of their HTML */
  nodes: string[]
}

/** Records the page's layout shifts from its first paint (call before `goto`); read them with `layoutShifts`. */
export async function trackLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] }
    const w = window as unknown as { __shifts: LayoutShiftRecord[]; __shiftObserver: PerformanceObserver }
    w.__shifts = []
    const record = (entries: PerformanceEntryList) => {
      for (const e of entries as Shift[]) {
        if (e.hadRecentInput) continue
        w.__shifts.push({
          value: e.value,
          at: Math.round(e.startTime),
          nodes: (e.sources ?? []).map((s) =>
            s.node instanceof Element ? s.node.outerHTML.slice(0, 120) : String(s.node),
          ),
        })
      }
    }
    w.__shiftObserver = new PerformanceObserver((list) => record(list.getEntries()))
    w.__shiftObserver.observe({ type: 'layout-shift', buffered: true })
    ;(w as unknown as { __recordShifts: typeof record }).__recordShifts = record
  })
}

/**
 * The layout shifts recorded so far (`trackLayoutShifts`) up to the page's next two frames, and their sum: the page's
 * cumulative layout shift. Entries the observer has not been handed yet are taken too.
 */
export async function layoutShifts(page: Page): Promise<{ cls: number; shifts: LayoutShiftRecord[] }> {
  const shifts = await page.evaluate(async () => {
    await new Promise<void>((resolve) => {
      // as frames() below: two frames, or a second if headless Chromium schedules none
      const bound = setTimeout(resolve, 1000)
      requestAnimationFrame(() => requestAnimationFrame(() => (clearTimeout(bound), resolve())))
    })
    const w = window as unknown as {
      __shifts: LayoutShiftRecord[]
      __shiftObserver: PerformanceObserver
      __recordShifts: (entries: PerformanceEntryList) => void
    }
    w.__recordShifts(w.__shiftObserver.takeRecords())
    return w.__shifts
  })
  return { cls: shifts.reduce((sum, s) => sum + s.value, 0), shifts }
}

/**
 * Holds the service's answers to the requests `match` accepts until the returned function is called: a slow
 * connection on demand, so a test can see what the page shows while it waits.
 */
export async function holdAnswers(page: Page, match: (url: URL) => boolean): Promise<() => void> {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(match, async (route) => {
    await released
    await route.continue()
  })
  return release
}

// ---- the answers a page comes with (src/server/http/initial-data.ts) ----

const INITIAL_DATA = /<script type="application\/json" id="easel-initial-data">([\s\S]*?)<\/script>/

/** The answers written into a page's HTML, by their origin-free API URL. */
export function initialAnswersIn(html: string): [target: string, body: unknown][] {
  const m = INITIAL_DATA.exec(html)
  return m ? Object.entries(JSON.parse(m[1]!) as Record<string, unknown>) : []
}

/**
 * Calls `add` with each answer to a GET of `apiPath` that a page loaded from here on came with: an anonymous deep link
 * gets its first page that way, and never asks for it. For trackers of an API path, beside its requests.
 */
export function onInitialAnswers(page: Page, apiPath: string, add: (url: URL, body: unknown) => void): void {
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'document') return
    response.text().then(
      (html) => {
        for (const [target, body] of initialAnswersIn(html)) {
          const url = new URL(target, response.url())
          if (url.pathname === apiPath) add(url, body)
        }
      },
      () => {},
    )
  })
}

/** Pages loaded from here on come without their data, so their first requests go out as they do without it. */
export async function withoutInitialData(page: Page): Promise<void> {
  await page.route(
    () => true,
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback()
      const response = await route.fetch()
      await route.fulfill({ response, body: (await response.text()).replace(INITIAL_DATA, '') })
    },
  )
}

/**
 * Two animation frames: React has rendered what the last scroll asked for and its effects have run. Headless Chromium
 * on a loaded machine has been seen to stop scheduling frames for a page altogether (a 1,000-work scroll in CI waited
 * four minutes for one), so the wait ends after a second without them: what a test then asserts is polled for, and a
 * page whose own code hangs still fails, as its timers do not run either.
 */
export const frames = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const bound = setTimeout(resolve, 1000)
        requestAnimationFrame(() => requestAnimationFrame(() => (clearTimeout(bound), resolve())))
      }),
  )
