// Moderation, end to end against the real service: a member reports a work from its page; the demo admin finds the
// report on the moderation screen (Settings → Administration → Open moderation) and hides the work from it. A hidden
// work or novel is its author's alone (README, "Moderation"): the member, a visitor and the admin get the detail's "not
// available" state, its author still reads it, and the admins find it in the held list, from which they restore it;
// the log says who hid it. The admin suspends a member from their profile: the member's session ends with their next
// step, and signing in again says the account is suspended. The admin makes a member an admin from their profile, and
// a member again. A member deletes their own account from the settings' danger zone. On desktop and phone, each
// project with accounts and a work of its own.

import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { MEMBER_PASSWORD, requestSession, signInAsDemo, signUpMember, unique } from './helpers.ts'

/** The demo admin's action through the API, for cleaning up after a failed run. */
async function moderate(request: APIRequestContext, form: Record<string, string>) {
  const demo = await requestSession(request)
  await request.post('/v1/easel/moderation/item', {
    form: { ...form, note: 'e2e cleanup' },
    headers: { authorization: `Bearer ${demo.accessToken}` },
  })
}

const cleanups: (() => Promise<unknown>)[] = []
test.afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup()
})

/** A page of its own, signed in as the demo admin (or signed out). */
async function otherPage(browser: Browser, as: 'admin' | 'visitor'): Promise<Page> {
  const context = await browser.newContext()
  const page = await context.newPage()
  if (as === 'admin') await signInAsDemo(page)
  return page
}

/** A work the anonymous ranking shows, not the demo admin's own: each project takes its own. */
async function someonesWork(request: APIRequestContext, project: string): Promise<{ id: number; title: string }> {
  const ranking = (await (await request.get('/v1/illust/ranking')).json()) as {
    illusts: { id: number; title: string; user: { id: number } }[]
  }
  const works = ranking.illusts.filter((w) => w.user.id !== 1 && w.title.trim() !== '')
  const work = works[project === 'phone' ? 1 : 0]
  expect(work, 'the ranking has works by others').toBeTruthy()
  return { id: work!.id, title: work!.title }
}

/** The list item (a report, a hold, a log line) with `text` in it, asking for more pages until it is there. */
async function findItem(page: Page, list: Locator, text: string): Promise<Locator> {
  const item = list.getByRole('listitem').filter({ hasText: text })
  await expect
    .poll(
      async () => {
        if ((await item.count()) > 0) return true
        const more = page.getByRole('button', { name: 'Load more' })
        if (await more.isVisible()) await more.click()
        return false
      },
      { timeout: 20_000, intervals: [300, 500, 1000] },
    )
    .toBe(true)
  return item.first()
}

