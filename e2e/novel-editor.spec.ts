// Writing a novel, end to end against the real service: someone signs up with an admin's invite, opens the editor
// from the header (the account menu on phones), writes a chapter heading and ruby with the toolbar, uploads an image
// into the text with it, chooses a cover, and sees the preview draw them as the reader does. A reload in mid-sentence
// brings the draft back, word for word, with its note. Posted, the novel's reader shows the chapter, the ruby and the
// image, the service holds the text as written and the cover, and the draft is gone; its author edits its title from
// the novel's Edit link, then deletes it.

import type { Locator, Page } from '@playwright/test'
import sharp from 'sharp'
import { expect, test } from './fixtures.ts'
import { bearer, MEMBER_PASSWORD, requestSession, signInAsDemo, signUpMember, unique } from './helpers.ts'

const textField = (page: Page) => page.getByRole('textbox', { name: 'Text', exact: true })
const tool = (page: Page, name: string) =>
  page.getByRole('toolbar', { name: 'Markup' }).getByRole('button', { name, exact: true })

/** The preview, shown (on a phone, behind the Write/Preview switch). */
async function preview(page: Page, isMobile: boolean): Promise<Locator> {
  if (isMobile) await page.getByRole('button', { name: 'Preview', exact: true }).click()
  const region = page.getByRole('region', { name: 'Preview' })
  await expect(region).toBeVisible()
  return region
}

async function backToWriting(page: Page, isMobile: boolean) {
  if (isMobile) await page.getByRole('button', { name: 'Write', exact: true }).click()
  await expect(textField(page)).toBeVisible()
}

