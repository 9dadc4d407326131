// The account's signed-in devices and app tokens in the settings, against the real service: the list marks this
// device, a token made for an app signs that app in through the token endpoint (as gallery-dl does), and signing a
// device out from the list makes its tokens stop working at once.

import AxeBuilder from '@axe-core/playwright'
import { expect, test } from './fixtures.ts'
import { DEMO, SESSION_STORAGE_KEY, signInAsDemo } from './helpers.ts'

test('the settings list this device, make a working token for gallery-dl, and sign devices out', async ({
  page,
  context,
}, info) => {
  // Both projects run this at once as demo, and the data directory outlives a run: a name of this run's own finds
  // this test's token in the list.
  const client = `gallery-dl ${info.project.name} ${Date.now()}`
  const mine = await signInAsDemo(page)
  const renew = (refreshToken: string) =>
    page.request.post('/auth/token', { form: { grant_type: 'refresh_token', refresh_token: refreshToken } })
  const mutes = (accessToken: string) =>
    page.request.get('/v1/mute/list', { headers: { authorization: `Bearer ${accessToken}` } })

  await page.goto('/settings')
  const devices = page.getByRole('region', { name: 'Signed-in devices' })
  const thisDevice = devices.getByRole('listitem').filter({ hasText: 'This device' })
  await expect(thisDevice).toHaveCount(1)
  await expect(thisDevice.getByRole('button', { name: 'Sign out this device' })).toBeVisible()

  // A token for the app, for the account's password; shown once, with a Copy button.
  const form = page.getByRole('region', { name: 'A token for an app' })
  await form.getByLabel('App name').fill(client)
  await form.getByLabel('Your password').fill(DEMO.password)
  await form.getByRole('button', { name: 'Create token' }).click()
  const field = form.getByLabel(`Refresh token for ${client}`)
  await expect(field).toHaveValue(/\S{20,}/)
  const refreshToken = await field.inputValue()
  await expect(form.getByText('extractor.pixiv.refresh-token')).toBeVisible()
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await form.getByRole('button', { name: 'Copy' }).click()
  await expect(form.getByRole('button', { name: 'Copied' })).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(refreshToken)
  await form.getByRole('button', { name: 'Done' }).click()
  await expect(field).toHaveCount(0)

  // The app signs in with it as gallery-dl would: a refresh_token grant, then API calls with the access token.
  const renewal = await renew(refreshToken)
  expect(renewal.status()).toBe(200)
  const token = (await renewal.json()) as { access_token: string; user: { account: string } }
  expect(token.user.account).toBe(DEMO.username)
  expect((await mutes(token.access_token)).status()).toBe(200)

  // It is in the list under its name; signing it out there ends it at once, and this device stays signed in. (The
  // list shows the most recently used few until asked for all; other tests sign demo in meanwhile.)
  const showAll = devices.getByRole('button', { name: /^Show all \d+ devices$/ })
  if (await showAll.isVisible()) await showAll.click()
  const app = devices.getByRole('listitem').filter({ hasText: client })
  await expect(app).toHaveCount(1)
  await app.getByRole('button', { name: `Sign out ${client}` }).click()
  await expect(app).toHaveCount(0)
  expect((await renew(refreshToken)).status()).toBe(400)
  expect((await mutes(token.access_token)).status()).toBe(400)
  await expect(thisDevice).toHaveCount(1)

  // Signing this device out from the list signs out here too.
  await thisDevice.getByRole('button', { name: 'Sign out this device' }).click()
  await expect(page.getByRole('region', { name: 'Account' }).getByText('You are not signed in.')).toBeVisible()
  expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_STORAGE_KEY)).toBeNull()
  expect((await renew(mine.refreshToken)).status()).toBe(400)
})

test('the signed-in account section has no serious axe violation and fits a narrow screen', async ({ page }) => {
  await signInAsDemo(page)
  await page.setViewportSize({ width: 360, height: 740 })
  await page.goto('/settings')
  // The list's rows carry long User-Agent strings: they are cut short, not scrolled sideways.
  await expect(page.getByRole('region', { name: 'Signed-in devices' }).getByText('This device')).toBeVisible()
  await expect(page.getByLabel('New password')).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  const { violations } = await new AxeBuilder({ page })
    .include('section[aria-label="Account"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
    .analyze()
  const severe = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(severe.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
})
