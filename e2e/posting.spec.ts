// Posting, end to end against the real service: someone signs up with an admin's invite and posts a three-page manga
// by dropping three images (made here, each its own colour and width) onto the upload page. Each file's progress is
// shown until it is uploaded; a reload brings the uploaded pages back from the draft; a page is moved later; the work is
// posted, and is at once in its author's profile, in search by its tag, and in the follow feed of a reader who follows
// the author. Its author edits its title, then deletes it: its images are gone with it. Another member starts a series
// with a work, then adds a second work to it by choosing that series: both are in the series, in their order.

import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { expect, test } from './fixtures.ts'
import { bearer, inviteCode, MEMBER_PASSWORD, requestSession, signInAsDemo, unique } from './helpers.ts'

/** The three pages: PNGs of distinct colours and widths (the width tells the order back). */
const PAGES = [
  { name: 'red.png', width: 300, colour: { r: 220, g: 30, b: 30 } },
  { name: 'green.png', width: 320, colour: { r: 30, g: 200, b: 60 } },
  { name: 'blue.png', width: 340, colour: { r: 30, g: 60, b: 220 } },
] as const

type PngFile = { name: string; base64: string }

async function pngs(): Promise<PngFile[]> {
  return Promise.all(
    PAGES.map(async ({ name, width, colour }) => ({
      name,
      base64: (
        await sharp({ create: { width, height: 200, channels: 3, background: colour } })
          .png()
          .toBuffer()
      ).toString('base64'),
    })),
  )
}

/** Drops the files onto the drop zone, as a real drag of files from the desktop would: one `drop` with them. */
async function dropFiles(page: Page, files: { name: string; base64: string }[]) {
  const dataTransfer = await page.evaluateHandle((list) => {
    const transfer = new DataTransfer()
    for (const { name, base64 } of list) {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
      transfer.items.add(new File([bytes], name, { type: 'image/png' }))
    }
    return transfer
  }, files)
  const zone = page.locator('[data-drop-zone]')
  await zone.dispatchEvent('dragenter', { dataTransfer })
  await zone.dispatchEvent('dragover', { dataTransfer })
  await zone.dispatchEvent('drop', { dataTransfer })
}

const tiles = (page: Page) => page.getByRole('list', { name: 'Pages' }).getByRole('listitem')
const tileLabels = (page: Page) => tiles(page).locator('p', { hasText: /^Page \d/ })

interface WireDetail {
  illust: {
    id: number
    title: string
    type: string
    user: { id: number }
    tags: { name: string }[]
    meta_pages: { image_urls: Record<string, string> }[]
  }
}

