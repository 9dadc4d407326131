// A reader edits their own profile in the settings, against the real service: a fresh account (made through the API
// with the demo admin's invite) changes its display name, account name, bio and web page; its profile page shows them
// at once, the header shows the new name, and the new account name signs in while the old one no longer does. Another
// reader's account name is refused beside the field, and nothing changes. A reader changes their avatar with the
// file picker: the header, the settings and the profile page show the new image at once; removed, the generated one
// is back.

import AxeBuilder from '@axe-core/playwright'
import type { APIRequestContext, Locator, Page } from '@playwright/test'
import sharp from 'sharp'
import { expect, test } from './fixtures.ts'
import {
  MEMBER_PASSWORD,
  SESSION_STORAGE_KEY,
  signInAsDemo,
  signUpMember,
  type StoredSession,
  unique,
} from './helpers.ts'

const tokenStatus = async (request: APIRequestContext, username: string) =>
  (
    await request.post('/auth/token', { form: { grant_type: 'password', username, password: MEMBER_PASSWORD } })
  ).status()

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
  await signUpMember(page.request, before.account, before.name)
  const { user } = await signInAsDemo(page, before.account, MEMBER_PASSWORD)

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
  await expect(profile.locator('form').getByRole('status')).toHaveText('Saved')

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
  await signUpMember(page.request, mine.account, mine.name)
  const { user } = await signInAsDemo(page, mine.account, MEMBER_PASSWORD)

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
  await expect(profile.locator('form').getByRole('status')).toHaveText('')

  // Nothing changed: the service's detail, the session and the header keep the old names.
  const detail = await page.request.get(`/v1/user/detail?user_id=${user.id}`)
  expect(await detail.json()).toMatchObject({ user: { name: mine.name, account: mine.account } })
  expect((await storedSession(page)).user).toMatchObject({ name: mine.name, account: mine.account })
  await expect(page.getByRole('button', { name: `Account: ${mine.name}` })).toBeVisible()
  expect(await tokenStatus(page.request, mine.account)).toBe(200)
})

/** Whether an image element has loaded its picture (not a broken or still-loading image). */
const loaded = (img: Locator) =>
  img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0 && el.currentSrc !== '')

/** The dominant colour of the image at `url`, as served. */
async function dominant(request: APIRequestContext, url: string) {
  const answer = await request.get(url)
  expect(answer.status(), url).toBe(200)
  return (await sharp(await answer.body()).stats()).dominant
}

test('a reader changes their avatar: the header and their profile show it at once; removed, the generated one is back', async ({
  page,
}, info) => {
  test.slow()
  const me = { account: unique('pa', info.project.name), name: `Avatar ${info.project.name}` }
  await signUpMember(page.request, me.account, me.name)
  const { user } = await signInAsDemo(page, me.account, MEMBER_PASSWORD)

  await page.goto('/settings')
  const avatar = page.getByRole('region', { name: 'Profile' }).getByRole('group', { name: 'Avatar' })
  const header = page.getByRole('button', { name: `Account: ${me.name}` }).locator('img')
  const shown = avatar.getByRole('img', { name: 'Your avatar' })
  await expect(shown).toBeVisible()
  const before = { header: (await header.getAttribute('src'))!, shown: (await shown.getAttribute('src'))! }
  await expect(avatar.getByRole('button', { name: 'Remove avatar' })).toHaveCount(0)
  expect(await axeViolations(page, 'section[aria-label="Profile"]')).toEqual([])

  // ---- an orange square, chosen with the file picker (the phone's photo picker too) ----
  const orange = await sharp({
    create: { width: 256, height: 256, channels: 3, background: { r: 250, g: 140, b: 20 } },
  })
    .png()
    .toBuffer()
  const chooser = page.waitForEvent('filechooser')
  await avatar.getByRole('button', { name: 'Change avatar' }).click()
  const sent = page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/easel/profile/image')
  await (await chooser).setFiles({ name: 'orange.png', mimeType: 'image/png', buffer: orange })
  expect((await sent).status()).toBe(200)
  await expect(avatar.getByRole('status')).toHaveText('Avatar changed')

  // The header's (the renewed session's) and the settings' images are new URLs, and load the orange square.
  await expect(header).not.toHaveAttribute('src', before.header)
  await expect(shown).not.toHaveAttribute('src', before.shown)
  await expect.poll(() => loaded(header)).toBe(true)
  await expect.poll(() => loaded(shown)).toBe(true)
  const changed = { header: (await header.getAttribute('src'))!, shown: (await shown.getAttribute('src'))! }
  for (const url of Object.values(changed)) {
    const { r, g, b } = await dominant(page.request, url)
    expect(r).toBeGreaterThan(200)
    expect(b).toBeLessThan(80)
    expect(g).toBeGreaterThan(b)
  }
  expect((await storedSession(page)).user.profileImageUrl).toBe(changed.header)

  // ---- the profile page, reached in the app, shows it ----
  await page.getByRole('region', { name: 'Profile' }).getByRole('link', { name: 'View your profile' }).click()
  await expect(page).toHaveURL(`/users/${user.id}`)
  const profileAvatar = page.locator('main header').first().locator('img').first()
  await expect(profileAvatar).toHaveAttribute('src', changed.shown)
  await expect.poll(() => loaded(profileAvatar)).toBe(true)

  // ---- removed: the generated image again, in the header and the settings ----
  await page.goto('/settings')
  await avatar.getByRole('button', { name: 'Remove avatar' }).click()
  await expect(avatar.getByRole('status')).toHaveText('Avatar removed: the generated one is back')
  await expect(avatar.getByRole('button', { name: 'Remove avatar' })).toHaveCount(0)
  await expect(header).not.toHaveAttribute('src', changed.header)
  await expect(shown).not.toHaveAttribute('src', changed.shown)
  await expect.poll(() => loaded(header)).toBe(true)
  await expect.poll(() => loaded(shown)).toBe(true)
  // Whatever the generated image is, it is not the orange square.
  for (const img of [header, shown]) {
    const { r, b } = await dominant(page.request, (await img.getAttribute('src'))!)
    expect(r > 200 && b < 80).toBe(false)
  }
  expect((await storedSession(page)).user.profileImageUrl).toBe(await header.getAttribute('src'))
})

test('an image that is not one is refused beside its button, and nothing changes', async ({ page }, info) => {
  const me = { account: unique('pr', info.project.name), name: `Refused ${info.project.name}` }
  await signUpMember(page.request, me.account, me.name)
  await signInAsDemo(page, me.account, MEMBER_PASSWORD)
  await page.goto('/settings')
  const avatar = page.getByRole('region', { name: 'Profile' }).getByRole('group', { name: 'Avatar' })
  const shown = avatar.getByRole('img', { name: 'Your avatar' })
  await expect(shown).toBeVisible()
  const before = (await shown.getAttribute('src'))!
  const chooser = page.waitForEvent('filechooser')
  await avatar.getByRole('button', { name: 'Change avatar' }).click()
  const sent = page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/easel/profile/image')
  // A PNG's name and type, and not a PNG's bytes: the service reads the bytes.
  const fake = Buffer.from('<html>not an image</html>')
  await (await chooser).setFiles({ name: 'fake.png', mimeType: 'image/png', buffer: fake })
  expect((await sent).status()).toBe(415)
  await expect(avatar.getByRole('alert')).toHaveText(/not a JPEG, PNG, GIF or WebP image/)
  await expect(avatar.getByRole('status')).toHaveText('')
  await expect(avatar.getByRole('button', { name: 'Change avatar' })).toBeEnabled()
  await page.reload()
  await expect(shown).toHaveAttribute('src', before)
})
