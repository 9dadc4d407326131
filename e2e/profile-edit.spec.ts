// A reader edits their own profile in the settings, against the real service: a fresh account (made through the API
// with the demo admin's invite) changes its display name, account name, bio and web page; its profile page shows them
// at once, the header shows the new name, and the new account name signs in while the old one no longer does. Another
// reader's account name is refused beside the field, and nothing changes.

import AxeBuilder from '@axe-core/playwright'
import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { requestSession, SESSION_STORAGE_KEY, signInAsDemo, type StoredSession } from './helpers.ts'

const PASSWORD = 'a long passphrase'

/** A new account, made as a visitor with an invite of the demo admin's (the mode may be `invite`; `open` takes one). */
async function signUp(request: APIRequestContext, account: string, name: string): Promise<void> {
  const demo = await requestSession(request)
  const invite = await request.post('/v1/easel/invites/add', {
    form: { expires_in_days: '1' },
    headers: { authorization: `Bearer ${demo.accessToken}` },
  })
  expect(invite.status()).toBe(200)
  const { code } = (await invite.json()) as { code: string }
  const made = await request.post('/v1/easel/signup', { form: { account, name, password: PASSWORD, invite: code } })
  expect(made.status(), await made.text()).toBe(200)
}

const tokenStatus = async (request: APIRequestContext, username: string) =>
  (await request.post('/auth/token', { form: { grant_type: 'password', username, password: PASSWORD } })).status()

/** Serious or critical axe violations in `selector`. */
async function axeViolations(page: Page, selector: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .include(selector)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
    .analyze()
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

const storedSession = async (page: Page) =>
  JSON.parse((await page.evaluate((key) => localStorage.getItem(key), SESSION_STORAGE_KEY)) ?? 'null') as StoredSession

/** A name of this run's own: the data directory outlives a run, and both projects run this at once. */
const unique = (prefix: string, project: string) =>
  `${prefix}-${project}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

test('a reader changes their name, account name, bio and web page, and the gallery shows them at once', async ({
  page,
  isMobile,
}, info) => {
  test.slow()
  const before = { account: unique('pe', info.project.name), name: `Profile ${info.project.name}` }
  const after = {
    account: unique('pe2', info.project.name),
    name: `新しい名前 ${info.project.name}`,
    bio: 'First line of the bio\n二行目は日本語です。',
    webpage: `https://example.org/${info.project.name}/profile`,
  }
  await signUp(page.request, before.account, before.name)
  const { user } = await signInAsDemo(page, before.account, PASSWORD)

  await page.goto('/settings')
  const profile = page.getByRole('region', { name: 'Profile' })
  const name = profile.getByRole('textbox', { name: 'Display name' })
  const account = profile.getByRole('textbox', { name: 'Account name' })
  const bio = profile.getByRole('textbox', { name: 'Bio' })
  const webpage = profile.getByRole('textbox', { name: 'Web page' })
  await expect(name).toHaveValue(before.name)
  await expect(account).toHaveValue(before.account)
  await expect(bio).toHaveValue('')
  await expect(webpage).toHaveValue('')
  expect(await axeViolations(page, 'section[aria-label="Profile"]')).toEqual([])

  await name.fill(after.name)
  await account.fill(after.account)
  // The warning names the new account name, before anything is saved.
  await expect(account).toHaveAccessibleDescription(new RegExp(`you sign in as ${after.account}, no longer as`))
  await bio.fill(after.bio)
  await expect(bio).toHaveAccessibleDescription(`${after.bio.length} of 1,000 characters`)
  await webpage.fill(after.webpage)
  const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/easel/profile/edit')
  await profile.getByRole('button', { name: 'Save profile' }).click()
  expect((await saved).status()).toBe(200)
  await expect(profile.getByRole('status')).toHaveText('Saved')

  // The session was renewed with the new names: the header and the account section show them.
  await expect(page.getByRole('button', { name: `Account: ${after.name}` })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Account' })).toContainText(`${after.name} (@${after.account})`)
  expect((await storedSession(page)).user).toMatchObject({ id: user.id, name: after.name, account: after.account })

  // The profile page, reached in the app, shows the new values at once.
  await profile.getByRole('link', { name: 'View your profile' }).click()
  await expect(page).toHaveURL(`/users/${user.id}`)
  const header = page.locator('main header').first()
  await expect(header.getByRole('heading', { level: 1 })).toHaveText(after.name)
  await expect(header.getByText(`@${after.account}`, { exact: true })).toBeVisible()
  expect(await header.getByText('First line of the bio').evaluate((p) => p.textContent)).toBe(after.bio)
  const link = header.getByRole('link', { name: after.webpage })
  await expect(link).toHaveAttribute('href', after.webpage)
  expect(new URL((await link.getAttribute('href'))!).protocol).toBe('https:')
  expect(await axeViolations(page, 'main header')).toEqual([])
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
  // On a phone the link is a whole touch target.
  if (isMobile) expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44)
  // And after a reload, from the service.
  await page.reload()
  await expect(header.getByRole('heading', { level: 1 })).toHaveText(after.name)
  await expect(header.getByText(`@${after.account}`, { exact: true })).toBeVisible()

  // The new account name signs in; the old one no longer does.
  expect(await tokenStatus(page.request, after.account)).toBe(200)
  expect(await tokenStatus(page.request, before.account)).toBe(400)
})

test('another reader’s account name is refused beside the field, and nothing changes', async ({ page }, info) => {
  const mine = { account: unique('pt', info.project.name), name: `Taken ${info.project.name}` }
  await signUp(page.request, mine.account, mine.name)
  const { user } = await signInAsDemo(page, mine.account, PASSWORD)

  await page.goto('/settings')
  const profile = page.getByRole('region', { name: 'Profile' })
  const account = profile.getByRole('textbox', { name: 'Account name' })
  await expect(account).toHaveValue(mine.account)
  await profile.getByRole('textbox', { name: 'Display name' }).fill('Not saved')
  await account.fill('demo')
  const refused = page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/easel/profile/edit')
  await profile.getByRole('button', { name: 'Save profile' }).click()
  expect((await refused).status()).toBe(400)
  await expect(account).toHaveAccessibleDescription(/That account name is taken\. Please choose another\.$/)
  await expect(account).toHaveAttribute('aria-invalid', 'true')
  await expect(account).toBeFocused()
  await expect(profile.getByRole('status')).toHaveText('')

  // Nothing changed: the service's detail, the session and the header keep the old names.
  const detail = await page.request.get(`/v1/user/detail?user_id=${user.id}`)
  expect(await detail.json()).toMatchObject({ user: { name: mine.name, account: mine.account } })
  expect((await storedSession(page)).user).toMatchObject({ name: mine.name, account: mine.account })
  await expect(page.getByRole('button', { name: `Account: ${mine.name}` })).toBeVisible()
  expect(await tokenStatus(page.request, mine.account)).toBe(200)
})