test('a member posts a three-page manga by drag and drop, edits it and deletes it', async ({
  page,
  browser,
  isMobile,
}, info) => {
  test.slow()
  const project = info.project.name
  const account = unique('po', project)
  const name = `Poster ${project}`
  const tag = `easelpost${project}${Date.now().toString(36)}`
  const title = `Three colours ${project}`.slice(0, 32)

  // ---- a reader who will follow the author, signed up through the service ----
  const followerAccount = unique('pf', project)
  const made = await page.request.post('/v1/easel/signup', {
    form: {
      account: followerAccount,
      name: `Follower ${project}`,
      password: MEMBER_PASSWORD,
      invite: await inviteCode(page.request),
    },
  })
  expect(made.status(), await made.text()).toBe(200)
  const follower = await requestSession(page.request, followerAccount, MEMBER_PASSWORD)

  // ---- the author signs up with an invite link ----
  await page.goto(`/signup?invite=${encodeURIComponent(await inviteCode(page.request))}`)
  await page.getByRole('textbox', { name: 'Account name' }).fill(account)
  await page.getByRole('textbox', { name: 'Display name' }).fill(name)
  await page.getByLabel('Password', { exact: true }).fill(MEMBER_PASSWORD)
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByRole('button', { name: `Account: ${name}` })).toBeVisible()
  const author = await requestSession(page.request, account, MEMBER_PASSWORD)

  const followed = await page.request.post('/v1/user/follow/add', {
    form: { user_id: String(author.user.id), restrict: 'public' },
    headers: bearer(follower),
  })
  expect(followed.status()).toBe(200)

  // ---- the header's Post link (the account menu's on phones, where the header has no links) ----
  if (isMobile) {
    await page.getByRole('button', { name: `Account: ${name}` }).click()
    await page.getByRole('link', { name: 'Post', exact: true }).click()
  } else await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Post', exact: true }).click()
  await expect(page).toHaveURL(/\/upload$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Post a work' })).toBeVisible()
  const post = page.getByRole('button', { name: 'Post', exact: true })
  await expect(post).toBeDisabled()
  await expect(post).toHaveAccessibleDescription('Add at least one page.')

  // ---- three files dropped at once: each uploads on its own, its progress shown, held until we let it answer ----
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/v1/easel/upload', async (route) => {
    await released
    await route.continue()
  })
  await dropFiles(page, await pngs())
  await expect(tiles(page)).toHaveCount(3)
  for (const { name: file } of PAGES)
    await expect(page.getByRole('progressbar', { name: `Upload of ${file}` })).toBeVisible()
  await expect(post).toHaveAccessibleDescription('Wait until every page is uploaded.')
  release()
  for (const { name: file } of PAGES)
    await expect(page.getByRole('progressbar', { name: `Upload of ${file}` })).toHaveAttribute('aria-valuenow', '100')
  await expect(tiles(page).getByText('Uploaded', { exact: true })).toHaveCount(3)
  await page.unroute('**/v1/easel/upload')
  await expect(tileLabels(page)).toHaveText(['Page 1 · 300×200', 'Page 2 · 320×200', 'Page 3 · 340×200'])

  // ---- the fields, then a reload: the draft brings everything back, the pages as the service holds them ----
  await page.getByRole('textbox', { name: 'Title' }).fill(title)
  await page.getByText('Manga', { exact: true }).click()
  const tagField = page.getByRole('combobox', { name: 'Tags' })
  await tagField.fill(tag)
  await tagField.press('Enter')
  await expect(page.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText([tag])
  await expect(post).toBeEnabled()
  await page.reload()
  await expect(page.getByText('Your draft is back, with the pages already uploaded.')).toBeVisible()
  await expect(tileLabels(page)).toHaveText(['Page 1 · 300×200', 'Page 2 · 320×200', 'Page 3 · 340×200'])
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(title)
  await expect(page.getByRole('radio', { name: 'Manga' })).toBeChecked()

  // ---- the first page moved one place later ----
  await tiles(page).first().getByRole('button', { name: 'Move later' }).click()
  await expect(tileLabels(page)).toHaveText(['Page 1 · 320×200', 'Page 2 · 300×200', 'Page 3 · 340×200'])
  await expect(tiles(page).nth(1).getByRole('button', { name: 'Move later' })).toBeFocused()

  // ---- posted: its page opens ----
  await post.click()
  await expect(page).toHaveURL(/\/artworks\/\d+$/)
  const id = Number(new URL(page.url()).pathname.split('/').pop())
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  const detail = (await (
    await page.request.get(`/v1/illust/detail?illust_id=${id}`, { headers: bearer(author) })
  ).json()) as WireDetail
  expect(detail.illust).toMatchObject({ id, title, type: 'manga', user: { id: author.user.id } })
  expect(detail.illust.tags.map((t) => t.name)).toEqual([tag])
  const pages = await page.request.get(`/v1/easel/illust/pages?illust_id=${id}`, { headers: bearer(author) })
  expect(((await pages.json()) as { pages: { width: number }[] }).pages.map((p) => p.width)).toEqual([320, 300, 340])
  // The first page is the green one.
  const first = await page.request.get(detail.illust.meta_pages[0]!.image_urls.original!)
  expect(first.status()).toBe(200)
  const { dominant } = await sharp(await first.body()).stats()
  expect(dominant.g).toBeGreaterThan(dominant.r)
  expect(await page.evaluate(() => localStorage.getItem('easel.posting.draft'))).toBeNull()

  // ---- in its author's profile, and in search by its tag ----
  await page.goto(`/users/${author.user.id}`)
  await expect(page.getByRole('main').locator(`[data-work-id="${id}"]`)).toBeVisible()
  await page.goto(`/search?word=${encodeURIComponent(tag)}`)
  await expect(page.getByRole('main').locator(`[data-work-id="${id}"]`)).toBeVisible()

  // ---- in the follow feed of the reader who follows the author ----
  const readerContext = await browser.newContext()
  try {
    const reader = await readerContext.newPage()
    await signInAsDemo(reader, followerAccount, MEMBER_PASSWORD)
    await reader.goto('/?tab=following')
    await expect(reader.getByRole('main').locator(`[data-work-id="${id}"]`)).toBeVisible()
  } finally {
    await readerContext.close()
  }

  // ---- its author edits its title from its page ----
  await page.goto(`/artworks/${id}`)
  await page.getByRole('link', { name: 'Edit', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/artworks/${id}/edit$`))
  const titleField = page.getByRole('textbox', { name: 'Title' })
  await expect(titleField).toHaveValue(title)
  await expect(tileLabels(page)).toHaveText(['Page 1 · 320×200', 'Page 2 · 300×200', 'Page 3 · 340×200'])
  const edited = `Edited ${project}`
  await titleField.fill(edited)
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/artworks/${id}$`))
  await expect(page.getByRole('heading', { level: 1, name: edited })).toBeVisible()

  // ---- and deletes it: its author's profile opens, and its images are gone ----
  const images = detail.illust.meta_pages.flatMap((p) => Object.values(p.image_urls))
  expect(images.length).toBeGreaterThanOrEqual(3)
  await page.getByRole('link', { name: 'Edit', exact: true }).click()
  await page.getByRole('button', { name: 'Delete this work' }).click()
  const dialog = page.getByRole('dialog', { name: `Delete “${edited}”?` })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/users/${author.user.id}$`))
  await expect(page.getByRole('main').locator(`[data-work-id="${id}"]`)).toHaveCount(0)
  for (const url of images)
    await expect.poll(async () => (await page.request.get(url)).status(), { message: url }).toBe(404)
  expect((await page.request.get(`/v1/illust/detail?illust_id=${id}`)).status()).toBe(404)
})

test('a member starts a series with a work, adds a second work to it, and both are in the series', async ({
  page,
}, info) => {
  test.slow()
  const project = info.project.name
  const account = unique('ps', project)
  const made = await page.request.post('/v1/easel/signup', {
    form: { account, name: `Serial ${project}`, password: MEMBER_PASSWORD, invite: await inviteCode(page.request) },
  })
  expect(made.status(), await made.text()).toBe(200)
  const author = await signInAsDemo(page, account, MEMBER_PASSWORD)
  const [red, green] = (await pngs()) as [PngFile, PngFile]
  const seriesTitle = `Colours ${project}`.slice(0, 32)
  const titles = [`Red ${project}`, `Green ${project}`]

  /** Posts a work of one page from the upload page, its series chosen by `chooseSeries`; its id. */
  const post = async (title: string, file: PngFile, chooseSeries: () => Promise<void>) => {
    // The member's series are asked for as the form opens.
    const asked = page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/easel/series')
    await page.goto('/upload')
    expect((await asked).status()).toBe(200)
    await dropFiles(page, [file])
    await expect(tiles(page).getByText('Uploaded', { exact: true })).toHaveCount(1)
    await page.getByRole('textbox', { name: 'Title' }).fill(title)
    await chooseSeries()
    await page.getByRole('button', { name: 'Post', exact: true }).click()
    await expect(page).toHaveURL(/\/artworks\/\d+$/)
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    return Number(new URL(page.url()).pathname.split('/').pop())
  }
  const seriesChoice = (name: string) =>
    page.getByRole('group', { name: 'Series', exact: true }).getByText(name, { exact: true })

  // ---- the first work starts the series: a member with no series has none to join ----
  const first = await post(titles[0]!, red, async () => {
    await expect(seriesChoice('One of my series')).toHaveCount(0)
    await seriesChoice('New series').click()
    await page.getByRole('textbox', { name: 'Title of the new series' }).fill(seriesTitle)
  })
  const detail = await page.request.get(`/v1/illust/detail?illust_id=${first}`, { headers: bearer(author) })
  const series = ((await detail.json()) as { illust: { series: { id: number; title: string } | null } }).illust.series
  expect(series).toMatchObject({ title: seriesTitle })

  // ---- the second joins it, chosen from the member's series with how many works it holds ----
  const second = await post(titles[1]!, green, async () => {
    await seriesChoice('One of my series').click()
    const select = page.getByRole('combobox', { name: 'Series to add it to' })
    await select.selectOption({ label: `${seriesTitle} (1 work)` })
    await expect(select).toHaveValue(String(series!.id))
  })

  // ---- both are in the series, the first before the second ----
  await page.goto(`/user/${author.user.id}/series/${series!.id}`)
  await expect(page.getByRole('heading', { level: 1, name: seriesTitle })).toBeVisible()
  const works = page.getByRole('main').locator('[data-work-id]')
  await expect(works).toHaveCount(2)
  expect(await works.evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-work-id'))))).toEqual([
    first,
    second,
  ])
  // and the second's page links back to the first in the series
  await page.goto(`/artworks/${second}`)
  const nav = page.getByRole('navigation', { name: 'Series' })
  await expect(nav).toContainText('#2 of 2')
  await expect(nav.getByRole('link', { name: /^← Previous in series/ })).toHaveAttribute('href', `/artworks/${first}`)
})

test('a signed-out visitor of the posting pages is asked to sign in, and comes back', async ({ page }) => {
  await page.goto('/upload')
  await expect(page.getByRole('heading', { name: 'Sign in to post your works' })).toBeVisible()
  await page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL(/\/login\?return_to=%2Fupload$/)
  await page.goto('/artworks/1/edit')
  await expect(page.getByRole('heading', { name: 'Sign in to post your works' })).toBeVisible()
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true })).toHaveAttribute(
    'href',
    '/login?return_to=%2Fartworks%2F1%2Fedit',
  )
})
