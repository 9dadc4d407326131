// Sign-up by invitation, against the real service: the demo admin sets the registration mode and makes an invite link
// in the settings, and copies it; someone signed out opens it in another browser, signs up, and is signed in at once.
// The admin's list then shows the invite used by that account, the link says it was used and offers no form, and the
// new account, a member, has no administration in its settings.

import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { cspViolations, expect, test } from './fixtures.ts'
import { requestSession, SESSION_STORAGE_KEY, signInAsDemo, type StoredSession } from './helpers.ts'

/** Sets the registration mode as the demo admin, through the service. */
async function setMode(page: Page, mode: 'open' | 'invite' | 'closed') {
  const demo = await requestSession(page.request)
  const response = await page.request.post('/v1/easel/registration/edit', {
    form: { mode },
    headers: { authorization: `Bearer ${demo.accessToken}` },
  })
  expect(response.status()).toBe(200)
}

async function seriousAxeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

test('an invite link made in the settings signs one person up, once, as a member', async ({
  page,
  context,
  browser,
}, info) => {
  test.slow()
  // The data directory outlives a run, and both projects run this at once: an account name of this run's own.
  const account = `su-${info.project.name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  const name = `Invited ${info.project.name}`
  const password = 'a long passphrase'

  // ---- the admin: invite mode, checked at once in the settings ----
  await signInAsDemo(page)
  await page.goto('/settings')
  const admin = page.getByRole('region', { name: 'Administration' })
  const modes = admin.getByRole('group', { name: 'Who can create an account' })
  const inviteMode = modes.getByRole('radio', { name: 'With an invite link' })
  await expect(inviteMode).toBeAttached()
  if (!(await inviteMode.isChecked())) {
    const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/easel/registration/edit')
    await modes.getByText('With an invite link', { exact: true }).click()
    expect((await saved).status()).toBe(200)
  }
  await expect(inviteMode).toBeChecked()
  expect(await (await page.request.get('/v1/easel/registration')).json()).toMatchObject({ mode: 'invite' })

  // ---- a new invite link, shown once, copied from its field ----
  const invites = admin.getByRole('region', { name: 'Invite links' })
  await expect(invites.getByRole('radio', { name: '7 days' })).toBeChecked()
  await invites.getByRole('button', { name: 'Create invite link' }).click()
  const field = invites.getByLabel('Invite link', { exact: true })
  await expect(field).toHaveValue(/\/signup\?invite=\S+$/)
  await expect(field).toBeFocused()
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await invites.getByRole('button', { name: 'Copy' }).click()
  await expect(invites.getByRole('button', { name: 'Copied' })).toBeVisible()
  const link = await page.evaluate(() => navigator.clipboard.readText())
  expect(link).toBe(await field.inputValue())
  expect(new URL(link).origin).toBe(new URL(page.url()).origin)
  await invites.getByRole('button', { name: 'Done' }).click()
  await expect(field).toHaveCount(0)

  // ---- someone signed out, in a browser of their own, opens the link and signs up ----
  const visitor = await browser.newContext()
  try {
    const guest = await visitor.newPage()
    const guestViolations = cspViolations(guest)
    await guest.goto(link)
    await expect(guest.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible()
    const accountField = guest.getByRole('textbox', { name: 'Account name' })
    await expect(accountField).toBeVisible()
    expect(await seriousAxeViolations(guest)).toEqual([])
    await accountField.fill(account)
    await guest.getByRole('textbox', { name: 'Display name' }).fill(name)
    await guest.getByLabel('Password', { exact: true }).fill(password)
    await guest.getByRole('button', { name: 'Create account' }).click()

    // Signed in at once, on the home page (the link named nowhere to return to), the header showing the account.
    await expect(guest).toHaveURL(new URL('/', link).href)
    await expect(guest.getByRole('button', { name: `Account: ${name}` })).toBeVisible()
    const stored = JSON.parse(
      (await guest.evaluate((key) => localStorage.getItem(key), SESSION_STORAGE_KEY)) ?? 'null',
    ) as StoredSession | null
    expect(stored?.user).toMatchObject({ account, name })
    // The password works for signing in too.
    expect((await requestSession(guest.request, account, password)).user.id).toBe(stored!.user.id)

    // ---- the admin's list: the invite, used by that account ----
    await page.reload()
    const used = admin
      .getByRole('region', { name: 'Invites made' })
      .getByRole('listitem')
      .filter({ hasText: `@${account}` })
    await expect(used).toHaveCount(1)
    await expect(used).toContainText(`Used by @${account}`)
    await expect(used.getByRole('link', { name: `@${account}` })).toHaveAttribute('href', `/users/${stored!.user.id}`)
    await expect(used.getByRole('button')).toHaveCount(0)

    // ---- the same link again: used, and no form ----
    await guest.goto(link)
    await expect(
      guest.getByText('This invite link has already been used. Ask an admin for a new one.', { exact: true }),
    ).toBeVisible()
    await expect(guest.getByRole('button', { name: 'Create account' })).toHaveCount(0)
    await expect(guest.getByLabel('Password', { exact: true })).toHaveCount(0)

    // ---- the new account is a member: no administration in its settings ----
    const role = guest.waitForResponse((r) => new URL(r.url()).pathname === '/v1/easel/account')
    await guest.goto('/settings')
    const answer = await role
    expect(answer.status()).toBe(200)
    expect(await answer.json()).toMatchObject({ account: { account, role: 'member' } })
    await expect(guest.getByRole('region', { name: 'Account' })).toContainText(`@${account}`)
    await guest.waitForLoadState('networkidle')
    await expect(guest.getByRole('region', { name: 'Administration' })).toHaveCount(0)
    expect(guestViolations, 'Content-Security-Policy violations on the invited browser’s pages').toEqual([])
  } finally {
    await visitor.close()
  }
})

test('the sign-in page links to sign-up, which links back, carrying where to return to', async ({ page }) => {
  await setMode(page, 'invite')
  await page.goto('/login?return_to=%2Franking')
  await page.getByRole('link', { name: 'Create an account' }).click()
  await expect(page).toHaveURL(/\/signup\?return_to=%2Franking$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible()
  // Invite mode, and no invite: said plainly, with a field for a code or link received some other way.
  await expect(page.getByText('Accounts here are made by invitation: ask an admin for an invite link.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Create account' })).toHaveCount(0)
  await page.getByLabel('Invite link or code').fill('no-such-invite')
  await page.getByRole('button', { name: 'Use invite' }).click()
  await expect(page).toHaveURL(/\/signup\?invite=no-such-invite&return_to=%2Franking$/)
  await expect(page.getByText(/This invite link is not known/)).toBeVisible()
  await page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL(/\/login\?return_to=%2Franking$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Easel' })).toBeVisible()
})