test('a member writes a novel with the toolbar, keeps it through a reload, posts it, edits and deletes it', async ({
  page,
  isMobile,
}, info) => {
  test.slow()
  const project = info.project.name
  const account = unique('nv', project)
  const name = `Novelist ${project}`
  const title = `夜の図書館 ${project}`
  await signUpMember(page.request, account, name)
  const { user } = await signInAsDemo(page, account, MEMBER_PASSWORD)
  const draftKey = `easel.novelDraft.${user.id}.new`

  // ---- the header's "Write a novel" link (the account menu's on phones) ----
  await page.goto('/')
  if (isMobile) {
    await page.getByRole('button', { name: `Account: ${name}` }).click()
    await page.getByRole('link', { name: 'Write a novel' }).click()
  } else await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Write a novel' }).click()
  await expect(page).toHaveURL(/\/novel\/upload$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Write a novel' })).toBeVisible()
  await expect(page.locator('[data-draft-note]')).toHaveCount(0)

  await page.getByRole('textbox', { name: 'Title' }).fill(title)

  // ---- a chapter heading: its title typed, selected, and wrapped by the toolbar ----
  const text = textField(page)
  await text.click()
  await page.keyboard.type('第一章')
  await page.keyboard.press('Shift+Home')
  await tool(page, 'Chapter').click()
  await expect(text).toHaveValue('[chapter:第一章]\n')
  await expect(text).toBeFocused()

  // ---- ruby: the word selected, the toolbar's tag around it, the caret in its reading ----
  await page.keyboard.type('湊は夜空')
  await page.keyboard.press('Shift+ArrowLeft')
  await page.keyboard.press('Shift+ArrowLeft')
  await tool(page, 'Ruby').click()
  await expect(text).toBeFocused()
  await page.keyboard.type('よぞら')
  await page.keyboard.press('End')
  await page.keyboard.type('を見上げた。')
  await expect(text).toHaveValue('[chapter:第一章]\n湊は[[rb:夜空 > よぞら]]を見上げた。')
  await expect(text).toHaveAccessibleDescription(/^37 of 300,000 characters/)

  // ---- an image: the toolbar uploads the picked file, then puts its tag at the caret ----
  await page.keyboard.press('Enter')
  const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 40, g: 90, b: 200 } } })
    .png()
    .toBuffer()
  const chooser = page.waitForEvent('filechooser')
  await tool(page, 'Image').click()
  await (await chooser).setFiles({ name: 'sky.png', mimeType: 'image/png', buffer: png })
  await expect(text).toHaveValue(/\n\[uploadedimage:\d+\]\n$/)
  await expect(text).toBeFocused()

  // ---- a cover of its own, uploaded as it is chosen ----
  const coverChooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'Choose an image' }).click()
  await (await coverChooser).setFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png })
  await expect(page.getByRole('img', { name: 'The cover' })).toBeVisible()
  await text.click()
  await text.press('Control+End')

  // ---- the preview draws it all with the reader's own parser and page ----
  let shown = await preview(page, isMobile)
  await expect(shown.getByRole('heading', { level: 2 })).toHaveText('第一章')
  await expect(shown.locator('ruby')).toHaveText(/夜空/)
  await expect(shown.locator('ruby rt')).toHaveText('よぞら')
  await expect(shown.locator('figure img')).toHaveJSProperty('complete', true)
  await expect(shown.locator('figure img')).not.toHaveJSProperty('naturalWidth', 0)
  await backToWriting(page, isMobile)

  // ---- a reload in mid-sentence loses nothing ----
  await text.press('End')
  await page.keyboard.type('まだ途中')
  const typed = await text.inputValue()
  expect(typed.endsWith('まだ途中')).toBe(true)
  await page.reload()
  await expect(page.locator('[data-draft-note]')).toContainText('Your draft from')
  await expect(page.getByRole('button', { name: 'Discard draft' })).toBeVisible()
  await expect(textField(page)).toHaveValue(typed)
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(title)
  shown = await preview(page, isMobile)
  await expect(shown.locator('ruby rt')).toHaveText('よぞら')

  // ---- posted: the reader shows the chapter, the ruby and the image; the draft is gone ----
  await page.getByRole('button', { name: 'Post', exact: true }).click()
  await expect(page).toHaveURL(/\/novels\/\d+$/)
  const novelId = Number(new URL(page.url()).pathname.split('/').pop())
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  const reader = page.locator('[data-reader-text]')
  await expect(reader.getByRole('heading', { level: 2 })).toHaveText('第一章')
  await expect(reader.locator('ruby rt')).toHaveText('よぞら')
  await expect(reader.locator('figure img')).not.toHaveJSProperty('naturalWidth', 0)
  await expect(reader).toContainText('まだ途中')
  expect(await page.evaluate((key) => localStorage.getItem(key), draftKey)).toBeNull()
  const session = await requestSession(page.request, account, MEMBER_PASSWORD)
  const source = await page.request.get(`/v1/easel/novel/source?novel_id=${novelId}`, { headers: bearer(session) })
  expect(source.status()).toBe(200)
  const { text: posted, cover_upload_id: cover } = (await source.json()) as { text: string; cover_upload_id: number }
  expect(posted).toBe(typed)
  expect(cover).toEqual(expect.any(Number))

  // ---- its author edits it from the novel's Edit link ----
  await page.getByRole('link', { name: 'Edit', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/novels/${novelId}/edit$`))
  const titleField = page.getByRole('textbox', { name: 'Title' })
  await expect(titleField).toHaveValue(title)
  await expect(textField(page)).toHaveValue(typed)
  await titleField.fill(`${title} 改`)
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/novels/${novelId}$`))
  await expect(page.getByRole('heading', { level: 1, name: `${title} 改` })).toBeVisible()

  // ---- and deletes it: asked again, then its author's novels open without it ----
  await page.getByRole('link', { name: 'Edit', exact: true }).click()
  await page.getByRole('button', { name: 'Delete this novel' }).click()
  const dialog = page.getByRole('dialog', { name: `Delete “${title} 改”?` })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/users/${user.id}/novels$`))
  const gone = await page.request.get(`/v2/novel/detail?novel_id=${novelId}`)
  expect(gone.status()).toBe(404)
})