/** The work's page shows the detail's "not available" state (a hidden work answers as a private one does). */
async function expectWorkUnavailable(page: Page, id: number) {
  await page.goto(`/artworks/${id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'This work is not available' })).toBeVisible()
}

/** The demo admin's bearer header, for setting up and cleaning up through the API. */
async function demoAuth(request: APIRequestContext) {
  return { authorization: `Bearer ${(await requestSession(request)).accessToken}` }
}

test('a member reports a work; the admin hides it from the report, the log says so, and the admin shows it again', async ({
  page,
  browser,
  isMobile,
}, info) => {
  test.slow()
  const project = info.project.name
  const token = `e2e-${unique('note', project)}`
  const member = unique('mr', project)
  await signUpMember(page.request, member, `Reporter ${project}`)
  const work = await someonesWork(page.request, project)
  // Whatever happens below, the work is shown again for the next run (showing a shown work changes nothing).
  test.info().attach('work', { body: String(work.id) })
  cleanups.push(() => moderate(page.request, { kind: 'illust', target_id: String(work.id), action: 'unhide' }))

  // ---- the member reports it from its page ----
  await signInAsDemo(page, member, MEMBER_PASSWORD)
  await page.goto(`/artworks/${work.id}`)
  await expect(page.getByRole('heading', { level: 1, name: work.title })).toBeVisible()
  // A member sees no admin's tools.
  await expect(page.getByRole('group', { name: 'Moderation' })).toHaveCount(0)
  const reportButton = page.getByRole('button', { name: 'Report', exact: true })
  if (isMobile) expect((await reportButton.boundingBox())!.height).toBeGreaterThanOrEqual(44)
  await reportButton.click()
  const dialog = page.getByRole('dialog', { name: 'Report this work' })
  await expect(dialog).toBeVisible()
  const send = dialog.getByRole('button', { name: 'Send report' })
  await expect(send).toBeDisabled()
  await dialog.getByRole('radio', { name: 'Someone else’s work (copyright)' }).check()
  await dialog.getByRole('textbox', { name: 'Anything the admins should know (optional)' }).fill(`Traced. ${token}`)
  const sent = page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/easel/report')
  await send.click()
  expect((await sent).status()).toBe(200)
  // Sent, the dialog says so in its place (and is named by it).
  const done = page.getByRole('dialog', { name: 'Report sent' })
  await expect(done.getByRole('status')).toContainText('Thank you. The admins of this site will look at it.')
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
  await done.getByRole('button', { name: 'Close' }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)

  // ---- the admin's tools on the work's page: Hide (it is shown: not Unhide) and Delete, whole touch targets, no
  // sideways scroll ----
  const admin = await otherPage(browser, 'admin')
  if (isMobile) await admin.setViewportSize({ width: 360, height: 740 })
  await admin.goto(`/artworks/${work.id}`)
  const tools = admin.getByRole('group', { name: 'Moderation' })
  await expect(tools.getByRole('button')).toHaveText(['Hide', 'Delete'])
  if (isMobile)
    for (const button of await tools.getByRole('button').all())
      expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44)
  expect(await admin.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)

  // ---- the admin finds it on the moderation screen and hides the work from it ----
  await admin.goto('/settings')
  await admin.getByRole('region', { name: 'Administration' }).getByRole('link', { name: 'Open moderation' }).click()
  await expect(admin).toHaveURL(/\/settings\?view=moderation$/)
  await expect(admin.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible()
  const report = await findItem(admin, admin.getByRole('list', { name: 'Reports' }), token)
  await expect(report.getByRole('link', { name: work.title })).toHaveAttribute('href', `/artworks/${work.id}`)
  await expect(report).toContainText('ReasonSomeone else’s work (copyright)')
  await expect(report).toContainText(`Reported by @${member}`)
  await report.getByRole('button', { name: 'Hide' }).click()
  const hide = admin.getByRole('dialog', { name: `Hide “${work.title}”?` })
  await hide.getByRole('textbox', { name: 'Note for the moderation log (optional)' }).fill(`Hidden for ${token}`)
  const hidden = admin.waitForResponse((r) => new URL(r.url()).pathname === '/v1/easel/moderation/item')
  await hide.getByRole('button', { name: 'Hide' }).click()
  expect((await hidden).status()).toBe(200)
  // Acting on it closed the report: it leaves the open list.
  await expect(admin.getByRole('listitem').filter({ hasText: token })).toHaveCount(0)
  expect(await admin.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)

  // ---- hidden, it is its author's alone: the member, a visitor and the admin too get its "not available" state ----
  await expectWorkUnavailable(page, work.id)
  const visitor = await otherPage(browser, 'visitor')
  await expectWorkUnavailable(visitor, work.id)
  await expectWorkUnavailable(admin, work.id)

  // ---- the log says who hid it, and why ----
  await admin.goto('/settings?view=moderation&tab=log')
  const line = await findItem(admin, admin.getByRole('list', { name: 'Moderation log' }), `Hidden for ${token}`)
  await expect(line).toContainText('Hidden')
  await expect(line.getByRole('link', { name: work.title })).toBeVisible()
  await expect(line).toContainText('By @demo')

  // ---- the admin shows it again from the held list ----
  await admin
    .getByRole('navigation', { name: 'Moderation' })
    .getByRole('link', { name: 'Hidden and suspended' })
    .click()
  const held = await findItem(admin, admin.getByRole('list', { name: 'Hidden and suspended' }), work.title)
  await expect(held.getByRole('link', { name: work.title })).toHaveAttribute('href', `/artworks/${work.id}`)
  await held.getByRole('button', { name: 'Unhide' }).click()
  const unhidden = admin.waitForResponse((r) => new URL(r.url()).pathname === '/v1/easel/moderation/item')
  await admin
    .getByRole('dialog', { name: `Show “${work.title}” again?` })
    .getByRole('button', { name: 'Show again' })
    .click()
  expect((await unhidden).status()).toBe(200)
  await page.goto(`/artworks/${work.id}`)
  await expect(page.getByRole('heading', { level: 1, name: work.title })).toBeVisible()
  await visitor.goto(`/artworks/${work.id}`)
  await expect(visitor.getByRole('heading', { level: 1, name: work.title })).toBeVisible()
  await admin.goto(`/artworks/${work.id}`)
  await expect(admin.getByRole('heading', { level: 1, name: work.title })).toBeVisible()
  await expect(admin.getByRole('group', { name: 'Moderation' }).getByRole('button')).toHaveText(['Hide', 'Delete'])

  await admin.context().close()
  await visitor.context().close()
})

test('a novel the admin hides from its page is its author’s alone until the admin restores it from the held list', async ({
  page,
  browser,
}, info) => {
  test.slow()
  const project = info.project.name
  const author = unique('mn', project)
  await signUpMember(page.request, author, `Novelist ${project}`)
  const session = await requestSession(page.request, author, MEMBER_PASSWORD)
  const title = `Hidden tale ${unique('t', project)}`
  const posted = await page.request.post('/v1/easel/novel/add', {
    form: { title, text: 'Once upon a time, a tale was hidden.' },
    headers: { authorization: `Bearer ${session.accessToken}` },
  })
  expect(posted.status(), await posted.text()).toBe(200)
  const novelId = ((await posted.json()) as { novel: { id: number } }).novel.id
  cleanups.push(() => moderate(page.request, { kind: 'novel', target_id: String(novelId), action: 'unhide' }))
  const heading = (p: Page) => p.getByRole('heading', { level: 1 })

  // ---- the admin hides it from its page: the one action that applies is Hide ----
  const admin = await otherPage(browser, 'admin')
  await admin.goto(`/novels/${novelId}`)
  await expect(heading(admin)).toHaveText(title)
  const tools = admin.getByRole('group', { name: 'Moderation' })
  await expect(tools.getByRole('button')).toHaveText(['Hide', 'Delete'])
  await tools.getByRole('button', { name: 'Hide' }).click()
  const hidden = admin.waitForResponse((r) => new URL(r.url()).pathname === '/v1/easel/moderation/item')
  await admin
    .getByRole('dialog', { name: `Hide “${title}”?` })
    .getByRole('button', { name: 'Hide' })
    .click()
  expect((await hidden).status()).toBe(200)

  // ---- now the admin, like a visitor, gets its "not available" state; its author still reads it ----
  await expect(heading(admin)).toHaveText('This novel is not available')
  await admin.reload()
  await expect(heading(admin)).toHaveText('This novel is not available')
  const visitor = await otherPage(browser, 'visitor')
  await visitor.goto(`/novels/${novelId}`)
  await expect(heading(visitor)).toHaveText('This novel is not available')
  await signInAsDemo(page, author, MEMBER_PASSWORD)
  await page.goto(`/novels/${novelId}`)
  await expect(heading(page)).toHaveText(title)

  // ---- the admin finds it in the held list with its title, and restores it from there ----
  await admin.goto('/settings?view=moderation&tab=held')
  const held = await findItem(admin, admin.getByRole('list', { name: 'Hidden and suspended' }), title)
  await expect(held.getByRole('link', { name: title })).toHaveAttribute('href', `/novels/${novelId}`)
  await held.getByRole('button', { name: 'Unhide' }).click()
  const restored = admin.waitForResponse((r) => new URL(r.url()).pathname === '/v1/easel/moderation/item')
  await admin
    .getByRole('dialog', { name: `Show “${title}” again?` })
    .getByRole('button', { name: 'Show again' })
    .click()
  expect((await restored).status()).toBe(200)
  await visitor.goto(`/novels/${novelId}`)
  await expect(heading(visitor)).toHaveText(title)
  await admin.goto(`/novels/${novelId}`)
  await expect(heading(admin)).toHaveText(title)
  await expect(tools.getByRole('button')).toHaveText(['Hide', 'Delete'])

  await admin.context().close()
  await visitor.context().close()
})

test('the admin suspends a member: their session ends, and signing in says the account is suspended', async ({
  page,
  browser,
}, info) => {
  test.slow()
  const project = info.project.name
  const account = unique('ms', project)
  const name = `Suspended ${project}`
  const userId = await signUpMember(page.request, account, name)
  await signInAsDemo(page, account, MEMBER_PASSWORD)
  await page.goto('/settings')
  await expect(page.getByRole('region', { name: 'Account' })).toContainText(`Signed in as ${name}`)

  // ---- the admin suspends them from their profile, once asked again (not suspended: no Lift suspension) ----
  const admin = await otherPage(browser, 'admin')
  await admin.goto(`/users/${userId}`)
  const tools = admin.getByRole('group', { name: 'Moderation' })
  await tools.getByRole('button', { name: 'Suspend' }).click()
  await expect(tools.getByRole('button', { name: 'Lift suspension' })).toHaveCount(0)
  const dialog = admin.getByRole('dialog', { name: `Suspend ${name}?` })
  await expect(dialog).toContainText('They are signed out everywhere at once and cannot sign in')
  const suspended = admin.waitForResponse((r) => new URL(r.url()).pathname === '/v1/easel/moderation/user')
  await dialog.getByRole('button', { name: 'Suspend' }).click()
  expect((await suspended).status()).toBe(200)
  await expect(tools.getByRole('status')).toHaveText(`${name} is suspended.`)
  // Suspended, the one action that applies is to lift it.
  await expect(tools.getByRole('button', { name: 'Suspend' })).toHaveCount(0)

  // ---- the member's next step finds them signed out, and signing in says why ----
  await page.reload()
  const accountSection = page.getByRole('region', { name: 'Account' })
  await expect(accountSection).toContainText('You are not signed in.')
  await accountSection.getByRole('link', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/login/)
  await page.getByRole('textbox', { name: 'Account name' }).fill(account)
  await page.getByLabel('Password', { exact: true }).fill(MEMBER_PASSWORD)
  await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('alert')).toHaveText('This account is suspended. Contact the admins of this site.')

  // ---- lifted, they sign in again ----
  await tools.getByRole('button', { name: 'Lift suspension' }).click()
  await admin
    .getByRole('dialog', { name: `Lift the suspension of ${name}?` })
    .getByRole('button', { name: 'Lift suspension' })
    .click()
  await expect(tools.getByRole('status')).toHaveText(`The suspension of ${name} is lifted.`)
  const token = await page.request.post('/auth/token', {
    form: { grant_type: 'password', username: account, password: MEMBER_PASSWORD },
  })
  expect(token.status()).toBe(200)
  await admin.context().close()
})

test('the admin makes a member an admin from their profile, who then reaches moderation, and a member again', async ({
  page,
  browser,
}, info) => {
  test.slow()
  const project = info.project.name
  const account = unique('mp', project)
  const name = `Promoted ${project}`
  const userId = await signUpMember(page.request, account, name)
  // Whatever happens below, they are a member again after the run.
  cleanups.push(async () =>
    page.request.post('/v1/easel/moderation/user', {
      form: { user_id: String(userId), action: 'make_member', note: 'e2e cleanup' },
      headers: await demoAuth(page.request),
    }),
  )
  await signInAsDemo(page, account, MEMBER_PASSWORD)
  await page.goto('/settings?view=moderation')
  await expect(page.getByRole('heading', { level: 2, name: 'Only admins can moderate' })).toBeVisible()

  const admin = await otherPage(browser, 'admin')
  await admin.goto(`/users/${userId}`)
  const role = admin.getByRole('group', { name: 'Moderation' }).getByRole('group', { name: 'Role' })
  const status = admin.getByRole('group', { name: 'Moderation' }).getByRole('status')
  await role.getByRole('button', { name: 'Make admin' }).click()
  const promote = admin.getByRole('dialog', { name: `Make ${name} an admin?` })
  const promoted = admin.waitForResponse((r) => new URL(r.url()).pathname === '/v1/easel/moderation/user')
  await promote.getByRole('button', { name: 'Make admin' }).click()
  expect((await promoted).status()).toBe(200)
  await expect(status).toHaveText(`${name} is an admin.`)

  // ---- their next visit finds them an admin: the moderation screen opens ----
  await page.goto('/settings?view=moderation')
  await expect(page.getByRole('navigation', { name: 'Moderation' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Only admins can moderate' })).toHaveCount(0)

  // ---- a member again, the screen is closed to them ----
  await role.getByRole('button', { name: 'Make member' }).click()
  const demote = admin.getByRole('dialog', { name: `Make ${name} a member?` })
  const demoted = admin.waitForResponse((r) => new URL(r.url()).pathname === '/v1/easel/moderation/user')
  await demote.getByRole('button', { name: 'Make member' }).click()
  expect((await demoted).status()).toBe(200)
  await expect(status).toHaveText(`${name} is a member.`)
  await page.goto('/settings?view=moderation')
  await expect(page.getByRole('heading', { level: 2, name: 'Only admins can moderate' })).toBeVisible()
  await admin.context().close()
})

test('a member deletes their account in the settings, after their password, and is signed out at home', async ({
  page,
}, info) => {
  const project = info.project.name
  const account = unique('md', project)
  await signUpMember(page.request, account, `Leaving ${project}`)
  await signInAsDemo(page, account, MEMBER_PASSWORD)
  await page.goto('/settings')

  const zone = page.getByRole('region', { name: 'Danger zone' })
  await zone.getByRole('button', { name: 'Delete account…' }).click()
  const dialog = page.getByRole('dialog', { name: `Delete the account @${account}?` })
  for (const goes of ['your works and novels', 'your bookmarks', 'your comments', 'who you follow'])
    await expect(dialog).toContainText(goes)
  const confirm = dialog.getByRole('button', { name: 'Delete my account' })
  await expect(confirm).toBeDisabled()
  const password = dialog.getByLabel('Your password, to confirm')
  await password.fill('not the password')
  await confirm.click()
  await expect(dialog.getByRole('alert')).toHaveText('The password is not right.')

  await password.fill(MEMBER_PASSWORD)
  const deleted = page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/easel/account/delete')
  await password.press('Enter')
  expect((await deleted).status()).toBe(200)
  await expect(page).toHaveURL('/')
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('easel.session'))).toBeNull()
  const token = await page.request.post('/auth/token', {
    form: { grant_type: 'password', username: account, password: MEMBER_PASSWORD },
  })
  expect(token.status()).toBe(400)
})
